import { describe, expect, it } from 'vitest';
import { answering, networkFailure } from './test-kit';
import { createThreadsAdapter, THREADS_SCOPES } from './threads';
import type { TGrant } from './types';

const settings = {
  clientId: '1234567890',
  clientSecret: 'app-secret',
  authBase: 'https://threads.net',
  apiBase: 'https://graph.threads.net',
  redirectUri: 'https://app.example/social/return',
  sandbox: false,
};
const at = new Date('2026-06-01T12:00:00Z');
const grant: TGrant = {
  accessToken: 'THlong',
  refreshToken: 'THlong',
  tokenSecret: null,
  accessExpiresAt: new Date('2026-07-01T12:00:00Z'),
  refreshExpiresAt: new Date('2026-07-01T12:00:00Z'),
  scopes: THREADS_SCOPES,
};

/** A fetch answering each call with the next of `answers` (JSON), recording each request. */
function answeringInTurn(...answers: { status: number; body: unknown }[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchFn = (async (url: string, init: RequestInit) => {
    const a = answers[calls.length] ?? answers[answers.length - 1];
    calls.push({ url, init });
    return new Response(JSON.stringify(a.body), { status: a.status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
  return { fetchFn, calls };
}

/** Graph's error envelope, as Threads sends it. */
const graphError = (code: number, message: string, subcode?: number) => ({
  error: {
    message,
    type: 'OAuthException',
    code,
    ...(subcode === undefined ? {} : { error_subcode: subcode }),
    fbtrace_id: 'AbCdEf123',
  },
});

const consent = (code: string | null) => ({ code, oauthToken: null, oauthVerifier: null });

describe("the Threads adapter reads Threads' documented answers", () => {
  it('the consent address asks for the three Threads scopes, a code and the state', async () => {
    const a = createThreadsAdapter(settings, answering(200, {}).fetchFn);
    const { url, secret, requestToken } = await a.authorize({ state: 'st' });
    const u = new URL(url);
    expect(u.origin + u.pathname).toBe('https://threads.net/oauth/authorize');
    expect(Object.fromEntries(u.searchParams)).toEqual({
      client_id: '1234567890',
      redirect_uri: 'https://app.example/social/return',
      scope: 'threads_basic,threads_content_publish,threads_manage_insights',
      response_type: 'code',
      state: 'st',
    });
    expect(secret).toBeNull();
    expect(requestToken).toBeNull();
  });

  it('a code becomes a short-lived token, exchanged at once for a 60-day one kept as its own refresh token', async () => {
    const { fetchFn, calls } = answeringInTurn(
      { status: 200, body: { access_token: 'THshort', user_id: 1234 } },
      { status: 200, body: { access_token: 'THlong.new', token_type: 'bearer', expires_in: 5183944 } },
    );
    const g = await createThreadsAdapter(settings, fetchFn).exchange(consent('AQBcode#_'), null, at);
    const expiry = new Date(at.getTime() + 5183944_000);
    expect(g).toEqual({
      accessToken: 'THlong.new',
      refreshToken: 'THlong.new',
      tokenSecret: null,
      accessExpiresAt: expiry,
      refreshExpiresAt: expiry,
      scopes: THREADS_SCOPES,
    });
    expect(calls[0].url).toBe('https://graph.threads.net/oauth/access_token');
    expect(calls[0].init.method).toBe('POST');
    expect(new Headers(calls[0].init.headers).get('content-type')).toBe('application/x-www-form-urlencoded');
    // the `#_` Threads ends its return address with is not part of the code
    expect(Object.fromEntries(new URLSearchParams(String(calls[0].init.body)))).toEqual({
      client_id: '1234567890',
      client_secret: 'app-secret',
      grant_type: 'authorization_code',
      redirect_uri: 'https://app.example/social/return',
      code: 'AQBcode',
    });
    const long = new URL(calls[1].url);
    expect(long.origin + long.pathname).toBe('https://graph.threads.net/access_token');
    expect(Object.fromEntries(long.searchParams)).toEqual({
      grant_type: 'th_exchange_token',
      client_secret: 'app-secret',
      access_token: 'THshort',
    });
  });

  it('a return without a code is refused before any call', async () => {
    const { fetchFn, calls } = answering(200, {});
    const err = await networkFailure(createThreadsAdapter(settings, fetchFn).exchange(consent(null), null, at));
    expect(err.kind).toBe('permanent');
    expect(calls).toHaveLength(0);
  });

  it('renewing sends the long-lived token itself (th_refresh_token) and keeps the scopes', async () => {
    const { fetchFn, calls } = answering(200, { access_token: 'THrenewed', token_type: 'bearer', expires_in: 5183944 });
    const g = await createThreadsAdapter(settings, fetchFn).refresh(grant, at);
    expect(g).toMatchObject({ accessToken: 'THrenewed', refreshToken: 'THrenewed', scopes: THREADS_SCOPES });
    expect(g.accessExpiresAt?.getTime()).toBe(at.getTime() + 5183944_000);
    expect(g.refreshExpiresAt).toEqual(g.accessExpiresAt);
    const u = new URL(calls[0].url);
    expect(u.origin + u.pathname).toBe('https://graph.threads.net/refresh_access_token');
    expect(Object.fromEntries(u.searchParams)).toEqual({ grant_type: 'th_refresh_token', access_token: 'THlong' });
  });

  it('the profile of /v1.0/me is the one account found, named by its username, with its picture', async () => {
    const { fetchFn, calls } = answering(200, {
      id: '7100000000000101',
      username: 'ava.cooks',
      name: 'Ava Cooks',
      threads_profile_picture_url: 'https://scontent.cdninstagram.com/ava.jpg',
      threads_biography: 'Recipes',
    });
    expect(await createThreadsAdapter(settings, fetchFn).discover(grant)).toEqual([
      {
        remoteId: '7100000000000101',
        kind: 'profile',
        userName: 'ava.cooks',
        pictureUrl: 'https://scontent.cdninstagram.com/ava.jpg',
      },
    ]);
    const u = new URL(calls[0].url);
    expect(u.origin + u.pathname).toBe('https://graph.threads.net/v1.0/me');
    expect(u.searchParams.get('fields')).toBe('id,username,name,threads_profile_picture_url,threads_biography');
    expect(new Headers(calls[0].init.headers).get('authorization')).toBe('Bearer THlong');
  });

  it('a profile without a picture has none', async () => {
    const { fetchFn } = answering(200, { id: '1', username: 'plain' });
    expect((await createThreadsAdapter(settings, fetchFn).discover(grant))[0].pictureUrl).toBeNull();
  });
});

describe('what a failed Threads call means', () => {
  it('an expired, revoked or unreadable access (190) means reconnect, saying why in plain words', async () => {
    const cases = [
      { subcode: 463, why: /expired/ },
      { subcode: 460, why: /password/ },
      { subcode: 458, why: /removed/ },
      { subcode: undefined, why: /no longer accepts the saved access$/ },
    ];
    for (const { subcode, why } of cases) {
      const { fetchFn } = answering(400, graphError(190, 'Error validating access token', subcode));
      const err = await networkFailure(createThreadsAdapter(settings, fetchFn).discover(grant));
      expect(err.kind).toBe('reconnect');
      expect(err.reason).toMatch(/^Threads no longer accepts the saved access/);
      expect(err.reason).toMatch(why);
      expect(err.details.code).toBe(subcode === undefined ? '190' : `190/${subcode}`);
    }
  });

  it('renewing an expired access (190) means reconnect', async () => {
    const { fetchFn } = answering(400, graphError(190, 'Error validating access token: Session has expired', 463));
    expect((await networkFailure(createThreadsAdapter(settings, fetchFn).refresh(grant, at))).kind).toBe('reconnect');
  });

  it('renewing an access younger than a day is refused, but not as lost access', async () => {
    const { fetchFn } = answering(
      400,
      graphError(100, '(#100) A long-lived access token can be refreshed only once it is at least 24 hours old'),
    );
    const err = await networkFailure(createThreadsAdapter(settings, fetchFn).refresh(grant, at));
    expect(err.kind).toBe('permanent');
    expect(err.reason).toMatch(/a day old/);
  });

  it('a missing permission (10, 200–299) means reconnect, in plain words', async () => {
    for (const code of [10, 200, 299]) {
      const { fetchFn } = answering(403, graphError(code, `(#${code}) Application does not have permission for this action`));
      const err = await networkFailure(createThreadsAdapter(settings, fetchFn).discover(grant));
      expect(err.kind).toBe('reconnect');
      expect(err.reason).toMatch(/permission/);
    }
  });

  it('a rate limit (4, 17, 32, 613) waits for the usage header’s time to regain access, else an hour', async () => {
    const usage = JSON.stringify({
      '7100000000000101': [{ type: 'threads', call_count: 100, estimated_time_to_regain_access: 12 }],
    });
    const withHeader = answering(400, graphError(4, '(#4) Application request limit reached'), {
      'x-business-use-case-usage': usage,
      'x-app-usage': '{"call_count":100,"total_cputime":20,"total_time":30}',
    });
    const err = await networkFailure(createThreadsAdapter(settings, withHeader.fetchFn, () => at).discover(grant));
    expect(err.kind).toBe('rate_limited');
    expect(err.retryAt?.getTime()).toBe(at.getTime() + 12 * 60_000);
    const appUsage = answering(400, graphError(17, '(#17) User request limit reached'), {
      'x-app-usage': '{"call_count":100,"estimated_time_to_regain_access":3}',
    });
    const err2 = await networkFailure(createThreadsAdapter(settings, appUsage.fetchFn, () => at).discover(grant));
    expect(err2.retryAt?.getTime()).toBe(at.getTime() + 3 * 60_000);
    for (const code of [32, 613]) {
      const { fetchFn } = answering(400, graphError(code, 'Calls to this api have exceeded the rate limit.'));
      const e = await networkFailure(createThreadsAdapter(settings, fetchFn, () => at).discover(grant));
      expect(e.kind).toBe('rate_limited');
      expect(e.retryAt?.getTime()).toBe(at.getTime() + 3600_000);
    }
  });

  it('a bare 429 is a rate limit too, on the token calls as well', async () => {
    const { fetchFn } = answering(429, {});
    const err = await networkFailure(createThreadsAdapter(settings, fetchFn, () => at).refresh(grant, at));
    expect(err.kind).toBe('rate_limited');
    expect(err.retryAt?.getTime()).toBe(at.getTime() + 3600_000);
  });

  it('an unknown error (1) or a passing one (2) is retried', async () => {
    for (const code of [1, 2]) {
      const { fetchFn } = answering(400, graphError(code, 'An unknown error occurred'));
      expect((await networkFailure(createThreadsAdapter(settings, fetchFn).discover(grant))).kind).toBe('retry');
    }
  });

  it('a 5xx and a timeout are passing failures (retry), never reconnect', async () => {
    const down = answering(500, graphError(2, 'An unexpected error has occurred. Please retry your request later.'));
    expect((await networkFailure(createThreadsAdapter(settings, down.fetchFn).refresh(grant, at))).kind).toBe('retry');
    const timingOut = (async () => {
      throw Object.assign(new Error('timed out'), { name: 'TimeoutError' });
    }) as unknown as typeof fetch;
    const err = await networkFailure(createThreadsAdapter(settings, timingOut).discover(grant));
    expect(err.kind).toBe('retry');
    expect(err.reason).toMatch(/in time/);
  });

  it('a used, expired or mismatched code is permanent, in plain words', async () => {
    const answers = [
      graphError(100, 'This authorization code has been used.', 36009),
      graphError(100, 'This authorization code has expired.', 36007),
      graphError(100, 'Invalid verification code format.'),
      graphError(
        100,
        'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
        36008,
      ),
    ];
    for (const body of answers) {
      const { fetchFn, calls } = answering(400, body);
      const err = await networkFailure(createThreadsAdapter(settings, fetchFn).exchange(consent('AQB'), null, at));
      expect(err.kind).toBe('permanent');
      expect(err.reason).toMatch(/did not accept the sign-in/);
      expect(calls).toHaveLength(1);
    }
  });

  it("a refused app id or secret is permanent (Virality's own settings), even with code 1", async () => {
    for (const body of [
      graphError(101, 'Error validating application. Invalid application ID.'),
      graphError(1, 'Error validating client secret.'),
    ]) {
      const { fetchFn } = answering(400, body);
      const err = await networkFailure(createThreadsAdapter(settings, fetchFn).exchange(consent('AQB'), null, at));
      expect(err.kind).toBe('permanent');
      expect(err.reason).toMatch(/app id or secret/);
    }
  });

  it('an answer without a token, or a profile without an id, is permanent', async () => {
    const noToken = answering(200, { user_id: 1 });
    expect((await networkFailure(createThreadsAdapter(settings, noToken.fetchFn).exchange(consent('c'), null, at))).kind).toBe(
      'permanent',
    );
    const noId = answering(200, { username: 'x' });
    expect((await networkFailure(createThreadsAdapter(settings, noId.fetchFn).discover(grant))).kind).toBe('permanent');
  });

  it('any other refusal is permanent, with the message Threads gave', async () => {
    const { fetchFn } = answering(400, graphError(100, '(#100) Tried accessing nonexisting field (foo) on node type (User)'));
    const err = await networkFailure(createThreadsAdapter(settings, fetchFn).discover(grant));
    expect(err.kind).toBe('permanent');
    expect(err.reason).toMatch(/nonexisting field/);
  });
});
