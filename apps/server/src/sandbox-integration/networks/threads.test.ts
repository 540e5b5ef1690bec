import { SANDBOX_THREADS_CLIENT, THREADS_DEMO_PROFILES, threadsEmulatorRoutes } from '@virality/sandbox/testing';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { Clock } from '../../clock';
import { networkFailure } from '../../integrations/networks/test-kit';
import { createThreadsAdapter, THREADS_SCOPES } from '../../integrations/networks/threads';
import type { TGrant } from '../../integrations/networks/types';
import { clickConsent, emulatorApp, emulatorSettings, TEST_PUBLIC_URL as publicUrl } from './test-kit';

const emulator = `${publicUrl}/sandbox/threads`;
const settings = emulatorSettings(SANDBOX_THREADS_CLIENT, '/sandbox/threads');
const DAY_MS = 86_400_000;
const LONG_TTL_MS = 5_183_944_000;
const clock = new Clock();
const emulators = emulatorApp((app) => app.register(threadsEmulatorRoutes({ clock, publicUrl })));
const { app, viaApp } = emulators;

const adapter = createThreadsAdapter(settings, viaApp.fetch, () => clock.now());

afterEach(async () => {
  await control({ clear: true });
});

const control = (payload: Record<string, unknown>) => emulators.control('/sandbox/threads', payload);
const profile = (id: string) => THREADS_DEMO_PROFILES.find((p) => p.id === id)!;
const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

/** What a person does on the sandbox consent page: picks a profile and clicks Allow (or Cancel). */
async function consent(url: string, decision: 'allow' | 'cancel', chosen = 'th-ava') {
  const { page, res } = await clickConsent(app, url, { profile: chosen, decision });
  expect(page.statusCode).toBe(200);
  expect(res.statusCode).toBe(302);
  return new URL(String(res.headers.location));
}

const consentOf = (back: URL) => ({ code: back.searchParams.get('code'), oauthToken: null, oauthVerifier: null });

/** Authorize, Allow and exchange: the grant of a freshly linked profile. */
async function link(chosen = 'th-ava'): Promise<TGrant> {
  const { url } = await adapter.authorize({ state: 'st' });
  return adapter.exchange(consentOf(await consent(url, 'allow', chosen)), null, clock.now());
}

describe('linking a Threads profile through the emulator', () => {
  it('the consent page shows every demo profile, what is asked, and Allow and Cancel', async () => {
    const { url } = await adapter.authorize({ state: 's' });
    const page = await app.inject({ method: 'GET', url: pathOf(url) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Allow Virality to use your Threads account');
    for (const p of THREADS_DEMO_PROFILES) {
      expect(page.body).toContain(p.displayName);
      expect(page.body).toContain(`@${p.userName}`);
    }
    expect(page.body).toContain('Create posts on Threads on your behalf');
    expect(page.body).toMatch(/value="allow">Allow</);
    expect(page.body).toMatch(/value="cancel">Cancel</);
  });

  it('Allow, exchange and discover: a 60-day token for the chosen profile, with its username and picture', async () => {
    const { url } = await adapter.authorize({ state: 'state-1' });
    const back = await consent(url, 'allow', 'th-milo');
    expect(back.origin + back.pathname).toBe(`${publicUrl}/social/return`);
    expect(back.searchParams.get('state')).toBe('state-1');
    expect(back.searchParams.get('code')).toBeTruthy();
    expect(back.hash).toBe('#_');

    const at = clock.now();
    const grant = await adapter.exchange(consentOf(back), null, at);
    expect(grant.accessExpiresAt?.getTime()).toBe(at.getTime() + LONG_TTL_MS);
    expect(grant.refreshToken).toBe(grant.accessToken);
    expect(grant.refreshExpiresAt).toEqual(grant.accessExpiresAt);
    expect(grant.scopes).toEqual(THREADS_SCOPES);

    const found = await adapter.discover(grant);
    expect(found).toEqual([
      {
        remoteId: profile('th-milo').userId,
        kind: 'profile',
        userName: 'milo.moves',
        pictureUrl: `${emulator}/avatar/th-milo.svg`,
      },
    ]);
    const avatar = await app.inject({ method: 'GET', url: new URL(found[0].pictureUrl!).pathname });
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers['content-type']).toMatch(/image\/svg\+xml/);
  });

  it('the short-lived token is used up by the exchange into a long-lived one, and lasts an hour', async () => {
    const { url } = await adapter.authorize({ state: 's' });
    const code = (await consent(url, 'allow')).searchParams.get('code')!;
    const short = await app.inject({
      method: 'POST',
      url: '/sandbox/threads/oauth/access_token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        client_id: SANDBOX_THREADS_CLIENT.clientId,
        client_secret: SANDBOX_THREADS_CLIENT.clientSecret,
        grant_type: 'authorization_code',
        redirect_uri: settings.redirectUri,
        code,
      }).toString(),
    });
    expect(short.statusCode).toBe(200);
    expect(short.json()).toEqual({ access_token: expect.any(String), user_id: Number(profile('th-ava').userId) });
    const exchangeUrl = (token: string) =>
      `/sandbox/threads/access_token?${new URLSearchParams({ grant_type: 'th_exchange_token', client_secret: SANDBOX_THREADS_CLIENT.clientSecret, access_token: token })}`;
    const long = await app.inject({ method: 'GET', url: exchangeUrl(short.json().access_token) });
    expect(long.json()).toEqual({ access_token: expect.any(String), token_type: 'bearer', expires_in: 5183944 });
    // a long-lived token is not exchanged again
    expect((await app.inject({ method: 'GET', url: exchangeUrl(long.json().access_token) })).statusCode).toBe(400);
    clock.advance(3601_000);
    const late = await app.inject({ method: 'GET', url: exchangeUrl(short.json().access_token) });
    expect(late.json().error).toMatchObject({ code: 190, error_subcode: 463, type: 'OAuthException' });
  });

  it('Cancel returns access_denied (user_denied) with the state and no code', async () => {
    const { url } = await adapter.authorize({ state: 'state-2' });
    const back = await consent(url, 'cancel');
    expect(back.pathname).toBe('/social/return');
    expect(Object.fromEntries(back.searchParams)).toEqual({
      error: 'access_denied',
      error_reason: 'user_denied',
      error_description: 'Permissions error',
      state: 'state-2',
    });
  });

  it('a code is good once: the second exchange is refused in plain words', async () => {
    const { url } = await adapter.authorize({ state: 's' });
    const given = consentOf(await consent(url, 'allow'));
    await adapter.exchange(given, null, clock.now());
    const again = await networkFailure(adapter.exchange(given, null, clock.now()));
    expect(again.kind).toBe('permanent');
    expect(again.details).toMatchObject({ status: 400, code: '100/36009' });
    expect(again.reason).toMatch(/already used or took too long/);
  });

  it('a code lasts 10 minutes of the product clock', async () => {
    const { url } = await adapter.authorize({ state: 's' });
    const given = consentOf(await consent(url, 'allow'));
    clock.advance(11 * 60_000);
    const late = await networkFailure(adapter.exchange(given, null, clock.now()));
    expect(late.kind).toBe('permanent');
    expect(late.details.code).toBe('100/36007');
  });

  it('only the sandbox app is accepted: another client id or secret is refused', async () => {
    const { url } = await adapter.authorize({ state: 's' });
    const u = new URL(url);
    u.searchParams.set('client_id', 'someone-else');
    expect((await app.inject({ method: 'GET', url: u.pathname + u.search })).statusCode).toBe(400);

    const given = consentOf(await consent(url, 'allow'));
    const stranger = createThreadsAdapter({ ...settings, clientSecret: 'not-the-secret' }, viaApp.fetch, () => clock.now());
    const err = await networkFailure(stranger.exchange(given, null, clock.now()));
    expect(err.kind).toBe('permanent');
    expect(err.reason).toMatch(/app id or secret/);
    const unknown = createThreadsAdapter({ ...settings, clientId: '42' }, viaApp.fetch, () => clock.now());
    expect((await networkFailure(unknown.exchange(given, null, clock.now()))).details.code).toBe('101');
  });

  it('a return address on another origin is refused, on the page and on its form', async () => {
    const { url } = await adapter.authorize({ state: 's' });
    const u = new URL(url);
    u.searchParams.set('redirect_uri', 'https://evil.example/steal');
    const page = await app.inject({ method: 'GET', url: u.pathname + u.search });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('redirect_uri');
    const post = await app.inject({
      method: 'POST',
      url: '/sandbox/threads/oauth/authorize',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        client_id: SANDBOX_THREADS_CLIENT.clientId,
        redirect_uri: 'https://evil.example/steal',
        state: 's',
        scope: THREADS_SCOPES.join(','),
        profile: 'th-ava',
        decision: 'allow',
      }).toString(),
    });
    expect(post.statusCode).toBe(400);
    expect(post.headers.location).toBeUndefined();
  });

  it('a code given for another return address is refused', async () => {
    const other = createThreadsAdapter({ ...settings, redirectUri: `${publicUrl}/other/return` }, viaApp.fetch, () =>
      clock.now(),
    );
    const { url } = await other.authorize({ state: 's' });
    const given = consentOf(await consent(url, 'allow'));
    const err = await networkFailure(adapter.exchange(given, null, clock.now()));
    expect(err.kind).toBe('permanent');
    expect(err.details.code).toBe('100/36008');
  });
});

describe('keeping access fresh', () => {
  it('after 30 days a renewal gives a new token for another 60 days; the old one works until its own expiry', async () => {
    const grant = await link('th-nora');
    clock.advance(30 * DAY_MS);
    const at = clock.now();
    const renewed = await adapter.refresh(grant, at);
    expect(renewed.accessToken).not.toBe(grant.accessToken);
    expect(renewed.refreshToken).toBe(renewed.accessToken);
    expect(renewed.accessExpiresAt?.getTime()).toBe(at.getTime() + LONG_TTL_MS);
    expect(await adapter.discover(renewed)).toHaveLength(1);
    expect(await adapter.discover(grant)).toHaveLength(1);
    // the emulator issued it a moment after the adapter noted the time: a second past the expiry noted
    clock.advance(grant.accessExpiresAt!.getTime() - clock.nowMs() + 1000);
    expect((await networkFailure(adapter.discover(grant))).kind).toBe('reconnect');
    expect((await adapter.discover(renewed))[0].userName).toBe('nora.travels');
  });

  it('a token younger than a day is not renewed (and still works)', async () => {
    const grant = await link();
    clock.advance(23 * 3600_000);
    const err = await networkFailure(adapter.refresh(grant, clock.now()));
    expect(err.kind).toBe('permanent');
    expect(err.reason).toMatch(/a day old/);
    expect(await adapter.discover(grant)).toHaveLength(1);
    clock.advance(3600_000);
    expect((await adapter.refresh(grant, clock.now())).accessToken).not.toBe(grant.accessToken);
  });

  it('an expired token cannot be used nor renewed: reconnect', async () => {
    const grant = await link();
    clock.advance(LONG_TTL_MS);
    const used = await networkFailure(adapter.discover(grant));
    expect(used.kind).toBe('reconnect');
    expect(used.details.code).toBe('190/463');
    expect(used.reason).toMatch(/expired/);
    const renewed = await networkFailure(adapter.refresh(grant, clock.now()));
    expect(renewed.kind).toBe('reconnect');
    expect(renewed.details.code).toBe('190/463');
  });

  it("a revoked profile: every one of its tokens is refused (190), and another profile's are untouched", async () => {
    const grant = await link('th-nora');
    clock.advance(2 * DAY_MS);
    const renewed = await adapter.refresh(grant, clock.now());
    const other = await link('th-milo');
    const revoked = await app.inject({ method: 'POST', url: '/sandbox/threads/_revoke', payload: { profile: 'th-nora' } });
    expect(revoked.json().revoked).toBeGreaterThanOrEqual(2);
    for (const g of [grant, renewed]) {
      const err = await networkFailure(adapter.discover(g));
      expect(err.kind).toBe('reconnect');
      expect(err.details.code).toBe('190/458');
    }
    expect((await networkFailure(adapter.refresh(renewed, clock.now()))).kind).toBe('reconnect');
    expect(await adapter.discover(other)).toHaveLength(1);
  });
});

describe('failures asked for through /_control are classified by the adapter', () => {
  it('expired_token: 190/463, reconnect', async () => {
    const grant = await link();
    await control({ fail: 'expired_token' });
    const err = await networkFailure(adapter.discover(grant));
    expect(err.kind).toBe('reconnect');
    expect(err.details).toMatchObject({ status: 400, code: '190/463' });
  });

  it('revoked: 190/460, reconnect; the profile’s tokens stay dead after it', async () => {
    const grant = await link('th-milo');
    await control({ fail: 'revoked' });
    const err = await networkFailure(adapter.discover(grant));
    expect(err.kind).toBe('reconnect');
    expect(err.details.code).toBe('190/460');
    expect((await networkFailure(adapter.discover(grant))).details.code).toBe('190/458');
  });

  it('rate_limit: code 4 with usage headers, rate_limited until the time to regain access', async () => {
    const grant = await link();
    await control({ fail: 'rate_limit' });
    const before = clock.nowMs();
    const err = await networkFailure(adapter.discover(grant));
    expect(err.kind).toBe('rate_limited');
    expect(err.details).toMatchObject({ status: 400, code: '4' });
    expect(err.retryAt!.getTime()).toBeGreaterThanOrEqual(before + 7 * 60_000);
    expect(err.retryAt!.getTime()).toBeLessThanOrEqual(clock.nowMs() + 7 * 60_000);
  });

  it('missing_permission: 403 code 10, reconnect in plain words', async () => {
    const grant = await link();
    await control({ fail: 'missing_permission' });
    const err = await networkFailure(adapter.discover(grant));
    expect(err.kind).toBe('reconnect');
    expect(err.details).toMatchObject({ status: 403, code: '10' });
    expect(err.reason).toMatch(/permission/);
  });

  it('a consent without threads_basic cannot read the profile: a missing permission', async () => {
    const { url } = await adapter.authorize({ state: 's' });
    const u = new URL(url);
    u.searchParams.set('scope', 'threads_content_publish');
    const grant = await adapter.exchange(consentOf(await consent(u.toString(), 'allow')), null, clock.now());
    expect((await networkFailure(adapter.discover(grant))).kind).toBe('reconnect');
  });

  it('server_error: 500, retry; the next call works', async () => {
    const grant = await link();
    await control({ fail: 'server_error' });
    const err = await networkFailure(adapter.discover(grant));
    expect(err.kind).toBe('retry');
    expect(err.details.status).toBe(500);
    expect(await adapter.discover(grant)).toHaveLength(1);
  });

  it('processing_error: code 1, retry', async () => {
    const grant = await link();
    await control({ fail: 'processing_error' });
    const err = await networkFailure(adapter.discover(grant));
    expect(err.kind).toBe('retry');
    expect(err.details.code).toBe('1');
  });

  it('timeout: no answer in time, retry', async () => {
    const grant = await link();
    // the network's 15 s deadline, shortened so the test does not wait for it
    const impatient = emulators.impatientFetch;
    await control({ fail: 'timeout' });
    const err = await networkFailure(createThreadsAdapter(settings, impatient, () => clock.now()).discover(grant));
    expect(err.kind).toBe('retry');
    expect(err.reason).toMatch(/in time/);
  });

  it('the token calls fail the same way: server_error retry, rate_limit rate_limited, expired_token reconnect', async () => {
    const grant = await link();
    clock.advance(2 * DAY_MS);
    await control({ fail: 'server_error' });
    expect((await networkFailure(adapter.refresh(grant, clock.now()))).kind).toBe('retry');
    await control({ fail: 'rate_limit' });
    expect((await networkFailure(adapter.refresh(grant, clock.now()))).kind).toBe('rate_limited');
    await control({ fail: 'expired_token' });
    expect((await networkFailure(adapter.refresh(grant, clock.now()))).kind).toBe('reconnect');
    // failures are used up one call each: the same token renews afterwards
    expect((await adapter.refresh(grant, clock.now())).accessToken).not.toBe(grant.accessToken);
  });

  it('times and clear: failures queue up, and clear forgets them', async () => {
    const grant = await link();
    expect((await control({ fail: 'server_error', times: 2 })).json().pending).toEqual(['server_error', 'server_error']);
    expect((await networkFailure(adapter.discover(grant))).kind).toBe('retry');
    expect((await control({ clear: true })).json().pending).toEqual([]);
    expect(await adapter.discover(grant)).toHaveLength(1);
  });
});

describe("Threads' failure control: failures kept for a kind of call, or for one account", () => {
  const accountOf = (chosen: string) => ({ remoteId: profile(chosen).userId, kind: 'profile' as const });

  it("a failure kept for one account is not taken by another account's call, nor a token call, and meets its own", async () => {
    const ava = await link('th-ava');
    const milo = await link('th-milo');
    const kept = await control({ fail: 'server_error', account: profile('th-milo').userId });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toEqual({ pending: ['server_error'] });
    // Ava's calls, and a new consent's token calls (whose account Threads' emulator does not tell), go through
    expect(await adapter.discover(ava)).toHaveLength(1);
    expect((await adapter.postsSince(ava, accountOf('th-ava'), clock.now())).complete).toBe(true);
    expect((await link('th-nora')).accessToken).toBeTruthy();
    // Milo's next call meets it, once
    const err = await networkFailure(adapter.postsSince(milo, accountOf('th-milo'), clock.now()));
    expect(err.kind).toBe('retry');
    expect(err.details.status).toBe(500);
    expect((await adapter.postsSince(milo, accountOf('th-milo'), clock.now())).complete).toBe(true);
  });

  it('a failure kept for publishes is not taken by reads (the profile, the posts)', async () => {
    const grant = await link('th-ava');
    await control({ fail: 'server_error', only: 'publish', account: profile('th-ava').userId });
    expect(await adapter.discover(grant)).toHaveLength(1);
    expect((await adapter.profile(grant, accountOf('th-ava'))).userName).toBe('ava.cooks');
    expect((await adapter.postsSince(grant, accountOf('th-ava'), clock.now())).complete).toBe(true);
    expect((await control({})).json()).toEqual({ pending: ['server_error'] });
  });
});

describe("a profile's posts page as Threads' do", () => {
  it('limit, since and the after cursor, paging.next only while another page follows; a bad since or cursor is refused', async () => {
    const grant = await link('th-milo');
    const uid = profile('th-milo').userId;
    // the seconds below are the posts' own: time stands still between the moves this test makes (a slow
    // machine crossing a second between reading 'since' and the first post would shift every post by one)
    vi.useFakeTimers({ toFake: ['Date'], now: Math.ceil(Date.now() / 1000) * 1000 });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    clock.advance(2_000);
    const since = Math.floor(clock.nowMs() / 1000);
    for (const text of ['one', 'two', 'three']) {
      const container = await app.inject({
        method: 'POST',
        url: `/sandbox/threads/v1.0/${uid}/threads?access_token=${grant.accessToken}`,
        payload: { media_type: 'TEXT', text },
      });
      const published = await app.inject({
        method: 'POST',
        url: `/sandbox/threads/v1.0/${uid}/threads_publish?access_token=${grant.accessToken}`,
        payload: { creation_id: container.json().id },
      });
      expect(published.statusCode).toBe(200);
      clock.advance(1_000);
    }
    const list = (query: Record<string, string>) =>
      app.inject({
        method: 'GET',
        url: `/sandbox/threads/v1.0/${uid}/threads?${new URLSearchParams({ access_token: grant.accessToken, fields: 'text', ...query })}`,
      });
    const first = (await list({ limit: '2', since: String(since) })).json();
    expect(first.data).toEqual([{ text: 'three' }, { text: 'two' }]);
    expect(first.paging.next).toContain('after=');
    const second = (await list({ limit: '2', since: String(since), after: first.paging.cursors.after })).json();
    expect(second.data).toEqual([{ text: 'one' }]);
    expect(second.paging.next).toBeUndefined();
    expect(second.paging.previous).toContain('before=');
    // since is inclusive, to the second; a date is read as well as a Unix timestamp
    expect((await list({ since: String(since + 1) })).json().data).toEqual([{ text: 'three' }, { text: 'two' }]);
    expect((await list({ since: new Date((since + 2) * 1000).toISOString() })).json().data).toEqual([{ text: 'three' }]);
    const refused: Record<string, string>[] = [
      { since: '1600000000' },
      { since: 'not a time' },
      { after: 'bm9wZQ' },
      { after: 'a', before: 'b' },
    ];
    for (const bad of refused) {
      const res = await list(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe(100);
    }
  });
});
