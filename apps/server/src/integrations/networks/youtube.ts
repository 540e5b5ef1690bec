import { NETWORK_LIMITS, nextPacificMidnight, type TPostMetrics } from '@virality/domain';
import { callNetwork, expiresIn, FORM_HEADERS, form, NETWORK_TIMEOUT_MS, pkce, retryAtFrom, type TNetworkResponse } from './http';
import { openMedia, restOfPiece } from './media-stream';
import { decodeTicket, encodeTicket } from './ticket';
import {
  NetworkError,
  POSTS_SINCE_MAX_PAGES,
  preparedGone,
  type TAccountRef,
  type TConsent,
  type TFetch,
  type TGrant,
  type TLeftovers,
  type TNetworkAdapter,
  type TNetworkSettings,
  type TPostsSince,
  type TPrepared,
  type TProfileFigures,
  type TPublishRequest,
  type TPublishState,
  type TRecentPost,
} from './types';

/** Shared with the sandbox's stand-in, which must agree (packages/domain rules/outside-services). */
export { nextPacificMidnight } from '@virality/domain';

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

type TGoogleApiError = {
  error?: { code?: number; message?: string; status?: string; errors?: { message?: string; domain?: string; reason?: string }[] };
};
type TGoogleOAuthError = { error?: string; error_description?: string };

const LIMITS = NETWORK_LIMITS.youtube;
/** A video's title: required, at most 100 characters, without < or >. */
export const YOUTUBE_TITLE_MAX = 100;
/** The category a video gets when none is chosen: People & Blogs. */
export const YOUTUBE_DEFAULT_CATEGORY = '22';
/** How long after an upload (or a poll that found it still processing) to ask again. */
const PROCESSING_CHECK_MS = 30_000;
const MB = 1024 * 1024;
/**
 * The bytes of one PUT of a resumable upload: YouTube takes chunks in multiples of 256 KiB (the last one excepted);
 * 8 MB is what Google's own clients send. Only this much of a video is in memory at once.
 */
export const YOUTUBE_CHUNK_BYTES = 8 * MB;
/** How many times one upload asks YouTube what it holds and goes on from there, after a chunk that failed. */
const MAX_RESUMES = 5;
/**
 * How long a video uploaded ahead (private) is used for its post. YouTube keeps a private video for good, so this is
 * the product's own bound, well past the half hour a post is prepared ahead: a post due later than this after its
 * upload (a long outage) is uploaded again, and postsSince reads the uploads this far back before `since`, since a
 * prepared video is listed at its upload but dated when it was made public.
 */
export const YOUTUBE_PREPARED_VALID_MS = 6 * 3600_000;
/**
 * How far before `since` postsSince reads the uploads: a video made public since then may have been uploaded this
 * long before (its validity, which publishPrepared keeps to, and an hour for the clocks of YouTube and the product).
 */
export const YOUTUBE_UPLOADS_REACH_MS = YOUTUBE_PREPARED_VALID_MS + 3600_000;
const sizeText = (bytes: number) => `${Math.round((bytes / MB) * 10) / 10} MB`;
const utf8Bytes = (s: string) => Buffer.byteLength(s, 'utf8');

/**
 * What keeps a video from going out on YouTube, in plain words (empty when it may be sent): checked before any
 * call, and by the server before it queues the post. The post's text is the video's description; a Short is
 * an ordinary upload (YouTube decides by shape and length), so only feed posts are offered.
 */
export function youtubePostIssues(request: TPublishRequest): string[] {
  const issues: string[] = [];
  if (!LIMITS.formats.includes(request.format))
    issues.push(
      `YouTube takes a ${request.format} as an ordinary video post (a vertical video of 60 seconds or less becomes a Short by itself); send it as a post`,
    );
  const title = (request.title ?? '').trim();
  const titleLength = [...title].length;
  if (!title) issues.push('YouTube needs a title for the video');
  else if (titleLength > YOUTUBE_TITLE_MAX)
    issues.push(`YouTube allows ${YOUTUBE_TITLE_MAX} characters in a title; this one has ${titleLength}`);
  if (/[<>]/.test(title)) issues.push('YouTube titles may not contain < or >');
  const descriptionBytes = utf8Bytes(request.text);
  if (descriptionBytes > LIMITS.textMax)
    issues.push(`YouTube allows ${LIMITS.textMax} bytes in a description; this one has ${descriptionBytes}`);
  if (/[<>]/.test(request.text)) issues.push('YouTube descriptions may not contain < or >');
  if (request.categoryId && !/^\d+$/.test(request.categoryId))
    issues.push(`"${request.categoryId}" is not a YouTube video category`);
  const videos = request.media.filter((m) => m.type === 'video');
  const images = request.media.filter((m) => m.type === 'image');
  if (request.media.length === 0) issues.push('YouTube needs a video; a post cannot be text only');
  if (images.length > 0) issues.push('YouTube takes videos only; this post has a photo');
  const video = LIMITS.video;
  if (video) {
    if (videos.length > video.maxCount)
      issues.push(`YouTube takes ${video.maxCount} video per post; this post has ${videos.length}`);
    for (const v of videos) {
      if (!video.types.includes(v.mimeType)) issues.push(`YouTube takes MP4, MOV or WebM videos here; this one is ${v.mimeType}`);
      if (v.bytes > video.maxBytes)
        issues.push(`YouTube takes videos up to ${sizeText(video.maxBytes)} from Virality; this one is ${sizeText(v.bytes)}`);
      if (v.durationSec !== null && v.durationSec < video.minSeconds)
        issues.push(`YouTube takes videos of at least ${video.minSeconds} second; this one lasts ${v.durationSec}`);
      if (v.durationSec !== null && v.durationSec > video.maxSeconds)
        issues.push(
          `YouTube takes videos up to ${video.maxSeconds / 3600} hours; this one lasts ${Math.round(v.durationSec / 60)} minutes`,
        );
      if (video.maxWidth !== null && v.width !== null && v.width > video.maxWidth)
        issues.push(`YouTube takes videos up to ${video.maxWidth} pixels wide; this one is ${v.width}`);
    }
  }
  return issues;
}

/** Why YouTube could not take an uploaded video (status.failureReason), in plain words. */
const FAILURE_WORDS: Record<string, string> = {
  codec: "YouTube could not read the video: its codec isn't supported",
  conversion: 'YouTube could not convert the video',
  emptyFile: 'YouTube received an empty video file',
  invalidFile: 'YouTube could not read the file as a video',
  tooSmall: 'The video file is too small for YouTube',
  uploadAborted: 'The upload to YouTube was cut off',
};
/** Why YouTube refused a video (status.rejectionReason), in plain words. */
const REJECTION_WORDS: Record<string, string> = {
  claim: 'YouTube rejected the video: it was claimed by a copyright holder',
  copyright: 'YouTube rejected the video for copyright',
  duplicate: 'YouTube rejected the video as a duplicate of one already on the channel',
  inappropriate: 'YouTube rejected the video as inappropriate',
  legal: 'YouTube rejected the video for legal reasons',
  length: 'YouTube rejected the video: it is too long for this channel',
  termsOfUse: 'YouTube rejected the video under its terms of use',
  trademark: 'YouTube rejected the video for trademark infringement',
  uploaderAccountClosed: "YouTube rejected the video: the channel's account is closed",
  uploaderAccountSuspended: "YouTube rejected the video: the channel's account is suspended",
};

type TVideoResource = {
  id?: string;
  snippet?: { title?: string; description?: string; publishedAt?: string };
  status?: { uploadStatus?: string; failureReason?: string; rejectionReason?: string; privacyStatus?: string };
  processingDetails?: {
    processingStatus?: string;
    processingFailureReason?: string;
    processingProgress?: { timeLeftMs?: string };
  };
  statistics?: Record<string, string | undefined>;
  /** Only for the channel's owner: the uploaded file's size in bytes, as a string. */
  fileDetails?: { fileSize?: string };
};

/** The most items one page of playlistItems.list gives (its largest maxResults). */
export const YOUTUBE_PAGE_MAX = 50;
/** What a test may change: how many videos a page of the channel's uploads asks for (1 to 50). */
export type TYouTubeAdapterOptions = { pageSize?: number };

/** An item of a playlist as playlistItems.list gives it (snippet and contentDetails). */
type TPlaylistItem = {
  snippet?: { publishedAt?: string; title?: string; description?: string; resourceId?: { videoId?: string } };
  contentDetails?: { videoId?: string; videoPublishedAt?: string };
  status?: { privacyStatus?: string };
};

const watchUrl = (id: string) => `https://www.youtube.com/watch?v=${encodeURIComponent(id)}`;
/** YouTube's counts are strings of digits; anything else is no figure. */
function countOf(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && /^\d+$/.test(v)) return Number(v);
  return null;
}
/** A ticket: the video uploaded, and until when (ms) a video uploaded ahead may be made public. */
type TTicket = { videoId: string; until?: number };
const writeTicket = (t: TTicket) => encodeTicket(t);
function readTicket(ticket: string): TTicket {
  const t = decodeTicket(ticket);
  if (typeof t?.videoId === 'string' && t.videoId)
    return typeof t.until === 'number' ? { videoId: t.videoId, until: t.until } : { videoId: t.videoId };
  throw new NetworkError('youtube', 'permanent', 'YouTube: the publish ticket could not be read');
}

/**
 * Where an uploaded video stands: published once processed, `processing` while YouTube still works on it, a
 * permanent failure (in plain words) when it failed, was rejected or deleted.
 */
function videoState(video: TVideoResource, videoId: string): TPublishState {
  const status = video.status ?? {};
  const processing = video.processingDetails ?? {};
  if (status.uploadStatus === 'processed') return { state: 'published', postId: videoId, url: watchUrl(videoId) };
  if (status.uploadStatus === 'failed') {
    const why = status.failureReason ?? '';
    throw new NetworkError(
      'youtube',
      'permanent',
      FAILURE_WORDS[why] ?? `YouTube could not process the video (${why || 'failed'})`,
      {
        code: why || 'failed',
      },
    );
  }
  if (status.uploadStatus === 'rejected') {
    const why = status.rejectionReason ?? '';
    throw new NetworkError('youtube', 'permanent', REJECTION_WORDS[why] ?? `YouTube rejected the video (${why || 'rejected'})`, {
      code: why || 'rejected',
    });
  }
  if (status.uploadStatus === 'deleted')
    throw new NetworkError('youtube', 'permanent', 'The video was deleted on YouTube before it was published', {
      code: 'deleted',
    });
  if (processing.processingStatus === 'failed' || processing.processingStatus === 'terminated') {
    const why = processing.processingFailureReason ?? processing.processingStatus;
    throw new NetworkError('youtube', 'permanent', `YouTube could not process the video (${why})`, { code: why });
  }
  const left = countOf(processing.processingProgress?.timeLeftMs);
  const checkAfterMs = left === null ? PROCESSING_CHECK_MS : Math.min(Math.max(left, 10_000), 5 * 60_000);
  return { state: 'processing', ticket: writeTicket({ videoId }), checkAfterMs };
}

/**
 * YouTube (Data API v3) with Google's OAuth 2.0. Google's consent, token and API hosts differ, and the emulator
 * serves all three under one base, so the token host follows `settings.sandbox`. Refresh tokens do not rotate:
 * a refresh usually answers without one, and the one held stays good until revoked. API failures carry a
 * `reason` that decides their meaning more than the status does (a 403 may be a spent quota or a missing scope).
 */
export function createYouTubeAdapter(
  settings: TNetworkSettings,
  fetchFn: TFetch = fetch,
  now: () => Date = () => new Date(),
  options: TYouTubeAdapterOptions = {},
) {
  const tokenBase = settings.sandbox ? settings.apiBase : GOOGLE_TOKEN_BASE;
  const pageSize = Math.max(1, Math.min(YOUTUBE_PAGE_MAX, Math.floor(options.pageSize ?? YOUTUBE_PAGE_MAX)));

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
    if (reason === 'uploadLimitExceeded')
      throw new NetworkError(
        'youtube',
        'rate_limited',
        'The channel has uploaded as many videos as YouTube allows for now; it will be tried again',
        {
          ...details,
          retryAt: new Date(at.getTime() + 24 * 3600_000),
        },
      );
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

  /**
   * The bytes' PUT: classified as every call is (a timeout, a lost connection or a 5xx is `retry`), but given time
   * in proportion to the video's size (at least 256 KiB a second) rather than one call's deadline.
   */
  async function uploadCall(url: string, init: Omit<RequestInit, 'body'> & { body: Uint8Array }): Promise<TNetworkResponse> {
    const ms = NETWORK_TIMEOUT_MS + Math.ceil(init.body.length / 256);
    let res: Response;
    try {
      res = await fetchFn(url, { ...init, signal: AbortSignal.timeout(ms) });
    } catch (err) {
      const timedOut = (err as Error).name === 'TimeoutError' || (err as Error).name === 'AbortError';
      throw new NetworkError(
        'youtube',
        'retry',
        timedOut ? 'the network did not answer in time' : 'the network could not be reached',
      );
    }
    const text = await res.text().catch(() => '');
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: kept as text
    }
    if (res.status >= 500)
      throw new NetworkError('youtube', 'retry', `the network answered ${res.status}`, { status: res.status });
    return { status: res.status, headers: res.headers, body };
  }

  const bearerHeaders = (grant: TGrant) => ({ authorization: `Bearer ${grant.accessToken}` });

  /** What a 308 of a resumable session says it holds: the bytes up to its `Range` end (none without one). */
  const heldBy = (res: TNetworkResponse) => {
    const m = /^bytes=0-(\d+)$/.exec(res.headers.get('range') ?? '');
    return m ? Number(m[1]) + 1 : 0;
  };

  /**
   * Uploads the post's video (a resumable upload): the metadata opens a session (`Location`), then the file goes in
   * chunks of 8 MB read from its address as they are sent, each PUT naming its `Content-Range`. A chunk that fails
   * on the way (a 5xx, a timeout, a lost connection) is not given up: YouTube is asked what it holds (a PUT of no
   * bytes, `Content-Range: bytes * /total`) and the upload goes on from there, a few times at most. A session that
   * lapsed (404, 410) or a network that lost bytes already let go of is a passing failure (`retry`): nothing was
   * made on the channel. Answers the video as YouTube gave it once whole.
   */
  async function uploadVideo(grant: TGrant, request: TPublishRequest, privacyStatus: 'public' | 'private') {
    const media = request.media[0];
    const file = await openMedia(fetchFn, 'youtube', media);
    try {
      const total = file.bytes;
      const at = now();
      const opened = await callNetwork(
        fetchFn,
        'youtube',
        `${settings.apiBase}/upload/youtube/v3/videos?${new URLSearchParams({ uploadType: 'resumable', part: 'snippet,status' })}`,
        {
          method: 'POST',
          headers: {
            ...bearerHeaders(grant),
            'content-type': 'application/json; charset=UTF-8',
            'x-upload-content-type': media.mimeType,
            'x-upload-content-length': String(total),
          },
          body: JSON.stringify({
            snippet: {
              title: (request.title ?? '').trim(),
              description: request.text,
              categoryId: request.categoryId || YOUTUBE_DEFAULT_CATEGORY,
            },
            status: { privacyStatus, selfDeclaredMadeForKids: false },
          }),
        },
      );
      if (opened.status >= 400) failApi(opened, at);
      const location = opened.headers.get('location');
      if (!location) throw new NetworkError('youtube', 'permanent', 'YouTube gave no address to upload the video to');
      const sessionUrl = new URL(location, settings.apiBase).toString();
      const lapsed = (res: TNetworkResponse) => {
        if (res.status === 404 || res.status === 410)
          throw new NetworkError('youtube', 'retry', 'YouTube did not receive the whole video', { status: res.status });
      };
      /** Asks the session what it holds: a 308 (with how far), or the video once YouTube has it whole. */
      const askHeld = async () => {
        const res = await uploadCall(sessionUrl, {
          method: 'PUT',
          headers: { ...bearerHeaders(grant), 'content-range': `bytes */${total}` },
          body: new Uint8Array(0),
        });
        lapsed(res);
        if (res.status >= 400 && res.status !== 308) failApi(res, now());
        return res;
      };
      let resumes = 0;
      let start = 0;
      for await (const piece of file.pieces(YOUTUBE_CHUNK_BYTES)) {
        let rest: Uint8Array = piece;
        let from = start;
        for (;;) {
          let res: TNetworkResponse;
          let resumed = false;
          try {
            res = await uploadCall(sessionUrl, {
              method: 'PUT',
              headers: {
                ...bearerHeaders(grant),
                'content-type': media.mimeType,
                'content-range': rest.length ? `bytes ${from}-${from + rest.length - 1}/${total}` : `bytes */${total}`,
              },
              body: rest,
            });
          } catch (err) {
            if (!(err instanceof NetworkError) || err.kind !== 'retry' || ++resumes > MAX_RESUMES) throw err;
            resumed = true;
            res = await askHeld();
          }
          lapsed(res);
          if (res.status === 200 || res.status === 201) {
            const video = (res.body ?? {}) as TVideoResource;
            if (!video.id) throw new NetworkError('youtube', 'permanent', 'YouTube answered the upload without a video id');
            return video;
          }
          if (res.status !== 308) failApi(res, now());
          const held = heldBy(res);
          if (held >= start + piece.length) break;
          const left = restOfPiece(piece, start, held);
          // YouTube holds less than the chunks it already confirmed (this upload cannot go on from here), or a chunk
          // sent whole keeps being held in part
          if (!left || (held <= from && !resumed && ++resumes > MAX_RESUMES))
            throw new NetworkError('youtube', 'retry', 'YouTube did not receive the whole video', { status: 308 });
          rest = left;
          from = held;
        }
        start += piece.length;
      }
      // every byte sent and confirmed, but no video answered: the session is asked once more
      const last = await askHeld();
      const video = (last.body ?? {}) as TVideoResource;
      if ((last.status === 200 || last.status === 201) && video.id) return video;
      throw new NetworkError('youtube', 'retry', 'YouTube did not receive the whole video', { status: last.status });
    } finally {
      await file.cancel();
    }
  }

  /** Sets a video's privacy (videos.update of its status, 50 quota units); null when YouTube has no such video. */
  async function setPrivacy(grant: TGrant, videoId: string, privacyStatus: 'public'): Promise<TVideoResource | null> {
    const at = now();
    const res = await callNetwork(fetchFn, 'youtube', `${settings.apiBase}/youtube/v3/videos?part=status`, {
      method: 'PUT',
      headers: { ...bearerHeaders(grant), 'content-type': 'application/json; charset=UTF-8', accept: 'application/json' },
      // the whole status part is replaced: what is not named takes YouTube's defaults, so the kids setting is named again
      body: JSON.stringify({ id: videoId, status: { privacyStatus, selfDeclaredMadeForKids: false } }),
    });
    if (res.status === 404) return null;
    if (res.status >= 400) failApi(res, at);
    return (res.body ?? {}) as TVideoResource;
  }

  async function videos(grant: TGrant, part: string, videoId: string): Promise<TVideoResource | null> {
    const body = (await apiGet(grant, '/videos', { part, id: videoId })) as { items?: TVideoResource[] } | null;
    return body?.items?.find((v) => v.id === videoId) ?? body?.items?.[0] ?? null;
  }

  /**
   * The playlist of the channel's uploads (`contentDetails.relatedPlaylists.uploads` of channels.list with mine=true,
   * 1 quota unit): every video the channel uploaded, newest first, private and unlisted ones included for its owner.
   */
  async function uploadsPlaylist(grant: TGrant, account: TAccountRef): Promise<string> {
    const body = (await apiGet(grant, '/channels', { part: 'contentDetails', mine: 'true' })) as {
      items?: { id?: string; contentDetails?: { relatedPlaylists?: { uploads?: string } } }[];
    } | null;
    const channel = body?.items?.find((c) => c.id === account.remoteId) ?? body?.items?.[0];
    const uploads = channel?.contentDetails?.relatedPlaylists?.uploads;
    if (!uploads)
      throw new NetworkError('youtube', 'permanent', 'YouTube did not say where the channel keeps its uploads', {
        code: 'channelNotFound',
      });
    return uploads;
  }

  /**
   * One page of a playlist (playlistItems.list, 1 quota unit), in its order, with the next page's token and the
   * earliest upload it lists. Private videos are left out. A video's time is when it was published
   * (`videoPublishedAt`: its upload, or the moment a video uploaded ahead was made public), else when it was added to
   * the uploads; its text is its description, or its title when it has none.
   */
  async function playlistPage(grant: TGrant, playlistId: string, maxResults: number, pageToken: string | null) {
    const body = (await apiGet(grant, '/playlistItems', {
      part: 'snippet,contentDetails,status',
      playlistId,
      maxResults: String(maxResults),
      ...(pageToken ? { pageToken } : {}),
    })) as { items?: TPlaylistItem[]; nextPageToken?: string } | null;
    const posts: TRecentPost[] = [];
    const privates: { videoId: string; title: string; description: string; uploadedMs: number }[] = [];
    let oldestUploadMs: number | null = null;
    const timeOf = (s: string | undefined) => {
      const ms = Date.parse(s ?? '');
      return Number.isNaN(ms) ? null : ms;
    };
    for (const item of body?.items ?? []) {
      const id = item.contentDetails?.videoId ?? item.snippet?.resourceId?.videoId;
      if (!id) continue;
      const s = item.snippet ?? {};
      const uploadedMs = timeOf(s.publishedAt) ?? timeOf(item.contentDetails?.videoPublishedAt) ?? 0;
      oldestUploadMs = oldestUploadMs === null ? uploadedMs : Math.min(oldestUploadMs, uploadedMs);
      // a private video (one uploaded ahead of its post, or hidden by its owner) is not a published post
      if (item.status?.privacyStatus === 'private') {
        privates.push({ videoId: id, title: s.title ?? '', description: s.description ?? '', uploadedMs });
        continue;
      }
      posts.push({
        postId: id,
        text: s.description || s.title || '',
        createdAt: new Date(timeOf(item.contentDetails?.videoPublishedAt) ?? uploadedMs),
        url: watchUrl(id),
      });
    }
    const next = body?.nextPageToken;
    return { posts, privates, oldestUploadMs, next: typeof next === 'string' && next ? next : null };
  }

  /**
   * Reads the channel's uploads back, a page at a time, newest first (each page handed to `onPage`), until a page
   * lists an upload from before `untilMs` or the playlist ends: true then; false when POSTS_SINCE_MAX_PAGES pages
   * (1 quota unit each) did not get that far. The playlist has no time filter.
   */
  async function readUploadsBack(
    grant: TGrant,
    account: TAccountRef,
    untilMs: number,
    onPage: (page: Awaited<ReturnType<typeof playlistPage>>) => Promise<void> | void,
  ): Promise<boolean> {
    const playlistId = await uploadsPlaylist(grant, account);
    let token: string | null = null;
    for (let pages = 0; pages < POSTS_SINCE_MAX_PAGES; pages++) {
      const page = await playlistPage(grant, playlistId, pageSize, token);
      await onPage(page);
      if ((page.oldestUploadMs !== null && page.oldestUploadMs < untilMs) || !page.next) return true;
      token = page.next;
    }
    return false;
  }

  const adapter = {
    network: 'youtube' as const,
    limits: LIMITS,
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
    /** The channel's name, picture and statistics (counts are strings; one left out is null). */
    async profile(grant: TGrant, account: TAccountRef): Promise<TProfileFigures> {
      const body = (await apiGet(grant, '/channels', { part: 'snippet,statistics', id: account.remoteId })) as {
        items?: {
          id?: string;
          snippet?: { title?: string; customUrl?: string; thumbnails?: Record<string, { url?: string } | undefined> };
          statistics?: {
            viewCount?: string;
            subscriberCount?: string;
            hiddenSubscriberCount?: boolean;
            videoCount?: string;
          };
        }[];
      } | null;
      const channel = body?.items?.find((c) => c.id === account.remoteId) ?? body?.items?.[0];
      if (!channel)
        throw new NetworkError('youtube', 'permanent', 'YouTube no longer has this channel', { code: 'channelNotFound' });
      const s = channel.snippet ?? {};
      const stats = channel.statistics ?? {};
      // a channel hiding its count still shows it to its owner; YouTube leaves it out when it gives none
      const subscribers = countOf(stats.subscriberCount);
      return {
        userName: s.customUrl?.replace(/^@/, '') || s.title || account.remoteId,
        pictureUrl: s.thumbnails?.default?.url ?? s.thumbnails?.medium?.url ?? s.thumbnails?.high?.url ?? null,
        followers: subscribers,
        following: null,
        media: countOf(stats.videoCount),
        subscribers,
        views: countOf(stats.viewCount),
        likes: null,
      };
    },
    /**
     * A resumable upload of the video as public (see uploadVideo), sent in chunks. The video is public once YouTube
     * has processed it: the answer is `processing` with the video id in the ticket. Nothing is sent twice: a failed
     * step is thrown, and the caller looks at postsSince before any retry.
     */
    async publish(grant: TGrant, request: TPublishRequest): Promise<TPublishState> {
      const issues = youtubePostIssues(request);
      if (issues.length) throw new NetworkError('youtube', 'permanent', issues.join('; '), { code: 'preflight' });
      const video = await uploadVideo(grant, request, 'public');
      return videoState(video, video.id!);
    },
    /**
     * Uploads the video ahead as private: no one but the channel sees it, it is in no public list, and postsSince
     * leaves it out (a private video is not a published post). Made public by `publishPrepared` at the due time,
     * rather than given YouTube's `publishAt`: with `publishAt` YouTube would publish it by itself, so a post paused,
     * edited or deleted in the last minutes (or whose removal failed) would still go out, and a fall-back to a whole
     * publish could put it out twice; here nothing is public until the product's own call at the due time.
     */
    async prepare(grant: TGrant, request: TPublishRequest, at: Date): Promise<TPrepared> {
      const issues = youtubePostIssues(request);
      if (issues.length) throw new NetworkError('youtube', 'permanent', issues.join('; '), { code: 'preflight' });
      const video = await uploadVideo(grant, request, 'private');
      const validUntil = new Date(at.getTime() + YOUTUBE_PREPARED_VALID_MS);
      return { ticket: writeTicket({ videoId: video.id!, until: validUntil.getTime() }), validUntil };
    },
    /**
     * Makes the prepared video public (videos.update of its status): `processing` while YouTube still processes it
     * (publishStatus follows it), published once processed. A video YouTube no longer has (deleted on the channel)
     * is PREPARED_GONE, and so is one still private past its validity: postsSince reads the uploads only that far
     * back, so a video made public later could not be found again after a lost answer. One whose processing failed
     * or that YouTube rejected is permanent, as a whole publish of the same file would be. Made public twice (a
     * replayed call) it is still one video: one already public is answered as it stands, whatever the time.
     */
    async publishPrepared(grant: TGrant, _account: TAccountRef, ticket: string): Promise<TPublishState> {
      const { videoId, until } = readTicket(ticket);
      const found = await videos(grant, 'status,processingDetails', videoId);
      if (!found || found.status?.uploadStatus === 'deleted')
        throw preparedGone('youtube', 'The video uploaded ahead is no longer on YouTube');
      // a failed or rejected video throws here, before it is made public
      videoState(found, videoId);
      if (found.status?.privacyStatus === 'public') return videoState(found, videoId);
      if (until === undefined || now().getTime() > until)
        throw preparedGone('youtube', 'The video uploaded ahead was kept too long to be published');
      const updated = await setPrivacy(grant, videoId, 'public');
      if (!updated) throw preparedGone('youtube', 'The video uploaded ahead is no longer on YouTube');
      return videoState({ ...found, status: { ...found.status, ...updated.status } }, videoId);
    },
    /**
     * Deletes the prepared video (videos.delete), as long as it is still private: one already made public is the
     * post itself and is never removed here. A video already gone is not a failure.
     */
    async discardPrepared(grant: TGrant, _account: TAccountRef, ticket: string): Promise<void> {
      const { videoId } = readTicket(ticket);
      const found = await videos(grant, 'status', videoId);
      if (found?.status?.privacyStatus !== 'private') return;
      const at = now();
      const res = await callNetwork(
        fetchFn,
        'youtube',
        `${settings.apiBase}/youtube/v3/videos?${new URLSearchParams({ id: videoId })}`,
        {
          method: 'DELETE',
          headers: bearerHeaders(grant),
        },
      );
      if (res.status === 404 || res.status < 300) return;
      failApi(res, at);
    },
    /**
     * Deletes the private videos an earlier preparation of this post left on the channel (its answer lost, its
     * process killed before the product kept the ticket): each uploaded since `since`, still private, with the post's
     * title and description, of the post's file size where YouTube tells it (`fileDetails`, which only the owner
     * reads: a video the owner uploaded by hand with the same words but another file stays), and named by none of
     * `keep`. The uploads playlist is read newest first until an upload from before `since` (1 quota unit a page, at
     * most POSTS_SINCE_MAX_PAGES pages), and each video that matches is read once more for its size (1 unit); each
     * removal goes through discardPrepared, which deletes only a video still private.
     */
    async discardLeftovers(grant: TGrant, account: TAccountRef, leftovers: TLeftovers): Promise<number> {
      const fromMs = Math.floor(leftovers.since.getTime() / 1000) * 1000;
      const kept = new Set(
        leftovers.keep.flatMap((ticket) => {
          try {
            return [readTicket(ticket).videoId];
          } catch {
            return [];
          }
        }),
      );
      const title = (leftovers.request.title ?? '').trim();
      const bytes = leftovers.request.media[0]?.bytes;
      /** Whether YouTube says the video's file has another size than the post's (unknown: not another). */
      const otherFile = async (videoId: string) => {
        const size = (await videos(grant, 'fileDetails', videoId))?.fileDetails?.fileSize;
        return bytes !== undefined && size !== undefined && Number(size) !== bytes;
      };
      let removed = 0;
      await readUploadsBack(grant, account, fromMs, async (page) => {
        for (const v of page.privates) {
          if (v.uploadedMs < fromMs || kept.has(v.videoId)) continue;
          if (v.title !== title || v.description !== leftovers.request.text) continue;
          if (await otherFile(v.videoId)) continue;
          await adapter.discardPrepared(grant, account, writeTicket({ videoId: v.videoId }));
          removed++;
        }
      });
      return removed;
    },
    /** Asks how the uploaded video's processing goes: published once processed, permanent if it failed. */
    async publishStatus(grant: TGrant, _account: TAccountRef, ticket: string): Promise<TPublishState> {
      const { videoId } = readTicket(ticket);
      const video = await videos(grant, 'status,processingDetails', videoId);
      if (!video)
        throw new NetworkError('youtube', 'permanent', 'YouTube no longer has the uploaded video', { code: 'videoNotFound' });
      return videoState(video, videoId);
    },
    /**
     * The channel's latest videos, newest first: the first page of its uploads playlist (2 quota units, where a
     * search costs 100 and lags behind the uploads).
     */
    async recentPosts(grant: TGrant, account: TAccountRef, limit: number): Promise<TRecentPost[]> {
      const maxResults = Math.max(1, Math.min(Math.floor(limit) || 1, YOUTUBE_PAGE_MAX));
      const page = await playlistPage(grant, await uploadsPlaylist(grant, account), maxResults, null);
      return page.posts.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).slice(0, maxResults);
    },
    /**
     * Every video the channel published since `since`, newest first: its uploads playlist (found with channels.list
     * mine=true), 50 a page with `pageToken`, in upload order. A video uploaded ahead (private) and made public at its
     * due time is listed at its upload but dated when made public, so the pages go on until an upload older than
     * `since` by YOUTUBE_UPLOADS_REACH_MS is listed, or the playlist ends (at most POSTS_SINCE_MAX_PAGES pages, 1
     * quota unit each; past them the answer is incomplete). Private videos are not published posts: left out. The
     * playlist has no time filter. YouTube writes times to the second, so the videos of since's own second are kept.
     */
    async postsSince(grant: TGrant, account: TAccountRef, since: Date): Promise<TPostsSince> {
      const fromMs = Math.floor(since.getTime() / 1000) * 1000;
      const found = new Map<string, TRecentPost>();
      // the uploads are newest first: one from before what a prepared video could have been uploaded at ends it
      const complete = await readUploadsBack(grant, account, fromMs - YOUTUBE_UPLOADS_REACH_MS, (page) => {
        for (const p of page.posts) if (p.createdAt.getTime() >= fromMs) found.set(p.postId, p);
      });
      return {
        posts: [...found.values()].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()),
        complete,
      };
    },
    /** A video's public statistics: views, likes and comments (YouTube gives them as strings). */
    async analytics(
      grant: TGrant,
      _account: TAccountRef,
      postId: string,
      _format: TPublishRequest['format'],
    ): Promise<TPostMetrics> {
      const video = await videos(grant, 'statistics', postId);
      if (!video) throw new NetworkError('youtube', 'permanent', 'YouTube no longer has this video', { code: 'videoNotFound' });
      const st = video.statistics ?? {};
      const out: TPostMetrics = {};
      const views = countOf(st.viewCount);
      const likes = countOf(st.likeCount);
      const comments = countOf(st.commentCount);
      if (views !== null) out.views = views;
      if (likes !== null) out.likes = likes;
      if (comments !== null) out.comments = comments;
      return out;
    },
  } satisfies TNetworkAdapter & Record<string, unknown>;
  return adapter;
}
export type TYouTubeAdapter = ReturnType<typeof createYouTubeAdapter>;
