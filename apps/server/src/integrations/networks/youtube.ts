import { callNetwork, expiresIn, FORM_HEADERS, form, pkce, retryAtFrom, type TNetworkResponse } from './http';
import { NetworkError, type TConsent, type TFetch, type TGrant, type TNetworkAdapter, type TNetworkSettings } from './types';

/** The scopes asked for: uploading and managing videos, reading the channel and its analytics, and its name and picture. */
export const YOUTUBE_SCOPES = [
  'https://www.googleapis.com/auth/youtube.upload',
  'https://www.googleapis.com/auth/youtube.readonly',
  'https://www.googleapis.com/auth/youtube.force-ssl',
  'https://www.googleapis.com/auth/yt-analytics.readonly',
  'https://www.googleapis.com/auth/userinfo.profile',
];

/** Google's token host; the API and the consent page have hosts of their own. */
const GOOGLE_TOKEN_BASE = 'https://oauth2.googleapis.com';
/** YouTube's daily quota starts again at midnight in this zone, whatever the caller's. */
const QUOTA_ZONE = 'America/Los_Angeles';

type TGoogleApiError = {
  error?: { code?: number; message?: string; status?: string; errors?: { message?: string; domain?: string; reason?: string }[] };
};
type TGoogleOAuthError = { error?: string; error_description?: string };

// made on first use: a time-zone formatter loads the zone data, which an idle server does not need
let zoneFormat: Intl.DateTimeFormat | null = null;
const zoneParts = () =>
  (zoneFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: QUOTA_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }));

/** How far the quota zone's wall clock is ahead of UTC at `ms` (negative: Pacific time is behind). */
function zoneOffsetMs(ms: number): number {
  const p = Object.fromEntries(
    zoneParts()
      .formatToParts(new Date(ms))
      .map((x) => [x.type, Number(x.value)]),
  );
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(ms / 1000) * 1000;
}

/** The next midnight in Pacific time after `now`: when a spent YouTube quota is whole again. */
export function nextPacificMidnight(now: Date): Date {
  const wallNow = new Date(now.getTime() + zoneOffsetMs(now.getTime()));
  const midnightWall = Date.UTC(wallNow.getUTCFullYear(), wallNow.getUTCMonth(), wallNow.getUTCDate() + 1);
  // the offset is read at midnight itself, as the day it ends may be the one the clocks change on
  const guess = midnightWall - zoneOffsetMs(midnightWall);
  return new Date(midnightWall - zoneOffsetMs(guess));
}

/**
 * YouTube (Data API v3) with Google's OAuth 2.0. Google's consent, token and API hosts differ, and the emulator
 * serves all three under one base, so the token host follows `settings.sandbox`. Refresh tokens do not rotate:
 * a refresh usually answers without one, and the one held stays good until revoked. API failures carry a
 * `reason` that decides their meaning more than the status does (a 403 may be a spent quota or a missing scope).
 */
export function createYouTubeAdapter(settings: TNetworkSettings, fetchFn: TFetch = fetch, now: () => Date = () => new Date()) {
  const tokenBase = settings.sandbox ? settings.apiBase : GOOGLE_TOKEN_BASE;

  function failApi(res: TNetworkResponse, at: Date): never {
    const err = (res.body as TGoogleApiError | null)?.error;
    const apiError = err && typeof err === 'object' ? err : undefined;
    const reason = apiError?.errors?.[0]?.reason ?? null;
    const details = { status: res.status, code: reason ?? apiError?.status ?? null };
    if (reason === 'quotaExceeded' || reason === 'dailyLimitExceeded')
      throw new NetworkError('youtube', 'rate_limited', "YouTube's daily limit for Virality is used up; it will be tried again", {
        ...details,
        retryAt: nextPacificMidnight(at),
      });
    if (res.status === 429 || reason === 'rateLimitExceeded' || reason === 'userRateLimitExceeded')
      throw new NetworkError('youtube', 'rate_limited', 'YouTube limits how often this can be done; it will be tried again', {
        ...details,
        retryAt: retryAtFrom(res.headers, at, null),
      });
    if (res.status === 401) throw new NetworkError('youtube', 'reconnect', 'YouTube no longer accepts the saved access', details);
    if (res.status === 403 && (reason === 'insufficientPermissions' || reason === 'forbidden'))
      throw new NetworkError(
        'youtube',
        'reconnect',
        'YouTube access was given without a permission Virality needs; connect the channel again and allow everything asked',
        details,
      );
    throw new NetworkError(
      'youtube',
      'permanent',
      apiError?.message || `YouTube refused the request (${reason ?? res.status})`,
      details,
    );
  }

  function failOAuth(res: TNetworkResponse, at: Date): never {
    const body = (res.body ?? {}) as TGoogleOAuthError;
    const code = typeof body.error === 'string' ? body.error : null;
    const details = { status: res.status, code };
    if (res.status === 429)
      throw new NetworkError('youtube', 'rate_limited', 'Google limits how often this can be done; it will be tried again', {
        ...details,
        retryAt: retryAtFrom(res.headers, at, null),
      });
    if (code === 'invalid_grant')
      throw new NetworkError('youtube', 'reconnect', 'YouTube no longer accepts the saved access', details);
    if (code === 'invalid_scope')
      throw new NetworkError('youtube', 'reconnect', 'YouTube access was given without a permission Virality needs', details);
    // invalid_client and the like are Virality's own configuration: consenting again would not help
    throw new NetworkError(
      'youtube',
      'permanent',
      body.error_description || `Google refused the request (${code ?? res.status})`,
      details,
    );
  }

  async function tokenCall(fields: Record<string, string>, at: Date) {
    const res = await callNetwork(fetchFn, 'youtube', `${tokenBase}/token`, {
      method: 'POST',
      headers: FORM_HEADERS,
      body: form({ client_id: settings.clientId, client_secret: settings.clientSecret, ...fields }),
    });
    if (res.status >= 400) failOAuth(res, at);
    const t = (res.body ?? {}) as {
      access_token?: string;
      refresh_token?: string;
      expires_in?: number;
      refresh_token_expires_in?: number;
      scope?: string;
    };
    if (!t.access_token) throw new NetworkError('youtube', 'permanent', 'Google answered without an access token');
    return {
      accessToken: t.access_token,
      refreshToken: t.refresh_token ?? null,
      // only apps still in Google's "testing" state get refresh tokens that expire (after 7 days)
      refreshExpiresAt: expiresIn(at, t.refresh_token_expires_in),
      accessExpiresAt: expiresIn(at, t.expires_in),
      scopes: (t.scope ?? '').split(' ').filter(Boolean),
    };
  }

  async function apiGet(grant: TGrant, path: string, query: Record<string, string>) {
    const at = now();
    const res = await callNetwork(fetchFn, 'youtube', `${settings.apiBase}/youtube/v3${path}?${new URLSearchParams(query)}`, {
      method: 'GET',
      headers: { authorization: `Bearer ${grant.accessToken}`, accept: 'application/json' },
    });
    if (res.status >= 400) failApi(res, at);
    return res.body;
  }

  const adapter = {
    network: 'youtube' as const,
    async authorize({ state }: { state: string }) {
      const { verifier, challenge } = pkce();
      const q = new URLSearchParams({
        client_id: settings.clientId,
        redirect_uri: settings.redirectUri,
        response_type: 'code',
        scope: YOUTUBE_SCOPES.join(' '),
        // offline: a refresh token; consent: one even when this Google account consented before
        access_type: 'offline',
        prompt: 'consent',
        state,
        code_challenge: challenge,
        code_challenge_method: 'S256',
      });
      return { url: `${settings.authBase}/o/oauth2/v2/auth?${q}`, secret: verifier, requestToken: null };
    },
    async exchange(consent: TConsent, secret: string | null, at: Date): Promise<TGrant> {
      if (!consent.code) throw new NetworkError('youtube', 'permanent', 'Google sent no authorization code');
      const t = await tokenCall(
        {
          code: consent.code,
          grant_type: 'authorization_code',
          redirect_uri: settings.redirectUri,
          ...(secret ? { code_verifier: secret } : {}),
        },
        at,
      );
      return { ...t, tokenSecret: null };
    },
    async refresh(grant: TGrant, at: Date): Promise<TGrant> {
      if (!grant.refreshToken) throw new NetworkError('youtube', 'reconnect', 'YouTube gave no way to renew the access');
      const t = await tokenCall({ grant_type: 'refresh_token', refresh_token: grant.refreshToken }, at);
      return {
        ...t,
        // Google keeps the refresh token it gave at consent: an answer without one must not lose it
        refreshToken: t.refreshToken ?? grant.refreshToken,
        refreshExpiresAt: t.refreshToken ? t.refreshExpiresAt : grant.refreshExpiresAt,
        scopes: t.scopes.length ? t.scopes : grant.scopes,
        tokenSecret: null,
      };
    },
    /** The channel the consent was given for; none when the Google account has no channel yet. */
    async discover(grant: TGrant) {
      const body = (await apiGet(grant, '/channels', { part: 'snippet,statistics', mine: 'true' })) as {
        items?: {
          id?: string;
          snippet?: {
            title?: string;
            customUrl?: string;
            thumbnails?: Record<string, { url?: string } | undefined>;
          };
        }[];
      } | null;
      return (body?.items ?? [])
        .filter((c) => c.id)
        .map((c) => {
          const s = c.snippet ?? {};
          const handle = s.customUrl?.replace(/^@/, '');
          const pictureUrl = s.thumbnails?.default?.url ?? s.thumbnails?.medium?.url ?? s.thumbnails?.high?.url ?? null;
          return {
            remoteId: c.id!,
            kind: 'channel' as const,
            userName: handle || s.title || c.id!,
            pictureUrl,
          };
        });
    },
    /** The video categories a video may be given in a region (ISO 3166-1 alpha-2): the assignable ones only. */
    async categories(grant: TGrant, regionCode: string): Promise<{ id: string; title: string }[]> {
      const body = (await apiGet(grant, '/videoCategories', { part: 'snippet', regionCode })) as {
        items?: { id?: string; snippet?: { title?: string; assignable?: boolean } }[];
      } | null;
      return (body?.items ?? [])
        .filter((c) => c.id && c.snippet?.assignable)
        .map((c) => ({ id: c.id!, title: c.snippet?.title ?? c.id! }));
    },
  } satisfies TNetworkAdapter & Record<string, unknown>;
  return adapter;
}
export type TYouTubeAdapter = ReturnType<typeof createYouTubeAdapter>;
