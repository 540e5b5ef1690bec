import { callNetwork, expiresIn, FORM_HEADERS, form, type TNetworkResponse } from './http';
import { metaRetryAt } from './meta';
import {
  NetworkError,
  type TConsent,
  type TFetch,
  type TGrant,
  type TNetworkAdapter,
  type TNetworkSettings,
  type TRemoteAccount,
} from './types';

/** The Threads API version the profile call names in its path. */
export const THREADS_API_VERSION = 'v1.0';

/** The scopes asked for: the profile, posting, and its figures. */
export const THREADS_SCOPES = ['threads_basic', 'threads_content_publish', 'threads_manage_insights'];

/** The profile fields read when linking. */
const PROFILE_FIELDS = 'id,username,name,threads_profile_picture_url,threads_biography';

type TGraphError = {
  error?: {
    message?: string;
    type?: string;
    code?: number;
    error_subcode?: number;
    is_transient?: boolean;
    error_user_msg?: string;
    fbtrace_id?: string;
  };
};
type TTokenAnswer = { access_token?: string; user_id?: number | string; token_type?: string; expires_in?: number };
type TThreadsProfile = {
  id?: string;
  username?: string;
  name?: string;
  threads_profile_picture_url?: string;
  threads_biography?: string;
};

/** Application (4), user (17), page (32) and custom (613) rate limits. */
const isRateLimit = (code: number) => code === 4 || code === 17 || code === 32 || code === 613;
/** A missing permission: (#10) and the (#200)–(#299) family. */
const isPermission = (code: number) => code === 10 || (code >= 200 && code <= 299);

/** Why an access stopped working, by the subcode of a 190. */
const WHY_REFUSED: Record<number, string> = {
  458: ': Virality was removed from the Threads account’s apps',
  460: ': the account’s password was changed',
  463: ': it has expired',
  464: ': the account is not confirmed',
};

/**
 * What a failed Threads call means. Threads answers with Meta's Graph error envelope
 * (`{error:{message,type,code,error_subcode,fbtrace_id}}`), whose `code` decides, not the HTTP status.
 * `context`: `code` (turning a sign-in code into a token, where a refused code or app secret never works however
 * often it is tried), `renew` (renewing a long-lived token, which Threads does only once it is a day old), `api`.
 */
export function threadsFailure(res: TNetworkResponse, at: Date, context: 'code' | 'renew' | 'api'): NetworkError {
  const raw = (res.body as TGraphError | null)?.error;
  const e = raw && typeof raw === 'object' ? raw : undefined;
  const code = typeof e?.code === 'number' ? e.code : null;
  const subcode = typeof e?.error_subcode === 'number' ? e.error_subcode : null;
  const message = e?.message ?? '';
  const details = {
    status: res.status,
    code: code === null ? null : subcode === null ? String(code) : `${code}/${subcode}`,
  };
  const fail = (kind: NetworkError['kind'], reason: string, extra: { retryAt?: Date } = {}) =>
    new NetworkError('threads', kind, reason, { ...details, ...extra });

  if ((code !== null && isRateLimit(code)) || res.status === 429)
    return fail('rate_limited', 'Threads limits how often this can be done; it will be tried again', {
      retryAt: metaRetryAt(res.headers, at),
    });
  if (code === 101 || /client secret|application id|invalid client/i.test(message))
    return fail('permanent', "Threads did not accept Virality's app settings (its app id or secret)");
  if (context === 'code' && (code === 100 || /verification code|authorization code|redirect_uri/i.test(message)))
    return fail('permanent', 'Threads did not accept the sign-in (it was already used or took too long); connect again');
  if (context === 'renew' && code === 100 && /hours? old|24 hours/i.test(message))
    return fail('permanent', 'Threads renews an access only once it is a day old; the saved access still works');
  if (code === 190 || code === 102)
    return fail('reconnect', `Threads no longer accepts the saved access${(subcode !== null && WHY_REFUSED[subcode]) || ''}`);
  if (code !== null && isPermission(code))
    return fail(
      'reconnect',
      'Threads access was given without a permission Virality needs; connect again and allow everything asked',
    );
  if (code === 1 || code === 2 || e?.is_transient === true)
    return fail('retry', 'Threads had a passing problem; it will be tried again');
  if (res.status === 401) return fail('reconnect', 'Threads no longer accepts the saved access');
  return fail('permanent', e?.error_user_msg || message || `Threads refused the request (${details.code ?? res.status})`);
}

/**
 * Threads (Meta's Threads API, graph.threads.net). A code gives a short-lived token (an hour), which is exchanged
 * at once for a long-lived one (about 60 days). Threads has no refresh token: a long-lived token renews itself
 * (`th_refresh_token`, allowed once it is a day old and until it expires), and the old one keeps working until its
 * own expiry. So that the product's renewal (which looks for a refresh token and its expiry) takes it up, the grant
 * keeps the long-lived token as its refresh token too, expiring with it; `refresh` renews `grant.accessToken`.
 */
export function createThreadsAdapter(settings: TNetworkSettings, fetchFn: TFetch = fetch, now: () => Date = () => new Date()) {
  async function tokenCall(path: string, init: RequestInit, at: Date, context: 'code' | 'renew') {
    const res = await callNetwork(fetchFn, 'threads', `${settings.apiBase}${path}`, init);
    if (res.status >= 400) throw threadsFailure(res, at, context);
    const t = (res.body ?? {}) as TTokenAnswer;
    if (!t.access_token) throw new NetworkError('threads', 'permanent', 'Threads answered without an access token');
    return t as TTokenAnswer & { access_token: string };
  }

  /** A long-lived token as a grant: the same token serves as its own refresh token (see above). */
  const longLived = (t: TTokenAnswer & { access_token: string }, at: Date, scopes: string[]): TGrant => {
    const accessExpiresAt = expiresIn(at, t.expires_in);
    return {
      accessToken: t.access_token,
      refreshToken: t.access_token,
      tokenSecret: null,
      accessExpiresAt,
      refreshExpiresAt: accessExpiresAt,
      scopes,
    };
  };

  async function apiGet(grant: TGrant, path: string, query: Record<string, string>) {
    const at = now();
    const res = await callNetwork(
      fetchFn,
      'threads',
      `${settings.apiBase}/${THREADS_API_VERSION}${path}?${new URLSearchParams(query)}`,
      { method: 'GET', headers: { authorization: `Bearer ${grant.accessToken}`, accept: 'application/json' } },
    );
    if (res.status >= 400) throw threadsFailure(res, at, 'api');
    return res.body;
  }

  const adapter = {
    network: 'threads' as const,
    async authorize({ state }: { state: string }) {
      const q = new URLSearchParams({
        client_id: settings.clientId,
        redirect_uri: settings.redirectUri,
        scope: THREADS_SCOPES.join(','),
        response_type: 'code',
        state,
      });
      return { url: `${settings.authBase}/oauth/authorize?${q}`, secret: null, requestToken: null };
    },
    /** Code → short-lived token (an hour) → long-lived token (about 60 days). */
    async exchange(consent: TConsent, _secret: string | null, at: Date): Promise<TGrant> {
      // Threads ends its return address with `#_`: a return page that kept it leaves it on the code
      const code = consent.code?.replace(/#_?$/, '');
      if (!code) throw new NetworkError('threads', 'permanent', 'Threads sent no authorization code');
      const short = await tokenCall(
        '/oauth/access_token',
        {
          method: 'POST',
          headers: { ...FORM_HEADERS, accept: 'application/json' },
          body: form({
            client_id: settings.clientId,
            client_secret: settings.clientSecret,
            grant_type: 'authorization_code',
            redirect_uri: settings.redirectUri,
            code,
          }),
        },
        at,
        'code',
      );
      const q = new URLSearchParams({
        grant_type: 'th_exchange_token',
        client_secret: settings.clientSecret,
        access_token: short.access_token,
      });
      const long = await tokenCall(`/access_token?${q}`, { method: 'GET', headers: { accept: 'application/json' } }, at, 'code');
      // Threads does not say which permissions were given: those asked for are recorded
      return longLived(long, at, THREADS_SCOPES);
    },
    /** A new long-lived token for the one held (which must be a day old and unexpired); the old one lasts until its expiry. */
    async refresh(grant: TGrant, at: Date): Promise<TGrant> {
      const q = new URLSearchParams({ grant_type: 'th_refresh_token', access_token: grant.accessToken });
      const t = await tokenCall(
        `/refresh_access_token?${q}`,
        { method: 'GET', headers: { accept: 'application/json' } },
        at,
        'renew',
      );
      return longLived(t, at, grant.scopes);
    },
    /** The Threads profile the consent was given for. */
    async discover(grant: TGrant): Promise<TRemoteAccount[]> {
      const p = (await apiGet(grant, '/me', { fields: PROFILE_FIELDS })) as TThreadsProfile | null;
      if (!p?.id) throw new NetworkError('threads', 'permanent', 'Threads did not say whose profile this is');
      return [
        {
          remoteId: String(p.id),
          kind: 'profile' as const,
          userName: p.username || p.name || String(p.id),
          pictureUrl: p.threads_profile_picture_url || null,
        },
      ];
    },
  } satisfies TNetworkAdapter & Record<string, unknown>;
  return adapter;
}
export type TThreadsAdapter = ReturnType<typeof createThreadsAdapter>;
