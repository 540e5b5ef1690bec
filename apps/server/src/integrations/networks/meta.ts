import { callNetwork, expiresIn, retryAtFrom, type TNetworkResponse } from './http';
import {
  NetworkError,
  type TConsent,
  type TFetch,
  type TGrant,
  type TNetworkAdapter,
  type TNetworkSettings,
  type TRemoteAccount,
} from './types';

/** The Graph API version every call names in its path. */
export const META_GRAPH_VERSION = 'v21.0';

/** Facebook: the pages the person runs, posting and answering on them, and their figures. */
export const FACEBOOK_SCOPES = [
  'pages_show_list',
  'business_management',
  'pages_manage_posts',
  'pages_manage_engagement',
  'pages_read_engagement',
  'read_insights',
];

/** Instagram (professional accounts reached through their Facebook pages): the account, posting, comments, figures. */
export const INSTAGRAM_SCOPES = [
  'instagram_basic',
  'pages_show_list',
  'pages_read_engagement',
  'business_management',
  'instagram_content_publish',
  'instagram_manage_comments',
  'instagram_manage_insights',
];

type TMetaNetwork = 'facebook' | 'instagram';

/** How many answers of one list are read at most (`paging.next` followed): a bound on a list that never ends. */
const MAX_LIST_ANSWERS = 10;
/** The wait when a rate limit says nothing of when it lifts: Graph's limits are counted over a rolling hour. */
const RATE_LIMIT_FALLBACK_SECONDS = 3600;

type TGraphError = {
  error?: {
    message?: string;
    type?: string;
    code?: number;
    error_subcode?: number;
    is_transient?: boolean;
    error_user_title?: string;
    error_user_msg?: string;
    fbtrace_id?: string;
  };
};
type TGraphList<T> = { data?: T[]; paging?: { next?: string; cursors?: { before?: string; after?: string } } };
type TTokenAnswer = { access_token?: string; token_type?: string; expires_in?: number };

const LABEL: Record<TMetaNetwork, string> = { facebook: 'Facebook', instagram: 'Instagram' };

/** Application (4), user (17), page (32), custom (613) and business use case (80000–80014) limits. */
const isRateLimit = (code: number) =>
  code === 4 || code === 17 || code === 32 || code === 613 || (code >= 80000 && code <= 80014);
/** A missing permission: (#10) and the (#200)–(#299) family. */
const isPermission = (code: number) => code === 10 || (code >= 200 && code <= 299);

/** The largest `estimated_time_to_regain_access` (minutes) anywhere in a usage header's JSON, or null. */
function regainMinutes(header: string | null): number | null {
  if (!header) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(header);
  } catch {
    return null;
  }
  let most: number | null = null;
  const visit = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(visit);
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        if (k === 'estimated_time_to_regain_access' && typeof x === 'number') most = Math.max(most ?? 0, x);
        else visit(x);
      }
  };
  visit(parsed);
  return most;
}

/**
 * When a Graph rate limit lifts: the business use case header's `estimated_time_to_regain_access` (minutes),
 * else the application's usage header's, else a Retry-After, else an hour.
 */
export function metaRetryAt(headers: Headers, now: Date): Date {
  for (const name of ['x-business-use-case-usage', 'x-app-usage']) {
    const minutes = regainMinutes(headers.get(name));
    if (minutes && minutes > 0) return new Date(now.getTime() + minutes * 60_000);
  }
  return retryAtFrom(headers, now, null, RATE_LIMIT_FALLBACK_SECONDS);
}

/**
 * What a failed Graph call means. Every Graph failure is `{error:{message,type,code,error_subcode,...}}`, and its
 * `code` decides, not the HTTP status: 190 is access that no longer works, 10 and 200–299 a permission not given,
 * 4/17/32/613/80000–80014 a rate limit, 1/2 (or `is_transient`) a passing problem. `token`: the call exchanged a
 * sign-in code, where a refused code or app secret will not work however often it is tried.
 */
export function graphFailure(network: TMetaNetwork, res: TNetworkResponse, at: Date, context: 'api' | 'token'): NetworkError {
  const label = LABEL[network];
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
    new NetworkError(network, kind, reason, { ...details, ...extra });

  if ((code !== null && isRateLimit(code)) || res.status === 429)
    return fail('rate_limited', `${label} limits how often this can be done; it will be tried again`, {
      retryAt: metaRetryAt(res.headers, at),
    });
  if (context === 'token') {
    if (code === 101 || /client secret|application id|invalid client/i.test(message))
      return fail('permanent', `${label} did not accept Virality's app settings (its app id or secret)`);
    if (code === 100 || code === 191 || /verification code|authorization code/i.test(message))
      return fail('permanent', `${label} did not accept the sign-in (it was already used or took too long); connect again`);
  }
  if (code === 190 || code === 102) {
    const why: Record<number, string> = {
      458: ': Virality was removed from the apps of the Facebook account',
      460: ': the Facebook password was changed',
      463: ': it has expired',
      464: ': the Facebook account is not confirmed',
    };
    return fail('reconnect', `${label} no longer accepts the saved access${(subcode !== null && why[subcode]) || ''}`);
  }
  if (code !== null && isPermission(code))
    return fail(
      'reconnect',
      `${label} access was given without a permission Virality needs; connect again and allow everything asked`,
    );
  if (code === 1 || code === 2 || e?.is_transient === true)
    return fail('retry', `${label} had a passing problem; it will be tried again`);
  if (res.status === 401) return fail('reconnect', `${label} no longer accepts the saved access`);
  return fail('permanent', e?.error_user_msg || message || `${label} refused the request (${details.code ?? res.status})`);
}

/** The calls both adapters make: the token exchange, Graph reads, and lists followed through their pages. */
function graph(network: TMetaNetwork, settings: TNetworkSettings, fetchFn: TFetch, now: () => Date) {
  const label = LABEL[network];
  const apiOrigin = new URL(settings.apiBase).origin;

  async function tokenCall(query: Record<string, string>, at: Date) {
    const res = await callNetwork(
      fetchFn,
      network,
      `${settings.apiBase}/${META_GRAPH_VERSION}/oauth/access_token?${new URLSearchParams(query)}`,
      { method: 'GET', headers: { accept: 'application/json' } },
    );
    if (res.status >= 400) throw graphFailure(network, res, at, 'token');
    const t = (res.body ?? {}) as TTokenAnswer;
    if (!t.access_token) throw new NetworkError(network, 'permanent', `${label} answered without an access token`);
    return t as TTokenAnswer & { access_token: string };
  }

  async function getUrl(token: string, url: string): Promise<unknown> {
    const at = now();
    const res = await callNetwork(fetchFn, network, url, {
      method: 'GET',
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });
    if (res.status >= 400) throw graphFailure(network, res, at, 'api');
    return res.body;
  }

  const get = (token: string, path: string, query: Record<string, string> = {}) =>
    getUrl(token, `${settings.apiBase}/${META_GRAPH_VERSION}${path}?${new URLSearchParams(query)}`);

  /** Every item of a list, following `paging.next` (on the API's own host only) for at most MAX_LIST_ANSWERS answers. */
  async function list<T>(token: string, path: string, query: Record<string, string>): Promise<T[]> {
    const items: T[] = [];
    let body = (await get(token, path, query)) as TGraphList<T> | null;
    for (let answers = 1; ; answers++) {
      items.push(...(body?.data ?? []));
      const next = body?.paging?.next;
      if (!next || answers >= MAX_LIST_ANSWERS) break;
      let nextUrl: URL;
      try {
        nextUrl = new URL(next);
      } catch {
        break;
      }
      // the token goes only to the API's own host, whatever a link says
      if (nextUrl.origin !== apiOrigin) break;
      body = (await getUrl(token, nextUrl.toString())) as TGraphList<T> | null;
    }
    return items;
  }

  /** Code → short-lived user token → long-lived user token (60 days), and the permissions actually given. */
  async function exchange(consent: TConsent, at: Date): Promise<TGrant> {
    if (!consent.code) throw new NetworkError(network, 'permanent', `${label} sent no authorization code`);
    const short = await tokenCall(
      {
        client_id: settings.clientId,
        redirect_uri: settings.redirectUri,
        client_secret: settings.clientSecret,
        code: consent.code,
      },
      at,
    );
    const long = await tokenCall(
      {
        grant_type: 'fb_exchange_token',
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        fb_exchange_token: short.access_token,
      },
      at,
    );
    // the consent dialog lets a person untick permissions: keep those actually given
    const permissions = (await list<{ permission?: string; status?: string }>(long.access_token, '/me/permissions', {})).filter(
      (p) => p.permission && p.status === 'granted',
    );
    return {
      accessToken: long.access_token,
      refreshToken: null,
      tokenSecret: null,
      accessExpiresAt: expiresIn(at, long.expires_in),
      refreshExpiresAt: null,
      scopes: permissions.map((p) => p.permission!),
    };
  }

  function authorize(state: string, scopes: string[]) {
    const q = new URLSearchParams({
      client_id: settings.clientId,
      redirect_uri: settings.redirectUri,
      state,
      response_type: 'code',
      scope: scopes.join(','),
    });
    return { url: `${settings.authBase}/${META_GRAPH_VERSION}/dialog/oauth?${q}`, secret: null, requestToken: null };
  }

  /** A page's own token, read with a long-lived user token: it does not expire and cannot be renewed. */
  const pageGrant = (user: TGrant, accessToken: string): TGrant => ({
    accessToken,
    refreshToken: null,
    tokenSecret: null,
    accessExpiresAt: null,
    refreshExpiresAt: null,
    scopes: user.scopes,
  });

  return { authorize, exchange, list, get, pageGrant };
}

type TGraphPage = {
  id?: string;
  name?: string;
  access_token?: string;
  picture?: { data?: { url?: string } };
  instagram_business_account?: { id?: string; username?: string; name?: string; profile_picture_url?: string };
};

/**
 * Facebook pages (Graph API with Facebook Login). The person's token is exchanged for a long-lived one, and each
 * page they run is linked with the page's own token from /me/accounts, which does not expire: nothing is refreshed.
 */
export function createFacebookAdapter(settings: TNetworkSettings, fetchFn: TFetch = fetch, now: () => Date = () => new Date()) {
  const g = graph('facebook', settings, fetchFn, now);
  const adapter = {
    network: 'facebook' as const,
    async authorize({ state }: { state: string }) {
      return g.authorize(state, FACEBOOK_SCOPES);
    },
    async exchange(consent: TConsent, _secret: string | null, at: Date) {
      return g.exchange(consent, at);
    },
    refresh: null,
    /** The pages the person runs, each with its own token; a page without one (too few rights on it) is left out. */
    async discover(grant: TGrant): Promise<TRemoteAccount[]> {
      const pages = await g.list<TGraphPage>(grant.accessToken, '/me/accounts', {
        fields: 'id,name,access_token,picture',
        limit: '100',
      });
      return pages
        .filter((p) => p.id && p.access_token)
        .map((p) => ({
          remoteId: p.id!,
          kind: 'page' as const,
          userName: p.name || p.id!,
          pictureUrl: p.picture?.data?.url ?? null,
          grant: g.pageGrant(grant, p.access_token!),
        }));
    },
  } satisfies TNetworkAdapter & Record<string, unknown>;
  return adapter;
}
export type TFacebookAdapter = ReturnType<typeof createFacebookAdapter>;

/**
 * Instagram professional accounts, reached through the Facebook pages they are connected to (Instagram Graph API
 * with Facebook Login). Each account is linked with its page's token, which does not expire.
 */
export function createInstagramAdapter(settings: TNetworkSettings, fetchFn: TFetch = fetch, now: () => Date = () => new Date()) {
  const g = graph('instagram', settings, fetchFn, now);
  const adapter = {
    network: 'instagram' as const,
    async authorize({ state }: { state: string }) {
      return g.authorize(state, INSTAGRAM_SCOPES);
    },
    async exchange(consent: TConsent, _secret: string | null, at: Date) {
      return g.exchange(consent, at);
    },
    refresh: null,
    /** The Instagram accounts of the person's pages; a page without one is left out. */
    async discover(grant: TGrant): Promise<TRemoteAccount[]> {
      const pages = await g.list<TGraphPage>(grant.accessToken, '/me/accounts', {
        fields: 'id,name,access_token,instagram_business_account{id,username,name,profile_picture_url}',
        limit: '100',
      });
      const seen = new Set<string>();
      const found: TRemoteAccount[] = [];
      for (const p of pages) {
        const ig = p.instagram_business_account;
        if (!ig?.id || !p.access_token || seen.has(ig.id)) continue;
        seen.add(ig.id);
        found.push({
          remoteId: ig.id,
          kind: 'profile',
          userName: ig.username || ig.name || ig.id,
          pictureUrl: ig.profile_picture_url ?? null,
          grant: g.pageGrant(grant, p.access_token),
        });
      }
      return found;
    },
  } satisfies TNetworkAdapter & Record<string, unknown>;
  return adapter;
}
export type TInstagramAdapter = ReturnType<typeof createInstagramAdapter>;
