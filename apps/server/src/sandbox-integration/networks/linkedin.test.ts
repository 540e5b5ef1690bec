import {
  LINKEDIN_DEMO_MEMBERS,
  LINKEDIN_DEMO_ORGANIZATIONS,
  linkedinEmulatorRoutes,
  SANDBOX_LINKEDIN_CLIENT,
} from '@virality/sandbox/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { Clock } from '../../clock';
import { createLinkedInAdapter, LINKEDIN_SCOPES, LINKEDIN_VERSION } from '../../integrations/networks/linkedin';
import { networkFailure } from '../../integrations/networks/test-kit';
import type { TGrant } from '../../integrations/networks/types';
import { clickConsent, emulatorApp, emulatorSettings, TEST_PUBLIC_URL as publicUrl } from './test-kit';

const emulator = `${publicUrl}/sandbox/linkedin`;
const settings = emulatorSettings(SANDBOX_LINKEDIN_CLIENT, '/sandbox/linkedin');
const clock = new Clock();
const emulators = emulatorApp((app) => app.register(linkedinEmulatorRoutes({ clock, publicUrl })));
const { app, viaApp } = emulators;
/** Every call the adapter made, with its headers. */
const seen: { url: string; headers: Headers }[] = [];
const recording: typeof fetch = (input, init) => {
  seen.push({ url: String(input), headers: new Headers(init?.headers) });
  return viaApp.fetch(input, init);
};

const adapter = createLinkedInAdapter(settings, recording, () => clock.now());

afterEach(async () => {
  await control({ clear: true });
  seen.length = 0;
});

const control = (payload: Record<string, unknown>) => emulators.control('/sandbox/linkedin', payload);
const member = (id: string) => LINKEDIN_DEMO_MEMBERS.find((m) => m.id === id)!;
const org = (id: string) => LINKEDIN_DEMO_ORGANIZATIONS.find((o) => o.id === id)!;

/** What a person does on the sandbox consent page: picks a member and clicks Allow (or Cancel). */
async function consent(url: string, decision: 'allow' | 'cancel', profile = 'li-ava') {
  const { page, res } = await clickConsent(app, url, { profile, decision });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('Allow Virality to use your LinkedIn account');
  expect(res.statusCode).toBe(302);
  return new URL(String(res.headers.location));
}

const codeOf = (back: URL) => ({ code: back.searchParams.get('code'), oauthToken: null, oauthVerifier: null });

/** Authorize, Allow and exchange: the grant of a freshly linked member. */
async function link(profile = 'li-ava', a = adapter): Promise<TGrant> {
  const { url } = await a.authorize({ state: 'st' });
  return a.exchange(codeOf(await consent(url, 'allow', profile)), null, clock.now());
}

describe('linking LinkedIn through the emulator', () => {
  it('the consent page lists the demo members, the permissions asked, and Allow and Cancel', async () => {
    const { url } = await adapter.authorize({ state: 's' });
    const u = new URL(url);
    const page = await app.inject({ method: 'GET', url: u.pathname + u.search });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    for (const m of LINKEDIN_DEMO_MEMBERS) expect(page.body).toContain(m.displayName);
    expect(page.body).toContain('Manage your organizations&#39; pages and retrieve reporting data');
    expect(page.body).toContain('value="allow"');
    expect(page.body).toContain('value="cancel"');
  });

  it("Allow, exchange and discover: the member's profile, then the two pages the member administers, with pictures", async () => {
    const { url } = await adapter.authorize({ state: 'state-1' });
    const back = await consent(url, 'allow', 'li-ava');
    expect(back.origin + back.pathname).toBe(`${publicUrl}/social/return`);
    expect(back.searchParams.get('state')).toBe('state-1');
    expect(back.searchParams.get('code')).toMatch(/^AQ/);

    const at = clock.now();
    const grant = await adapter.exchange(codeOf(back), null, at);
    expect(grant.accessToken).toMatch(/^AQV/);
    expect(grant.refreshToken).toBeTruthy();
    expect(grant.accessExpiresAt?.getTime()).toBe(at.getTime() + 60 * 24 * 3600_000);
    expect(grant.refreshExpiresAt?.getTime()).toBe(at.getTime() + 365 * 24 * 3600_000);
    expect(grant.scopes).toEqual(LINKEDIN_SCOPES);

    const found = await adapter.discover(grant);
    const ava = member('li-ava');
    const kitchen = org('li-org-ava-kitchen');
    const table = org('li-org-fresh-table');
    expect(found).toEqual([
      {
        remoteId: `urn:li:person:${ava.sub}`,
        kind: 'profile',
        userName: 'Ava Cooks',
        pictureUrl: `${emulator}/avatar/li-ava.svg`,
      },
      {
        remoteId: `urn:li:organization:${kitchen.orgId}`,
        kind: 'organization',
        userName: 'Ava Cooks Kitchen',
        pictureUrl: `${emulator}/avatar/${kitchen.id}.svg`,
      },
      {
        remoteId: `urn:li:organization:${table.orgId}`,
        kind: 'organization',
        userName: 'Fresh Table Co.',
        pictureUrl: `${emulator}/avatar/${table.id}.svg`,
      },
    ]);
    for (const f of found) {
      const picture = await app.inject({ method: 'GET', url: new URL(f.pictureUrl!).pathname });
      expect(picture.statusCode).toBe(200);
      expect(picture.headers['content-type']).toMatch(/image\/svg\+xml/);
    }
  });

  it('a member administering no page links only the profile', async () => {
    const found = await adapter.discover(await link('li-milo'));
    expect(found).toEqual([
      {
        remoteId: `urn:li:person:${member('li-milo').sub}`,
        kind: 'profile',
        userName: 'Milo Moves',
        pictureUrl: `${emulator}/avatar/li-milo.svg`,
      },
    ]);
  });

  it('only approved administrators link a page; a page without a logo has no picture', async () => {
    const found = await adapter.discover(await link('li-nora'));
    const wanderlust = org('li-org-wanderlust');
    // Nora's request to administer Fresh Table is not approved yet
    expect(found.slice(1)).toEqual([
      {
        remoteId: `urn:li:organization:${wanderlust.orgId}`,
        kind: 'organization',
        userName: 'Wanderlust Guides',
        pictureUrl: null,
      },
    ]);
  });

  it('Cancel returns error=user_cancelled_authorize with the state and no code', async () => {
    const { url } = await adapter.authorize({ state: 'state-2' });
    const back = await consent(url, 'cancel');
    expect(back.pathname).toBe('/social/return');
    expect(back.searchParams.get('error')).toBe('user_cancelled_authorize');
    expect(back.searchParams.get('error_description')).toBe('The user cancelled the authorization');
    expect(back.searchParams.get('state')).toBe('state-2');
    expect(back.searchParams.get('code')).toBeNull();
  });

  it('a code is used once: the second exchange is refused (invalid_grant)', async () => {
    const { url } = await adapter.authorize({ state: 's' });
    const given = codeOf(await consent(url, 'allow'));
    await adapter.exchange(given, null, clock.now());
    const again = await networkFailure(adapter.exchange(given, null, clock.now()));
    expect(again.kind).toBe('permanent');
    expect(again.details).toMatchObject({ status: 400, code: 'invalid_grant' });
  });

  it('a code lasts 10 minutes of the product clock', async () => {
    const { url } = await adapter.authorize({ state: 's' });
    const given = codeOf(await consent(url, 'allow'));
    clock.advance(11 * 60_000);
    expect((await networkFailure(adapter.exchange(given, null, clock.now()))).details.code).toBe('invalid_grant');
  });

  it('only the sandbox client is accepted: on the consent page and at the token call', async () => {
    const { url } = await adapter.authorize({ state: 's' });
    const u = new URL(url);
    u.searchParams.set('client_id', 'someone-else');
    const page = await app.inject({ method: 'GET', url: u.pathname + u.search });
    expect(page.statusCode).toBe(401);
    expect(page.body).toContain('invalid_client');

    const given = codeOf(await consent(url, 'allow'));
    const stranger = createLinkedInAdapter({ ...settings, clientSecret: 'not-the-secret' }, viaApp.fetch, () => clock.now());
    const err = await networkFailure(stranger.exchange(given, null, clock.now()));
    expect(err.kind).toBe('permanent');
    expect(err.details).toMatchObject({ status: 401, code: 'invalid_client' });
  });

  it('a return address on another origin is refused, on the page and when the form is posted', async () => {
    const { url } = await adapter.authorize({ state: 's' });
    const u = new URL(url);
    u.searchParams.set('redirect_uri', 'https://evil.example/steal');
    const page = await app.inject({ method: 'GET', url: u.pathname + u.search });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('invalid_redirect_uri');
    const posted = await app.inject({
      method: 'POST',
      url: u.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        redirect_uri: 'https://evil.example/steal',
        state: 's',
        scope: 'openid',
        profile: 'li-ava',
        decision: 'allow',
      }).toString(),
    });
    expect(posted.statusCode).toBe(400);
    expect(posted.headers.location).toBeUndefined();
  });

  it('every /rest call carries LinkedIn-Version, and the emulator refuses one without it', async () => {
    const grant = await link();
    await adapter.discover(grant);
    const rest = seen.filter((c) => new URL(c.url).pathname.startsWith('/sandbox/linkedin/rest/'));
    expect(rest.length).toBeGreaterThanOrEqual(3);
    for (const c of rest) {
      expect(c.headers.get('linkedin-version')).toBe(LINKEDIN_VERSION);
      expect(c.headers.get('x-restli-protocol-version')).toBe('2.0.0');
    }
    const bare = await app.inject({
      method: 'GET',
      url: '/sandbox/linkedin/rest/organizationAcls?q=roleAssignee&role=ADMINISTRATOR&state=APPROVED',
      headers: { authorization: `Bearer ${grant.accessToken}` },
    });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({ status: 400, code: 'VERSION_MISSING' });
  });
});

describe('keeping access fresh', () => {
  it('a refresh gives a new access token and keeps the refresh token with its fixed expiry', async () => {
    const grant = await link();
    clock.advance(30 * 24 * 3600_000);
    const at = clock.now();
    const renewed = await adapter.refresh(grant, at);
    expect(renewed.accessToken).not.toBe(grant.accessToken);
    expect(renewed.refreshToken).toBe(grant.refreshToken);
    expect(renewed.refreshExpiresAt).toEqual(grant.refreshExpiresAt);
    expect(renewed.accessExpiresAt?.getTime()).toBe(at.getTime() + 60 * 24 * 3600_000);
    expect(await adapter.discover(renewed)).toHaveLength(3);
  });

  it('the emulator answers the refresh token with what remains of its year, not a new year', async () => {
    const grant = await link('li-milo');
    clock.advance(100 * 24 * 3600_000);
    const res = await app.inject({
      method: 'POST',
      url: '/sandbox/linkedin/oauth/v2/accessToken',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: grant.refreshToken!,
        ...{ client_id: SANDBOX_LINKEDIN_CLIENT.clientId, client_secret: SANDBOX_LINKEDIN_CLIENT.clientSecret },
      }).toString(),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.refresh_token).toBe(grant.refreshToken);
    expect(Math.abs(body.refresh_token_expires_in - 265 * 24 * 3600)).toBeLessThanOrEqual(2);
  });

  it('a grant without a refresh token cannot be renewed: reconnect', async () => {
    const grant = await link();
    const err = await networkFailure(adapter.refresh({ ...grant, refreshToken: null, refreshExpiresAt: null }, clock.now()));
    expect(err.kind).toBe('reconnect');
  });

  it('an access token expires after 60 days of the product clock (401), and a refresh brings it back', async () => {
    const grant = await link('li-milo');
    clock.advance(60 * 24 * 3600_000 - 1000);
    expect(await adapter.discover(grant)).toHaveLength(1);
    clock.advance(2000);
    const expired = await networkFailure(adapter.discover(grant));
    expect(expired.kind).toBe('reconnect');
    expect(expired.details).toMatchObject({ status: 401, code: 'EXPIRED_ACCESS_TOKEN' });
    expect(await adapter.discover(await adapter.refresh(grant, clock.now()))).toHaveLength(1);
  });

  it('a refresh token dies a year after the consent: reconnect', async () => {
    const grant = await link('li-milo');
    clock.advance(365 * 24 * 3600_000 + 1000);
    const err = await networkFailure(adapter.refresh(grant, clock.now()));
    expect(err.kind).toBe('reconnect');
    expect(err.details.code).toBe('invalid_grant');
  });

  it("a revoked member: access refused and refresh invalid_grant (reconnect); another member's tokens still work", async () => {
    const grant = await link('li-nora');
    const other = await link('li-milo');
    const revoked = await app.inject({ method: 'POST', url: '/sandbox/linkedin/_revoke', payload: { profile: 'li-nora' } });
    expect(revoked.json().revoked).toBeGreaterThanOrEqual(1);
    const err = await networkFailure(adapter.discover(grant));
    expect(err.kind).toBe('reconnect');
    expect(err.details.code).toBe('REVOKED_ACCESS_TOKEN');
    const r = await networkFailure(adapter.refresh(grant, clock.now()));
    expect(r.kind).toBe('reconnect');
    expect(r.details).toMatchObject({ status: 400, code: 'invalid_grant' });
    expect(await adapter.discover(other)).toHaveLength(1);
  });
});

describe('failures asked for through /_control are classified by the adapter', () => {
  it('expired_token: 401, reconnect; the refresh token still works', async () => {
    const grant = await link();
    await control({ fail: 'expired_token' });
    const err = await networkFailure(adapter.discover(grant));
    expect(err.kind).toBe('reconnect');
    expect(err.details).toMatchObject({ status: 401, code: 'EXPIRED_ACCESS_TOKEN' });
    expect(await adapter.discover(await adapter.refresh(grant, clock.now()))).toHaveLength(3);
  });

  it('revoked: 401, reconnect; and the refresh token is dead too', async () => {
    const grant = await link('li-milo');
    await control({ fail: 'revoked' });
    const err = await networkFailure(adapter.discover(grant));
    expect(err.kind).toBe('reconnect');
    expect(err.details.code).toBe('REVOKED_ACCESS_TOKEN');
    expect((await networkFailure(adapter.refresh(grant, clock.now()))).details.code).toBe('invalid_grant');
  });

  it('rate_limit: 429 without a reset, rate_limited until the next midnight UTC', async () => {
    const grant = await link();
    await control({ fail: 'rate_limit' });
    const err = await networkFailure(adapter.discover(grant));
    expect(err.kind).toBe('rate_limited');
    expect(err.details.status).toBe(429);
    const n = clock.now();
    expect(err.retryAt?.getTime()).toBe(Date.UTC(n.getUTCFullYear(), n.getUTCMonth(), n.getUTCDate() + 1));
  });

  it('missing_permission: 403 ACCESS_DENIED, reconnect in plain words', async () => {
    const grant = await link();
    await control({ fail: 'missing_permission' });
    const err = await networkFailure(adapter.discover(grant));
    expect(err.kind).toBe('reconnect');
    expect(err.details).toMatchObject({ status: 403, code: 'ACCESS_DENIED' });
    expect(err.reason).toMatch(/permission/);
  });

  it('server_error: 500, retry; the next call works', async () => {
    const grant = await link();
    await control({ fail: 'server_error' });
    const err = await networkFailure(adapter.discover(grant));
    expect(err.kind).toBe('retry');
    expect(err.details.status).toBe(500);
    expect(await adapter.discover(grant)).toHaveLength(3);
  });

  it('processing_error: a refusal that will not pass, permanent with its message', async () => {
    const grant = await link();
    await control({ fail: 'processing_error' });
    const err = await networkFailure(adapter.discover(grant));
    expect(err.kind).toBe('permanent');
    expect(err.reason).toMatch(/could not be processed/);
  });

  it('timeout: no answer in time, retry', async () => {
    const grant = await link();
    // the network's 15 s deadline, shortened so the test does not wait for it
    const impatient = emulators.impatientFetch;
    await control({ fail: 'timeout' });
    const err = await networkFailure(createLinkedInAdapter(settings, impatient, () => clock.now()).discover(grant));
    expect(err.kind).toBe('retry');
    expect(err.reason).toMatch(/in time/);
  });

  it("the token endpoint's failures: server_error retry, rate_limit rate_limited, missing_permission reconnect", async () => {
    const grant = await link();
    await control({ fail: 'server_error' });
    expect((await networkFailure(adapter.refresh(grant, clock.now()))).kind).toBe('retry');
    await control({ fail: 'rate_limit' });
    expect((await networkFailure(adapter.refresh(grant, clock.now()))).kind).toBe('rate_limited');
    await control({ fail: 'missing_permission' });
    expect((await networkFailure(adapter.refresh(grant, clock.now()))).kind).toBe('reconnect');
    await control({ fail: 'processing_error' });
    expect((await networkFailure(adapter.refresh(grant, clock.now()))).kind).toBe('permanent');
    // failures are used up one call each: the same refresh token works afterwards
    expect((await adapter.refresh(grant, clock.now())).refreshToken).toBe(grant.refreshToken);
  });
});
