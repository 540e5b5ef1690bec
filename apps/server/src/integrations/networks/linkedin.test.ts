import { describe, expect, it } from 'vitest';
import { createLinkedInAdapter, LINKEDIN_SCOPES, LINKEDIN_VERSION, nextUtcMidnight } from './linkedin';
import { answering, networkFailure } from './test-kit';
import type { TGrant } from './types';

const settings = {
  clientId: '86abcdef123456',
  clientSecret: 'csecret',
  authBase: 'https://www.linkedin.com',
  apiBase: 'https://api.linkedin.com',
  redirectUri: 'https://app.example/social/return',
  sandbox: false,
};
const at = new Date('2026-06-01T12:00:00Z');
const grant: TGrant = {
  accessToken: 'AQVact',
  refreshToken: 'AQXrft',
  tokenSecret: null,
  accessExpiresAt: null,
  refreshExpiresAt: new Date('2027-01-15T00:00:00Z'),
  scopes: LINKEDIN_SCOPES,
};

/** A fetch answering each path (and query, when given) with its own documented answer, recording each request. */
function routes(answers: Record<string, { status?: number; body: unknown; headers?: Record<string, string> }>) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchFn = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const u = new URL(url);
    const a = answers[u.pathname + u.search] ?? answers[u.pathname];
    if (!a) return new Response(JSON.stringify({ status: 404, message: 'Not Found' }), { status: 404 });
    return new Response(JSON.stringify(a.body), {
      status: a.status ?? 200,
      headers: { 'content-type': 'application/json', ...a.headers },
    });
  }) as unknown as typeof fetch;
  return { fetchFn, calls };
}

const userinfo = {
  sub: '782bbtaQ',
  email_verified: true,
  name: 'John Doe',
  locale: { country: 'US', language: 'en' },
  given_name: 'John',
  family_name: 'Doe',
  email: 'doe@email.com',
  picture: 'https://media.licdn.com/dms/image/C5F03AQHqK8v7tB1HCQ/profile-displayphoto-shrink_100_100/0/',
};

describe("the LinkedIn adapter reads LinkedIn's documented answers", () => {
  it('the consent address asks for the scopes (space-separated), the state and the return address, without PKCE', async () => {
    const a = createLinkedInAdapter(settings, answering(200, {}).fetchFn);
    const { url, secret, requestToken } = await a.authorize({ state: 'st' });
    const u = new URL(url);
    expect(u.origin + u.pathname).toBe('https://www.linkedin.com/oauth/v2/authorization');
    const q = u.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe('86abcdef123456');
    expect(q.get('redirect_uri')).toBe('https://app.example/social/return');
    expect(q.get('state')).toBe('st');
    expect(q.get('scope')).toBe(
      'openid profile w_member_social r_organization_social w_organization_social rw_organization_admin',
    );
    expect(q.get('code_challenge')).toBeNull();
    expect(secret).toBeNull();
    expect(requestToken).toBeNull();
  });

  it('a code becomes tokens at www.linkedin.com/oauth/v2/accessToken (form-encoded, with the client secret)', async () => {
    const { fetchFn, calls } = answering(200, {
      access_token: 'AQUvlL_DYEzvT2wz1QJiEPeLioeA',
      expires_in: 5184000,
      refresh_token: 'AQWAft_WjYZKwuWXLC5hQlghgTam',
      refresh_token_expires_in: 31536000,
      scope: 'openid,profile,w_member_social,rw_organization_admin',
      token_type: 'Bearer',
    });
    const g = await createLinkedInAdapter(settings, fetchFn).exchange(
      { code: 'AQTQmah11lalyH65DAIivsjsAQV5P', oauthToken: null, oauthVerifier: null },
      null,
      at,
    );
    expect(g).toEqual({
      accessToken: 'AQUvlL_DYEzvT2wz1QJiEPeLioeA',
      refreshToken: 'AQWAft_WjYZKwuWXLC5hQlghgTam',
      tokenSecret: null,
      accessExpiresAt: new Date('2026-07-31T12:00:00Z'),
      refreshExpiresAt: new Date('2027-06-01T12:00:00Z'),
      scopes: ['openid', 'profile', 'w_member_social', 'rw_organization_admin'],
    });
    expect(calls[0].url).toBe('https://www.linkedin.com/oauth/v2/accessToken');
    expect(calls[0].init.method).toBe('POST');
    expect(new Headers(calls[0].init.headers).get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(String(calls[0].init.body)))).toEqual({
      grant_type: 'authorization_code',
      code: 'AQTQmah11lalyH65DAIivsjsAQV5P',
      redirect_uri: 'https://app.example/social/return',
      client_id: '86abcdef123456',
      client_secret: 'csecret',
    });
  });

  it('an app that is not a partner gets no refresh token: the grant has none and no refresh expiry', async () => {
    const { fetchFn } = answering(200, { access_token: 'AQVx', expires_in: 5184000, scope: 'openid,profile' });
    const g = await createLinkedInAdapter(settings, fetchFn).exchange(
      { code: 'c', oauthToken: null, oauthVerifier: null },
      null,
      at,
    );
    expect(g.refreshToken).toBeNull();
    expect(g.refreshExpiresAt).toBeNull();
    const err = await networkFailure(createLinkedInAdapter(settings, fetchFn).refresh(g, at));
    expect(err.kind).toBe('reconnect');
    expect(err.reason).toBe('LinkedIn gave no way to renew the access; connect it again');
  });

  it('a refresh keeps the refresh token and its expiry fixed at consent, whether the answer repeats it or not', async () => {
    const repeated = answering(200, {
      access_token: 'AQVrenewed',
      expires_in: 5184000,
      refresh_token: 'AQXrft',
      refresh_token_expires_in: 19_000_000,
      scope: 'openid,profile',
    });
    const g = await createLinkedInAdapter(settings, repeated.fetchFn).refresh(grant, at);
    expect(g.accessToken).toBe('AQVrenewed');
    expect(g.refreshToken).toBe('AQXrft');
    expect(g.refreshExpiresAt).toEqual(grant.refreshExpiresAt);
    expect(g.accessExpiresAt).toEqual(new Date('2026-07-31T12:00:00Z'));
    expect(Object.fromEntries(new URLSearchParams(String(repeated.calls[0].init.body)))).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'AQXrft',
      client_id: '86abcdef123456',
      client_secret: 'csecret',
    });
    const omitted = answering(200, { access_token: 'AQVagain', expires_in: 5184000 });
    const g2 = await createLinkedInAdapter(settings, omitted.fetchFn).refresh(grant, at);
    expect(g2.refreshToken).toBe('AQXrft');
    expect(g2.refreshExpiresAt).toEqual(grant.refreshExpiresAt);
    expect(g2.scopes).toEqual(grant.scopes);
  });

  it('a refresh answering another refresh token takes it with its own expiry', async () => {
    const { fetchFn } = answering(200, {
      access_token: 'AQVn',
      expires_in: 5184000,
      refresh_token: 'AQXother',
      refresh_token_expires_in: 86400,
    });
    const g = await createLinkedInAdapter(settings, fetchFn).refresh(grant, at);
    expect(g.refreshToken).toBe('AQXother');
    expect(g.refreshExpiresAt).toEqual(new Date('2026-06-02T12:00:00Z'));
  });

  it('a dead refresh token (400 invalid_grant) means the user must reconnect; a dead code is permanent', async () => {
    const { fetchFn } = answering(400, {
      error: 'invalid_grant',
      error_description: 'The provided authorization grant or refresh token is invalid, expired or revoked',
    });
    const a = createLinkedInAdapter(settings, fetchFn);
    const err = await networkFailure(a.refresh(grant, at));
    expect(err.kind).toBe('reconnect');
    expect(err.details).toMatchObject({ status: 400, code: 'invalid_grant' });
    const bad = await networkFailure(a.exchange({ code: 'used', oauthToken: null, oauthVerifier: null }, null, at));
    expect(bad.kind).toBe('permanent');
    expect(bad.details.code).toBe('invalid_grant');
  });

  it("a wrong client (401 invalid_client) and a bad request (400 invalid_request) are permanent, with LinkedIn's words", async () => {
    const client = answering(401, { error: 'invalid_client', error_description: 'Client authentication failed' });
    const e1 = await networkFailure(createLinkedInAdapter(settings, client.fetchFn).refresh(grant, at));
    expect(e1.kind).toBe('permanent');
    expect(e1.reason).toBe('Client authentication failed');
    const request = answering(400, {
      error: 'invalid_request',
      error_description: 'A required parameter "redirect_uri" is missing',
    });
    const e2 = await networkFailure(
      createLinkedInAdapter(settings, request.fetchFn).exchange({ code: 'c', oauthToken: null, oauthVerifier: null }, null, at),
    );
    expect(e2.kind).toBe('permanent');
    expect(e2.reason).toMatch(/redirect_uri/);
  });

  it('discover: the member from /v2/userinfo first, then each administered organization with its name and logo', async () => {
    const { fetchFn, calls } = routes({
      '/v2/userinfo': { body: userinfo },
      '/rest/organizationAcls': {
        body: {
          paging: { start: 0, count: 100, total: 2, links: [] },
          elements: [
            {
              roleAssignee: 'urn:li:person:782bbtaQ',
              state: 'APPROVED',
              role: 'ADMINISTRATOR',
              organization: 'urn:li:organization:2414183',
            },
            {
              roleAssignee: 'urn:li:person:782bbtaQ',
              state: 'APPROVED',
              role: 'ADMINISTRATOR',
              organization: 'urn:li:organization:5515715',
            },
          ],
        },
      },
      '/rest/organizations/2414183': {
        body: {
          id: 2414183,
          localizedName: 'Devtestco',
          vanityName: 'devtestco',
          logoV2: {
            original: 'urn:li:digitalmediaAsset:C4D0BAQGYWmHfs0Rjxw',
            cropped: 'urn:li:digitalmediaAsset:C4D0BAQGYWmHfs0Rjxw',
            cropInfo: { x: 0, y: 0, width: 0, height: 0 },
          },
        },
      },
      '/rest/images/urn%3Ali%3Aimage%3AC4D0BAQGYWmHfs0Rjxw': {
        body: {
          id: 'urn:li:image:C4D0BAQGYWmHfs0Rjxw',
          owner: 'urn:li:organization:2414183',
          status: 'AVAILABLE',
          downloadUrl: 'https://media.licdn.com/dms/image/C4D0BAQGYWmHfs0Rjxw/company-logo_200_200/0/',
          downloadUrlExpiresAt: 1780000000000,
        },
      },
      '/rest/organizations/5515715': { body: { id: 5515715, localizedName: 'Side Project Ltd', vanityName: 'side-project' } },
    });
    const found = await createLinkedInAdapter(settings, fetchFn).discover(grant);
    expect(found).toEqual([
      { remoteId: 'urn:li:person:782bbtaQ', kind: 'profile', userName: 'John Doe', pictureUrl: userinfo.picture },
      {
        remoteId: 'urn:li:organization:2414183',
        kind: 'organization',
        userName: 'Devtestco',
        pictureUrl: 'https://media.licdn.com/dms/image/C4D0BAQGYWmHfs0Rjxw/company-logo_200_200/0/',
      },
      { remoteId: 'urn:li:organization:5515715', kind: 'organization', userName: 'Side Project Ltd', pictureUrl: null },
    ]);
    const acl = new URL(calls[1].url);
    expect(acl.origin + acl.pathname).toBe('https://api.linkedin.com/rest/organizationAcls');
    expect(acl.searchParams.get('q')).toBe('roleAssignee');
    expect(acl.searchParams.get('role')).toBe('ADMINISTRATOR');
    expect(acl.searchParams.get('state')).toBe('APPROVED');
    for (const c of calls) {
      const h = new Headers(c.init.headers);
      expect(h.get('authorization')).toBe('Bearer AQVact');
      if (new URL(c.url).pathname.startsWith('/rest/')) {
        expect(h.get('linkedin-version')).toBe(LINKEDIN_VERSION);
        expect(h.get('x-restli-protocol-version')).toBe('2.0.0');
      }
    }
    expect(LINKEDIN_VERSION).toMatch(/^\d{6}$/);
  });

  it('a member administering no organization finds only the profile', async () => {
    const { fetchFn } = routes({
      '/v2/userinfo': { body: userinfo },
      '/rest/organizationAcls': { body: { paging: { start: 0, count: 100, total: 0, links: [] }, elements: [] } },
    });
    const found = await createLinkedInAdapter(settings, fetchFn).discover(grant);
    expect(found.map((f) => f.kind)).toEqual(['profile']);
  });

  it('a consent without any organization scope does not ask for organizations', async () => {
    const { fetchFn, calls } = routes({ '/v2/userinfo': { body: userinfo } });
    const found = await createLinkedInAdapter(settings, fetchFn).discover({ ...grant, scopes: ['openid', 'profile'] });
    expect(found).toHaveLength(1);
    expect(calls).toHaveLength(1);
  });

  it('the access-control list is read page after page until its total', async () => {
    const el = (id: number) => ({ role: 'ADMINISTRATOR', state: 'APPROVED', organization: `urn:li:organization:${id}` });
    const { fetchFn, calls } = routes({
      '/v2/userinfo': { body: userinfo },
      '/rest/organizationAcls?q=roleAssignee&role=ADMINISTRATOR&state=APPROVED&start=0&count=100': {
        body: { paging: { start: 0, count: 100, total: 101 }, elements: Array.from({ length: 100 }, (_, i) => el(i + 1)) },
      },
      '/rest/organizationAcls?q=roleAssignee&role=ADMINISTRATOR&state=APPROVED&start=100&count=100': {
        body: { paging: { start: 100, count: 100, total: 101 }, elements: [el(101)] },
      },
      ...Object.fromEntries(
        Array.from({ length: 101 }, (_, i) => [
          `/rest/organizations/${i + 1}`,
          { body: { id: i + 1, localizedName: `Org ${i + 1}` } },
        ]),
      ),
    });
    const found = await createLinkedInAdapter(settings, fetchFn).discover(grant);
    expect(found).toHaveLength(102);
    expect(found[101]).toMatchObject({ remoteId: 'urn:li:organization:101', userName: 'Org 101' });
    expect(calls.filter((c) => c.url.includes('organizationAcls'))).toHaveLength(2);
  });

  it('an expired or revoked access token (401) means reconnect', async () => {
    for (const body of [
      {
        serviceErrorCode: 65601,
        code: 'EXPIRED_ACCESS_TOKEN',
        message: 'The token used in the request has expired',
        status: 401,
      },
      {
        serviceErrorCode: 65602,
        code: 'REVOKED_ACCESS_TOKEN',
        message: 'The token used in the request has been revoked by the user',
        status: 401,
      },
      { serviceErrorCode: 65600, message: 'Invalid access token', status: 401 },
    ]) {
      const err = await networkFailure(createLinkedInAdapter(settings, answering(401, body).fetchFn).discover(grant));
      expect(err.kind).toBe('reconnect');
      expect(err.details).toMatchObject({ status: 401, code: body.code ?? '65600' });
    }
  });

  it('a missing permission (403 ACCESS_DENIED) means reconnect, in plain words', async () => {
    const { fetchFn } = answering(403, {
      serviceErrorCode: 100,
      code: 'ACCESS_DENIED',
      message: 'Not enough permissions to access: organizationAcls.FINDER-roleAssignee.20251001',
      status: 403,
    });
    const err = await networkFailure(createLinkedInAdapter(settings, fetchFn).discover(grant));
    expect(err.kind).toBe('reconnect');
    expect(err.details).toMatchObject({ status: 403, code: 'ACCESS_DENIED' });
    expect(err.reason).toMatch(/permission/);
  });

  it('a daily limit (429, no reset given) waits until the next midnight UTC; a Retry-After is followed', async () => {
    const body = { status: 429, message: 'Resource level throttle APPLICATION DAY limit for calls to this resource is reached.' };
    const err = await networkFailure(createLinkedInAdapter(settings, answering(429, body).fetchFn, () => at).discover(grant));
    expect(err.kind).toBe('rate_limited');
    expect(err.retryAt?.toISOString()).toBe('2026-06-02T00:00:00.000Z');
    const after = answering(429, body, { 'retry-after': '120' });
    const err2 = await networkFailure(createLinkedInAdapter(settings, after.fetchFn, () => at).discover(grant));
    expect(err2.retryAt?.getTime()).toBe(at.getTime() + 120_000);
    const token = await networkFailure(createLinkedInAdapter(settings, answering(429, body).fetchFn).refresh(grant, at));
    expect(token.kind).toBe('rate_limited');
    expect(token.retryAt?.toISOString()).toBe('2026-06-02T00:00:00.000Z');
  });

  it('the next midnight UTC is always ahead, across months and years', () => {
    expect(nextUtcMidnight(new Date('2026-06-01T00:00:00Z')).toISOString()).toBe('2026-06-02T00:00:00.000Z');
    expect(nextUtcMidnight(new Date('2026-06-30T23:59:59Z')).toISOString()).toBe('2026-07-01T00:00:00.000Z');
    expect(nextUtcMidnight(new Date('2026-12-31T12:00:00Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('a 5xx and a timeout are passing failures (retry), never reconnect', async () => {
    const down = answering(500, { status: 500, message: 'Internal Server Error' });
    expect((await networkFailure(createLinkedInAdapter(settings, down.fetchFn).discover(grant))).kind).toBe('retry');
    const tokenDown = answering(503, { error: 'temporarily_unavailable' });
    expect((await networkFailure(createLinkedInAdapter(settings, tokenDown.fetchFn).refresh(grant, at))).kind).toBe('retry');
    const timingOut = (async () => {
      throw Object.assign(new Error('timed out'), { name: 'TimeoutError' });
    }) as unknown as typeof fetch;
    const err = await networkFailure(createLinkedInAdapter(settings, timingOut).discover(grant));
    expect(err.kind).toBe('retry');
    expect(err.reason).toMatch(/in time/);
  });

  it("any other 4xx is permanent, with LinkedIn's message", async () => {
    const { fetchFn } = answering(400, {
      status: 400,
      code: 'VERSION_MISSING',
      message: 'A version must be present. Please specify a version by adding the LinkedIn-Version header.',
    });
    const err = await networkFailure(createLinkedInAdapter(settings, fetchFn).discover(grant));
    expect(err.kind).toBe('permanent');
    expect(err.details).toMatchObject({ status: 400, code: 'VERSION_MISSING' });
    expect(err.reason).toMatch(/version must be present/);
  });

  it('a logo LinkedIn cannot find leaves the organization without a picture rather than failing', async () => {
    const { fetchFn } = routes({
      '/v2/userinfo': { body: userinfo },
      '/rest/organizationAcls': {
        body: { paging: { start: 0, count: 100, total: 1 }, elements: [{ organization: 'urn:li:organization:7' }] },
      },
      '/rest/organizations/7': { body: { id: 7, localizedName: 'Seven', logoV2: { original: 'urn:li:digitalmediaAsset:gone' } } },
    });
    const found = await createLinkedInAdapter(settings, fetchFn).discover(grant);
    expect(found[1]).toEqual({ remoteId: 'urn:li:organization:7', kind: 'organization', userName: 'Seven', pictureUrl: null });
  });
});
