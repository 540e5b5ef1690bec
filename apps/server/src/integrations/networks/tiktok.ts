import { NETWORK_LIMITS, type TPostMetrics } from '@virality/domain';
import { callNetwork, expiresIn, FORM_HEADERS, form, pkce, retryAtFrom, type TNetworkResponse } from './http';
import { decodeTicket, encodeTicket } from './ticket';
import {
  NetworkError,
  POSTS_SINCE_MAX_PAGES,
  type TAccountRef,
  type TConsent,
  type TFetch,
  type TGrant,
  type TNetworkAdapter,
  type TNetworkSettings,
  type TPostsSince,
  type TProfileFigures,
  type TPublishRequest,
  type TPublishState,
  type TRecentPost,
} from './types';

/** The scopes asked for: the profile and its figures, posting, and reading the posts back (list and figures). */
export const TIKTOK_SCOPES = [
  'user.info.basic',
  'user.info.profile',
  'user.info.stats',
  'video.publish',
  'video.upload',
  'video.list',
];

const LIMITS = NETWORK_LIMITS.tiktok;
/** A photo post's title is short on TikTok; the whole caption goes in its description. */
const PHOTO_TITLE_MAX = 90;
const MB = 1024 * 1024;

const sizeText = (bytes: number) => `${Math.round((bytes / MB) * 10) / 10} MB`;

/**
 * What keeps a post from going out on TikTok, in plain words (empty when it may be sent): checked before any call,
 * and by the server before it queues the post.
 */
export function tiktokPostIssues(request: TPublishRequest): string[] {
  const issues: string[] = [];
  const length = [...request.text].length;
  if (length > LIMITS.textMax) issues.push(`TikTok allows ${LIMITS.textMax} characters; this post has ${length}`);
  if (!LIMITS.formats.includes(request.format as never))
    issues.push(`TikTok does not offer a ${request.format} through its API; send it as a post`);
  if (!request.privacy) issues.push('TikTok needs a privacy level (who may see the post)');
  const videos = request.media.filter((m) => m.type === 'video');
  const images = request.media.filter((m) => m.type === 'image');
  if (request.media.length === 0 && !LIMITS.textOnly) issues.push('TikTok needs a video or photos; a post cannot be text only');
  if (request.media.length > LIMITS.mediaMax)
    issues.push(`TikTok allows ${LIMITS.mediaMax} photos in one post; this post has ${request.media.length}`);
  if (videos.length > 0 && images.length > 0 && !LIMITS.mixedMedia)
    issues.push('TikTok does not mix a video and photos in one post');
  const video = LIMITS.video;
  if (video) {
    if (videos.length > video.maxCount)
      issues.push(`TikTok allows ${video.maxCount} video in one post; this post has ${videos.length}`);
    for (const v of videos) {
      if (!video.types.includes(v.mimeType)) issues.push(`TikTok takes MP4, MOV or WebM videos; this one is ${v.mimeType}`);
      if (v.bytes > video.maxBytes)
        issues.push(`TikTok takes videos up to ${sizeText(video.maxBytes)}; this one is ${sizeText(v.bytes)}`);
      if (v.durationSec !== null && v.durationSec < video.minSeconds)
        issues.push(`TikTok takes videos of at least ${video.minSeconds} seconds; this one lasts ${v.durationSec}`);
      if (v.durationSec !== null && v.durationSec > video.maxSeconds)
        issues.push(`TikTok takes videos up to ${video.maxSeconds} seconds; this one lasts ${v.durationSec}`);
      if (video.maxWidth !== null && v.width !== null && v.width > video.maxWidth)
        issues.push(`TikTok takes videos up to ${video.maxWidth} pixels wide; this one is ${v.width}`);
    }
  }
  const image = LIMITS.image;
  if (image) {
    for (const i of images) {
      if (!image.types.includes(i.mimeType)) issues.push(`TikTok takes JPEG or WebP photos; this one is ${i.mimeType}`);
      if (i.bytes > image.maxBytes)
        issues.push(`TikTok takes photos up to ${sizeText(image.maxBytes)}; this one is ${sizeText(i.bytes)}`);
      if (image.maxWidth !== null && i.width !== null && i.width > image.maxWidth)
        issues.push(`TikTok takes photos up to ${image.maxWidth} pixels wide; this one is ${i.width}`);
      if (image.minWidth !== null && i.width !== null && i.width < image.minWidth)
        issues.push(`TikTok takes photos at least ${image.minWidth} pixels wide; this one is ${i.width}`);
      if (i.width && i.height) {
        const aspect = i.width / i.height;
        if ((image.minAspect !== null && aspect < image.minAspect) || (image.maxAspect !== null && aspect > image.maxAspect))
          issues.push('TikTok does not take photos of this shape');
      }
    }
  }
  return issues;
}

/** What a publish still processing needs to be asked about again: TikTok's publish id, and the creator's handle for the address. */
type TTicket = { publishId: string; username: string | null };
const makeTicket = (t: TTicket) => encodeTicket(t);
function readTicket(ticket: string): TTicket {
  const t = decodeTicket(ticket);
  if (typeof t?.publishId === 'string' && t.publishId)
    return { publishId: t.publishId, username: (t.username as string | null | undefined) ?? null };
  throw new NetworkError('tiktok', 'permanent', 'this TikTok publish cannot be followed (its ticket is unreadable)');
}

/** TikTok's reasons for refusing a media file, in plain words. */
const FAIL_REASONS: Record<string, string> = {
  file_format_check_failed: 'TikTok could not read the media file (its format is not one TikTok takes)',
  duration_check_failed: 'TikTok refused the video: it is too short or too long',
  frame_rate_check_failed: 'TikTok refused the video: its frame rate is outside 23 to 60 frames a second',
  picture_size_check_failed: 'TikTok refused a photo: its size in pixels is outside what TikTok takes',
  video_pull_failed: 'TikTok could not download the video from its address',
  photo_pull_failed: 'TikTok could not download a photo from its address',
  publish_cancelled: 'the post was cancelled on TikTok',
  auth_removed: 'the TikTok account removed Virality’s access while the post was processing',
  spam_risk_too_many_posts: 'TikTok refused the post: this account has posted too much today',
  spam_risk_user_banned_from_posting: 'TikTok does not let this account post at the moment',
  internal: 'TikTok could not process the media file',
};
const failReason = (r: string | undefined) =>
  (r && FAIL_REASONS[r]) ?? `TikTok could not publish the post (${r || 'no reason given'})`;

const postUrl = (username: string | null, id: string) => (username ? `https://www.tiktok.com/@${username}/video/${id}` : null);

/** The most videos one page of /v2/video/list/ gives (its largest max_count). */
export const TIKTOK_PAGE_MAX = 20;
/** What a test may change: how many videos a page of /v2/video/list/ asks for (1 to 20). */
export type TTikTokAdapterOptions = { pageSize?: number };
/** The fields of a listed video the adapter reads. */
const LIST_FIELDS = 'id,title,video_description,create_time,share_url';
/** One page of /v2/video/list/: its videos (newest first), the cursor of the next page, and whether one follows. */
type TVideoList = {
  videos?: { id?: string; title?: string; video_description?: string; create_time?: number; share_url?: string }[];
  cursor?: number;
  has_more?: boolean;
};

type TTikTokError = { error?: string | { code?: string; message?: string }; error_description?: string };

/**
 * TikTok (Login Kit v2 and the Content Posting API). Its answers carry `error.code` ('ok' when fine) even with
 * HTTP 200, so the code is read, never only the status; OAuth calls answer `{error, error_description}`.
 * Refresh tokens rotate: each refresh returns a new one, which the caller keeps in the same write.
 *
 * Nothing is made ready ahead (no `prepare`): a direct post is published by TikTok as soon as its media is in (the
 * init call starts the post itself, and TikTok keeps no upload to publish later), so the whole post goes at its due
 * time. TikTok pulls the media from its address (PULL_FROM_URL): the file is never read here.
 */
export function createTikTokAdapter(
  settings: TNetworkSettings,
  fetchFn: TFetch = fetch,
  now: () => Date = () => new Date(),
  options: TTikTokAdapterOptions = {},
) {
  const pageSize = Math.max(1, Math.min(TIKTOK_PAGE_MAX, Math.floor(options.pageSize ?? TIKTOK_PAGE_MAX)));
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
    if (code === 'spam_risk_too_many_posts' || code === 'spam_risk_too_many_pending_share')
      throw new NetworkError(
        'tiktok',
        'rate_limited',
        'TikTok limits how many posts this account may send a day; it will be tried again',
        {
          ...details,
          retryAt: retryAtFrom(res.headers, at, 'x-ratelimit-reset', 3600),
        },
      );
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

  type TCreatorInfo = {
    creator_username?: string;
    privacy_level_options?: string[];
    max_video_post_duration_sec?: number;
  };
  const creatorInfo = async (grant: TGrant) =>
    ((await apiCall(grant, 'POST', '/v2/post/publish/creator_info/query/', {})) ?? {}) as TCreatorInfo;

  /**
   * One page of the creator's public posts (POST /v2/video/list/, newest first): `max_count` of them at most (TikTok
   * may give fewer, even none, while `has_more`), from `cursor` (a time in ms: posts made before it) when given.
   */
  async function videoPage(grant: TGrant, maxCount: number, cursor: number | null) {
    const data = (await apiCall(grant, 'POST', `/v2/video/list/?fields=${LIST_FIELDS}`, {
      max_count: maxCount,
      ...(cursor === null ? {} : { cursor }),
    })) as TVideoList | undefined;
    const posts: TRecentPost[] = (data?.videos ?? [])
      .filter((v) => v.id)
      .map((v) => ({
        postId: String(v.id),
        text: v.video_description || v.title || '',
        createdAt: new Date((v.create_time ?? 0) * 1000),
        url: v.share_url ?? null,
      }));
    const next = typeof data?.cursor === 'number' && Number.isFinite(data.cursor) ? data.cursor : null;
    return { posts, cursor: next, more: data?.has_more === true };
  }

  /**
   * TikTok gives a published post's id as an int64 number, which JSON reading rounds; the creator's list gives ids
   * as strings, and the one that rounds to the same number is the post's. Null when the list cannot say.
   */
  async function exactId(grant: TGrant, rounded: number): Promise<string | null> {
    try {
      const posts = await adapter.recentPosts(grant, { remoteId: '', kind: 'profile' }, 20);
      return posts.find((p) => Number(p.postId) === rounded)?.postId ?? null;
    } catch (err) {
      // a passing failure is asked again with the next poll; a list TikTok will not give leaves the id unknown
      if (err instanceof NetworkError && (err.kind === 'retry' || err.kind === 'rate_limited')) throw err;
      return null;
    }
  }

  const adapter = {
    network: 'tiktok' as const,
    limits: LIMITS,
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
      return (await creatorInfo(grant)).privacy_level_options ?? [];
    },
    async profile(grant: TGrant, _account: TAccountRef): Promise<TProfileFigures> {
      const data = (await apiCall(
        grant,
        'GET',
        '/v2/user/info/?fields=open_id,username,display_name,avatar_url,follower_count,following_count,likes_count,video_count',
      )) as {
        user?: {
          open_id?: string;
          username?: string;
          display_name?: string;
          avatar_url?: string;
          follower_count?: number;
          following_count?: number;
          likes_count?: number;
          video_count?: number;
        };
      };
      const u = data?.user ?? {};
      const n = (v: unknown) => (typeof v === 'number' ? v : null);
      return {
        userName: u.username || u.display_name || u.open_id || '',
        pictureUrl: u.avatar_url ?? null,
        followers: n(u.follower_count),
        following: n(u.following_count),
        media: n(u.video_count),
        subscribers: null,
        views: null,
        likes: n(u.likes_count),
      };
    },
    /**
     * Checks the post, asks TikTok what the creator may post (privacy levels, longest video), and starts a direct
     * post that TikTok pulls from the media's address. TikTok always processes first: the answer is `processing`.
     */
    async publish(grant: TGrant, request: TPublishRequest): Promise<TPublishState> {
      const issues = tiktokPostIssues(request);
      if (issues.length) throw new NetworkError('tiktok', 'permanent', issues.join('; '));
      const creator = await creatorInfo(grant);
      const privacy = request.privacy as string;
      const options = creator.privacy_level_options ?? [];
      if (!options.includes(privacy))
        throw new NetworkError(
          'tiktok',
          'permanent',
          `this TikTok account does not offer the privacy level ${privacy}; it offers ${options.join(', ') || 'none'}`,
        );
      const video = request.media.find((m) => m.type === 'video');
      const maxSec = creator.max_video_post_duration_sec;
      if (video && typeof maxSec === 'number' && video.durationSec !== null && video.durationSec > maxSec)
        throw new NetworkError(
          'tiktok',
          'permanent',
          `this TikTok account may post videos up to ${maxSec} seconds; this one lasts ${video.durationSec}`,
        );
      const data = (
        video
          ? await apiCall(grant, 'POST', '/v2/post/publish/video/init/', {
              post_info: {
                title: request.text,
                privacy_level: privacy,
                disable_comment: false,
                disable_duet: false,
                disable_stitch: false,
              },
              source_info: { source: 'PULL_FROM_URL', video_url: video.url },
            })
          : await apiCall(grant, 'POST', '/v2/post/publish/content/init/', {
              post_info: {
                title: [...request.text].slice(0, PHOTO_TITLE_MAX).join(''),
                description: request.text,
                privacy_level: privacy,
              },
              source_info: {
                source: 'PULL_FROM_URL',
                photo_images: request.media.map((m) => m.url),
                photo_cover_index: 0,
              },
              post_mode: 'DIRECT_POST',
              media_type: 'PHOTO',
            })
      ) as { publish_id?: string } | undefined;
      if (!data?.publish_id) throw new NetworkError('tiktok', 'permanent', 'TikTok answered without a publish id');
      return {
        state: 'processing',
        ticket: makeTicket({ publishId: data.publish_id, username: creator.creator_username ?? null }),
        checkAfterMs: video ? 10_000 : 3_000,
      };
    },
    /** Asks TikTok how the publish stands (POST /v2/post/publish/status/fetch/); TikTok publishes by itself once ready. */
    async publishStatus(grant: TGrant, _account: TAccountRef, ticket: string): Promise<TPublishState> {
      const t = readTicket(ticket);
      const data = ((await apiCall(grant, 'POST', '/v2/post/publish/status/fetch/', { publish_id: t.publishId })) ?? {}) as {
        status?: string;
        fail_reason?: string;
        publicaly_available_post_id?: (string | number)[];
      };
      switch (data.status) {
        case 'PUBLISH_COMPLETE': {
          const id = data.publicaly_available_post_id?.[0];
          // a private post (SELF_ONLY) has no public id: the publish id is all there is to name it
          if (id === undefined || id === null || id === '') return { state: 'published', postId: t.publishId, url: null };
          const postId = typeof id === 'number' && !Number.isSafeInteger(id) ? await exactId(grant, id) : String(id);
          return postId
            ? { state: 'published', postId, url: postUrl(t.username, postId) }
            : { state: 'published', postId: t.publishId, url: null };
        }
        case 'FAILED':
          throw new NetworkError('tiktok', 'permanent', failReason(data.fail_reason), { code: data.fail_reason ?? null });
        case 'SEND_TO_USER_INBOX':
          throw new NetworkError(
            'tiktok',
            'permanent',
            "TikTok sent the post to the creator's inbox to finish in the app rather than publishing it",
            { code: 'SEND_TO_USER_INBOX' },
          );
        case 'PROCESSING_DOWNLOAD':
        case 'PROCESSING_UPLOAD':
          return { state: 'processing', ticket, checkAfterMs: 10_000 };
        default:
          throw new NetworkError('tiktok', 'retry', `TikTok gave an unknown publish status (${data.status ?? 'none'})`);
      }
    },
    /** The creator's latest public posts: the first page of /v2/video/list/ (at most 20). */
    /** TikTok's video list holds public videos only: a private post cannot be found there. */
    listed: (privacy: string | null) => privacy === null || privacy === 'PUBLIC_TO_EVERYONE',
    async recentPosts(grant: TGrant, _account: TAccountRef, limit: number): Promise<TRecentPost[]> {
      const count = Math.max(1, Math.min(TIKTOK_PAGE_MAX, Math.floor(limit)));
      return (await videoPage(grant, count, null)).posts.slice(0, count);
    },
    /**
     * Every public post the creator made since `since`, newest first: /v2/video/list/ with `max_count` 20, each next
     * page asked from the `cursor` TikTok gave while `has_more`, until a post older than `since` is listed or the list
     * ends (at most POSTS_SINCE_MAX_PAGES pages; past them, or with a cursor that does not move on, the answer is
     * incomplete). TikTok has no filter for posts after a time, and writes `create_time` in seconds: the posts of
     * since's own second are kept. A post only its creator may see (SELF_ONLY) is not listed by TikTok at all.
     */
    async postsSince(grant: TGrant, _account: TAccountRef, since: Date): Promise<TPostsSince> {
      const fromMs = Math.floor(since.getTime() / 1000) * 1000;
      const found = new Map<string, TRecentPost>();
      const answer = (complete: boolean): TPostsSince => ({
        posts: [...found.values()].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()),
        complete,
      });
      let cursor: number | null = null;
      for (let pages = 0; pages < POSTS_SINCE_MAX_PAGES; pages++) {
        const page = await videoPage(grant, pageSize, cursor);
        for (const p of page.posts) if (p.createdAt.getTime() >= fromMs) found.set(p.postId, p);
        // newest first: one made before `since` means the rest are older still
        if (page.posts.some((p) => p.createdAt.getTime() < fromMs) || !page.more) return answer(true);
        // more to read, but no cursor that leads further back: what is older cannot be read
        if (page.cursor === null || (cursor !== null && page.cursor >= cursor)) return answer(false);
        cursor = page.cursor;
      }
      return answer(false);
    },
    async analytics(
      grant: TGrant,
      _account: TAccountRef,
      postId: string,
      _format: TPublishRequest['format'],
    ): Promise<TPostMetrics> {
      const data = (await apiCall(grant, 'POST', '/v2/video/query/?fields=id,view_count,like_count,comment_count,share_count', {
        filters: { video_ids: [postId] },
      })) as {
        videos?: { id?: string; view_count?: number; like_count?: number; comment_count?: number; share_count?: number }[];
      };
      const v = data?.videos?.find((x) => String(x.id) === postId);
      if (!v)
        throw new NetworkError(
          'tiktok',
          'permanent',
          'TikTok does not know this post (it may have been deleted or made private)',
        );
      const metrics: TPostMetrics = {};
      if (typeof v.view_count === 'number') metrics.views = v.view_count;
      if (typeof v.like_count === 'number') metrics.likes = v.like_count;
      if (typeof v.comment_count === 'number') metrics.comments = v.comment_count;
      if (typeof v.share_count === 'number') metrics.shares = v.share_count;
      return metrics;
    },
  } satisfies TNetworkAdapter & Record<string, unknown>;
  return adapter;
}
export type TTikTokAdapter = ReturnType<typeof createTikTokAdapter>;
