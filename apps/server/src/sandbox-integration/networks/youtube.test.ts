import { SANDBOX_YOUTUBE_CLIENT, YOUTUBE_DEMO_CHANNELS, youtubeEmulatorRoutes } from '@virality/sandbox/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { Clock } from '../../clock';
import { networkFailure } from '../../integrations/networks/test-kit';
import type { TGrant } from '../../integrations/networks/types';
import { createYouTubeAdapter, YOUTUBE_SCOPES } from '../../integrations/networks/youtube';
import { clickConsent, emulatorApp, emulatorSettings, TEST_PUBLIC_URL as publicUrl } from './test-kit';

const emulator = `${publicUrl}/sandbox/youtube`;
const settings = emulatorSettings(SANDBOX_YOUTUBE_CLIENT, '/sandbox/youtube');
const clock = new Clock();
const emulators = emulatorApp((app) => app.register(youtubeEmulatorRoutes({ clock, publicUrl })));
const { app, viaApp } = emulators;

const adapter = createYouTubeAdapter(settings, viaApp.fetch, () => clock.now());

afterEach(async () => {
  await control({ clear: true });
});

const control = (payload: Record<string, unknown>) => emulators.control('/sandbox/youtube', payload);
const channel = (id: string) => YOUTUBE_DEMO_CHANNELS.find((c) => c.id === id)!;

/** What a person does on the sandbox consent page: picks a channel and clicks Allow (or Cancel). */
async function consent(url: string, decision: 'allow' | 'cancel', profile = 'yt-ava', change: Record<string, string> = {}) {
  const { page, res } = await clickConsent(app, url, { profile, decision, change });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('Allow Virality to use your YouTube account');
  expect(res.statusCode).toBe(302);
  return new URL(String(res.headers.location));
}

/** Authorize, Allow and exchange: the grant of a freshly linked channel. */
async function link(profile = 'yt-ava', a = adapter): Promise<TGrant> {
  const { url, secret } = await a.authorize({ state: 'st' });
  const back = await consent(url, 'allow', profile);
  return a.exchange({ code: back.searchParams.get('code'), oauthToken: null, oauthVerifier: null }, secret, clock.now());
}

describe('linking a YouTube channel through the emulator', () => {
  it('authorize, Allow, exchange and discover: the chosen channel with its handle and picture', async () => {
    const { url, secret } = await adapter.authorize({ state: 'state-1' });
    const page = await app.inject({ method: 'GET', url: new URL(url).pathname + new URL(url).search });
    expect(page.headers['content-type']).toMatch(/text\/html/);
    for (const c of YOUTUBE_DEMO_CHANNELS) expect(page.body).toContain(c.displayName);
    expect(page.body).toContain('Manage your YouTube videos');
    expect(page.body).toContain('#ea4335');

    const back = await consent(url, 'allow', 'yt-milo');
    expect(back.origin + back.pathname).toBe(`${publicUrl}/social/return`);
    expect(back.searchParams.get('state')).toBe('state-1');
    expect(back.searchParams.get('code')).toMatch(/^4\//);

    const at = clock.now();
    const grant = await adapter.exchange(
      { code: back.searchParams.get('code'), oauthToken: null, oauthVerifier: null },
      secret,
      at,
    );
    expect(grant.accessToken).toMatch(/^ya29\./);
    expect(grant.refreshToken).toMatch(/^1\/\//);
    expect(grant.accessExpiresAt?.getTime()).toBe(at.getTime() + 3599_000);
    expect(grant.scopes).toEqual(YOUTUBE_SCOPES);

    const found = await adapter.discover(grant);
    expect(found).toEqual([
      {
        remoteId: channel('yt-milo').channelId,
        kind: 'channel',
        userName: 'milomoves',
        pictureUrl: `${emulator}/avatar/yt-milo.svg`,
      },
    ]);
    const avatar = await app.inject({ method: 'GET', url: new URL(found[0].pictureUrl!).pathname });
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(avatar.body).toContain('<svg');
  });

  it('the channel answer has YouTube shape: string statistics, a handle with @, only the parts asked for', async () => {
    const grant = await link('yt-nora');
    const res = await app.inject({
      method: 'GET',
      url: '/sandbox/youtube/youtube/v3/channels?part=snippet,statistics&mine=true',
      headers: { authorization: `Bearer ${grant.accessToken}` },
    });
    const [item] = res.json().items;
    expect(item.snippet.customUrl).toBe('@noratravels');
    expect(item.statistics).toMatchObject({ viewCount: '5920118', subscriberCount: '251000', videoCount: '433' });
    expect(item.contentDetails).toBeUndefined();
    const unfiltered = await app.inject({
      method: 'GET',
      url: '/sandbox/youtube/youtube/v3/channels?part=snippet',
      headers: { authorization: `Bearer ${grant.accessToken}` },
    });
    expect(unfiltered.statusCode).toBe(400);
    expect(unfiltered.json().error.errors[0].reason).toBe('missingRequiredParameter');
  });

  it('categories are those of the region a video may be put in', async () => {
    const grant = await link();
    const cats = await adapter.categories(grant, 'US');
    expect(cats).toContainEqual({ id: '22', title: 'People & Blogs' });
    expect(cats.map((c) => c.id)).not.toContain('18');
    expect((await networkFailure(adapter.categories(grant, 'USA'))).kind).toBe('permanent');
  });

  it('Cancel returns error=access_denied with the state and no code', async () => {
    const { url } = await adapter.authorize({ state: 'state-2' });
    const back = await consent(url, 'cancel');
    expect(back.pathname).toBe('/social/return');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('state-2');
    expect(back.searchParams.get('code')).toBeNull();
  });

  it('the consent page refuses an unknown client and a return address off the product', async () => {
    const { url } = await adapter.authorize({ state: 's' });
    const u = new URL(url);
    u.searchParams.set('client_id', 'someone-else');
    expect((await app.inject({ method: 'GET', url: u.pathname + u.search })).statusCode).toBe(401);
    const v = new URL(url);
    v.searchParams.set('redirect_uri', 'https://evil.example/steal');
    const page = await app.inject({ method: 'GET', url: v.pathname + v.search });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('redirect_uri_mismatch');
  });

  it('a wrong code_verifier is refused (invalid_grant), and the code is spent by it', async () => {
    const { url, secret } = await adapter.authorize({ state: 's' });
    const code = (await consent(url, 'allow')).searchParams.get('code');
    const consentGiven = { code, oauthToken: null, oauthVerifier: null };
    const wrong = await networkFailure(adapter.exchange(consentGiven, 'not-the-verifier-at-all-not-the-verifier', clock.now()));
    expect(wrong.kind).toBe('reconnect');
    expect(wrong.details).toMatchObject({ status: 400, code: 'invalid_grant' });
    expect((await networkFailure(adapter.exchange(consentGiven, secret, clock.now()))).details.code).toBe('invalid_grant');
  });

  it('a code used twice is refused the second time', async () => {
    const { url, secret } = await adapter.authorize({ state: 's' });
    const code = (await consent(url, 'allow')).searchParams.get('code');
    const consentGiven = { code, oauthToken: null, oauthVerifier: null };
    await adapter.exchange(consentGiven, secret, clock.now());
    const again = await networkFailure(adapter.exchange(consentGiven, secret, clock.now()));
    expect(again.details).toMatchObject({ status: 400, code: 'invalid_grant' });
  });

  it('a code lasts 10 minutes of the product clock', async () => {
    const { url, secret } = await adapter.authorize({ state: 's' });
    const code = (await consent(url, 'allow')).searchParams.get('code');
    clock.advance(11 * 60_000);
    const late = await networkFailure(adapter.exchange({ code, oauthToken: null, oauthVerifier: null }, secret, clock.now()));
    expect(late.details.code).toBe('invalid_grant');
  });

  it('a code given for another return address is refused (redirect_uri_mismatch)', async () => {
    const other = createYouTubeAdapter({ ...settings, redirectUri: `${publicUrl}/other/return` }, viaApp.fetch, () =>
      clock.now(),
    );
    const { url, secret } = await other.authorize({ state: 's' });
    const code = (await consent(url, 'allow')).searchParams.get('code');
    const err = await networkFailure(adapter.exchange({ code, oauthToken: null, oauthVerifier: null }, secret, clock.now()));
    expect(err.kind).toBe('permanent');
    expect(err.details.code).toBe('redirect_uri_mismatch');
  });

  it('without access_type=offline Google gives no refresh token', async () => {
    const { url, secret } = await adapter.authorize({ state: 's' });
    const back = await consent(url, 'allow', 'yt-ava', { access_type: 'online' });
    const grant = await adapter.exchange(
      { code: back.searchParams.get('code'), oauthToken: null, oauthVerifier: null },
      secret,
      clock.now(),
    );
    expect(grant.refreshToken).toBeNull();
    expect((await networkFailure(adapter.refresh(grant, clock.now()))).kind).toBe('reconnect');
  });

  it('a consent without a channel-reading scope cannot read the channel: a missing permission', async () => {
    const { url, secret } = await adapter.authorize({ state: 's' });
    const back = await consent(url, 'allow', 'yt-ava', { scope: 'https://www.googleapis.com/auth/youtube.upload' });
    const grant = await adapter.exchange(
      { code: back.searchParams.get('code'), oauthToken: null, oauthVerifier: null },
      secret,
      clock.now(),
    );
    const err = await networkFailure(adapter.discover(grant));
    expect(err.kind).toBe('reconnect');
    expect(err.reason).toMatch(/permission/);
  });
});

describe('keeping access fresh', () => {
  it('an access token expires after 3599 s of the product clock (401), and a refresh brings it back', async () => {
    const grant = await link();
    clock.advance(3598_000);
    expect(await adapter.discover(grant)).toHaveLength(1);
    clock.advance(2_000);
    const expired = await networkFailure(adapter.discover(grant));
    expect(expired.kind).toBe('reconnect');
    expect(expired.details).toMatchObject({ status: 401, code: 'authError' });

    const renewed = await adapter.refresh(grant, clock.now());
    expect(renewed.accessToken).not.toBe(grant.accessToken);
    expect(renewed.refreshToken).toBe(grant.refreshToken);
    expect(renewed.accessExpiresAt?.getTime()).toBeGreaterThan(clock.nowMs() + 3500_000);
    expect(await adapter.discover(renewed)).toHaveLength(1);
    // refresh tokens do not rotate: the same one renews again
    expect((await adapter.refresh(renewed, clock.now())).refreshToken).toBe(grant.refreshToken);
  });

  it('a revoked channel: its access is refused, and its refresh gives invalid_grant (reconnect)', async () => {
    const grant = await link('yt-nora');
    const other = await link('yt-milo');
    const revoked = await app.inject({ method: 'POST', url: '/sandbox/youtube/_revoke', payload: { profile: 'yt-nora' } });
    expect(revoked.json().revoked).toBeGreaterThanOrEqual(1);
    expect((await networkFailure(adapter.discover(grant))).kind).toBe('reconnect');
    const err = await networkFailure(adapter.refresh(grant, clock.now()));
    expect(err.kind).toBe('reconnect');
    expect(err.details).toMatchObject({ status: 400, code: 'invalid_grant' });
    expect(err.reason).toMatch(/no longer accepts/);
    // another channel's tokens are untouched
    expect(await adapter.discover(other)).toHaveLength(1);
  });
});

describe('failures asked for through /_control are classified by the adapter', () => {
  it('expired_token: 401, reconnect; the refresh token still works', async () => {
    const grant = await link();
    await control({ fail: 'expired_token' });
    expect((await networkFailure(adapter.discover(grant))).details).toMatchObject({ status: 401, code: 'authError' });
    expect(await adapter.discover(await adapter.refresh(grant, clock.now()))).toHaveLength(1);
  });

  it('revoked: 401, reconnect; and the refresh token is dead too', async () => {
    const grant = await link('yt-milo');
    await control({ fail: 'revoked' });
    expect((await networkFailure(adapter.discover(grant))).kind).toBe('reconnect');
    expect((await networkFailure(adapter.refresh(grant, clock.now()))).details.code).toBe('invalid_grant');
  });

  it('rate_limit: 403 rateLimitExceeded, rate_limited until Retry-After', async () => {
    const grant = await link();
    await control({ fail: 'rate_limit' });
    const before = clock.nowMs();
    const err = await networkFailure(adapter.categories(grant, 'US'));
    expect(err.kind).toBe('rate_limited');
    expect(err.details).toMatchObject({ status: 403, code: 'rateLimitExceeded' });
    expect(err.retryAt!.getTime()).toBeGreaterThanOrEqual(before + 30_000);
    expect(err.retryAt!.getTime()).toBeLessThanOrEqual(clock.nowMs() + 30_000);
  });

  it('server_error: 500 backendError, retry', async () => {
    const grant = await link();
    await control({ fail: 'server_error' });
    const err = await networkFailure(adapter.discover(grant));
    expect(err.kind).toBe('retry');
    expect(err.details.status).toBe(500);
    expect(await adapter.discover(grant)).toHaveLength(1);
  });

  it('missing_permission: 403 insufficientPermissions, reconnect in plain words', async () => {
    const grant = await link();
    await control({ fail: 'missing_permission' });
    const err = await networkFailure(adapter.discover(grant));
    expect(err.kind).toBe('reconnect');
    expect(err.details.code).toBe('insufficientPermissions');
    expect(err.reason).toMatch(/permission/);
  });

  it('processing_error: a refusal that will not pass, permanent', async () => {
    const grant = await link();
    await control({ fail: 'processing_error' });
    expect((await networkFailure(adapter.discover(grant))).kind).toBe('permanent');
  });

  it('timeout: no answer in time, retry', async () => {
    const grant = await link();
    // the network's 15 s deadline, shortened so the test does not wait for it
    const impatient = emulators.impatientFetch;
    await control({ fail: 'timeout' });
    const err = await networkFailure(createYouTubeAdapter(settings, impatient, () => clock.now()).discover(grant));
    expect(err.kind).toBe('retry');
    expect(err.reason).toMatch(/in time/);
  });

  it("the token endpoint's failures: server_error retry, rate_limit rate_limited, missing_permission reconnect", async () => {
    const grant = await link();
    await control({ fail: 'server_error' });
    expect((await networkFailure(adapter.refresh(grant, clock.now()))).kind).toBe('retry');
    await control({ fail: 'rate_limit' });
    const limited = await networkFailure(adapter.refresh(grant, clock.now()));
    expect(limited.kind).toBe('rate_limited');
    expect(limited.retryAt!.getTime()).toBeGreaterThan(clock.nowMs() + 25_000);
    await control({ fail: 'missing_permission' });
    expect((await networkFailure(adapter.refresh(grant, clock.now()))).kind).toBe('reconnect');
    await control({ fail: 'expired_token' });
    expect((await networkFailure(adapter.refresh(grant, clock.now()))).details.code).toBe('invalid_grant');
    // failures are used up one call each: the same refresh token works afterwards
    expect((await adapter.refresh(grant, clock.now())).refreshToken).toBe(grant.refreshToken);
  });

  it('times and clear: failures queue up, and clear forgets them', async () => {
    const grant = await link();
    const queued = await control({ fail: 'server_error', times: 2 });
    expect(queued.json().pending).toEqual(['server_error', 'server_error']);
    expect((await networkFailure(adapter.discover(grant))).kind).toBe('retry');
    expect((await control({ clear: true })).json().pending).toEqual([]);
    expect(await adapter.discover(grant)).toHaveLength(1);
  });
});
