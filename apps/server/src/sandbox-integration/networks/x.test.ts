import { randomBytes } from 'node:crypto';
import {
  oauth1BaseString,
  oauth1Signature,
  percentEncode,
  SANDBOX_X_CLIENT,
  X_DEMO_PROFILES,
  xEmulatorRoutes,
} from '@virality/sandbox/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { Clock } from '../../clock';
import { networkFailure } from '../../integrations/networks/test-kit';
import type { TGrant } from '../../integrations/networks/types';
import { createXAdapter } from '../../integrations/networks/x';
import { clickConsent, emulatorApp, emulatorSettings, TEST_PUBLIC_URL as publicUrl } from './test-kit';

const emulator = `${publicUrl}/sandbox/twitter`;
const settings = emulatorSettings(SANDBOX_X_CLIENT, '/sandbox/twitter');
const clock = new Clock();
/** How far back a timeline reaches here: X's 3,200 made small enough to reach in a test. */
const REACH = 12;
const emulators = emulatorApp((app) => app.register(xEmulatorRoutes({ clock, publicUrl, timelineReach: REACH })));
const { app, viaApp } = emulators;

const adapter = createXAdapter(settings, viaApp.fetch, () => clock.now());

afterEach(async () => {
  await control({ clear: true });
});

const control = (payload: Record<string, unknown>) => emulators.control('/sandbox/twitter', payload);
const profile = (id: string) => X_DEMO_PROFILES.find((p) => p.id === id)!;
const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;

/** What a person does on the sandbox consent page: picks a profile and clicks Allow (or Cancel). */
async function consent(url: string, decision: 'allow' | 'cancel', who = 'x-ava') {
  const { page, res } = await clickConsent(app, url, { profile: who, decision });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('Allow Virality to use your X account');
  expect(res.statusCode).toBe(302);
  return new URL(String(res.headers.location));
}

/** Authorize, Allow and exchange: the grant of a freshly linked profile. */
async function link(who = 'x-ava', a = adapter): Promise<TGrant> {
  const { url, secret } = await a.authorize({ state: 'st' });
  const back = await consent(url, 'allow', who);
  return a.exchange(
    { code: null, oauthToken: back.searchParams.get('oauth_token'), oauthVerifier: back.searchParams.get('oauth_verifier') },
    secret,
    clock.now(),
  );
}

/** An Authorization header signed by hand (with the emulator's own signing functions), with any timestamp and nonce. */
function signedByHand(
  method: string,
  url: string,
  token: { key: string; secret: string } | null,
  { timestamp = Math.floor(Date.now() / 1000), nonce = randomBytes(16).toString('hex') } = {},
) {
  const oauth: Record<string, string> = {
    oauth_consumer_key: SANDBOX_X_CLIENT.clientId,
    oauth_nonce: nonce,
    oauth_signature_method: 'HMAC-SHA1',
    oauth_timestamp: String(timestamp),
    oauth_version: '1.0',
    ...(token ? { oauth_token: token.key } : {}),
  };
  const signature = oauth1Signature(
    oauth1BaseString(method, url, Object.entries(oauth)),
    SANDBOX_X_CLIENT.clientSecret,
    token?.secret ?? '',
  );
  return `OAuth ${Object.entries({ ...oauth, oauth_signature: signature })
    .map(([k, v]) => `${percentEncode(k)}="${percentEncode(v)}"`)
    .join(', ')}`;
}
const ME = `${emulator}/2/users/me?user.fields=username%2Cname`;
const callMe = (authorization: string, url = ME) => app.inject({ method: 'GET', url: pathOf(url), headers: { authorization } });
const asUser = (g: TGrant) => ({ key: g.accessToken, secret: g.tokenSecret! });

const account = (who: string) => ({ remoteId: profile(who).userId, kind: 'profile' as const });
let n = 0;
/** A text no earlier post has (X refuses duplicate content). */
const fresh = (text = 'Control post') => `${text} #${++n}`;
const post = (who: string, text = fresh()) => ({ account: account(who), format: 'post' as const, text, media: [] });

describe('linking an X account through the emulator', () => {
  it('request token, consent page, Allow, exchange and discover: the chosen profile with its handle and picture', async () => {
    const { url, secret, requestToken } = await adapter.authorize({ state: 'ignored' });
    expect(url).toBe(`${emulator}/oauth/authorize?oauth_token=${requestToken}`);
    expect(secret).toBeTruthy();
    const page = await app.inject({ method: 'GET', url: pathOf(url) });
    expect(page.headers['content-type']).toMatch(/text\/html/);
    for (const p of X_DEMO_PROFILES) {
      expect(page.body).toContain(p.displayName);
      expect(page.body).toContain(`@${p.userName}`);
    }

    const back = await consent(url, 'allow', 'x-milo');
    expect(back.origin + back.pathname).toBe(`${publicUrl}/social/return`);
    expect(back.searchParams.get('oauth_token')).toBe(requestToken);
    expect(back.searchParams.get('oauth_verifier')).toBeTruthy();
    expect(back.searchParams.get('state')).toBeNull();

    const grant = await adapter.exchange(
      { code: null, oauthToken: requestToken, oauthVerifier: back.searchParams.get('oauth_verifier') },
      secret,
      clock.now(),
    );
    expect(grant.accessToken).toMatch(new RegExp(`^${profile('x-milo').userId}-`));
    expect(grant).toMatchObject({ refreshToken: null, accessExpiresAt: null, refreshExpiresAt: null, scopes: [] });
    expect(grant.tokenSecret).toBeTruthy();

    const found = await adapter.discover(grant);
    expect(found).toEqual([
      { remoteId: profile('x-milo').userId, kind: 'profile', userName: 'milomoves', pictureUrl: `${emulator}/avatar/x-milo.svg` },
    ]);
    const avatar = await app.inject({ method: 'GET', url: new URL(found[0].pictureUrl!).pathname });
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers['content-type']).toMatch(/image\/svg\+xml/);
  });

  it('/2/users/me answers the fields asked for, with the name and the counts, and the rate-limit headers', async () => {
    const grant = await link('x-nora');
    const url = `${emulator}/2/users/me?user.fields=name%2Cusername%2Cprofile_image_url%2Cpublic_metrics`;
    const res = await callMe(signedByHand('GET', url, asUser(grant)), url);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      id: profile('x-nora').userId,
      name: 'Nora Travels',
      username: 'noratravels',
      profile_image_url: `${emulator}/avatar/x-nora.svg`,
      public_metrics: { followers_count: 88_100, following_count: 1_250, tweet_count: 20_544, listed_count: 610 },
    });
    expect(res.headers['x-rate-limit-limit']).toBe('75');
    const unknown = `${emulator}/2/users/me?user.fields=shoe_size`;
    const bad = await callMe(signedByHand('GET', unknown, asUser(grant)), unknown);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().type).toBe('https://api.twitter.com/2/problems/invalid-request');
  });

  it('Cancel sends the browser back with denied=<request token>, and the token is dead', async () => {
    const { url, secret, requestToken } = await adapter.authorize({ state: 's' });
    const back = await consent(url, 'cancel');
    expect(back.pathname).toBe('/social/return');
    expect(back.searchParams.get('denied')).toBe(requestToken);
    expect(back.searchParams.get('oauth_verifier')).toBeNull();
    expect((await app.inject({ method: 'GET', url: pathOf(url) })).statusCode).toBe(400);
    const err = await networkFailure(
      adapter.exchange({ code: null, oauthToken: requestToken, oauthVerifier: 'x' }, secret, clock.now()),
    );
    expect(err.kind).toBe('reconnect');
  });

  it('a request token is exchanged once: the second time it is an invalid token (code 89)', async () => {
    const { url, secret } = await adapter.authorize({ state: 's' });
    const back = await consent(url, 'allow');
    const given = {
      code: null,
      oauthToken: back.searchParams.get('oauth_token'),
      oauthVerifier: back.searchParams.get('oauth_verifier'),
    };
    await adapter.exchange(given, secret, clock.now());
    const again = await networkFailure(adapter.exchange(given, secret, clock.now()));
    expect(again.kind).toBe('reconnect');
    expect(again.details).toMatchObject({ status: 401, code: '89' });
  });

  it('a consent page is shown once: an allowed or unknown request token shows an error page', async () => {
    const { url } = await adapter.authorize({ state: 's' });
    await consent(url, 'allow');
    const used = await app.inject({ method: 'GET', url: pathOf(url) });
    expect(used.statusCode).toBe(400);
    expect(used.body).toContain('no longer valid');
    const unknown = await app.inject({ method: 'GET', url: '/sandbox/twitter/oauth/authorize?oauth_token=made-up' });
    expect(unknown.statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/sandbox/twitter/oauth/authorize' })).statusCode).toBe(400);
  });

  it('a wrong verifier is refused, and spends the request token', async () => {
    const { url, secret } = await adapter.authorize({ state: 's' });
    const back = await consent(url, 'allow');
    const oauthToken = back.searchParams.get('oauth_token');
    const wrong = await networkFailure(
      adapter.exchange({ code: null, oauthToken, oauthVerifier: 'guessed' }, secret, clock.now()),
    );
    expect(wrong.kind).toBe('permanent');
    expect(wrong.details.status).toBe(401);
    const right = { code: null, oauthToken, oauthVerifier: back.searchParams.get('oauth_verifier') };
    expect((await networkFailure(adapter.exchange(right, secret, clock.now()))).details.code).toBe('89');
  });

  it('a request token lasts 15 minutes of the product clock', async () => {
    const { url, secret } = await adapter.authorize({ state: 's' });
    const back = await consent(url, 'allow');
    clock.advance(16 * 60_000);
    const late = await networkFailure(
      adapter.exchange(
        { code: null, oauthToken: back.searchParams.get('oauth_token'), oauthVerifier: back.searchParams.get('oauth_verifier') },
        secret,
        clock.now(),
      ),
    );
    expect(late.kind).toBe('reconnect');
    expect(late.details.code).toBe('89');
    const { url: stale } = await adapter.authorize({ state: 's' });
    clock.advance(16 * 60_000);
    expect((await app.inject({ method: 'GET', url: pathOf(stale) })).statusCode).toBe(400);
  });

  it('access tokens do not expire: a year of the product clock later the profile is still read', async () => {
    const grant = await link();
    clock.advance(365 * 24 * 3600_000);
    expect(await adapter.discover(grant)).toHaveLength(1);
  });

  it('a return address on another origin is refused (403, code 415)', async () => {
    const elsewhere = createXAdapter({ ...settings, redirectUri: 'https://evil.example/social/return' }, viaApp.fetch);
    const err = await networkFailure(elsewhere.authorize({ state: 's' }));
    expect(err.kind).toBe('permanent');
    expect(err.details).toMatchObject({ status: 403, code: '415' });
  });
});

describe('every call is authenticated by its OAuth 1.0a signature, as X does', () => {
  it('a wrong consumer secret is refused (401, code 32)', async () => {
    const wrongSecret = createXAdapter({ ...settings, clientSecret: 'not-the-secret' }, viaApp.fetch);
    const err = await networkFailure(wrongSecret.authorize({ state: 's' }));
    expect(err.kind).toBe('permanent');
    expect(err.details).toMatchObject({ status: 401, code: '32' });
    const res = await app.inject({
      method: 'POST',
      url: '/sandbox/twitter/oauth/request_token',
      headers: { authorization: 'OAuth oauth_consumer_key="sandbox-x-consumer-key"' },
    });
    expect(res.json()).toEqual({ errors: [{ code: 32, message: 'Could not authenticate you.' }] });
    const unknownConsumer = createXAdapter({ ...settings, clientId: 'someone-else' }, viaApp.fetch);
    expect((await networkFailure(unknownConsumer.authorize({ state: 's' }))).details.code).toBe('32');
  });

  it('a call signed with a wrong token secret is refused', async () => {
    const grant = await link();
    expect(await adapter.discover(grant)).toHaveLength(1);
    const err = await networkFailure(adapter.discover({ ...grant, tokenSecret: 'not-the-token-secret' }));
    expect(err.kind).toBe('reconnect');
    expect(err.details.status).toBe(401);
  });

  it('a call signed by hand with the right secrets is accepted (the check is not merely strict)', async () => {
    const grant = await link();
    const res = await callMe(signedByHand('GET', ME, asUser(grant)));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.username).toBe('avacooks');
  });

  it('a tampered signature, or a query changed after signing, is refused', async () => {
    const grant = await link();
    const header = signedByHand('GET', ME, asUser(grant));
    const tampered = header.replace(
      /oauth_signature="([^"]+)"/,
      (_, s: string) => `oauth_signature="${s.startsWith('A') ? 'B' : 'A'}${s.slice(1)}"`,
    );
    const refused = await callMe(tampered);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ title: 'Unauthorized', status: 401 });
    const otherQuery = await callMe(signedByHand('GET', ME, asUser(grant)), `${emulator}/2/users/me?user.fields=username`);
    expect(otherQuery.statusCode).toBe(401);
  });

  it('a timestamp more than 5 minutes off is refused', async () => {
    const grant = await link();
    const now = Math.floor(Date.now() / 1000);
    expect((await callMe(signedByHand('GET', ME, asUser(grant), { timestamp: now - 301 }))).statusCode).toBe(401);
    expect((await callMe(signedByHand('GET', ME, asUser(grant), { timestamp: now + 301 }))).statusCode).toBe(401);
    expect((await callMe(signedByHand('GET', ME, asUser(grant), { timestamp: now - 240 }))).statusCode).toBe(200);
  });

  it('a nonce is used once: the same signed call sent again is refused', async () => {
    const grant = await link();
    const header = signedByHand('GET', ME, asUser(grant));
    expect((await callMe(header)).statusCode).toBe(200);
    expect((await callMe(header)).statusCode).toBe(401);
    const replayedToken = await app.inject({
      method: 'POST',
      url: '/sandbox/twitter/oauth/request_token',
      headers: { authorization: signedByHand('POST', `${emulator}/oauth/request_token`, null, { nonce: 'same-nonce' }) },
    });
    // no oauth_callback: signed right, but not a return address the app has
    expect(replayedToken.json().errors[0].code).toBe(415);
    const again = await app.inject({
      method: 'POST',
      url: '/sandbox/twitter/oauth/request_token',
      headers: { authorization: signedByHand('POST', `${emulator}/oauth/request_token`, null, { nonce: 'same-nonce' }) },
    });
    expect(again.json().errors[0].code).toBe(32);
  });
});

describe('revoking, and failures asked for through /_control, are classified by the adapter', () => {
  it("a revoked profile: its access is refused (401), reconnect; another profile's is untouched", async () => {
    const grant = await link('x-nora');
    const other = await link('x-milo');
    const revoked = await app.inject({ method: 'POST', url: '/sandbox/twitter/_revoke', payload: { profile: 'x-nora' } });
    expect(revoked.json().revoked).toBeGreaterThanOrEqual(1);
    const err = await networkFailure(adapter.discover(grant));
    expect(err.kind).toBe('reconnect');
    expect(err.reason).toBe('X no longer accepts the saved access');
    expect(await adapter.discover(other)).toHaveLength(1);
  });

  it('revoked: 401, reconnect, and the access stays dead; expired_token: 401 once', async () => {
    const grant = await link('x-milo');
    await control({ fail: 'revoked' });
    expect((await networkFailure(adapter.discover(grant))).kind).toBe('reconnect');
    expect((await networkFailure(adapter.discover(grant))).kind).toBe('reconnect');
    const fresh = await link('x-ava');
    await control({ fail: 'expired_token' });
    expect((await networkFailure(adapter.discover(fresh))).details).toMatchObject({ status: 401 });
    expect(await adapter.discover(fresh)).toHaveLength(1);
  });

  it('rate_limit: 429, rate_limited until x-rate-limit-reset, 15 minutes of the product clock on', async () => {
    const grant = await link();
    await control({ fail: 'rate_limit' });
    const raw = await callMe(signedByHand('GET', ME, asUser(grant)));
    expect(raw.statusCode).toBe(429);
    expect(raw.json()).toMatchObject({ title: 'Too Many Requests', status: 429 });
    expect(raw.headers['x-rate-limit-remaining']).toBe('0');
    const reset = Number(raw.headers['x-rate-limit-reset']);
    expect(Math.abs(reset - (clock.nowMs() / 1000 + 900))).toBeLessThanOrEqual(2);

    await control({ fail: 'rate_limit' });
    const before = Math.floor(clock.nowMs() / 1000);
    const err = await networkFailure(adapter.discover(grant));
    expect(err.kind).toBe('rate_limited');
    expect(err.details.status).toBe(429);
    expect(err.retryAt!.getTime()).toBeGreaterThanOrEqual((before + 900) * 1000);
    expect(err.retryAt!.getTime()).toBeLessThanOrEqual(clock.nowMs() + 900_000);
    expect(err.retryAt!.getTime() % 1000).toBe(0);
  });

  it('missing_permission: 403 oauth1-permissions, reconnect in plain words', async () => {
    const grant = await link();
    await control({ fail: 'missing_permission' });
    const err = await networkFailure(adapter.discover(grant));
    expect(err.kind).toBe('reconnect');
    expect(err.details).toMatchObject({ status: 403, code: 'oauth1-permissions' });
    expect(err.reason).toMatch(/permission/);
  });

  it('processing_error: 400 invalid-request, permanent', async () => {
    const grant = await link();
    await control({ fail: 'processing_error' });
    expect((await networkFailure(adapter.discover(grant))).kind).toBe('permanent');
  });

  it('server_error: 503, retry; the next call works', async () => {
    const grant = await link();
    await control({ fail: 'server_error' });
    const err = await networkFailure(adapter.discover(grant));
    expect(err.kind).toBe('retry');
    expect(err.details.status).toBe(503);
    expect(await adapter.discover(grant)).toHaveLength(1);
  });

  it('timeout: no answer in time, retry', async () => {
    const grant = await link();
    // the network's 15 s deadline, shortened so the test does not wait for it
    const impatient = emulators.impatientFetch;
    await control({ fail: 'timeout' });
    const err = await networkFailure(createXAdapter(settings, impatient, () => clock.now()).discover(grant));
    expect(err.kind).toBe('retry');
    expect(err.reason).toMatch(/in time/);
  });

  it("the OAuth endpoints' failures in X's v1.1 shape: rate_limit, server_error, expired_token", async () => {
    await control({ fail: 'rate_limit' });
    const limited = await networkFailure(adapter.authorize({ state: 's' }));
    expect(limited.kind).toBe('rate_limited');
    expect(limited.details.code).toBe('88');
    await control({ fail: 'server_error' });
    expect((await networkFailure(adapter.authorize({ state: 's' }))).kind).toBe('retry');
    const { url, secret } = await adapter.authorize({ state: 's' });
    const back = await consent(url, 'allow');
    const given = {
      code: null,
      oauthToken: back.searchParams.get('oauth_token'),
      oauthVerifier: back.searchParams.get('oauth_verifier'),
    };
    await control({ fail: 'expired_token' });
    const expired = await networkFailure(adapter.exchange(given, secret, clock.now()));
    expect(expired.kind).toBe('reconnect');
    expect(expired.details.code).toBe('89');
    // failures are used up one call each: the same request token is still good
    expect((await adapter.exchange(given, secret, clock.now())).accessToken).toBeTruthy();
  });
});

describe("X's failure control: failures kept for a kind of call, or for one account", () => {
  it("a failure kept for one account is not taken by another account's call, nor a token call, and meets its own", async () => {
    const ava = await link('x-ava');
    const milo = await link('x-milo');
    const kept = await control({ fail: 'server_error', account: profile('x-milo').userId });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toEqual({ pending: ['server_error'] });
    // Ava's reads and publishes, and a request token (whose account X cannot tell), go through
    expect(await adapter.discover(ava)).toHaveLength(1);
    expect((await adapter.postsSince(ava, account('x-ava'), clock.now())).complete).toBe(true);
    expect((await adapter.publish(ava, post('x-ava'))).state).toBe('published');
    expect((await adapter.authorize({ state: 'st' })).url).toContain('/oauth/authorize');
    // Milo's next call meets it, once
    const err = await networkFailure(adapter.postsSince(milo, account('x-milo'), clock.now()));
    expect(err.kind).toBe('retry');
    expect(err.details.status).toBe(503);
    expect((await adapter.postsSince(milo, account('x-milo'), clock.now())).complete).toBe(true);
  });

  it('a failure kept for reads fails postsSince but not a publish; one kept for publishes the other way round', async () => {
    const grant = await link('x-milo');
    const since = clock.now();
    await control({ fail: 'server_error', only: 'read' });
    const out = await adapter.publish(grant, post('x-milo', fresh('Read failure kept')));
    if (out.state !== 'published') throw new Error('not published');
    expect((await networkFailure(adapter.postsSince(grant, account('x-milo'), since))).kind).toBe('retry');
    expect((await adapter.postsSince(grant, account('x-milo'), since)).posts.map((p) => p.postId)).toContain(out.postId);
    await control({ fail: 'missing_permission', only: 'publish' });
    expect((await adapter.postsSince(grant, account('x-milo'), since)).complete).toBe(true);
    expect((await adapter.profile(grant, account('x-milo'))).userName).toBe('milomoves');
    expect((await networkFailure(adapter.publish(grant, post('x-milo')))).kind).toBe('reconnect');
    expect((await control({})).json()).toEqual({ pending: [] });
  });

  it('lost answers may be kept for one account too, and clear forgets them', async () => {
    expect((await control({ lose_answers: 2, account: profile('x-ava').userId })).statusCode).toBe(200);
    expect((await control({ clear: true })).statusCode).toBe(200);
    // nothing left to lose: the publish answers at once
    const grant = await link('x-ava');
    expect((await adapter.publish(grant, post('x-ava'))).state).toBe('published');
  });
});

describe("X's timeline pages as X's does", () => {
  it(`reaches back only the user's most recent posts (3,200 on X; ${REACH} here): a check past them is not complete`, async () => {
    const grant = await link('x-nora');
    const nora = account('x-nora');
    const paged = createXAdapter(settings, viaApp.fetch, () => clock.now(), { pageSize: 5, timelineReach: REACH });
    clock.advance(16 * 60_000); // a fresh rate-limit window for the posts below
    const since = clock.now();
    const texts: string[] = [];
    for (let i = 0; i < REACH + 3; i++) {
      const text = fresh('Reach');
      texts.push(text);
      expect((await adapter.publish(grant, post('x-nora', text))).state).toBe('published');
    }
    const far = await paged.postsSince(grant, nora, since);
    expect(far.complete).toBe(false);
    // the newest REACH posts, newest first; the 3 oldest are out of reach
    expect(far.posts.map((p) => p.text)).toEqual(texts.slice(3).reverse());
    // a moment within reach: every post since it, complete
    clock.advance(2_000);
    const near = clock.now();
    const last = fresh('Within reach');
    await adapter.publish(grant, post('x-nora', last));
    expect(await paged.postsSince(grant, nora, near)).toMatchObject({ complete: true, posts: [{ text: last }] });
  });

  it('5 to 100 a page, next_token while more follow, start_time to the second; a token or time X did not make is refused', async () => {
    const grant = await link('x-milo');
    clock.advance(16 * 60_000);
    clock.advance(1_000 - (clock.nowMs() % 1000)); // the start of a second
    const start = clock.now();
    for (let i = 0; i < 7; i++) await adapter.publish(grant, post('x-milo'));
    const url = (query: Record<string, string>) =>
      `${emulator}/2/users/${profile('x-milo').userId}/tweets?${new URLSearchParams(query)}`;
    const get = (u: string) =>
      app.inject({ method: 'GET', url: pathOf(u), headers: { authorization: signedByHand('GET', u, asUser(grant)) } });
    const startTime = start.toISOString().replace(/\.\d{3}Z$/, 'Z');
    const first = await get(url({ max_results: '5', start_time: startTime, 'tweet.fields': 'created_at' }));
    expect(first.statusCode).toBe(200);
    const one = first.json();
    expect(one.data).toHaveLength(5);
    expect(one.data[0].created_at).toMatch(/\.000Z$/);
    expect(one.meta).toMatchObject({ result_count: 5, newest_id: one.data[0].id, oldest_id: one.data[4].id });
    const second = (await get(url({ max_results: '5', start_time: startTime, pagination_token: one.meta.next_token }))).json();
    expect(second.data).toHaveLength(2);
    expect(second.meta.next_token).toBeUndefined();
    expect(BigInt(second.data[0].id)).toBeLessThan(BigInt(one.meta.oldest_id));
    // a start_time after them all: none
    const later = new Date(start.getTime() + 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    expect((await get(url({ start_time: later }))).json()).toEqual({ meta: { result_count: 0 } });
    const refused: Record<string, string>[] = [
      { max_results: '101' },
      { max_results: '4' },
      { pagination_token: 'nope' },
      { start_time: 'yesterday' },
      { start_time: '2009-01-01T00:00:00Z' },
    ];
    for (const bad of refused) {
      const res = await get(url(bad));
      expect(res.statusCode).toBe(400);
      expect(res.json().title).toBe('Invalid Request');
    }
  });
});
