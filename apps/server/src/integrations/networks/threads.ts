import { NETWORK_LIMITS, THREADS_API_VERSION, type TPostMetrics } from '@virality/domain';
import { callNetwork, expiresIn, FORM_HEADERS, form, type TNetworkResponse } from './http';
import { metaRetryAt } from './meta';
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
export { THREADS_API_VERSION } from '@virality/domain';

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

const LIMITS = NETWORK_LIMITS.threads;
const MB = 1024 * 1024;

/** Characters as a person counts them (an emoji is one). */
const charCount = (s: string) => Array.from(s).length;

/**
 * What keeps a post from going out on Threads, in plain words (empty: nothing). Checked before any call, and by
 * the server before it queues a publish: text of 500 characters at most, a feed post only, text alone or 1 to 20
 * JPEG/PNG images and MP4/MOV videos (2 to 20 make a carousel), each within Threads' sizes.
 */
export function threadsPostIssues(request: Pick<TPublishRequest, 'format' | 'text' | 'media'>): string[] {
  const issues: string[] = [];
  if (!LIMITS.formats.includes(request.format))
    issues.push(`Threads publishes feed posts only; a ${request.format} cannot be published there`);
  const length = charCount(request.text);
  if (length > LIMITS.textMax) issues.push(`Threads allows ${LIMITS.textMax} characters; this post has ${length}`);
  if (request.media.length === 0 && request.text.trim() === '') issues.push('A Threads post needs text or media');
  if (request.media.length > LIMITS.mediaMax)
    issues.push(`Threads allows ${LIMITS.mediaMax} media files in one post; this post has ${request.media.length}`);
  const videos = request.media.filter((m) => m.type === 'video').length;
  if (LIMITS.video && videos > LIMITS.video.maxCount)
    issues.push(`Threads allows ${LIMITS.video.maxCount} videos in one post; this post has ${videos}`);
  for (const [i, m] of request.media.entries()) {
    const which = request.media.length > 1 ? `Media ${i + 1}` : m.type === 'image' ? 'The image' : 'The video';
    if (m.type === 'image') {
      const rule = LIMITS.image;
      if (!rule) {
        issues.push('Threads does not take images');
        continue;
      }
      if (!rule.types.includes(m.mimeType)) issues.push(`${which} is ${m.mimeType}; Threads takes JPEG or PNG images`);
      if (m.bytes > rule.maxBytes) issues.push(`${which} is over Threads' ${rule.maxBytes / MB} MB for an image`);
      if (m.width !== null && rule.minWidth !== null && m.width < rule.minWidth)
        issues.push(`${which} is ${m.width} pixels wide; Threads needs at least ${rule.minWidth}`);
      if (m.width !== null && rule.maxWidth !== null && m.width > rule.maxWidth)
        issues.push(`${which} is ${m.width} pixels wide; Threads allows at most ${rule.maxWidth}`);
      if (m.width && m.height) {
        const aspect = m.width / m.height;
        if (rule.minAspect !== null && aspect < rule.minAspect) issues.push(`${which} is too tall for Threads`);
        if (rule.maxAspect !== null && aspect > rule.maxAspect) issues.push(`${which} is too wide for Threads`);
      }
    } else {
      const rule = LIMITS.video;
      if (!rule) {
        issues.push('Threads does not take videos');
        continue;
      }
      if (!rule.types.includes(m.mimeType)) issues.push(`${which} is ${m.mimeType}; Threads takes MP4 or MOV videos`);
      if (m.bytes > rule.maxBytes) issues.push(`${which} is over Threads' ${rule.maxBytes / MB} MB for a video`);
      if (m.durationSec !== null && m.durationSec > rule.maxSeconds)
        issues.push(`${which} lasts ${Math.round(m.durationSec)} seconds; Threads allows ${rule.maxSeconds / 60} minutes`);
      if (m.durationSec !== null && m.durationSec < rule.minSeconds)
        issues.push(`${which} is shorter than Threads' ${rule.minSeconds} seconds`);
      if (m.width !== null && rule.maxWidth !== null && m.width > rule.maxWidth)
        issues.push(`${which} is ${m.width} pixels wide; Threads allows at most ${rule.maxWidth}`);
    }
  }
  return issues;
}

/** What a container's `error_message` means, in plain words. */
const PROCESSING_ERRORS: Record<string, string> = {
  FAILED_DOWNLOADING_VIDEO: 'Threads could not download the video from its address',
  FAILED_PROCESSING_AUDIO: "Threads could not process the video's sound",
  FAILED_PROCESSING_VIDEO: 'Threads could not process the video',
  INVALID_ASPEC_RATIO: "The video's aspect ratio is not one Threads accepts",
  INVALID_ASPECT_RATIO: "The video's aspect ratio is not one Threads accepts",
  INVALID_BIT_RATE: "The video's bit rate is not one Threads accepts",
  INVALID_DURATION: 'The video is too long or too short for Threads',
  INVALID_FRAME_RATE: "The video's frame rate is not one Threads accepts",
  INVALID_AUDIO_CHANNELS: "The video's sound channels are not ones Threads accepts",
  INVALID_AUDIO_CHANNEL_LAYOUT: "The video's sound channel layout is not one Threads accepts",
  UNKNOWN: 'Threads could not process the media',
};
export const threadsProcessingReason = (message: string | null | undefined) =>
  (message && PROCESSING_ERRORS[message]) ||
  (message ? `Threads could not process the media (${message})` : 'Threads could not process the media');

/** What a ticket carries between polls: the container to publish, the text (to find the post if published already), a video's presence. */
type TThreadsTicket = { container: string; text: string; video: boolean };
const toTicket = (t: TThreadsTicket) => encodeTicket(t);
function fromTicket(ticket: string): TThreadsTicket {
  const t = decodeTicket(ticket);
  if (typeof t?.container === 'string' && t.container)
    return { container: t.container, text: typeof t.text === 'string' ? t.text : '', video: t.video === true };
  throw new NetworkError('threads', 'permanent', 'The Threads publish ticket is not readable');
}

/** A text or image container may be published at once; a video is processed first (Threads suggests a minute). */
const checkAfter = (video: boolean) => (video ? 30_000 : 1_000);

/**
 * How long a container made ahead is counted on: Threads keeps one 24 hours from when it is made, and an hour is
 * kept in hand so that a video still processing at the due time is not asked about past its expiry.
 */
export const THREADS_PREPARED_VALID_MS = 23 * 3600_000;

/** Threads' answer for an object it does not have: (#100) subcode 33, "does not exist". */
const isMissing = (err: unknown) => err instanceof NetworkError && err.details.code === '100/33';
const gone = () => preparedGone('threads', 'Threads no longer has the post made ready ahead (it keeps one 24 hours)');

/** The most posts Threads lists in one page of a profile's threads (`limit`: 25 unless asked, up to 100). */
export const THREADS_PAGE_MAX = 100;
/** The earliest `since` Threads takes (5 July 2023, its launch): nothing was posted before it. */
export const THREADS_SINCE_MIN_SECONDS = 1_688_540_400;

/** What a test may change: how many posts a page asks for (1 to 100). */
export type TThreadsAdapterOptions = { pageSize?: number };

/** A page of a profile's threads as Threads answers it; `paging.next` is there only when another page follows. */
type TThreadsPage = {
  data?: { id?: string; text?: string; timestamp?: string; permalink?: string }[];
  paging?: { cursors?: { before?: string; after?: string }; next?: string; previous?: string };
};

/** Threads writes times as `2026-06-01T12:00:00+0000`. */
const graphDate = (s: string | undefined) => new Date((s ?? '').replace(/([+-]\d\d)(\d\d)$/, '$1:$2'));

type TInsight = { name?: string; values?: { value?: number }[]; total_value?: { value?: number } };
/** An insight's figure: its total, or the sum of its values (a daily series). */
function insightValue(i: TInsight | undefined): number | null {
  if (!i) return null;
  if (typeof i.total_value?.value === 'number') return i.total_value.value;
  const values = (i.values ?? []).map((v) => v.value).filter((v): v is number => typeof v === 'number');
  return values.length ? values.reduce((a, b) => a + b, 0) : null;
}

/**
 * Threads (Meta's Threads API, graph.threads.net). A code gives a short-lived token (an hour), which is exchanged
 * at once for a long-lived one (about 60 days). Threads has no refresh token: a long-lived token renews itself
 * (`th_refresh_token`, allowed once it is a day old and until it expires), and the old one keeps working until its
 * own expiry. So that the product's renewal (which looks for a refresh token and its expiry) takes it up, the grant
 * keeps the long-lived token as its refresh token too, expiring with it; `refresh` renews `grant.accessToken`.
 */
export function createThreadsAdapter(
  settings: TNetworkSettings,
  fetchFn: TFetch = fetch,
  now: () => Date = () => new Date(),
  options: TThreadsAdapterOptions = {},
) {
  const pageSize = Math.min(THREADS_PAGE_MAX, Math.max(1, Math.floor(options.pageSize ?? THREADS_PAGE_MAX)));
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

  async function apiPost(grant: TGrant, path: string, fields: Record<string, string>) {
    const at = now();
    const res = await callNetwork(fetchFn, 'threads', `${settings.apiBase}/${THREADS_API_VERSION}${path}`, {
      method: 'POST',
      headers: { ...FORM_HEADERS, authorization: `Bearer ${grant.accessToken}`, accept: 'application/json' },
      body: form(fields),
    });
    if (res.status >= 400) throw threadsFailure(res, at, 'api');
    return res.body;
  }

  /** A container's id from Threads' answer (`{id}`). */
  function idOf(body: unknown, what: string): string {
    const id = (body as { id?: string | number } | null)?.id;
    if (id === undefined || id === null || id === '')
      throw new NetworkError('threads', 'permanent', `Threads answered without ${what}`);
    return String(id);
  }

  const mediaFields = (m: TPublishRequest['media'][number]): Record<string, string> =>
    m.type === 'image' ? { media_type: 'IMAGE', image_url: m.url } : { media_type: 'VIDEO', video_url: m.url };

  /** The post's address; the post is out already, so a failed lookup leaves it without one rather than failing. */
  async function permalinkOf(grant: TGrant, mediaId: string): Promise<string | null> {
    try {
      const b = (await apiGet(grant, `/${encodeURIComponent(mediaId)}`, { fields: 'permalink' })) as {
        permalink?: string;
      } | null;
      return b?.permalink || null;
    } catch {
      return null;
    }
  }

  /** One page of the profile's threads (GET /{uid}/threads), as posts, and the query of the next page if there is one. */
  async function threadsPage(
    grant: TGrant,
    account: TAccountRef,
    query: Record<string, string>,
  ): Promise<{ posts: TRecentPost[]; next: Record<string, string> | null; more: boolean }> {
    const b = (await apiGet(grant, `/${encodeURIComponent(account.remoteId)}/threads`, {
      ...query,
      fields: 'id,text,timestamp,permalink',
    })) as TThreadsPage | null;
    const posts = (b?.data ?? [])
      .filter((p) => p.id)
      .map((p) => ({ postId: String(p.id), text: p.text ?? '', createdAt: graphDate(p.timestamp), url: p.permalink || null }));
    // Graph gives `paging.next` only when another page follows; the page after is asked with its `after` cursor
    const link = b?.paging?.next;
    if (typeof link !== 'string' || !link) return { posts, next: null, more: false };
    let after = b?.paging?.cursors?.after;
    if (!after)
      try {
        after = new URL(link).searchParams.get('after') ?? undefined;
      } catch {
        after = undefined;
      }
    return { posts, next: after ? { ...query, after } : null, more: true };
  }

  async function recent(grant: TGrant, account: TAccountRef, limit: number): Promise<TRecentPost[]> {
    const { posts } = await threadsPage(grant, account, { limit: String(Math.max(1, Math.min(THREADS_PAGE_MAX, limit))) });
    return posts.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).slice(0, limit);
  }

  /**
   * Every post since `since`: GET /{uid}/threads with Threads' own time filter (`since`, in Unix seconds), 100 a
   * page, each next page asked with the `after` cursor while Threads gives `paging.next`. Threads writes times to
   * the second, so the posts of since's own second are kept (never one missed). Not complete when the pages run out
   * (POSTS_SINCE_MAX_PAGES) with more to read, or when Threads says more follow without a cursor to reach them.
   */
  async function postsSince(grant: TGrant, account: TAccountRef, since: Date): Promise<TPostsSince> {
    const fromSeconds = Math.floor(since.getTime() / 1000);
    const fromMs = fromSeconds * 1000;
    let query: Record<string, string> = { limit: String(pageSize) };
    if (fromSeconds >= THREADS_SINCE_MIN_SECONDS) query.since = String(fromSeconds);
    const posts: TRecentPost[] = [];
    const seen = new Set<string>();
    const newestFirst = () => posts.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    for (let pages = 0; pages < POSTS_SINCE_MAX_PAGES; pages++) {
      const page = await threadsPage(grant, account, query);
      for (const p of page.posts)
        if (!(p.createdAt.getTime() < fromMs) && !seen.has(p.postId)) {
          seen.add(p.postId);
          posts.push(p);
        }
      // past `since` (a list Threads did not filter by time): every post since it was listed
      if (page.posts.some((p) => p.createdAt.getTime() < fromMs)) return { posts: newestFirst(), complete: true };
      if (!page.more) return { posts: newestFirst(), complete: true };
      if (!page.next) return { posts: newestFirst(), complete: false };
      query = page.next;
    }
    return { posts: newestFirst(), complete: false };
  }

  /**
   * Makes the post's container (`POST /{uid}/threads`: TEXT, IMAGE or VIDEO; a CAROUSEL of item containers for
   * 2–20 media): the ticket naming it, with the text and whether a video is in it.
   */
  async function makeContainer(grant: TGrant, request: TPublishRequest): Promise<string> {
    const issues = threadsPostIssues(request);
    if (issues.length) throw new NetworkError('threads', 'permanent', issues.join('; '));
    const path = `/${encodeURIComponent(request.account.remoteId)}/threads`;
    const text: Record<string, string> = request.text.trim() ? { text: request.text } : {};
    let container: string;
    if (request.media.length === 0) container = idOf(await apiPost(grant, path, { media_type: 'TEXT', ...text }), 'a container');
    else if (request.media.length === 1)
      container = idOf(await apiPost(grant, path, { ...mediaFields(request.media[0]), ...text }), 'a container');
    else {
      const children: string[] = [];
      for (const m of request.media)
        children.push(idOf(await apiPost(grant, path, { ...mediaFields(m), is_carousel_item: 'true' }), 'a carousel item'));
      container = idOf(
        await apiPost(grant, path, { media_type: 'CAROUSEL', children: children.join(','), ...text }),
        'a container',
      );
    }
    const video = request.media.some((m) => m.type === 'video');
    return toTicket({ container, text: request.text, video });
  }

  type TContainerStatus = { status?: string; error_message?: string } | null;
  const containerStatus = async (grant: TGrant, container: string) =>
    (await apiGet(grant, `/${encodeURIComponent(container)}`, { fields: 'status,error_message' })) as TContainerStatus;
  /** Whether Threads no longer has the container: EXPIRED, or unknown; one that cannot be read is not taken for gone. */
  const containerGone = (grant: TGrant, container: string) =>
    containerStatus(grant, container).then(
      (c) => c?.status === 'EXPIRED',
      (err) => isMissing(err),
    );

  /**
   * `GET /{container}?fields=status,error_message`; once FINISHED, `POST /{uid}/threads_publish` (creation_id)
   * makes it public and `GET /{media}?fields=permalink` gives its address. Never retried here. `prepared`: the
   * container was made ahead, and one Threads no longer has (expired, unknown) is PREPARED_GONE, also when
   * threads_publish is refused because it expired meanwhile.
   */
  async function settle(grant: TGrant, account: TAccountRef, ticket: string, prepared: boolean): Promise<TPublishState> {
    const t = fromTicket(ticket);
    let c: TContainerStatus;
    try {
      c = await containerStatus(grant, t.container);
    } catch (err) {
      if (prepared && isMissing(err)) throw gone();
      throw err;
    }
    switch (c?.status) {
      case 'IN_PROGRESS':
        return { state: 'processing', ticket, checkAfterMs: checkAfter(t.video) };
      case 'ERROR':
        throw new NetworkError('threads', 'permanent', threadsProcessingReason(c.error_message), {
          code: c.error_message ?? null,
        });
      case 'EXPIRED':
        if (prepared) throw gone();
        throw new NetworkError(
          'threads',
          'permanent',
          'Threads let the prepared post expire (it was not published within 24 hours); publish it again',
        );
      case 'PUBLISHED': {
        // published by an earlier poll whose answer was lost: the post is on the profile
        const found = t.text ? (await recent(grant, account, 25)).find((p) => p.text === t.text) : undefined;
        if (found) return { state: 'published', postId: found.postId, url: found.url };
        throw new NetworkError('threads', 'permanent', 'Threads says this post is already published; look for it on the profile');
      }
      case 'FINISHED': {
        let published: unknown;
        try {
          published = await apiPost(grant, `/${encodeURIComponent(account.remoteId)}/threads_publish`, {
            creation_id: t.container,
          });
        } catch (err) {
          if (prepared && err instanceof NetworkError && err.kind === 'permanent' && (await containerGone(grant, t.container)))
            throw gone();
          throw err;
        }
        const postId = idOf(published, 'the published post');
        return { state: 'published', postId, url: await permalinkOf(grant, postId) };
      }
      default:
        throw new NetworkError('threads', 'permanent', `Threads answered an unknown status (${c?.status ?? 'none'})`);
    }
  }

  const adapter = {
    network: 'threads' as const,
    limits: LIMITS,
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

    /** `GET /{uid}?fields=username,threads_profile_picture_url` and `GET /{uid}/threads_insights` (followers, views, likes). */
    async profile(grant: TGrant, account: TAccountRef): Promise<TProfileFigures> {
      const uid = encodeURIComponent(account.remoteId);
      const p = (await apiGet(grant, `/${uid}`, { fields: 'username,threads_profile_picture_url' })) as TThreadsProfile | null;
      const ins = (await apiGet(grant, `/${uid}/threads_insights`, { metric: 'followers_count,views,likes' })) as {
        data?: TInsight[];
      } | null;
      const metric = (name: string) => insightValue((ins?.data ?? []).find((i) => i.name === name));
      return {
        userName: p?.username || account.remoteId,
        pictureUrl: p?.threads_profile_picture_url || null,
        followers: metric('followers_count'),
        following: null,
        media: null,
        subscribers: null,
        views: metric('views'),
        likes: metric('likes'),
      };
    },

    /**
     * Makes the post's container (`POST /{uid}/threads`: TEXT, IMAGE or VIDEO; a CAROUSEL of item containers for
     * 2–20 media) and answers `processing` with it in the ticket: Threads pulls the media from their addresses, and
     * `publishStatus` publishes the container once it is FINISHED.
     */
    async publish(grant: TGrant, request: TPublishRequest): Promise<TPublishState> {
      const ticket = await makeContainer(grant, request);
      return { state: 'processing', ticket, checkAfterMs: checkAfter(fromTicket(ticket).video) };
    },

    /**
     * Makes the post's container ahead, as `publish` does (Threads pulls and processes the media then); nothing is
     * public until `publishPrepared` publishes it. Threads lets go of a container it was not asked to publish within
     * 24 hours by itself: there is nothing to discard.
     */
    async prepare(grant: TGrant, request: TPublishRequest, at: Date): Promise<TPrepared> {
      return { ticket: await makeContainer(grant, request), validUntil: new Date(at.getTime() + THREADS_PREPARED_VALID_MS) };
    },

    /**
     * The due time's publish of a prepared container: FINISHED is published (threads_publish), IN_PROGRESS answers
     * `processing` (`publishStatus` publishes it once finished), and a container Threads no longer has (EXPIRED
     * after its 24 hours, or unknown) is PREPARED_GONE.
     */
    async publishPrepared(grant: TGrant, account: TAccountRef, ticket: string): Promise<TPublishState> {
      return settle(grant, account, ticket, true);
    },

    /** Asks how the container stands; once FINISHED, publishes it and reads the post's address. */
    async publishStatus(grant: TGrant, account: TAccountRef, ticket: string): Promise<TPublishState> {
      return settle(grant, account, ticket, false);
    },

    /** `GET /{uid}/threads?fields=id,text,timestamp,permalink`, newest first: its first page. */
    recentPosts: recent,
    postsSince,

    /** `GET /{media}/insights?metric=views,likes,replies,reposts,quotes,shares` (replies are its comments). */
    async analytics(
      grant: TGrant,
      _account: TAccountRef,
      postId: string,
      _format: TPublishRequest['format'],
    ): Promise<TPostMetrics> {
      const b = (await apiGet(grant, `/${encodeURIComponent(postId)}/insights`, {
        metric: 'views,likes,replies,reposts,quotes,shares',
      })) as { data?: TInsight[] } | null;
      const names = {
        views: 'views',
        likes: 'likes',
        replies: 'comments',
        reposts: 'reposts',
        quotes: 'quotes',
        shares: 'shares',
      } as const;
      const out: TPostMetrics = {};
      for (const i of b?.data ?? []) {
        const key = names[i.name as keyof typeof names];
        const value = insightValue(i);
        if (key && value !== null) out[key] = value;
      }
      return out;
    },
  } satisfies TNetworkAdapter & Record<string, unknown>;
  return adapter;
}
export type TThreadsAdapter = ReturnType<typeof createThreadsAdapter>;
