import { createHmac } from 'node:crypto';
import { NETWORK_LIMITS, type TPostMetrics, xTextLength } from '@virality/domain';
import OAuth from 'oauth-1.0a';
import { callNetwork, retryAtFrom, type TNetworkResponse } from './http';
import { openMedia, readWholeMedia } from './media-stream';
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
  type TPublishMedia,
  type TPublishRequest,
  type TPublishState,
  type TRecentPost,
} from './types';

/** Shared with the sandbox's stand-in, which must agree (packages/domain rules/outside-services). */
export { X_URL_WEIGHT, xTextLength } from '@virality/domain';

/** The fields of /2/users/me the product reads: the handle, the name, the picture and the counts. */
export const X_USER_FIELDS = ['username', 'name', 'profile_image_url', 'public_metrics'];

/** The shape of X's v1.1 and OAuth endpoints' errors. */
type TXErrors = { errors?: { code?: number; message?: string }[] };
/** The shape of X's v2 errors (RFC 7807 problem JSON). */
type TXProblem = { title?: string; detail?: string; type?: string; status?: number; reason?: string };

const PROBLEMS = 'https://api.twitter.com/2/problems/';

const LIMITS = NETWORK_LIMITS.twitter;
const MB = 1024 * 1024;
/** The size of each appended piece of a chunked upload (X takes up to 4 MB per APPEND... any size in the emulator). */
export const X_CHUNK_BYTES = 4 * MB;
/** Asking again about a video X gave no wait for. */
const DEFAULT_CHECK_AFTER_MS = 5_000;
/** How long X keeps an uploaded media id for a post: a day (each upload answers its own `expires_after_secs`). */
export const X_MEDIA_TTL_MS = 24 * 3600_000;
/** Taken off X's lifetime of a media id when a post is prepared: the clocks, and the time the due publish takes. */
export const X_PREPARED_MARGIN_MS = 3600_000;

const sizeText = (bytes: number) => `${Math.round((bytes / MB) * 10) / 10} MB`;

const isGif = (m: TPublishMedia) => m.mimeType === 'image/gif';

/**
 * What keeps a post from going out on X, in plain words (empty when it may be sent): checked before any call,
 * and by the server before it queues the post. X takes up to 4 images, or 1 GIF, or 1 video, or text alone.
 */
export function xPostIssues(request: TPublishRequest): string[] {
  const issues: string[] = [];
  const length = xTextLength(request.text);
  if (length > LIMITS.textMax) issues.push(`X allows ${LIMITS.textMax} characters; this post has ${length}`);
  if (!LIMITS.formats.includes(request.format as never))
    issues.push(`X does not offer a ${request.format} through its API; send it as a post`);
  const videos = request.media.filter((m) => m.type === 'video');
  const images = request.media.filter((m) => m.type === 'image');
  if (request.media.length === 0 && !request.text.trim()) issues.push('X needs text or media; this post has neither');
  if (request.media.length > LIMITS.mediaMax)
    issues.push(`X allows ${LIMITS.mediaMax} images in one post; this post has ${request.media.length}`);
  if (videos.length > 0 && images.length > 0 && !LIMITS.mixedMedia) issues.push('X does not mix images and a video in one post');
  if (images.some(isGif) && request.media.length > 1) issues.push('X takes a GIF alone in a post, without other media');
  const video = LIMITS.video;
  if (video) {
    if (videos.length > video.maxCount)
      issues.push(`X allows ${video.maxCount} video in one post; this post has ${videos.length}`);
    for (const v of videos) {
      if (!video.types.includes(v.mimeType)) issues.push(`X takes MP4 videos; this one is ${v.mimeType}`);
      if (v.bytes > video.maxBytes)
        issues.push(`X takes videos up to ${sizeText(video.maxBytes)}; this one is ${sizeText(v.bytes)}`);
      if (v.durationSec !== null && v.durationSec < video.minSeconds)
        issues.push(`X takes videos of at least ${video.minSeconds} seconds; this one lasts ${v.durationSec}`);
      if (v.durationSec !== null && v.durationSec > video.maxSeconds)
        issues.push(`X takes videos up to ${video.maxSeconds} seconds; this one lasts ${v.durationSec}`);
      if (video.maxWidth !== null && v.width !== null && v.width > video.maxWidth)
        issues.push(`X takes videos up to ${video.maxWidth} pixels wide; this one is ${v.width}`);
    }
  }
  const image = LIMITS.image;
  if (image) {
    for (const i of images) {
      if (!image.types.includes(i.mimeType)) issues.push(`X takes JPEG, PNG, WebP or GIF images; this one is ${i.mimeType}`);
      if (i.bytes > image.maxBytes)
        issues.push(`X takes images up to ${sizeText(image.maxBytes)}; this one is ${sizeText(i.bytes)}`);
      if (image.maxWidth !== null && i.width !== null && i.width > image.maxWidth)
        issues.push(`X takes images up to ${image.maxWidth} pixels wide; this one is ${i.width}`);
      if (image.minWidth !== null && i.width !== null && i.width < image.minWidth)
        issues.push(`X takes images at least ${image.minWidth} pixels wide; this one is ${i.width}`);
      if (i.width && i.height) {
        const aspect = i.width / i.height;
        if ((image.minAspect !== null && aspect < image.minAspect) || (image.maxAspect !== null && aspect > image.maxAspect))
          issues.push(`X does not take this image's shape (${i.width}×${i.height})`);
      }
    }
  }
  return issues;
}

/**
 * What a publish still processing needs to finish: the post's text, its media ids, and those X is still processing;
 * for a post prepared ahead, until when (ms) its media ids may be used.
 */
type TXTicket = { v: 1; text: string; media: string[]; waiting: string[]; until?: number };

const makeTicket = (t: Omit<TXTicket, 'v'>) => encodeTicket({ v: 1, ...t });

function readTicket(ticket: string): TXTicket {
  const t = decodeTicket(ticket);
  const strings = (a: unknown): a is string[] => Array.isArray(a) && a.every((x) => typeof x === 'string');
  if (
    t?.v === 1 &&
    typeof t.text === 'string' &&
    strings(t.media) &&
    strings(t.waiting) &&
    (t.until === undefined || typeof t.until === 'number')
  )
    return t as TXTicket;
  throw new NetworkError('twitter', 'permanent', 'this X publish cannot be followed: its ticket is not one Virality made');
}

/** X's media processing (the v1.1 shape it keeps in v2): a state, a wait, and an error once it failed. */
type TProcessingInfo = {
  state?: 'pending' | 'in_progress' | 'succeeded' | 'failed';
  check_after_secs?: number;
  progress_percent?: number;
  error?: { code?: number; name?: string; message?: string };
};
/** A v2 answer's resource errors (a 200 answer may carry them instead of data). */
type TXResourceErrors = { errors?: { title?: string; detail?: string; type?: string }[] };

/** The most posts X lists in one page of a user's timeline (it takes 5 to 100). */
export const X_PAGE_MAX = 100;
const X_PAGE_MIN = 5;
/** How far back X lists a user's timeline: its 3,200 most recent posts, whatever time is asked for. */
export const X_TIMELINE_REACH = 3_200;
/** The earliest `start_time` X takes; a moment before it is not sent (the posts are then told apart by their time here). */
const X_START_TIME_MIN_MS = Date.parse('2010-11-06T00:00:01Z');

/** What a test may change: how many posts a page asks for (5 to 100), and how far back the timeline reaches. */
export type TXAdapterOptions = { pageSize?: number; timelineReach?: number };

/** One page of a user's timeline as X answers it: its posts (newest first) and the token of the next page. */
type TTimelinePage = {
  data?: { id?: string; text?: string; created_at?: string }[];
  meta?: { result_count?: number; next_token?: string };
} & TXResourceErrors;

/** X's web address of a post; without the handle, X's address that finds the post by its id alone. */
export const xPostUrl = (id: string, userName?: string | null) =>
  userName ? `https://x.com/${userName}/status/${id}` : `https://x.com/i/web/status/${id}`;

/** The code of X's first error (`{errors:[{code}]}`), if the answer has one; a form or text answer has none. */
function errorCode(body: unknown): number | null {
  const first = (body as TXErrors | null)?.errors?.[0];
  return typeof first?.code === 'number' ? first.code : null;
}

/** A form-encoded answer (X's OAuth endpoints answer `a=b&c=d`, labelled text/html). */
function formAnswer(body: unknown): URLSearchParams {
  return new URLSearchParams(typeof body === 'string' ? body : '');
}

/**
 * X (API v2) with OAuth 1.0a: a request token (signed with the consumer only), the person's consent at
 * /oauth/authorize, then an access token for the request token and its verifier (signed with the request token).
 * There is no `state`: the product finds its pending flow by the request token, and keeps the request token's
 * secret to sign the exchange. Access tokens do not expire and cannot be renewed: `refresh` is null.
 * OAuth and v1.1 endpoints answer `{errors:[{code,message}]}`; v2 endpoints answer problem JSON `{title,type,detail}`.
 */
export function createXAdapter(
  settings: TNetworkSettings,
  fetchFn: TFetch = fetch,
  now: () => Date = () => new Date(),
  options: TXAdapterOptions = {},
) {
  const pageSize = Math.min(X_PAGE_MAX, Math.max(X_PAGE_MIN, Math.floor(options.pageSize ?? X_PAGE_MAX)));
  const timelineReach = options.timelineReach ?? X_TIMELINE_REACH;
  const oauth = new OAuth({
    consumer: { key: settings.clientId, secret: settings.clientSecret },
    signature_method: 'HMAC-SHA1',
    hash_function: (base, key) => createHmac('sha1', key).update(base).digest('base64'),
  });

  /**
   * The Authorization header of one call: signed with the consumer, and with `token` when given. `extra` are
   * oauth_* parameters (oauth_callback, oauth_verifier) sent in the header and signed with the rest.
   */
  function authorization(method: string, url: string, token: OAuth.Token | null, extra: Record<string, string> = {}) {
    const signed = oauth.authorize({ url, method, data: { ...extra } }, token ?? undefined);
    return oauth.toHeader({ ...signed, ...extra }).Authorization;
  }

  /** A refusal by an OAuth endpoint: `step` is the request-token call or the access-token exchange. */
  function failOAuth(res: TNetworkResponse, at: Date, step: 'request' | 'access'): never {
    const code = errorCode(res.body);
    const message = (res.body as TXErrors | null)?.errors?.[0]?.message;
    const details = { status: res.status, code: code === null ? null : String(code) };
    if (res.status === 429 || code === 88)
      throw new NetworkError('twitter', 'rate_limited', 'X limits how often this can be done; it will be tried again', {
        ...details,
        retryAt: retryAtFrom(res.headers, at, 'x-rate-limit-reset'),
      });
    if (code === 89)
      throw new NetworkError(
        'twitter',
        'reconnect',
        step === 'access'
          ? 'the X sign-in expired or was already used; connect the account again'
          : 'X no longer accepts the saved access',
        details,
      );
    if (code === 326)
      throw new NetworkError(
        'twitter',
        'reconnect',
        'X has locked this account for now; unlock it on X, then connect it again',
        details,
      );
    if (code === 220)
      throw new NetworkError(
        'twitter',
        'reconnect',
        'X access was given without a permission Virality needs; connect the account again',
        details,
      );
    if (code === 415)
      throw new NetworkError('twitter', 'permanent', "X does not accept Virality's return address for signing in", details);
    // a bad signature, a wrong verifier: the consent cannot be finished, but a new one may work
    if (step === 'access') throw new NetworkError('twitter', 'permanent', 'the X sign-in did not complete, try again', details);
    if (code === 32) throw new NetworkError('twitter', 'permanent', "X did not accept Virality's app keys", details);
    throw new NetworkError('twitter', 'permanent', message || `X refused the request (${code ?? res.status})`, details);
  }

  /** A refusal by a v2 endpoint (problem JSON; a few still answer `{errors}`). */
  function failApi(res: TNetworkResponse, at: Date): never {
    const p = (res.body && typeof res.body === 'object' ? res.body : {}) as TXProblem & TXErrors;
    const type = typeof p.type === 'string' ? p.type : '';
    const problem = type.startsWith(PROBLEMS) ? type.slice(PROBLEMS.length) : null;
    const v1Code = errorCode(p);
    const details = {
      status: res.status,
      code: problem ?? (v1Code === null ? null : String(v1Code)) ?? (typeof p.title === 'string' ? p.title : null),
    };
    if (res.status === 429 || v1Code === 88)
      throw new NetworkError('twitter', 'rate_limited', 'X limits how often this can be done; it will be tried again', {
        ...details,
        retryAt: retryAtFrom(res.headers, at, 'x-rate-limit-reset'),
      });
    if (res.status === 401 || v1Code === 89)
      throw new NetworkError('twitter', 'reconnect', 'X no longer accepts the saved access', details);
    if (v1Code === 326)
      throw new NetworkError(
        'twitter',
        'reconnect',
        'X has locked this account for now; unlock it on X, then connect it again',
        details,
      );
    // the access was given under permissions that no longer cover this call: a new consent gives the app's current ones
    if (res.status === 403 && problem === 'oauth1-permissions')
      throw new NetworkError(
        'twitter',
        'reconnect',
        'X access was given without a permission Virality needs; connect the account again',
        details,
      );
    // the app's developer project lacks the access level: Virality's to fix, not the user's
    if (res.status === 403 && problem === 'client-forbidden')
      throw new NetworkError('twitter', 'permanent', "X does not let Virality's app do this yet", details);
    const first = (p.errors as { message?: string; parameters?: unknown }[] | undefined)?.[0];
    // a refused parameter is named in `errors`, with X's words for it; `detail` then only says one was refused
    const said =
      first?.parameters && first.message
        ? first.message
        : typeof p.detail === 'string' && p.detail
          ? p.detail
          : (first?.message ?? '');
    throw new NetworkError('twitter', 'permanent', said || `X refused the request (${details.code ?? res.status})`, details);
  }

  async function apiGet(grant: TGrant, path: string, query: Record<string, string>) {
    if (!grant.tokenSecret) throw new NetworkError('twitter', 'reconnect', 'the saved X access is incomplete');
    const at = now();
    const url = `${settings.apiBase}${path}?${new URLSearchParams(query)}`;
    const res = await callNetwork(fetchFn, 'twitter', url, {
      method: 'GET',
      headers: {
        authorization: authorization('GET', url, { key: grant.accessToken, secret: grant.tokenSecret }),
        accept: 'application/json',
      },
    });
    if (res.status >= 400) failApi(res, at);
    return res.body;
  }

  /**
   * A signed POST to the API: a JSON body or a multipart one (neither is part of the signature base string, only
   * the query is), answering the body of a 2xx.
   */
  async function apiPost(grant: TGrant, path: string, body: Record<string, unknown> | FormData | null) {
    if (!grant.tokenSecret) throw new NetworkError('twitter', 'reconnect', 'the saved X access is incomplete');
    const at = now();
    const url = `${settings.apiBase}${path}`;
    const headers: Record<string, string> = {
      authorization: authorization('POST', url, { key: grant.accessToken, secret: grant.tokenSecret }),
      accept: 'application/json',
    };
    if (body !== null && !(body instanceof FormData)) headers['content-type'] = 'application/json';
    const res = await callNetwork(fetchFn, 'twitter', url, {
      method: 'POST',
      headers,
      body: body === null ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    });
    if (res.status >= 400) failApi(res, at);
    return res.body;
  }

  const mediaIdOf = (body: unknown, step: string): string => {
    const id = (body as { data?: { id?: unknown } } | null)?.data?.id;
    if (typeof id !== 'string' || !id)
      throw new NetworkError('twitter', 'permanent', `X answered the ${step} without a media id`);
    return id;
  };

  /** How long X says it keeps a media id (its answer's `expires_after_secs`), or its documented day. */
  const lifetimeOf = (body: unknown): number => {
    const secs = (body as { data?: { expires_after_secs?: unknown } } | null)?.data?.expires_after_secs;
    return typeof secs === 'number' && secs > 0 ? secs * 1000 : X_MEDIA_TTL_MS;
  };

  type TUploaded = { id: string; processing: TProcessingInfo | null; lifetimeMs: number };

  /** An image in one call: POST /2/media/upload (multipart), its bytes read once. Ready at once. */
  async function uploadImage(grant: TGrant, media: TPublishMedia): Promise<TUploaded> {
    const bytes = await readWholeMedia(fetchFn, 'twitter', media, LIMITS.image?.maxBytes ?? 5 * MB);
    const body = new FormData();
    body.append('media', new Blob([bytes], { type: media.mimeType }), 'media');
    body.append('media_category', 'tweet_image');
    body.append('media_type', media.mimeType);
    const answer = await apiPost(grant, '/2/media/upload', body);
    return { id: mediaIdOf(answer, 'image upload'), processing: null, lifetimeMs: lifetimeOf(answer) };
  }

  /**
   * A video or GIF in pieces: initialize with its size, append each 4 MB piece as it is read from the file's
   * address (only that piece in memory), finalize. X may process it after.
   */
  async function uploadChunked(grant: TGrant, media: TPublishMedia): Promise<TUploaded> {
    const file = await openMedia(fetchFn, 'twitter', media);
    try {
      const started = await apiPost(grant, '/2/media/upload/initialize', {
        media_type: media.mimeType,
        total_bytes: file.bytes,
        media_category: isGif(media) ? 'tweet_gif' : 'tweet_video',
      });
      const id = mediaIdOf(started, 'upload start');
      const path = `/2/media/upload/${encodeURIComponent(id)}`;
      let index = 0;
      for await (const bytes of file.pieces(X_CHUNK_BYTES)) {
        const piece = new FormData();
        piece.append('media', new Blob([bytes], { type: media.mimeType }), 'media');
        piece.append('segment_index', String(index++));
        await apiPost(grant, `${path}/append`, piece);
      }
      const done = (await apiPost(grant, `${path}/finalize`, null)) as { data?: { processing_info?: TProcessingInfo } } | null;
      return {
        id,
        processing: done?.data?.processing_info ?? null,
        lifetimeMs: Math.min(lifetimeOf(started), lifetimeOf(done)),
      };
    } finally {
      await file.cancel();
    }
  }

  /**
   * Uploads every media file of a post (images one by one, a video or GIF in pieces): their ids, those X still
   * processes with the longest wait it asked for, and the shortest lifetime X gave them.
   */
  async function uploadAll(grant: TGrant, request: TPublishRequest) {
    const mediaIds: string[] = [];
    const waiting: string[] = [];
    let checkAfterMs = 0;
    let lifetimeMs = X_MEDIA_TTL_MS;
    for (const media of request.media) {
      const up = media.type === 'image' && !isGif(media) ? await uploadImage(grant, media) : await uploadChunked(grant, media);
      mediaIds.push(up.id);
      lifetimeMs = Math.min(lifetimeMs, up.lifetimeMs);
      const ready = processed(up.processing);
      if (ready !== true) {
        waiting.push(up.id);
        checkAfterMs = Math.max(checkAfterMs, ready);
      }
    }
    return { mediaIds, waiting, checkAfterMs, lifetimeMs };
  }

  /** A refusal of media ids X no longer has (they expired a day after their upload, or were never ours). */
  const mediaGone = (err: unknown) =>
    err instanceof NetworkError &&
    err.kind === 'permanent' &&
    err.details.status === 400 &&
    /media ?ids? (are |is )?invalid|invalid media_id/i.test(err.reason);
  const gone = () => preparedGone('twitter', 'The media uploaded ahead is no longer held by X');

  /** The step that makes the post public: POST /2/tweets. Never sent twice here: the caller looks at postsSince first. */
  async function createTweet(grant: TGrant, text: string, mediaIds: string[]): Promise<TPublishState> {
    const body: Record<string, unknown> = {};
    if (text) body.text = text;
    if (mediaIds.length) body.media = { media_ids: mediaIds };
    const answer = (await apiPost(grant, '/2/tweets', body)) as { data?: { id?: unknown } } | null;
    const id = answer?.data?.id;
    if (typeof id !== 'string' || !id) throw new NetworkError('twitter', 'permanent', 'X answered the post without its id');
    return { state: 'published', postId: id, url: xPostUrl(id) };
  }

  /** Where X's processing of a media file stands: ready (true), still going (the wait), or failed (permanent). */
  function processed(info: TProcessingInfo | null): true | number {
    if (!info?.state || info.state === 'succeeded') return true;
    if (info.state === 'failed') {
      const said = info.error?.message || info.error?.name;
      throw new NetworkError(
        'twitter',
        'permanent',
        said ? `X could not process the media: ${said}` : 'X could not process the media',
        { code: info.error?.code === undefined ? null : String(info.error.code) },
      );
    }
    const secs = info.check_after_secs;
    return typeof secs === 'number' && secs >= 0 ? secs * 1000 : DEFAULT_CHECK_AFTER_MS;
  }

  /** A 200 answer that carries errors instead of the resource: the post or user is not (or no longer) there. */
  function notFound(body: unknown, what: string): never {
    const e = (body as TXResourceErrors | null)?.errors?.[0];
    throw new NetworkError('twitter', 'permanent', e?.detail || `X has no such ${what}`, {
      code: e?.type?.startsWith(PROBLEMS) ? e.type.slice(PROBLEMS.length) : (e?.title ?? null),
    });
  }

  /** One page of the user's timeline (GET /2/users/{id}/tweets), newest first, with the next page's token. */
  async function timelinePage(
    grant: TGrant,
    account: TAccountRef,
    query: Record<string, string>,
  ): Promise<{ posts: TRecentPost[]; next: string | null }> {
    const body = (await apiGet(grant, `/2/users/${encodeURIComponent(account.remoteId)}/tweets`, {
      ...query,
      'tweet.fields': 'created_at,text',
    })) as TTimelinePage | null;
    if (!body?.data && body?.errors?.length) notFound(body, 'profile');
    const posts = (body?.data ?? [])
      .filter((t): t is { id: string; text?: string; created_at?: string } => typeof t.id === 'string')
      .map((t) => ({ postId: t.id, text: t.text ?? '', createdAt: new Date(t.created_at ?? 0), url: xPostUrl(t.id) }));
    const next = body?.meta?.next_token;
    return { posts, next: typeof next === 'string' && next ? next : null };
  }

  const adapter = {
    network: 'twitter' as const,
    /** A request token for the product's return page; the consent page is X's, for that token. */
    async authorize(_input: { state: string }) {
      const at = now();
      const url = `${settings.authBase}/oauth/request_token`;
      const res = await callNetwork(fetchFn, 'twitter', url, {
        method: 'POST',
        headers: { authorization: authorization('POST', url, null, { oauth_callback: settings.redirectUri }) },
      });
      if (res.status >= 400) failOAuth(res, at, 'request');
      const answer = formAnswer(res.body);
      const token = answer.get('oauth_token');
      const secret = answer.get('oauth_token_secret');
      if (!token || !secret) throw new NetworkError('twitter', 'permanent', 'X answered without a request token');
      if (answer.get('oauth_callback_confirmed') !== 'true')
        throw new NetworkError('twitter', 'permanent', "X did not confirm Virality's return address");
      return {
        url: `${settings.authBase}/oauth/authorize?${new URLSearchParams({ oauth_token: token })}`,
        secret,
        requestToken: token,
      };
    },
    /** The request token and its verifier, brought back by the return page, become an access token and its secret. */
    async exchange(consent: TConsent, secret: string | null, at: Date): Promise<TGrant> {
      if (!consent.oauthToken) throw new NetworkError('twitter', 'permanent', 'X sent no request token back');
      if (!consent.oauthVerifier) throw new NetworkError('twitter', 'permanent', 'X sent no verifier back');
      if (!secret) throw new NetworkError('twitter', 'permanent', 'the X sign-in did not complete, try again');
      const url = `${settings.authBase}/oauth/access_token`;
      const res = await callNetwork(fetchFn, 'twitter', url, {
        method: 'POST',
        headers: {
          authorization: authorization(
            'POST',
            url,
            { key: consent.oauthToken, secret },
            { oauth_verifier: consent.oauthVerifier },
          ),
        },
      });
      if (res.status >= 400) failOAuth(res, at, 'access');
      const answer = formAnswer(res.body);
      const accessToken = answer.get('oauth_token');
      const tokenSecret = answer.get('oauth_token_secret');
      if (!accessToken || !tokenSecret) throw new NetworkError('twitter', 'permanent', 'X answered without an access token');
      return { accessToken, tokenSecret, refreshToken: null, accessExpiresAt: null, refreshExpiresAt: null, scopes: [] };
    },
    refresh: null,
    /** The profile the consent was given for. */
    async discover(grant: TGrant) {
      const body = (await apiGet(grant, '/2/users/me', { 'user.fields': X_USER_FIELDS.join(',') })) as {
        data?: { id?: string; name?: string; username?: string; profile_image_url?: string };
      } | null;
      const u = body?.data;
      if (!u?.id) throw new NetworkError('twitter', 'permanent', 'X did not say whose account this is');
      return [
        {
          remoteId: u.id,
          kind: 'profile' as const,
          userName: u.username || u.name || u.id,
          pictureUrl: u.profile_image_url ?? null,
        },
      ];
    },
    limits: LIMITS,

    /** The profile's figures: GET /2/users/me with its public metrics. */
    async profile(grant: TGrant, _account: TAccountRef): Promise<TProfileFigures> {
      const body = (await apiGet(grant, '/2/users/me', { 'user.fields': X_USER_FIELDS.join(',') })) as {
        data?: {
          id?: string;
          name?: string;
          username?: string;
          profile_image_url?: string;
          public_metrics?: Partial<Record<'followers_count' | 'following_count' | 'tweet_count' | 'like_count', number>>;
        };
      } | null;
      const u = body?.data;
      if (!u?.id) throw new NetworkError('twitter', 'permanent', 'X did not say whose account this is');
      const m = u.public_metrics ?? {};
      const figure = (v: unknown) => (typeof v === 'number' ? v : null);
      return {
        userName: u.username || u.name || u.id,
        pictureUrl: u.profile_image_url ?? null,
        followers: figure(m.followers_count),
        following: figure(m.following_count),
        media: figure(m.tweet_count),
        subscribers: null,
        views: null,
        likes: figure(m.like_count),
      };
    },

    /**
     * Images are uploaded one by one (ready at once), a video or GIF in pieces; X may still be processing it, then
     * the answer is `processing` with a ticket. Otherwise the post is created at once.
     */
    async publish(grant: TGrant, request: TPublishRequest): Promise<TPublishState> {
      const issues = xPostIssues(request);
      if (issues.length) throw new NetworkError('twitter', 'permanent', issues.join('; '));
      const { mediaIds, waiting, checkAfterMs } = await uploadAll(grant, request);
      if (waiting.length)
        return { state: 'processing', ticket: makeTicket({ text: request.text, media: mediaIds, waiting }), checkAfterMs };
      return createTweet(grant, request.text, mediaIds);
    },

    /**
     * Uploads the post's media ahead (nothing is posted): the ticket holds the text, the media ids and those X still
     * processes. X keeps a media id a day after its upload (each upload says how long: `expires_after_secs`), so
     * the ticket is valid until the shortest of those, less an hour. A post of text alone has nothing to upload: its
     * ticket holds the text only (the due call is then the post itself, as a whole publish would be), valid as long.
     * Nothing is left to discard: unused media ids expire by themselves.
     */
    async prepare(grant: TGrant, request: TPublishRequest, at: Date): Promise<TPrepared> {
      const issues = xPostIssues(request);
      if (issues.length) throw new NetworkError('twitter', 'permanent', issues.join('; '));
      const { mediaIds, waiting, lifetimeMs } = await uploadAll(grant, request);
      const until = at.getTime() + lifetimeMs - X_PREPARED_MARGIN_MS;
      return { ticket: makeTicket({ text: request.text, media: mediaIds, waiting, until }), validUntil: new Date(until) };
    },

    /**
     * The due call for a prepared post: asks X about the media it was still processing (as publishStatus does,
     * answering `processing` while any is), then posts with the media ids. Media ids past the ticket's validity, or
     * that X refuses as unknown (expired), are PREPARED_GONE: the product then publishes the whole post.
     */
    async publishPrepared(grant: TGrant, account: TAccountRef, ticket: string): Promise<TPublishState> {
      const t = readTicket(ticket);
      if (t.until !== undefined && now().getTime() > t.until && t.media.length) throw gone();
      try {
        return await adapter.publishStatus(grant, account, makeTicket({ text: t.text, media: t.media, waiting: t.waiting }));
      } catch (err) {
        if (mediaGone(err)) throw gone();
        throw err;
      }
    },

    /** Asks X about the media still processing (GET /2/media/upload?command=STATUS); once all are ready, posts. */
    async publishStatus(grant: TGrant, _account: TAccountRef, ticket: string): Promise<TPublishState> {
      const t = readTicket(ticket);
      const waiting: string[] = [];
      let checkAfterMs = 0;
      for (const id of t.waiting) {
        const body = (await apiGet(grant, '/2/media/upload', { command: 'STATUS', media_id: id })) as {
          data?: { processing_info?: TProcessingInfo };
          processing_info?: TProcessingInfo;
        } | null;
        const ready = processed(body?.data?.processing_info ?? body?.processing_info ?? null);
        if (ready !== true) {
          waiting.push(id);
          checkAfterMs = Math.max(checkAfterMs, ready);
        }
      }
      if (waiting.length) return { state: 'processing', ticket: makeTicket({ ...t, waiting }), checkAfterMs };
      return createTweet(grant, t.text, t.media);
    },

    /** The profile's latest posts: the first page of GET /2/users/{id}/tweets (X gives 5 to 100 at a time). */
    async recentPosts(grant: TGrant, account: TAccountRef, limit: number): Promise<TRecentPost[]> {
      if (limit <= 0) return [];
      const page = await timelinePage(grant, account, {
        max_results: String(Math.min(X_PAGE_MAX, Math.max(X_PAGE_MIN, Math.floor(limit)))),
      });
      return page.posts.slice(0, limit);
    },

    /**
     * Every post since `since`: GET /2/users/{id}/tweets from `start_time` (X's own time filter), 100 a page, each
     * next page asked with the `pagination_token` X gave as `meta.next_token`, until X gives none (the list ended
     * at `since`). X writes times to the second and `start_time` is inclusive at that grain, so the posts of since's
     * own second are kept (a post made a moment before `since` in that second may come with them: never one missed).
     * Not complete when the pages run out (POSTS_SINCE_MAX_PAGES) with more to read, or when the list ended because
     * X reaches no further back than a user's 3,200 most recent posts while all it listed are newer than `since`.
     */
    async postsSince(grant: TGrant, account: TAccountRef, since: Date): Promise<TPostsSince> {
      const fromMs = Math.floor(since.getTime() / 1000) * 1000;
      const query: Record<string, string> = { max_results: String(pageSize) };
      if (fromMs >= X_START_TIME_MIN_MS) query.start_time = new Date(fromMs).toISOString().replace(/\.\d{3}Z$/, 'Z');
      const posts: TRecentPost[] = [];
      const seen = new Set<string>();
      let listed = 0;
      let token: string | null = null;
      for (let pages = 0; pages < POSTS_SINCE_MAX_PAGES; pages++) {
        const page = await timelinePage(grant, account, token ? { ...query, pagination_token: token } : query);
        listed += page.posts.length;
        for (const p of page.posts)
          if (p.createdAt.getTime() >= fromMs && !seen.has(p.postId)) {
            seen.add(p.postId);
            posts.push(p);
          }
        // past `since` (a moment too early for start_time): every post since it was listed
        if (page.posts.some((p) => p.createdAt.getTime() < fromMs)) return { posts, complete: true };
        if (!page.next) return { posts, complete: listed < timelineReach };
        token = page.next;
      }
      return { posts, complete: false };
    },

    /** A post's public figures: GET /2/tweets/{id}?tweet.fields=public_metrics. */
    async analytics(grant: TGrant, _account: TAccountRef, postId: string, _format: TPublishRequest['format']) {
      const body = (await apiGet(grant, `/2/tweets/${encodeURIComponent(postId)}`, { 'tweet.fields': 'public_metrics' })) as
        | ({ data?: { public_metrics?: Record<string, unknown> } } & TXResourceErrors)
        | null;
      if (!body?.data) notFound(body, 'post');
      const m = body.data.public_metrics ?? {};
      const out: TPostMetrics = {};
      const put = (key: keyof TPostMetrics, v: unknown) => {
        if (typeof v === 'number') out[key] = v;
      };
      put('views', m.impression_count);
      put('likes', m.like_count);
      put('comments', m.reply_count);
      put('reposts', m.retweet_count ?? m.repost_count);
      put('quotes', m.quote_count);
      put('bookmarks', m.bookmark_count);
      return out;
    },
  } satisfies TNetworkAdapter & Record<string, unknown>;
  return adapter;
}
export type TXAdapter = ReturnType<typeof createXAdapter>;
