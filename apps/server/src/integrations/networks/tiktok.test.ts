import { describe, expect, it } from 'vitest';
import { answering, networkFailure } from './test-kit';
import { createTikTokAdapter } from './tiktok';
import type { TGrant } from './types';

const settings = {
  clientId: 'ck',
  clientSecret: 'cs',
  authBase: 'https://www.tiktok.com',
  apiBase: 'https://open.tiktokapis.com',
  redirectUri: 'https://app.example/social/return',
  sandbox: false,
};
const at = new Date('2026-06-01T12:00:00Z');
const grant: TGrant = {
  accessToken: 'act',
  refreshToken: 'rft',
  tokenSecret: null,
  accessExpiresAt: null,
  refreshExpiresAt: null,
  scopes: [],
};

describe("the TikTok adapter reads TikTok's documented answers", () => {
  it('the consent address asks for the scopes with state and PKCE', async () => {
    const a = createTikTokAdapter(settings, answering(200, {}).fetchFn);
    const { url, secret } = await a.authorize({ state: 'st' });
    const u = new URL(url);
    expect(u.origin + u.pathname).toBe('https://www.tiktok.com/v2/auth/authorize/');
    expect(u.searchParams.get('client_key')).toBe('ck');
    expect(u.searchParams.get('scope')).toContain('video.publish');
    expect(u.searchParams.get('state')).toBe('st');
    expect(u.searchParams.get('code_challenge')).toBeTruthy();
    expect(secret).toBeTruthy();
  });

  it('a code becomes tokens with their lifetimes (POST /v2/oauth/token/, form-encoded, with the verifier)', async () => {
    const { fetchFn, calls } = answering(200, {
      open_id: 'oid',
      scope: 'user.info.basic,video.publish',
      access_token: 'act.1',
      expires_in: 86400,
      refresh_token: 'rft.1',
      refresh_expires_in: 31536000,
      token_type: 'Bearer',
    });
    const g = await createTikTokAdapter(settings, fetchFn).exchange(
      { code: 'c', oauthToken: null, oauthVerifier: null },
      'verifier',
      at,
    );
    expect(g).toMatchObject({ accessToken: 'act.1', refreshToken: 'rft.1', scopes: ['user.info.basic', 'video.publish'] });
    expect(g.accessExpiresAt?.toISOString()).toBe('2026-06-02T12:00:00.000Z');
    expect(calls[0].url).toBe('https://open.tiktokapis.com/v2/oauth/token/');
    const sent = new URLSearchParams(String(calls[0].init.body));
    expect(sent.get('code_verifier')).toBe('verifier');
    expect(sent.get('grant_type')).toBe('authorization_code');
  });

  it('a dead refresh token (invalid_grant) means the user must reconnect', async () => {
    const { fetchFn } = answering(400, {
      error: 'invalid_grant',
      error_description: 'Refresh token is invalid or expired.',
      log_id: 'x',
    });
    const err = await networkFailure(createTikTokAdapter(settings, fetchFn).refresh(grant, at));
    expect(err.kind).toBe('reconnect');
  });

  it('an expired access token (access_token_invalid, 401) means reconnect unless renewed', async () => {
    const { fetchFn } = answering(401, {
      error: { code: 'access_token_invalid', message: 'The access token is invalid', log_id: 'x' },
    });
    expect((await networkFailure(createTikTokAdapter(settings, fetchFn).discover(grant))).kind).toBe('reconnect');
  });

  it('a missing permission (scope_not_authorized) means reconnect, in plain words', async () => {
    const { fetchFn } = answering(200, { data: {}, error: { code: 'scope_not_authorized', message: 'no', log_id: 'x' } });
    const err = await networkFailure(createTikTokAdapter(settings, fetchFn).privacyOptions(grant));
    expect(err.kind).toBe('reconnect');
    expect(err.reason).toMatch(/permission/);
  });

  it('a rate limit says until when (x-ratelimit-reset)', async () => {
    const reset = Math.floor(at.getTime() / 1000) + 300;
    const { fetchFn } = answering(
      429,
      { error: { code: 'rate_limit_exceeded', message: 'slow down', log_id: 'x' } },
      { 'x-ratelimit-reset': String(reset) },
    );
    const err = await networkFailure(createTikTokAdapter(settings, fetchFn, () => at).discover(grant));
    expect(err.kind).toBe('rate_limited');
    expect(err.retryAt?.getTime()).toBe(reset * 1000);
  });

  it('a 5xx and a timeout are passing failures (retry), never reconnect', async () => {
    expect((await networkFailure(createTikTokAdapter(settings, answering(502, {}).fetchFn).discover(grant))).kind).toBe('retry');
    const timingOut = (async () => {
      throw Object.assign(new Error('timed out'), { name: 'TimeoutError' });
    }) as unknown as typeof fetch;
    const err = await networkFailure(createTikTokAdapter(settings, timingOut).discover(grant));
    expect(err.kind).toBe('retry');
    expect(err.reason).toMatch(/in time/);
  });

  it('error.code is read even with HTTP 200 (TikTok answers some failures with 200)', async () => {
    const { fetchFn } = answering(200, { data: {}, error: { code: 'invalid_params', message: 'bad', log_id: 'x' } });
    expect((await networkFailure(createTikTokAdapter(settings, fetchFn).discover(grant))).kind).toBe('permanent');
  });

  it('the profile comes from /v2/user/info/ (open_id, username, avatar)', async () => {
    const { fetchFn, calls } = answering(200, {
      data: { user: { open_id: 'oid', username: 'ava', display_name: 'Ava', avatar_url: 'https://p16.tiktokcdn.com/a.jpg' } },
      error: { code: 'ok', message: '', log_id: 'x' },
    });
    const [p] = await createTikTokAdapter(settings, fetchFn).discover(grant);
    expect(p).toEqual({ remoteId: 'oid', kind: 'profile', userName: 'ava', pictureUrl: 'https://p16.tiktokcdn.com/a.jpg' });
    expect(calls[0].url).toContain('/v2/user/info/?fields=');
    expect(new Headers(calls[0].init.headers).get('authorization')).toBe('Bearer act');
  });
});
