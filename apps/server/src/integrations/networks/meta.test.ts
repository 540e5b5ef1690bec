import { describe, expect, it } from 'vitest';
import {
  createFacebookAdapter,
  createInstagramAdapter,
  FACEBOOK_SCOPES,
  INSTAGRAM_SCOPES,
  META_GRAPH_VERSION,
  metaRetryAt,
} from './meta';
import { answering, networkFailure } from './test-kit';
import type { TGrant } from './types';

const settings = {
  clientId: '1234567890123456',
  clientSecret: 'appsecret',
  authBase: 'https://www.facebook.com',
  apiBase: 'https://graph.facebook.com',
  redirectUri: 'https://app.example/social/return',
  sandbox: false,
};
const at = new Date('2026-06-01T12:00:00Z');
const grant: TGrant = {
  accessToken: 'EAAlonglived',
  refreshToken: null,
  tokenSecret: null,
  accessExpiresAt: new Date('2026-07-31T12:00:00Z'),
  refreshExpiresAt: null,
  scopes: ['pages_show_list'],
};
const consent = { code: 'AQDcode', oauthToken: null, oauthVerifier: null };

/** Graph's error envelope, as Facebook sends it. */
const graphError = (code: number, message: string, more: Record<string, unknown> = {}) => ({
  error: { message, type: 'OAuthException', code, fbtrace_id: 'AbCdEfGhIjK', ...more },
});

/** A fetch answering each call with the next of `answers` (JSON), recording each request. */
function answeringInTurn(...answers: { status?: number; body: unknown; headers?: Record<string, string> }[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchFn = (async (url: string, init: RequestInit) => {
    const a = answers[Math.min(calls.length, answers.length - 1)];
    calls.push({ url, init });
    return new Response(JSON.stringify(a.body), {
      status: a.status ?? 200,
      headers: { 'content-type': 'application/json', ...a.headers },
    });
  }) as unknown as typeof fetch;
  return { fetchFn, calls };
}

const facebook = (fetchFn: typeof fetch) => createFacebookAdapter(settings, fetchFn, () => at);
const instagram = (fetchFn: typeof fetch) => createInstagramAdapter(settings, fetchFn, () => at);

describe("the Facebook and Instagram adapters read Graph's documented answers", () => {
  it('the consent address is the Graph dialog with the client, return address, state and comma-separated scopes', async () => {
    for (const [adapter, scopes] of [
      [facebook(answering(200, {}).fetchFn), FACEBOOK_SCOPES],
      [instagram(answering(200, {}).fetchFn), INSTAGRAM_SCOPES],
    ] as const) {
      const { url, secret, requestToken } = await adapter.authorize({ state: 'st' });
      const u = new URL(url);
      expect(u.origin + u.pathname).toBe(`https://www.facebook.com/${META_GRAPH_VERSION}/dialog/oauth`);
      expect(Object.fromEntries(u.searchParams)).toEqual({
        client_id: '1234567890123456',
        redirect_uri: 'https://app.example/social/return',
        state: 'st',
        response_type: 'code',
        scope: scopes.join(','),
      });
      expect(secret).toBeNull();
      expect(requestToken).toBeNull();
    }
    expect(INSTAGRAM_SCOPES).toContain('instagram_content_publish');
    expect(FACEBOOK_SCOPES).toContain('pages_manage_posts');
  });

  it('a code becomes a short-lived token, then a 60-day one, with the permissions actually given', async () => {
    const { fetchFn, calls } = answeringInTurn(
      { body: { access_token: 'EAAshort', token_type: 'bearer', expires_in: 5183 } },
      { body: { access_token: 'EAAlong', token_type: 'bearer', expires_in: 5184000 } },
      {
        body: {
          data: [
            { permission: 'pages_show_list', status: 'granted' },
            { permission: 'pages_manage_posts', status: 'granted' },
            { permission: 'read_insights', status: 'declined' },
          ],
        },
      },
    );
    const g = await facebook(fetchFn).exchange(consent, null, at);
    expect(g).toEqual({
      accessToken: 'EAAlong',
      refreshToken: null,
      tokenSecret: null,
      accessExpiresAt: new Date('2026-07-31T12:00:00Z'),
      refreshExpiresAt: null,
      scopes: ['pages_show_list', 'pages_manage_posts'],
    });
    const [code, long, permissions] = calls.map((c) => new URL(c.url));
    expect(code.origin + code.pathname).toBe('https://graph.facebook.com/v21.0/oauth/access_token');
    expect(Object.fromEntries(code.searchParams)).toEqual({
      client_id: '1234567890123456',
      redirect_uri: 'https://app.example/social/return',
      client_secret: 'appsecret',
      code: 'AQDcode',
    });
    expect(Object.fromEntries(long.searchParams)).toEqual({
      grant_type: 'fb_exchange_token',
      client_id: '1234567890123456',
      client_secret: 'appsecret',
      fb_exchange_token: 'EAAshort',
    });
    expect(permissions.pathname).toBe('/v21.0/me/permissions');
    expect(new Headers(calls[2].init.headers).get('authorization')).toBe('Bearer EAAlong');
  });

  it('no code (the person refused) is permanent, and nothing is called', async () => {
    const { fetchFn, calls } = answering(200, {});
    const err = await networkFailure(facebook(fetchFn).exchange({ code: null, oauthToken: null, oauthVerifier: null }, null, at));
    expect(err.kind).toBe('permanent');
    expect(calls).toHaveLength(0);
  });

  it('page tokens do not expire: neither adapter renews anything', () => {
    expect(facebook(answering(200, {}).fetchFn).refresh).toBeNull();
    expect(instagram(answering(200, {}).fetchFn).refresh).toBeNull();
  });

  it('each page of /me/accounts is a page account with its picture and its own token, which never expires', async () => {
    const { fetchFn, calls } = answering(200, {
      data: [
        {
          id: '1122334455',
          name: 'Corner Bakery',
          access_token: 'EAApage1',
          picture: { data: { height: 50, is_silhouette: false, url: 'https://scontent.xx.fbcdn.net/p1.jpg', width: 50 } },
        },
        { id: '5566778899', name: 'No Rights Here' },
      ],
      paging: { cursors: { before: 'QVFI', after: 'QVFJ' } },
    });
    expect(await facebook(fetchFn).discover(grant)).toEqual([
      {
        remoteId: '1122334455',
        kind: 'page',
        userName: 'Corner Bakery',
        pictureUrl: 'https://scontent.xx.fbcdn.net/p1.jpg',
        grant: {
          accessToken: 'EAApage1',
          refreshToken: null,
          tokenSecret: null,
          accessExpiresAt: null,
          refreshExpiresAt: null,
          scopes: ['pages_show_list'],
        },
      },
    ]);
    const u = new URL(calls[0].url);
    expect(u.origin + u.pathname).toBe('https://graph.facebook.com/v21.0/me/accounts');
    expect(u.searchParams.get('fields')).toBe('id,name,access_token,picture');
    expect(u.searchParams.get('limit')).toBe('100');
    expect(new Headers(calls[0].init.headers).get('authorization')).toBe('Bearer EAAlonglived');
  });

  it('only pages with an Instagram business account give Instagram accounts, named by their username', async () => {
    const { fetchFn, calls } = answering(200, {
      data: [
        {
          id: '1122334455',
          name: 'Corner Bakery',
          access_token: 'EAApage1',
          instagram_business_account: {
            id: '17841400000000001',
            username: 'cornerbakery',
            name: 'Corner Bakery',
            profile_picture_url: 'https://scontent.cdninstagram.com/ig1.jpg',
          },
        },
        { id: '5566778899', name: 'Bakery Events', access_token: 'EAApage2' },
      ],
    });
    const found = await instagram(fetchFn).discover(grant);
    expect(found).toEqual([
      {
        remoteId: '17841400000000001',
        kind: 'profile',
        userName: 'cornerbakery',
        pictureUrl: 'https://scontent.cdninstagram.com/ig1.jpg',
        grant: expect.objectContaining({ accessToken: 'EAApage1', accessExpiresAt: null, refreshToken: null }),
      },
    ]);
    expect(new URL(calls[0].url).searchParams.get('fields')).toBe(
      'id,name,access_token,instagram_business_account{id,username,name,profile_picture_url}',
    );
  });

  it('paging.next is followed, on the API host only, for at most 10 answers', async () => {
    const page = (id: string) => ({ id, name: id, access_token: `EAA${id}` });
    const twoAnswers = answeringInTurn(
      { body: { data: [page('1')], paging: { next: 'https://graph.facebook.com/v21.0/me/accounts?after=QVFJ' } } },
      { body: { data: [page('2')], paging: { cursors: { before: 'QVFJ', after: 'QVFK' } } } },
    );
    expect((await facebook(twoAnswers.fetchFn).discover(grant)).map((a) => a.remoteId)).toEqual(['1', '2']);
    expect(twoAnswers.calls[1].url).toBe('https://graph.facebook.com/v21.0/me/accounts?after=QVFJ');

    const endless = answering(200, {
      data: [page('1')],
      paging: { next: 'https://graph.facebook.com/v21.0/me/accounts?after=x' },
    });
    expect(await facebook(endless.fetchFn).discover(grant)).toHaveLength(10);
    expect(endless.calls).toHaveLength(10);

    const elsewhere = answering(200, { data: [page('1')], paging: { next: 'https://evil.example/collect' } });
    expect(await facebook(elsewhere.fetchFn).discover(grant)).toHaveLength(1);
    expect(elsewhere.calls).toHaveLength(1);
  });
});

describe('Graph failures are classified by their code', () => {
  it('an expired, revoked, password-changed or invalid token (190) means reconnect, in plain words', async () => {
    const cases = [
      [463, 'Error validating access token: Session has expired on Monday, 01-Jun-26 04:00:00 PDT.', /expired/],
      [458, 'Error validating access token: The user has not authorized application 1234567890123456.', /removed/],
      [
        460,
        'Error validating access token: The session has been invalidated because the user changed their password.',
        /password/,
      ],
      [467, 'Error validating access token: The session is invalid.', /no longer accepts/],
    ] as const;
    for (const [subcode, message, words] of cases) {
      const { fetchFn } = answering(400, graphError(190, message, { error_subcode: subcode }));
      const err = await networkFailure(facebook(fetchFn).discover(grant));
      expect(err.kind).toBe('reconnect');
      expect(err.details).toMatchObject({ status: 400, code: `190/${subcode}` });
      expect(err.reason).toMatch(/^Facebook no longer accepts the saved access/);
      expect(err.reason).toMatch(words);
    }
    const bare = answering(400, graphError(190, 'Invalid OAuth access token - Cannot parse access token'));
    const err = await networkFailure(instagram(bare.fetchFn).discover(grant));
    expect(err.kind).toBe('reconnect');
    expect(err.reason).toBe('Instagram no longer accepts the saved access');
  });

  it('a permission not given (#10, #200–#299) means reconnect, saying a permission is missing', async () => {
    for (const [code, message] of [
      [10, '(#10) Application does not have permission for this action'],
      [200, '(#200) Permissions error'],
      [230, '(#230) Requires pages_messaging permission to manage the object'],
    ] as const) {
      const { fetchFn } = answering(403, graphError(code, message));
      const err = await networkFailure(instagram(fetchFn).discover(grant));
      expect(err.kind).toBe('reconnect');
      expect(err.reason).toMatch(/permission/);
      expect(err.details.code).toBe(String(code));
    }
  });

  it('rate limits (4, 17, 32, 613, 80001) wait for the usage header, else an hour', async () => {
    for (const code of [4, 17, 32, 613, 80001]) {
      const { fetchFn } = answering(400, graphError(code, `(#${code}) Request limit reached`, { is_transient: true }));
      const err = await networkFailure(facebook(fetchFn).discover(grant));
      expect(err.kind).toBe('rate_limited');
      expect(err.retryAt?.getTime()).toBe(at.getTime() + 3600_000);
    }
    const buc = answering(400, graphError(80001, 'There have been too many calls to this Page account.'), {
      'x-business-use-case-usage': JSON.stringify({
        '1122334455': [
          { type: 'pages', call_count: 100, total_cputime: 20, total_time: 30, estimated_time_to_regain_access: 12 },
        ],
        '5566778899': [{ type: 'pages', call_count: 40, total_cputime: 5, total_time: 5, estimated_time_to_regain_access: 0 }],
      }),
      'x-app-usage': JSON.stringify({ call_count: 80, total_cputime: 10, total_time: 10 }),
    });
    const err = await networkFailure(facebook(buc.fetchFn).discover(grant));
    expect(err.kind).toBe('rate_limited');
    expect(err.reason).toMatch(/limits how often/);
    expect(err.retryAt?.getTime()).toBe(at.getTime() + 12 * 60_000);
    const app = answering(400, graphError(4, '(#4) Application request limit reached'), {
      'x-app-usage': JSON.stringify({ call_count: 100, total_cputime: 2, total_time: 3, estimated_time_to_regain_access: 5 }),
    });
    expect((await networkFailure(facebook(app.fetchFn).discover(grant))).retryAt?.getTime()).toBe(at.getTime() + 5 * 60_000);
  });

  it('the usage header is read whatever its layout, and a broken one falls back to an hour', () => {
    const headers = new Headers({ 'x-business-use-case-usage': '{not json' });
    expect(metaRetryAt(headers, at).getTime()).toBe(at.getTime() + 3600_000);
    expect(metaRetryAt(new Headers({ 'retry-after': '90' }), at).getTime()).toBe(at.getTime() + 90_000);
  });

  it('an unknown error (1), a service down (2), a 5xx and a timeout are passing failures: retry', async () => {
    for (const [code, message] of [
      [1, 'An unknown error occurred'],
      [2, 'An unexpected error has occurred. Please retry your request later.'],
    ] as const) {
      const { fetchFn } = answering(400, graphError(code, message, { is_transient: true }));
      expect((await networkFailure(facebook(fetchFn).discover(grant))).kind).toBe('retry');
    }
    const down = answering(500, graphError(2, 'Service temporarily unavailable'));
    const err = await networkFailure(facebook(down.fetchFn).discover(grant));
    expect(err.kind).toBe('retry');
    expect(err.details.status).toBe(500);
    const timingOut = (async () => {
      throw Object.assign(new Error('timed out'), { name: 'TimeoutError' });
    }) as unknown as typeof fetch;
    const late = await networkFailure(instagram(timingOut).discover(grant));
    expect(late.kind).toBe('retry');
    expect(late.reason).toMatch(/in time/);
  });

  it('a used, expired or mismatched code (100) is permanent when exchanged', async () => {
    for (const [subcode, message] of [
      [36009, 'This authorization code has been used.'],
      [36007, 'This authorization code has expired.'],
      [36008, 'Error validating verification code. Please make sure your redirect_uri is identical to the one you used'],
    ] as const) {
      const { fetchFn, calls } = answering(400, graphError(100, message, { error_subcode: subcode }));
      const err = await networkFailure(facebook(fetchFn).exchange(consent, null, at));
      expect(err.kind).toBe('permanent');
      expect(err.reason).toMatch(/did not accept the sign-in/);
      expect(err.details).toMatchObject({ status: 400, code: `100/${subcode}` });
      expect(calls).toHaveLength(1);
    }
  });

  it("a wrong app id (101) or secret (1, 'client secret') is Virality's configuration: permanent", async () => {
    const id = answering(400, graphError(101, 'Error validating application. Invalid application ID.'));
    expect((await networkFailure(facebook(id.fetchFn).exchange(consent, null, at))).kind).toBe('permanent');
    const secret = answering(400, graphError(1, 'Error validating client secret.'));
    const err = await networkFailure(instagram(secret.fetchFn).exchange(consent, null, at));
    expect(err.kind).toBe('permanent');
    expect(err.reason).toMatch(/app id or secret/);
  });

  it('the long-lived exchange refused for an expired short token means reconnect', async () => {
    const { fetchFn } = answeringInTurn(
      { body: { access_token: 'EAAshort', token_type: 'bearer', expires_in: 5183 } },
      { status: 400, body: graphError(190, 'Error validating access token: Session has expired', { error_subcode: 463 }) },
    );
    expect((await networkFailure(facebook(fetchFn).exchange(consent, null, at))).kind).toBe('reconnect');
  });

  it('any other refusal is permanent, with the words Facebook meant for the user', async () => {
    const { fetchFn } = answering(
      400,
      graphError(368, 'The action attempted has been deemed abusive or is otherwise disallowed', {
        error_user_title: 'Blocked',
        error_user_msg: 'You have been temporarily blocked from performing this action.',
      }),
    );
    const err = await networkFailure(facebook(fetchFn).discover(grant));
    expect(err.kind).toBe('permanent');
    expect(err.reason).toBe('You have been temporarily blocked from performing this action.');
    const invalid = answering(400, graphError(100, '(#100) Tried accessing nonexisting field (foo) on node type (Page)'));
    const err2 = await networkFailure(facebook(invalid.fetchFn).discover(grant));
    expect(err2.kind).toBe('permanent');
    expect(err2.reason).toMatch(/nonexisting field/);
  });
});
