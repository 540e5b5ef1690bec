import { callNetwork, expiresIn, FORM_HEADERS, form, pkce, retryAtFrom, type TNetworkResponse } from './http';
import { NetworkError, type TConsent, type TFetch, type TGrant, type TNetworkAdapter, type TNetworkSettings } from './types';

/** The scopes asked for: the profile and its figures, and posting. */
export const TIKTOK_SCOPES = ['user.info.basic', 'user.info.profile', 'user.info.stats', 'video.publish', 'video.upload'];

type TTikTokError = { error?: string | { code?: string; message?: string }; error_description?: string };

/**
 * TikTok (Login Kit v2 and the Content Posting API). Its answers carry `error.code` ('ok' when fine) even with
 * HTTP 200, so the code is read, never only the status; OAuth calls answer `{error, error_description}`.
 * Refresh tokens rotate: each refresh returns a new one, which the caller keeps in the same write.
 */
export function createTikTokAdapter(settings: TNetworkSettings, fetchFn: TFetch = fetch, now: () => Date = () => new Date()) {
  function fail(res: TNetworkResponse, at: Date): never {
    const body = (res.body ?? {}) as TTikTokError;
    const code = typeof body.error === 'string' ? body.error : (body.error?.code ?? null);
    const message = typeof body.error === 'string' ? (body.error_description ?? body.error) : (body.error?.message ?? '');
    const details = { status: res.status, code };
    if (res.status === 429 || code === 'rate_limit_exceeded')
      throw new NetworkError('tiktok', 'rate_limited', 'TikTok limits how often this can be done; it will be tried again', {
        ...details,
        retryAt: retryAtFrom(res.headers, at, 'x-ratelimit-reset'),
      });
    if (code === 'access_token_invalid' || code === 'invalid_grant' || res.status === 401)
      throw new NetworkError('tiktok', 'reconnect', 'TikTok no longer accepts the saved access', details);
    if (code === 'scope_not_authorized')
      throw new NetworkError('tiktok', 'reconnect', 'TikTok access was given without a permission Virality needs', details);
    throw new NetworkError('tiktok', 'permanent', message || `TikTok refused the request (${code ?? res.status})`, details);
  }

  const ok = (res: TNetworkResponse) => {
    const body = res.body as { error?: { code?: string } | string } | null;
    const code = typeof body?.error === 'string' ? body.error : body?.error?.code;
    return res.status < 400 && (code === undefined || code === 'ok');
  };

  async function tokenCall(fields: Record<string, string>, at: Date): Promise<TGrant> {
    const res = await callNetwork(fetchFn, 'tiktok', `${settings.apiBase}/v2/oauth/token/`, {
      method: 'POST',
      headers: FORM_HEADERS,
      body: form({ client_key: settings.clientId, client_secret: settings.clientSecret, ...fields }),
    });
    if (!ok(res)) fail(res, at);
    const t = res.body as {
      access_token?: string;
      refresh_token?: string;
      expires_in?: number;
      refresh_expires_in?: number;
      scope?: string;
    };
    if (!t.access_token) throw new NetworkError('tiktok', 'permanent', 'TikTok answered without an access token');
    return {
      accessToken: t.access_token,
      refreshToken: t.refresh_token ?? null,
      tokenSecret: null,
      accessExpiresAt: expiresIn(at, t.expires_in),
      refreshExpiresAt: expiresIn(at, t.refresh_expires_in),
      scopes: (t.scope ?? '').split(',').filter(Boolean),
    };
  }

  async function apiCall(grant: TGrant, method: 'GET' | 'POST', path: string, body?: unknown) {
    const at = now();
    const res = await callNetwork(fetchFn, 'tiktok', `${settings.apiBase}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${grant.accessToken}`,
        ...(body ? { 'content-type': 'application/json; charset=UTF-8' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!ok(res)) fail(res, at);
    return (res.body as { data?: unknown }).data;
  }

  const adapter = {
    network: 'tiktok' as const,
    async authorize({ state }: { state: string }) {
      const { verifier, challenge } = pkce();
      const q = new URLSearchParams({
        client_key: settings.clientId,
        response_type: 'code',
        scope: TIKTOK_SCOPES.join(','),
        redirect_uri: settings.redirectUri,
        state,
        code_challenge: challenge,
        code_challenge_method: 'S256',
      });
      return { url: `${settings.authBase}/v2/auth/authorize/?${q}`, secret: verifier, requestToken: null };
    },
    async exchange(consent: TConsent, secret: string | null, at: Date) {
      if (!consent.code) throw new NetworkError('tiktok', 'permanent', 'TikTok sent no authorization code');
      return tokenCall(
        {
          code: consent.code,
          grant_type: 'authorization_code',
          redirect_uri: settings.redirectUri,
          ...(secret ? { code_verifier: secret } : {}),
        },
        at,
      );
    },
    async refresh(grant: TGrant, at: Date) {
      if (!grant.refreshToken) throw new NetworkError('tiktok', 'reconnect', 'TikTok gave no way to renew the access');
      return tokenCall({ grant_type: 'refresh_token', refresh_token: grant.refreshToken }, at);
    },
    async discover(grant: TGrant) {
      const data = (await apiCall(grant, 'GET', '/v2/user/info/?fields=open_id,avatar_url,display_name,username')) as {
        user?: { open_id?: string; avatar_url?: string; display_name?: string; username?: string };
      };
      const u = data?.user;
      if (!u?.open_id) throw new NetworkError('tiktok', 'permanent', 'TikTok did not say whose account this is');
      return [
        {
          remoteId: u.open_id,
          kind: 'profile' as const,
          userName: u.username || u.display_name || u.open_id,
          pictureUrl: u.avatar_url ?? null,
        },
      ];
    },
    /** The privacy levels this creator may post with (the composer offers them). */
    async privacyOptions(grant: TGrant): Promise<string[]> {
      const data = (await apiCall(grant, 'POST', '/v2/post/publish/creator_info/query/', {})) as {
        privacy_level_options?: string[];
      };
      return data?.privacy_level_options ?? [];
    },
  } satisfies TNetworkAdapter & Record<string, unknown>;
  return adapter;
}
export type TTikTokAdapter = ReturnType<typeof createTikTokAdapter>;
