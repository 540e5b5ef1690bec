import { oauth1SignatureValid, parseOAuthHeader } from '@virality/sandbox/testing';
import { describe, expect, it } from 'vitest';
import { answering, networkFailure } from './test-kit';
import type { TGrant } from './types';
import { createXAdapter, X_USER_FIELDS } from './x';

const settings = {
  clientId: 'xvz1evFS4wEEPTGEFPHBog',
  clientSecret: 'kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw',
  authBase: 'https://api.x.com',
  apiBase: 'https://api.x.com',
  redirectUri: 'https://app.example/social/return',
  sandbox: false,
};
const at = new Date('2026-06-01T12:00:00Z');
const grant: TGrant = {
  accessToken: '370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb',
  tokenSecret: 'LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE',
  refreshToken: null,
  accessExpiresAt: null,
  refreshExpiresAt: null,
  scopes: [],
};
const noConsent = { code: null, oauthToken: null, oauthVerifier: null };

/** A fetch answering a form-encoded body, as X's OAuth endpoints do (labelled text/html), recording each request. */
function answeringForm(text: string, status = 200) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchFn = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(text, { status, headers: { 'content-type': 'text/html; charset=utf-8' } });
  }) as unknown as typeof fetch;
  return { fetchFn, calls };
}

const authHeader = (init: RequestInit) => new Headers(init.headers).get('authorization') ?? undefined;

/** The oauth_* parameters every signed call carries, whoever it is signed as. */
function expectOAuthHeader(header: string | undefined) {
  expect(header).toMatch(/^OAuth /);
  const p = parseOAuthHeader(header)!;
  expect(p.oauth_consumer_key).toBe(settings.clientId);
  expect(p.oauth_nonce).toMatch(/^[A-Za-z0-9]{16,}$/);
  expect(p.oauth_signature_method).toBe('HMAC-SHA1');
  expect(Number(p.oauth_timestamp)).toBeGreaterThan(Date.now() / 1000 - 60);
  expect(p.oauth_version).toBe('1.0');
  expect(p.oauth_signature).toMatch(/^[A-Za-z0-9+/]{27}=$/);
  return p;
}

/** X's v2 error shape (problem JSON). */
const problem = (status: number, title: string, detail: string, type = 'about:blank', extra: Record<string, unknown> = {}) => ({
  title,
  detail,
  type,
  status,
  ...extra,
});

describe("the X adapter signs its calls with OAuth 1.0a and reads X's answers", () => {
  it('a request token is asked for with the consumer only and the return address, and leads to the consent page', async () => {
    const { fetchFn, calls } = answeringForm(
      'oauth_token=NPcudxy0yU5T3tBzho7iCotZ3cnetKwcTIRlX0iwRl0&oauth_token_secret=veNRnAWe6inFuo8o2u8SLLZLjolYDmDP7SzL0YfYI&oauth_callback_confirmed=true',
    );
    const a = createXAdapter(settings, fetchFn);
    const { url, secret, requestToken } = await a.authorize({ state: 'ignored' });
    expect(url).toBe('https://api.x.com/oauth/authorize?oauth_token=NPcudxy0yU5T3tBzho7iCotZ3cnetKwcTIRlX0iwRl0');
    expect(secret).toBe('veNRnAWe6inFuo8o2u8SLLZLjolYDmDP7SzL0YfYI');
    expect(requestToken).toBe('NPcudxy0yU5T3tBzho7iCotZ3cnetKwcTIRlX0iwRl0');

    expect(calls[0].url).toBe('https://api.x.com/oauth/request_token');
    expect(calls[0].init.method).toBe('POST');
    const header = authHeader(calls[0].init);
    const p = expectOAuthHeader(header);
    expect(p.oauth_callback).toBe('https://app.example/social/return');
    expect(p.oauth_token).toBeUndefined();
    const call = { method: 'POST', url: calls[0].url, authorization: header };
    expect(oauth1SignatureValid(call, settings.clientSecret)).toBe(true);
    expect(oauth1SignatureValid(call, 'another-consumer-secret')).toBe(false);
  });

  it('the state is not sent: OAuth 1.0a has none, the request token names the flow', async () => {
    const { fetchFn, calls } = answeringForm('oauth_token=t&oauth_token_secret=s&oauth_callback_confirmed=true');
    const { url } = await createXAdapter(settings, fetchFn).authorize({ state: 'st-123' });
    expect(url).not.toContain('st-123');
    expect(authHeader(calls[0].init)).not.toContain('st-123');
  });

  it('a request token whose return address X did not confirm is refused', async () => {
    const { fetchFn } = answeringForm('oauth_token=t&oauth_token_secret=s&oauth_callback_confirmed=false');
    expect((await networkFailure(createXAdapter(settings, fetchFn).authorize({ state: 's' }))).kind).toBe('permanent');
  });

  it('the exchange is signed with the request token and its secret, and carries the verifier', async () => {
    const { fetchFn, calls } = answeringForm(
      'oauth_token=6253282-eWudHldSbIaelX7swmsiHImEL4KinwaGloHANdrY&oauth_token_secret=2EEfA6BG5ly3sR3XjE0IBSnlQu4ZrUzPiYTmrkVU&user_id=6253282&screen_name=twitterapi',
    );
    const g = await createXAdapter(settings, fetchFn).exchange(
      {
        code: null,
        oauthToken: 'NPcudxy0yU5T3tBzho7iCotZ3cnetKwcTIRlX0iwRl0',
        oauthVerifier: 'uw7NjWHT6OJ1MpJOXsHfNxoAhPKpgI8BlYDhxEjIBY',
      },
      'veNRnAWe6inFuo8o2u8SLLZLjolYDmDP7SzL0YfYI',
      at,
    );
    expect(g).toEqual({
      accessToken: '6253282-eWudHldSbIaelX7swmsiHImEL4KinwaGloHANdrY',
      tokenSecret: '2EEfA6BG5ly3sR3XjE0IBSnlQu4ZrUzPiYTmrkVU',
      refreshToken: null,
      accessExpiresAt: null,
      refreshExpiresAt: null,
      scopes: [],
    });
    expect(calls[0].url).toBe('https://api.x.com/oauth/access_token');
    expect(calls[0].init.method).toBe('POST');
    const header = authHeader(calls[0].init);
    const p = expectOAuthHeader(header);
    expect(p.oauth_token).toBe('NPcudxy0yU5T3tBzho7iCotZ3cnetKwcTIRlX0iwRl0');
    expect(p.oauth_verifier).toBe('uw7NjWHT6OJ1MpJOXsHfNxoAhPKpgI8BlYDhxEjIBY');
    const call = { method: 'POST', url: calls[0].url, authorization: header };
    expect(oauth1SignatureValid(call, settings.clientSecret, 'veNRnAWe6inFuo8o2u8SLLZLjolYDmDP7SzL0YfYI')).toBe(true);
    expect(oauth1SignatureValid(call, settings.clientSecret, 'another-token-secret')).toBe(false);
  });

  it('a consent without the request token or the verifier is refused before X is called', async () => {
    const { fetchFn, calls } = answeringForm('');
    const a = createXAdapter(settings, fetchFn);
    const noToken = await networkFailure(a.exchange({ ...noConsent, oauthVerifier: 'v' }, 'secret', at));
    expect(noToken.kind).toBe('permanent');
    expect(noToken.reason).toMatch(/request token/);
    expect((await networkFailure(a.exchange({ ...noConsent, oauthToken: 't' }, 'secret', at))).kind).toBe('permanent');
    expect(calls).toHaveLength(0);
  });

  it('access tokens do not expire and cannot be renewed: there is no refresh', () => {
    expect(createXAdapter(settings).refresh).toBeNull();
  });

  it('the profile of /2/users/me is the account, named by its handle, signed with the access token', async () => {
    const { fetchFn, calls } = answering(200, {
      data: {
        id: '2244994945',
        name: 'X Dev',
        username: 'XDevelopers',
        profile_image_url: 'https://pbs.twimg.com/profile_images/1683501992314798080/xl1POYLw_normal.jpg',
        public_metrics: { followers_count: 570_842, following_count: 2_048, tweet_count: 14_052, listed_count: 1_672 },
      },
    });
    expect(await createXAdapter(settings, fetchFn).discover(grant)).toEqual([
      {
        remoteId: '2244994945',
        kind: 'profile',
        userName: 'XDevelopers',
        pictureUrl: 'https://pbs.twimg.com/profile_images/1683501992314798080/xl1POYLw_normal.jpg',
      },
    ]);
    const u = new URL(calls[0].url);
    expect(u.origin + u.pathname).toBe('https://api.x.com/2/users/me');
    expect(u.searchParams.get('user.fields')?.split(',')).toEqual(X_USER_FIELDS);
    const header = authHeader(calls[0].init);
    expect(expectOAuthHeader(header).oauth_token).toBe(grant.accessToken);
    // the query is part of what is signed
    const call = { method: 'GET', url: calls[0].url, authorization: header };
    expect(oauth1SignatureValid(call, settings.clientSecret, grant.tokenSecret!)).toBe(true);
    expect(
      oauth1SignatureValid(
        { ...call, url: 'https://api.x.com/2/users/me?user.fields=id' },
        settings.clientSecret,
        grant.tokenSecret!,
      ),
    ).toBe(false);
  });

  it('each call has a nonce of its own', async () => {
    const { fetchFn, calls } = answering(200, { data: { id: '1', name: 'n', username: 'u' } });
    const a = createXAdapter(settings, fetchFn);
    await a.discover(grant);
    await a.discover(grant);
    const [first, second] = calls.map((c) => parseOAuthHeader(authHeader(c.init))!.oauth_nonce);
    expect(first).not.toBe(second);
  });

  it('a grant without its token secret cannot be signed: reconnect', async () => {
    const { fetchFn } = answering(200, {});
    expect((await networkFailure(createXAdapter(settings, fetchFn).discover({ ...grant, tokenSecret: null }))).kind).toBe(
      'reconnect',
    );
  });
});

describe("X's refusals are classified", () => {
  it("a wrong consumer at the request token (401, code 32) is Virality's configuration: permanent", async () => {
    const { fetchFn } = answering(401, { errors: [{ code: 32, message: 'Could not authenticate you.' }] });
    const err = await networkFailure(createXAdapter(settings, fetchFn).authorize({ state: 's' }));
    expect(err.kind).toBe('permanent');
    expect(err.details).toMatchObject({ status: 401, code: '32' });
  });

  it('a return address the X app does not list (403, code 415) is permanent', async () => {
    const { fetchFn } = answering(403, {
      errors: [{ code: 415, message: 'Callback URL not approved for this client application.' }],
    });
    const err = await networkFailure(createXAdapter(settings, fetchFn).authorize({ state: 's' }));
    expect(err.kind).toBe('permanent');
    expect(err.details.code).toBe('415');
  });

  it('an exchange X cannot authenticate (401, code 32) did not complete: permanent, try again', async () => {
    const { fetchFn } = answering(401, { errors: [{ code: 32, message: 'Could not authenticate you.' }] });
    const err = await networkFailure(
      createXAdapter(settings, fetchFn).exchange({ ...noConsent, oauthToken: 't', oauthVerifier: 'v' }, 's', at),
    );
    expect(err.kind).toBe('permanent');
    expect(err.reason).toBe('the X sign-in did not complete, try again');
  });

  it('a wrong verifier (401, plain text) did not complete either: permanent', async () => {
    const { fetchFn } = answeringForm('Error processing your OAuth request: Invalid oauth_verifier parameter', 401);
    const err = await networkFailure(
      createXAdapter(settings, fetchFn).exchange({ ...noConsent, oauthToken: 't', oauthVerifier: 'v' }, 's', at),
    );
    expect(err.kind).toBe('permanent');
    expect(err.details).toMatchObject({ status: 401, code: null });
  });

  it('an expired or spent request token (401, code 89) means connecting again', async () => {
    const { fetchFn } = answering(401, { errors: [{ code: 89, message: 'Invalid or expired token.' }] });
    const err = await networkFailure(
      createXAdapter(settings, fetchFn).exchange({ ...noConsent, oauthToken: 't', oauthVerifier: 'v' }, 's', at),
    );
    expect(err.kind).toBe('reconnect');
    expect(err.details.code).toBe('89');
  });

  it('a locked account (code 326) is for the user to unlock on X: reconnect, in plain words', async () => {
    const { fetchFn } = answering(403, {
      errors: [
        {
          code: 326,
          message: 'To protect our users from spam and other malicious activity, this account is temporarily locked.',
        },
      ],
    });
    const err = await networkFailure(createXAdapter(settings, fetchFn).discover(grant));
    expect(err.kind).toBe('reconnect');
    expect(err.reason).toMatch(/locked/);
  });

  it('a rate-limited OAuth call (429, code 88) waits until x-rate-limit-reset', async () => {
    const reset = Math.floor(at.getTime() / 1000) + 900;
    const { fetchFn } = answering(
      429,
      { errors: [{ code: 88, message: 'Rate limit exceeded' }] },
      {
        'x-rate-limit-limit': '15',
        'x-rate-limit-remaining': '0',
        'x-rate-limit-reset': String(reset),
      },
    );
    const err = await networkFailure(createXAdapter(settings, fetchFn, () => at).authorize({ state: 's' }));
    expect(err.kind).toBe('rate_limited');
    expect(err.retryAt?.getTime()).toBe(reset * 1000);
  });

  it('a v2 401 (Unauthorized problem) means X no longer accepts the saved access: reconnect', async () => {
    const { fetchFn } = answering(401, problem(401, 'Unauthorized', 'Unauthorized'));
    const err = await networkFailure(createXAdapter(settings, fetchFn).discover(grant));
    expect(err.kind).toBe('reconnect');
    expect(err.reason).toBe('X no longer accepts the saved access');
    expect(err.details).toMatchObject({ status: 401, code: 'Unauthorized' });
  });

  it('a v2 429 waits until x-rate-limit-reset (unix seconds)', async () => {
    const { fetchFn } = answering(429, problem(429, 'Too Many Requests', 'Too Many Requests'), {
      'x-rate-limit-limit': '75',
      'x-rate-limit-remaining': '0',
      'x-rate-limit-reset': '1780316100',
    });
    const err = await networkFailure(createXAdapter(settings, fetchFn, () => at).discover(grant));
    expect(err.kind).toBe('rate_limited');
    expect(err.retryAt?.toISOString()).toBe(new Date(1780316100 * 1000).toISOString());
  });

  it('access given under permissions that do not cover the call (403 oauth1-permissions) means reconnect', async () => {
    const { fetchFn } = answering(
      403,
      problem(
        403,
        'Forbidden',
        'Your client app is not configured with the appropriate oauth1 app permissions for this endpoint.',
        'https://api.twitter.com/2/problems/oauth1-permissions',
      ),
    );
    const err = await networkFailure(createXAdapter(settings, fetchFn).discover(grant));
    expect(err.kind).toBe('reconnect');
    expect(err.reason).toMatch(/permission/);
    expect(err.details.code).toBe('oauth1-permissions');
  });

  it("an app without the access level (403 client-forbidden) is Virality's to fix: permanent", async () => {
    const { fetchFn } = answering(
      403,
      problem(
        403,
        'Client Forbidden',
        'When authenticating requests to the Twitter API v2 endpoints, you must use keys and tokens from a Twitter developer App that is attached to a Project.',
        'https://api.twitter.com/2/problems/client-forbidden',
        { reason: 'client-not-enrolled', registration_url: 'https://developer.twitter.com/en/docs/projects/overview' },
      ),
    );
    const err = await networkFailure(createXAdapter(settings, fetchFn).discover(grant));
    expect(err.kind).toBe('permanent');
    expect(err.details.code).toBe('client-forbidden');
  });

  it('another 403 (a suspended user, Forbidden) and a 400 are permanent, with X words', async () => {
    const forbidden = answering(403, problem(403, 'Forbidden', 'User is suspended.'));
    const err = await networkFailure(createXAdapter(settings, forbidden.fetchFn).discover(grant));
    expect(err.kind).toBe('permanent');
    expect(err.reason).toBe('User is suspended.');
    const invalid = answering(
      400,
      problem(
        400,
        'Invalid Request',
        'One or more parameters to your request was invalid.',
        'https://api.twitter.com/2/problems/invalid-request',
      ),
    );
    const bad = await networkFailure(createXAdapter(settings, invalid.fetchFn).discover(grant));
    expect(bad.kind).toBe('permanent');
    expect(bad.details.code).toBe('invalid-request');
  });

  it('a 5xx and a timeout are passing failures (retry), never reconnect', async () => {
    const down = answering(503, problem(503, 'Service Unavailable', 'Service Unavailable'));
    expect((await networkFailure(createXAdapter(settings, down.fetchFn).discover(grant))).kind).toBe('retry');
    const overCapacity = answering(503, { errors: [{ code: 130, message: 'Over capacity' }] });
    expect((await networkFailure(createXAdapter(settings, overCapacity.fetchFn).authorize({ state: 's' }))).kind).toBe('retry');
    const timingOut = (async () => {
      throw Object.assign(new Error('timed out'), { name: 'TimeoutError' });
    }) as unknown as typeof fetch;
    const err = await networkFailure(createXAdapter(settings, timingOut).discover(grant));
    expect(err.kind).toBe('retry');
    expect(err.reason).toMatch(/in time/);
  });
});
