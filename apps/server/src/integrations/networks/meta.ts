import { META_GRAPH_VERSION, NETWORK_LIMITS, type TNetworkLimits, type TPostMetrics } from '@virality/domain';
import { callNetwork, expiresIn, retryAtFrom, type TNetworkResponse } from './http';
import { decodeTicket, encodeTicket } from './ticket';
import {
  NetworkError,
  POSTS_SINCE_MAX_PAGES,
  preparedGone,
  type TAccountRef,
  type TConsent,
  type TFetch,
  type TGrant,
  type TNetworkAdapter,
  type TNetworkSettings,
  type TPostsSince,
  type TPrepared,
  type TProfileFigures,
  type TPublishRequest,
  type TPublishState,
  type TRecentPost,
  type TRemoteAccount,
} from './types';

/** Shared with the sandbox's stand-in, which must agree (packages/domain rules/outside-services). */
export { META_GRAPH_VERSION } from '@virality/domain';

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

  /** A Graph write: its parameters as a JSON body (and `query` in the address, where Graph documents them there). */
  async function post(
    token: string,
    path: string,
    body: Record<string, unknown>,
    query: Record<string, string> = {},
  ): Promise<unknown> {
    const at = now();
    const q = new URLSearchParams(query).toString();
    const res = await callNetwork(fetchFn, network, `${settings.apiBase}/${META_GRAPH_VERSION}${path}${q ? `?${q}` : ''}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (res.status >= 400) throw graphFailure(network, res, at, 'api');
    return res.body;
  }

  /** A Graph delete (`{success:true}` once the object is gone). */
  async function remove(token: string, path: string): Promise<unknown> {
    const at = now();
    const res = await callNetwork(fetchFn, network, `${settings.apiBase}/${META_GRAPH_VERSION}${path}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });
    if (res.status >= 400) throw graphFailure(network, res, at, 'api');
    return res.body;
  }

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

  /**
   * Every item of a newest-first list made at or after `since` (to the second: Graph's times have no finer part),
   * read answer by answer through `paging.next` until the list is past `since` or ends, for at most
   * POSTS_SINCE_MAX_PAGES answers. `complete` is false when it could not be read that far: the answers ran out with
   * more to read, a next link led elsewhere than the API's host, or the list ended having listed `readable` items (the
   * most the network lists) none of them before `since`.
   */
  async function listSince<T>(
    token: string,
    path: string,
    query: Record<string, string>,
    since: Date,
    createdOf: (item: T) => Date | null,
    readable = Number.POSITIVE_INFINITY,
  ): Promise<{ items: T[]; complete: boolean }> {
    const from = Math.floor(since.getTime() / 1000) * 1000;
    const items: T[] = [];
    let listed = 0;
    let body = (await get(token, path, query)) as TGraphList<T> | null;
    for (let answers = 1; ; answers++) {
      let past = false;
      for (const item of body?.data ?? []) {
        listed++;
        const at = createdOf(item);
        if (at && at.getTime() < from) past = true;
        else items.push(item);
      }
      if (past) return { items, complete: true };
      const next = body?.paging?.next;
      if (!next) return { items, complete: listed < readable };
      if (answers >= POSTS_SINCE_MAX_PAGES) return { items, complete: false };
      let nextUrl: URL;
      try {
        nextUrl = new URL(next);
      } catch {
        return { items, complete: false };
      }
      // the token goes only to the API's own host, whatever a link says
      if (nextUrl.origin !== apiOrigin) return { items, complete: false };
      body = (await getUrl(token, nextUrl.toString())) as TGraphList<T> | null;
    }
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

  return { authorize, exchange, list, listSince, get, post, remove, pageGrant, apiOrigin };
}

const MB = 1024 * 1024;
const sizeText = (bytes: number) => `${Math.round((bytes / MB) * 10) / 10} MB`;
const typeWords = (types: readonly string[]) =>
  types
    .map((t) => ({ 'image/jpeg': 'JPEG', 'image/png': 'PNG', 'video/mp4': 'MP4', 'video/quicktime': 'MOV' })[t] ?? t)
    .join(' or ');
/** Instagram's stories take videos up to a minute; Facebook's reels last 3 to 90 seconds. */
const INSTAGRAM_STORY_MAX_SECONDS = 60;
const FACEBOOK_REEL_SECONDS = { min: 3, max: 90 } as const;

/** What both networks check alike: text length, how many files, their types, sizes, widths, lengths and shapes. */
function limitIssues(label: string, limits: TNetworkLimits, request: TPublishRequest, checkAspect: boolean): string[] {
  const issues: string[] = [];
  if (request.format !== 'post' && !limits.formats.includes(request.format))
    issues.push(`${label} does not offer a ${request.format} through its API`);
  const length = [...request.text].length;
  if (length > limits.textMax) issues.push(`${label} allows ${limits.textMax} characters; this post has ${length}`);
  if (request.media.length > limits.mediaMax)
    issues.push(`${label} allows ${limits.mediaMax} photos or videos in one post; this post has ${request.media.length}`);
  const videos = request.media.filter((m) => m.type === 'video');
  const images = request.media.filter((m) => m.type === 'image');
  if (videos.length > 0 && images.length > 0 && !limits.mixedMedia)
    issues.push(`${label} does not mix photos and videos in one post`);
  const many = request.media.length > 1;
  request.media.forEach((m, i) => {
    const which = many ? `file ${i + 1}` : 'this one';
    if (m.type === 'image') {
      const l = limits.image;
      if (!l) {
        issues.push(`${label} does not take photos`);
        return;
      }
      if (!l.types.includes(m.mimeType)) issues.push(`${label} takes ${typeWords(l.types)} photos; ${which} is ${m.mimeType}`);
      if (m.bytes > l.maxBytes)
        issues.push(`${label} takes photos up to ${sizeText(l.maxBytes)}; ${which} is ${sizeText(m.bytes)}`);
      if (m.width !== null && l.minWidth !== null && m.width < l.minWidth)
        issues.push(`${label} takes photos at least ${l.minWidth} pixels wide; ${which} is ${m.width}`);
      if (m.width !== null && l.maxWidth !== null && m.width > l.maxWidth)
        issues.push(`${label} takes photos up to ${l.maxWidth} pixels wide; ${which} is ${m.width}`);
      if (checkAspect && m.width && m.height) {
        const aspect = m.width / m.height;
        if ((l.minAspect !== null && aspect < l.minAspect - 0.005) || (l.maxAspect !== null && aspect > l.maxAspect + 0.005))
          issues.push(
            `${label} takes photos from ${l.minAspect?.toFixed(2) ?? 'any'}:1 to ${l.maxAspect?.toFixed(2) ?? 'any'}:1 (width to height); ${which} is ${aspect.toFixed(2)}:1`,
          );
      }
    } else {
      const l = limits.video;
      if (!l) {
        issues.push(`${label} does not take videos`);
        return;
      }
      if (!l.types.includes(m.mimeType)) issues.push(`${label} takes ${typeWords(l.types)} videos; ${which} is ${m.mimeType}`);
      if (m.bytes > l.maxBytes)
        issues.push(`${label} takes videos up to ${sizeText(l.maxBytes)}; ${which} is ${sizeText(m.bytes)}`);
      if (m.durationSec !== null && m.durationSec < l.minSeconds)
        issues.push(`${label} takes videos of at least ${l.minSeconds} seconds; ${which} lasts ${m.durationSec}`);
      if (m.durationSec !== null && m.durationSec > l.maxSeconds)
        issues.push(`${label} takes videos up to ${l.maxSeconds} seconds; ${which} lasts ${m.durationSec}`);
      if (m.width !== null && l.maxWidth !== null && m.width > l.maxWidth)
        issues.push(`${label} takes videos up to ${l.maxWidth} pixels wide; ${which} is ${m.width}`);
    }
  });
  if (limits.video && videos.length > limits.video.maxCount)
    issues.push(
      `${label} allows ${limits.video.maxCount} video${limits.video.maxCount === 1 ? '' : 's'} in one post; this post has ${videos.length}`,
    );
  return issues;
}

/**
 * What keeps a post from going out on Instagram, in plain words (empty when it may be sent): checked before any
 * call, and by the server before it queues the post. A story carries no caption: its text is not sent.
 */
export function instagramPostIssues(request: TPublishRequest): string[] {
  const issues = limitIssues('Instagram', NETWORK_LIMITS.instagram, request, request.format === 'post');
  const [first] = request.media;
  if (!first) issues.push('Instagram needs a photo or a video; a post cannot be text only');
  if (request.format === 'reel' && (request.media.length !== 1 || first?.type !== 'video'))
    issues.push('An Instagram reel is one video');
  if (request.format === 'story') {
    if (request.media.length > 1) issues.push('An Instagram story is one photo or one video');
    if (first?.type === 'video' && first.durationSec !== null && first.durationSec > INSTAGRAM_STORY_MAX_SECONDS)
      issues.push(
        `Instagram stories take videos up to ${INSTAGRAM_STORY_MAX_SECONDS} seconds; this one lasts ${first.durationSec}`,
      );
  }
  return issues;
}

/**
 * What keeps a post from going out on a Facebook page, in plain words (empty when it may be sent). Stories are sent
 * as photo stories only.
 */
export function facebookPostIssues(request: TPublishRequest): string[] {
  const issues = limitIssues('Facebook', NETWORK_LIMITS.facebook, request, false);
  const [first] = request.media;
  if (request.format === 'post' && !first && !request.text.trim()) issues.push('This post has neither text nor a photo or video');
  if (request.format === 'reel') {
    if (request.media.length !== 1 || first?.type !== 'video') issues.push('A Facebook reel is one video');
    else if (
      first.durationSec !== null &&
      (first.durationSec < FACEBOOK_REEL_SECONDS.min || first.durationSec > FACEBOOK_REEL_SECONDS.max)
    )
      issues.push(
        `Facebook reels last ${FACEBOOK_REEL_SECONDS.min} to ${FACEBOOK_REEL_SECONDS.max} seconds; this one lasts ${first.durationSec}`,
      );
  }
  if (request.format === 'story' && (request.media.length !== 1 || first?.type !== 'image'))
    issues.push('A Facebook story from Virality is one photo');
  return issues;
}

/** A publish ticket: what `publishStatus` needs, as base64url JSON. */
const writeTicket = (t: Record<string, string>) => encodeTicket(t);
function readTicket(network: TMetaNetwork, ticket: string, key: string): Record<string, string> {
  const t = decodeTicket(ticket);
  if (t && typeof t[key] === 'string') return t as Record<string, string>;
  throw new NetworkError(network, 'permanent', `${LABEL[network]}: the publish ticket could not be read`);
}

function idOf(network: TMetaNetwork, body: unknown, field = 'id'): string {
  const id = (body as Record<string, unknown> | null)?.[field];
  if (typeof id === 'string' && id) return id;
  if (typeof id === 'number') return String(id);
  throw new NetworkError(network, 'permanent', `${LABEL[network]} answered without the ${field} of what it made`);
}

/**
 * How long a post made ready ahead is counted on. Instagram keeps a container 24 hours from when it is made; an hour
 * is kept in hand, so that a video still processing at the due time is not asked about past its expiry. Facebook
 * names no lifetime for an unpublished photo (it stays on the page until deleted): the same day is claimed for it,
 * far past the half hour a post is made ready ahead, and should Facebook drop one sooner the due time's call finds it
 * gone (PREPARED_GONE) and the post is published whole.
 */
export const META_PREPARED_VALID_MS = 23 * 3600_000;

/** Graph's answer for an object it does not have: (#100) subcode 33, "does not exist", or (#803) an unknown id. */
const isMissing = (err: unknown) =>
  err instanceof NetworkError && (err.details.code === '100/33' || err.details.code?.split('/')[0] === '803');

const count = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
/** Graph's times: ISO with a `+0000` offset, or (stories' `creation_time`) seconds since the epoch. */
function graphDate(v: unknown): Date | null {
  if (typeof v === 'number' || (typeof v === 'string' && /^\d+$/.test(v))) return new Date(Number(v) * 1000);
  if (typeof v !== 'string') return null;
  const d = new Date(v.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isNaN(d.getTime()) ? null : d;
}
const newestFirst = (posts: TRecentPost[], limit: number) =>
  posts.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).slice(0, limit);
/** Posts found by several lists (or twice in one, as its pages move), each once, newest first. */
function onceNewestFirst(posts: TRecentPost[]): TRecentPost[] {
  const byId = new Map<string, TRecentPost>();
  for (const p of posts) if (!byId.has(p.postId)) byId.set(p.postId, p);
  return newestFirst([...byId.values()], byId.size);
}
/** Graph's `since`: Unix seconds. */
const unixSeconds = (d: Date) => String(Math.floor(d.getTime() / 1000));
/** The most items one answer of a Graph list holds: a page's posts refuse more; Instagram's media and stories cap at it. */
const GRAPH_PAGE_MAX = '100';
/** Facebook lists "approximately 600 ranked, published posts per year" of a page: a list that long may be cut short. */
const FACEBOOK_FEED_READABLE = 600;
/** Instagram's media edge lists "a maximum of 10K of the most recently created media". */
const INSTAGRAM_MEDIA_READABLE = 10_000;
/** Instagram lists a story only while it is live, for 24 hours. */
const INSTAGRAM_STORY_LIVE_MS = 24 * 3600_000;
const listLimit = (limit: number) => String(Math.max(1, Math.min(Math.floor(limit) || 1, 100)));

type TInsights = { data?: { name?: string; values?: { value?: unknown }[]; total_value?: { value?: unknown } }[] };
/** Each metric's lifetime value, renamed to the product's. */
function readInsights(body: unknown, names: Record<string, keyof TPostMetrics>): TPostMetrics {
  const out: TPostMetrics = {};
  for (const d of (body as TInsights | null)?.data ?? []) {
    const key = d.name ? names[d.name] : undefined;
    const value = count(d.values?.[0]?.value) ?? count(d.total_value?.value);
    if (key && value !== null) out[key] = (out[key] ?? 0) + value;
  }
  return out;
}
/** How long to wait before asking again about a publish still processing. */
const CHECK_IMAGE_MS = 2_000;
const CHECK_VIDEO_MS = 10_000;

/** Where Facebook takes a reel's file. */
const FACEBOOK_UPLOAD_ORIGIN = 'https://rupload.facebook.com';
/** A page post's address: `{page}_{post}` is www.facebook.com/{page}/posts/{post}. */
function facebookPostUrl(postId: string): string {
  const [page, post] = postId.split('_');
  return post ? `https://www.facebook.com/${page}/posts/${post}` : `https://www.facebook.com/${postId}`;
}

type TGraphPage = {
  id?: string;
  name?: string;
  access_token?: string;
  picture?: { data?: { url?: string } };
  instagram_business_account?: { id?: string; username?: string; name?: string; profile_picture_url?: string };
};

/**
 * What a Facebook post made ready ahead holds: its photos uploaded unpublished (`ph`), to be attached to the feed
 * post with its text (`feed`) or made a photo story (`story`) at the due time. Text alone, a video or a reel has
 * nothing made ahead: it is all sent at the due time.
 */
type TFacebookPrepared = { k: 'feed'; ph: string[]; t: string } | { k: 'story'; ph: string[] };
function readPrepared(ticket: string): TFacebookPrepared {
  const t = decodeTicket(ticket);
  const photos = Array.isArray(t?.ph) && t.ph.length > 0 && t.ph.every((id) => typeof id === 'string' && id);
  if (t?.k === 'feed' && photos && typeof t.t === 'string') return t as TFacebookPrepared;
  if (t?.k === 'story' && photos) return t as TFacebookPrepared;
  throw new NetworkError('facebook', 'permanent', 'Facebook: the prepared post could not be read');
}

/**
 * Facebook pages (Graph API with Facebook Login). The person's token is exchanged for a long-lived one, and each
 * page they run is linked with the page's own token from /me/accounts, which does not expire: nothing is refreshed.
 */
export function createFacebookAdapter(settings: TNetworkSettings, fetchFn: TFetch = fetch, now: () => Date = () => new Date()) {
  const g = graph('facebook', settings, fetchFn, now);

  /**
   * Sends a reel's file by its address to the upload address Facebook gave (its upload host, or the API's own: the
   * page's token goes nowhere else).
   */
  async function reelUpload(token: string, uploadUrl: string | undefined, fileUrl: string) {
    let u: URL | null = null;
    try {
      u = new URL(uploadUrl ?? '');
    } catch {
      u = null;
    }
    if (!u || (u.origin !== g.apiOrigin && u.origin !== FACEBOOK_UPLOAD_ORIGIN))
      throw new NetworkError('facebook', 'permanent', 'Facebook answered an upload address Virality does not send to');
    const at = now();
    const res = await callNetwork(fetchFn, 'facebook', u.toString(), {
      method: 'POST',
      headers: { authorization: `OAuth ${token}`, file_url: fileUrl, accept: 'application/json' },
    });
    if (res.status < 400) return;
    const debug = (res.body as { debug_info?: { message?: string } } | null)?.debug_info;
    if (debug && !(res.body as TGraphError).error)
      throw new NetworkError(
        'facebook',
        'permanent',
        `Facebook could not take the video${debug.message ? `: ${debug.message}` : ''}`,
        {
          status: res.status,
        },
      );
    throw graphFailure('facebook', res, at, 'api');
  }

  const uploadUnpublished = async (token: string, page: string, url: string) =>
    idOf('facebook', await g.post(token, `/${page}/photos`, { url, published: false }));

  /** Whether Facebook no longer has one of these photos (deleted); a photo that cannot be read is not taken for gone. */
  async function anyPhotoGone(token: string, ids: string[]): Promise<boolean> {
    for (const id of ids) {
      try {
        await g.get(token, `/${id}`, { fields: 'id' });
      } catch (err) {
        if (isMissing(err)) return true;
      }
    }
    return false;
  }

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
    limits: NETWORK_LIMITS.facebook,
    /** The page's name, picture, fans (its likes) and followers. */
    async profile(grant: TGrant, account: TAccountRef): Promise<TProfileFigures> {
      const p = (await g.get(grant.accessToken, `/${account.remoteId}`, {
        fields: 'name,fan_count,followers_count,picture',
      })) as TGraphPage & { fan_count?: number; followers_count?: number };
      return {
        userName: p.name || account.remoteId,
        pictureUrl: p.picture?.data?.url ?? null,
        followers: count(p.followers_count) ?? count(p.fan_count),
        following: null,
        media: null,
        subscribers: null,
        views: null,
        likes: count(p.fan_count),
      };
    },
    /**
     * Text goes to the feed; one photo is a published photo (its post); several are unpublished photos attached to a
     * feed post; a video is uploaded from its address and processed (`processing`); a reel is started, sent by
     * address and finished, then processed; a story is an unpublished photo made a photo story.
     */
    async publish(grant: TGrant, request: TPublishRequest): Promise<TPublishState> {
      const issues = facebookPostIssues(request);
      if (issues.length) throw new NetworkError('facebook', 'permanent', issues.join('; '));
      const token = grant.accessToken;
      const page = request.account.remoteId;
      const [first] = request.media;
      const published = (postId: string): TPublishState => ({ state: 'published', postId, url: facebookPostUrl(postId) });
      const processing = (videoId: string): TPublishState => ({
        state: 'processing',
        ticket: writeTicket({ v: videoId, p: page }),
        checkAfterMs: CHECK_VIDEO_MS,
      });
      const unpublishedPhoto = (url: string) => uploadUnpublished(token, page, url);

      if (request.format === 'story') {
        const photo = await unpublishedPhoto(first!.url);
        const story = await g.post(token, `/${page}/photo_stories`, { photo_id: photo });
        return { state: 'published', postId: idOf('facebook', story, 'post_id'), url: null };
      }
      if (request.format === 'reel') {
        const start = (await g.post(token, `/${page}/video_reels`, {}, { upload_phase: 'start' })) as { upload_url?: string };
        const videoId = idOf('facebook', start, 'video_id');
        await reelUpload(token, start.upload_url, first!.url);
        await g.post(
          token,
          `/${page}/video_reels`,
          {},
          { upload_phase: 'finish', video_id: videoId, video_state: 'PUBLISHED', description: request.text },
        );
        return processing(videoId);
      }
      if (first?.type === 'video') {
        const video = await g.post(token, `/${page}/videos`, { file_url: first.url, description: request.text });
        return processing(idOf('facebook', video));
      }
      if (request.media.length === 1) {
        const photo = (await g.post(token, `/${page}/photos`, { url: first!.url, caption: request.text })) as {
          post_id?: string;
        };
        return published(photo.post_id ?? `${page}_${idOf('facebook', photo)}`);
      }
      const attached: { media_fbid: string }[] = [];
      for (const m of request.media) attached.push({ media_fbid: await unpublishedPhoto(m.url) });
      const body: Record<string, unknown> = { message: request.text };
      if (attached.length) body.attached_media = attached;
      return published(idOf('facebook', await g.post(token, `/${page}/feed`, body)));
    },
    /**
     * Uploads a post's photos ahead, unpublished (`published=false`): they are on no feed and in no list of the page's
     * posts until the due time attaches them (`publishPrepared`). A feed post of photos and a photo story are made
     * ready so; text alone has nothing to upload, and a video or a reel is sent whole at the due time as now (Graph
     * makes an unpublished page video for advertising only, with its own permission, and publishes one later only
     * at a time handed to Facebook, which would take the moment out of the product's hands). A photo whose upload
     * failed leaves those uploaded before it deleted.
     */
    async prepare(grant: TGrant, request: TPublishRequest, at: Date): Promise<TPrepared | null> {
      const issues = facebookPostIssues(request);
      if (issues.length) throw new NetworkError('facebook', 'permanent', issues.join('; '));
      const validUntil = new Date(at.getTime() + META_PREPARED_VALID_MS);
      const photosOnly = request.media.length > 0 && request.media.every((m) => m.type === 'image');
      if (!photosOnly || (request.format !== 'post' && request.format !== 'story')) return null;
      const token = grant.accessToken;
      const page = request.account.remoteId;
      const ph: string[] = [];
      try {
        for (const m of request.media) ph.push(await uploadUnpublished(token, page, m.url));
      } catch (err) {
        await Promise.all(ph.map((id) => g.remove(token, `/${id}`).catch(() => undefined)));
        throw err;
      }
      const ticket = encodeTicket(
        (request.format === 'story' ? { k: 'story', ph } : { k: 'feed', ph, t: request.text }) satisfies TFacebookPrepared,
      );
      return { ticket, validUntil };
    },
    /**
     * The due time's post: the feed post with the prepared photos attached (`attached_media`), or the photo story;
     * what was not prepared is published whole. A refusal while one of the photos is no longer on Facebook (deleted)
     * is PREPARED_GONE; a photo already attached (the post is out) is refused as it is.
     */
    async publishPrepared(grant: TGrant, account: TAccountRef, ticket: string): Promise<TPublishState> {
      const t = readPrepared(ticket);
      const token = grant.accessToken;
      const page = account.remoteId;
      try {
        if (t.k === 'story') {
          const story = await g.post(token, `/${page}/photo_stories`, { photo_id: t.ph[0] });
          return { state: 'published', postId: idOf('facebook', story, 'post_id'), url: null };
        }
        const body = { message: t.t, attached_media: t.ph.map((id) => ({ media_fbid: id })) };
        const postId = idOf('facebook', await g.post(token, `/${page}/feed`, body));
        return { state: 'published', postId, url: facebookPostUrl(postId) };
      } catch (err) {
        if (err instanceof NetworkError && err.kind === 'permanent' && (await anyPhotoGone(token, t.ph)))
          throw preparedGone('facebook', 'Facebook no longer has a photo uploaded ahead for this post');
        throw err;
      }
    },
    /** Deletes the prepared photos (DELETE /{photo-id}); one Facebook no longer has is gone already. */
    async discardPrepared(grant: TGrant, _account: TAccountRef, ticket: string): Promise<void> {
      const t = readPrepared(ticket);
      for (const id of t.ph)
        await g.remove(grant.accessToken, `/${id}`).catch((err) => {
          if (!isMissing(err)) throw err;
        });
    },
    /** Asks how the video (or reel) stands: ready is published, an error is permanent with Facebook's words. */
    async publishStatus(grant: TGrant, account: TAccountRef, ticket: string): Promise<TPublishState> {
      const t = readTicket('facebook', ticket, 'v');
      const v = (await g.get(grant.accessToken, `/${t.v}`, { fields: 'status,permalink_url' })) as {
        status?: { video_status?: string; processing_phase?: { status?: string; errors?: { message?: string }[] } };
        permalink_url?: string;
      };
      const status = v.status?.video_status;
      if (status === 'ready') {
        const link = v.permalink_url;
        return {
          state: 'published',
          postId: `${account.remoteId}_${t.v}`,
          url: link ? new URL(link, 'https://www.facebook.com').toString() : null,
        };
      }
      if (status === 'error' || v.status?.processing_phase?.status === 'error') {
        const why = v.status?.processing_phase?.errors?.[0]?.message;
        throw new NetworkError('facebook', 'permanent', `Facebook could not process the video${why ? `: ${why}` : ''}`);
      }
      return { state: 'processing', ticket, checkAfterMs: CHECK_VIDEO_MS };
    },
    /** The page's latest posts and its stories, newest first. */
    async recentPosts(grant: TGrant, account: TAccountRef, limit: number): Promise<TRecentPost[]> {
      const page = account.remoteId;
      const posts = (await g.get(grant.accessToken, `/${page}/posts`, {
        fields: 'id,message,created_time,permalink_url',
        limit: listLimit(limit),
      })) as TGraphList<{ id?: string; message?: string; created_time?: string; permalink_url?: string }>;
      const stories = (await g.get(grant.accessToken, `/${page}/stories`, {})) as TGraphList<{
        post_id?: string;
        creation_time?: string;
        url?: string;
      }>;
      const found: TRecentPost[] = [];
      for (const p of posts?.data ?? []) {
        const createdAt = graphDate(p.created_time);
        if (p.id && createdAt) found.push({ postId: p.id, text: p.message ?? '', createdAt, url: p.permalink_url ?? null });
      }
      for (const s of stories?.data ?? []) {
        const createdAt = graphDate(s.creation_time);
        if (s.post_id && createdAt) found.push({ postId: s.post_id, text: '', createdAt, url: s.url ?? null });
      }
      return newestFirst(found, limit);
    },
    /**
     * The page's posts since `since` (/{page}/posts, Graph's time-based `since`, 100 an answer, paged by
     * `paging.next`) and its stories (/{page}/stories, live and archived, which has no time filter: read back until
     * past `since`).
     */
    async postsSince(grant: TGrant, account: TAccountRef, since: Date): Promise<TPostsSince> {
      type TPagePost = { id?: string; message?: string; created_time?: string; permalink_url?: string };
      type TPageStory = { post_id?: string; creation_time?: string; url?: string };
      const page = account.remoteId;
      const posts = await g.listSince<TPagePost>(
        grant.accessToken,
        `/${page}/posts`,
        { fields: 'id,message,created_time,permalink_url', limit: GRAPH_PAGE_MAX, since: unixSeconds(since) },
        since,
        (p) => graphDate(p.created_time),
        FACEBOOK_FEED_READABLE,
      );
      const stories = await g.listSince<TPageStory>(
        grant.accessToken,
        `/${page}/stories`,
        { limit: GRAPH_PAGE_MAX },
        since,
        (s) => graphDate(s.creation_time),
      );
      const found: TRecentPost[] = [];
      for (const p of posts.items) {
        const createdAt = graphDate(p.created_time);
        if (p.id && createdAt) found.push({ postId: p.id, text: p.message ?? '', createdAt, url: p.permalink_url ?? null });
      }
      for (const s of stories.items) {
        const createdAt = graphDate(s.creation_time);
        if (s.post_id && createdAt) found.push({ postId: s.post_id, text: '', createdAt, url: s.url ?? null });
      }
      return { posts: onceNewestFirst(found), complete: posts.complete && stories.complete };
    },
    /** Reactions (likes), comments and shares from the post; unique media views and clicks from its insights. */
    async analytics(
      grant: TGrant,
      _account: TAccountRef,
      postId: string,
      _format: TPublishRequest['format'],
    ): Promise<TPostMetrics> {
      const post = (await g.get(grant.accessToken, `/${postId}`, {
        fields: 'reactions.summary(total_count),comments.summary(total_count),shares',
      })) as {
        reactions?: { summary?: { total_count?: number } };
        comments?: { summary?: { total_count?: number } };
        shares?: { count?: number };
      };
      const insights = await g.get(grant.accessToken, `/${postId}/insights`, {
        metric: 'post_total_media_view_unique,post_clicks',
      });
      const metrics: TPostMetrics = {
        likes: count(post.reactions?.summary?.total_count) ?? 0,
        comments: count(post.comments?.summary?.total_count) ?? 0,
        shares: count(post.shares?.count) ?? 0,
        ...readInsights(insights, { post_total_media_view_unique: 'views', post_clicks: 'clicks' }),
      };
      return metrics;
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

  /**
   * Makes the media container Instagram pulls the files into (a photo; a video, always as a reel; a story; a
   * carousel of item containers): its id.
   */
  async function makeContainer(grant: TGrant, request: TPublishRequest): Promise<string> {
    const issues = instagramPostIssues(request);
    if (issues.length) throw new NetworkError('instagram', 'permanent', issues.join('; '));
    const token = grant.accessToken;
    const ig = request.account.remoteId;
    const caption = request.text ? { caption: request.text } : {};
    const container = async (fields: Record<string, unknown>) => idOf('instagram', await g.post(token, `/${ig}/media`, fields));
    const [first] = request.media as [TPublishRequest['media'][number], ...TPublishRequest['media']];
    if (request.format === 'story')
      return container({
        media_type: 'STORIES',
        ...(first.type === 'image' ? { image_url: first.url } : { video_url: first.url }),
      });
    if (request.media.length === 1 && first.type === 'image' && request.format === 'post')
      return container({ image_url: first.url, ...caption });
    if (request.media.length === 1)
      return container({ media_type: 'REELS', video_url: first.url, share_to_feed: true, ...caption });
    const children: string[] = [];
    for (const m of request.media)
      children.push(
        await container(
          m.type === 'image'
            ? { is_carousel_item: true, image_url: m.url }
            : { is_carousel_item: true, media_type: 'VIDEO', video_url: m.url },
        ),
      );
    return container({ media_type: 'CAROUSEL', children: children.join(','), ...caption });
  }

  type TContainerStatus = { status_code?: string; status?: string };
  const containerStatus = async (token: string, c: string) =>
    (await g.get(token, `/${c}`, { fields: 'status_code,status' })) as TContainerStatus;
  /** Whether Instagram no longer has the container: EXPIRED, or unknown; one that cannot be read is not taken for gone. */
  const containerGone = (token: string, c: string) =>
    containerStatus(token, c).then(
      (s) => s.status_code === 'EXPIRED',
      (err) => isMissing(err),
    );
  const gone = () => preparedGone('instagram', 'Instagram no longer has the post made ready ahead (it keeps one 24 hours)');

  /**
   * Asks how the container stands; once finished, publishes it and reads the post's address. `prepared`: the
   * container was made ahead, and one Instagram no longer has (expired, unknown) is PREPARED_GONE, also when
   * media_publish is refused because it expired meanwhile.
   */
  async function settle(grant: TGrant, account: TAccountRef, ticket: string, prepared: boolean): Promise<TPublishState> {
    const { c } = readTicket('instagram', ticket, 'c');
    const token = grant.accessToken;
    let s: TContainerStatus;
    try {
      s = await containerStatus(token, c);
    } catch (err) {
      if (prepared && isMissing(err)) throw gone();
      throw err;
    }
    switch (s.status_code) {
      case 'FINISHED': {
        let postId: string;
        try {
          postId = idOf('instagram', await g.post(token, `/${account.remoteId}/media_publish`, {}, { creation_id: c }));
        } catch (err) {
          if (prepared && err instanceof NetworkError && err.kind === 'permanent' && (await containerGone(token, c)))
            throw gone();
          throw err;
        }
        // the post is out: an address that cannot be read does not undo that
        const url = await g
          .get(token, `/${postId}`, { fields: 'permalink' })
          .then((m) => (m as { permalink?: string } | null)?.permalink ?? null)
          .catch(() => null);
        return { state: 'published', postId, url };
      }
      case 'ERROR': {
        const why = (s.status ?? '').replace(/^Error:\s*/i, '').trim();
        throw new NetworkError('instagram', 'permanent', `Instagram could not process the media${why ? `: ${why}` : ''}`);
      }
      case 'EXPIRED':
        if (prepared) throw gone();
        throw new NetworkError(
          'instagram',
          'permanent',
          'Instagram let the prepared post expire (it keeps one 24 hours before publishing); publish it again',
        );
      case 'PUBLISHED':
        throw new NetworkError('instagram', 'permanent', 'Instagram has already published this post; look for it on the account');
      default:
        return { state: 'processing', ticket, checkAfterMs: CHECK_VIDEO_MS };
    }
  }

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
    limits: NETWORK_LIMITS.instagram,
    /** The account's followers, follows, posts, name and picture. */
    async profile(grant: TGrant, account: TAccountRef): Promise<TProfileFigures> {
      const p = (await g.get(grant.accessToken, `/${account.remoteId}`, {
        fields: 'followers_count,follows_count,media_count,username,name,profile_picture_url',
      })) as {
        followers_count?: number;
        follows_count?: number;
        media_count?: number;
        username?: string;
        name?: string;
        profile_picture_url?: string;
      };
      return {
        userName: p.username || p.name || account.remoteId,
        pictureUrl: p.profile_picture_url ?? null,
        followers: count(p.followers_count),
        following: count(p.follows_count),
        media: count(p.media_count),
        subscribers: null,
        views: null,
        likes: null,
      };
    },
    /** Makes the post's container and answers `processing` with it: `publishStatus` publishes it once finished. */
    async publish(grant: TGrant, request: TPublishRequest): Promise<TPublishState> {
      const id = await makeContainer(grant, request);
      const video = request.media.some((m) => m.type === 'video');
      return { state: 'processing', ticket: writeTicket({ c: id }), checkAfterMs: video ? CHECK_VIDEO_MS : CHECK_IMAGE_MS };
    },
    /**
     * Makes the post's container ahead, as `publish` does (Instagram pulls and processes the files then); nothing is
     * public until `publishPrepared` publishes it. Instagram lets go of a container it was not asked to publish
     * within 24 hours by itself: there is nothing to discard.
     */
    async prepare(grant: TGrant, request: TPublishRequest, at: Date): Promise<TPrepared> {
      const id = await makeContainer(grant, request);
      return { ticket: writeTicket({ c: id }), validUntil: new Date(at.getTime() + META_PREPARED_VALID_MS) };
    },
    /**
     * The due time's publish of a prepared container: FINISHED is published (media_publish), IN_PROGRESS answers
     * `processing` (`publishStatus` publishes it once finished), and a container Instagram no longer has (EXPIRED
     * after its 24 hours, or unknown) is PREPARED_GONE.
     */
    async publishPrepared(grant: TGrant, account: TAccountRef, ticket: string): Promise<TPublishState> {
      return settle(grant, account, ticket, true);
    },
    /** Asks how the container stands; once finished, publishes it and reads the post's address. */
    async publishStatus(grant: TGrant, account: TAccountRef, ticket: string): Promise<TPublishState> {
      return settle(grant, account, ticket, false);
    },

    /** The account's latest posts and its live stories, newest first. */
    async recentPosts(grant: TGrant, account: TAccountRef, limit: number): Promise<TRecentPost[]> {
      type TMedia = { id?: string; caption?: string; timestamp?: string; permalink?: string };
      const query = { fields: 'id,caption,timestamp,permalink', limit: listLimit(limit) };
      const media = (await g.get(grant.accessToken, `/${account.remoteId}/media`, query)) as TGraphList<TMedia>;
      const stories = (await g.get(grant.accessToken, `/${account.remoteId}/stories`, query)) as TGraphList<TMedia>;
      const found: TRecentPost[] = [];
      for (const m of [...(media?.data ?? []), ...(stories?.data ?? [])]) {
        const createdAt = graphDate(m.timestamp);
        if (m.id && createdAt) found.push({ postId: m.id, text: m.caption ?? '', createdAt, url: m.permalink ?? null });
      }
      return newestFirst(found, limit);
    },
    /**
     * The account's media since `since` (/{ig-user}/media, Graph's time-based `since`, 100 an answer, paged by
     * `paging.next`) and its live stories (/{ig-user}/stories, read back until past `since`). Instagram lists a story
     * for 24 hours only: from further back than that a story cannot be ruled out, and the answer is not complete.
     */
    async postsSince(grant: TGrant, account: TAccountRef, since: Date): Promise<TPostsSince> {
      type TMedia = { id?: string; caption?: string; timestamp?: string; permalink?: string };
      const fields = 'id,caption,timestamp,permalink';
      const timestampOf = (m: TMedia) => graphDate(m.timestamp);
      const media = await g.listSince<TMedia>(
        grant.accessToken,
        `/${account.remoteId}/media`,
        { fields, limit: GRAPH_PAGE_MAX, since: unixSeconds(since) },
        since,
        timestampOf,
        INSTAGRAM_MEDIA_READABLE,
      );
      const stories = await g.listSince<TMedia>(
        grant.accessToken,
        `/${account.remoteId}/stories`,
        { fields, limit: GRAPH_PAGE_MAX },
        since,
        timestampOf,
      );
      const found: TRecentPost[] = [];
      for (const m of [...media.items, ...stories.items]) {
        const createdAt = graphDate(m.timestamp);
        if (m.id && createdAt) found.push({ postId: m.id, text: m.caption ?? '', createdAt, url: m.permalink ?? null });
      }
      const storiesReachBack = now().getTime() - since.getTime() <= INSTAGRAM_STORY_LIVE_MS;
      return { posts: onceNewestFirst(found), complete: media.complete && stories.complete && storiesReachBack };
    },
    /**
     * The post's lifetime insights (a story's: views, reach, replies as comments, shares). Too few viewers yet
     * (#10) is permanent for now, not a missing permission.
     */
    async analytics(
      grant: TGrant,
      _account: TAccountRef,
      postId: string,
      format: TPublishRequest['format'],
    ): Promise<TPostMetrics> {
      const metric = format === 'story' ? 'views,reach,replies,shares' : 'views,reach,saved,likes,comments,shares';
      let body: unknown;
      try {
        body = await g.get(grant.accessToken, `/${postId}/insights`, { metric });
      } catch (err) {
        if (err instanceof NetworkError && err.details.code?.split('/')[0] === '10')
          throw new NetworkError('instagram', 'permanent', 'Not enough viewers for insights yet', err.details);
        throw err;
      }
      return readInsights(body, {
        views: 'views',
        reach: 'reach',
        saved: 'saves',
        likes: 'likes',
        comments: 'comments',
        replies: 'comments',
        shares: 'shares',
      });
    },
  } satisfies TNetworkAdapter & Record<string, unknown>;
  return adapter;
}
export type TInstagramAdapter = ReturnType<typeof createInstagramAdapter>;
