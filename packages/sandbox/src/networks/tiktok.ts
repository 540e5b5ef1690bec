import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SANDBOX_TIKTOK_CLIENT } from '../facts';
import { benchRoster, type TCallKind } from './bench';
import {
  answerLosses,
  bearerToken,
  consentPage,
  forgetWhere,
  randomToken,
  registerEmulatorTools,
  revokeTokens,
  s256,
  sameOrigin,
  startEmulator,
  type TDemoProfile,
  type TEmulatorOptions,
  type TFailureScope,
  zConsentChoice,
} from './kit';

export { SANDBOX_TIKTOK_CLIENT };

const ACCESS_TTL_SECONDS = 24 * 3600;
const REFRESH_TTL_SECONDS = 365 * 24 * 3600;
const CODE_TTL_MS = 10 * 60_000;

export const TIKTOK_DEMO_PROFILES: TDemoProfile[] = [
  { id: 'tt-ava', userName: 'ava.cooks', displayName: 'Ava Cooks', color: '#fe2c55' },
  { id: 'tt-milo', userName: 'milo.moves', displayName: 'Milo Moves', color: '#25f4ee' },
  { id: 'tt-nora', userName: 'nora.travels', displayName: 'Nora Travels', color: '#111111' },
];

/** Each demo profile's figures (its video count grows with the posts published through the emulator). */
export const TIKTOK_DEMO_FIGURES: Record<string, { followers: number; following: number; likes: number; videos: number }> = {
  'tt-ava': { followers: 48_200, following: 312, likes: 1_204_000, videos: 186 },
  'tt-milo': { followers: 9_120, following: 88, likes: 143_500, videos: 64 },
  'tt-nora': { followers: 251_300, following: 540, likes: 6_880_000, videos: 433 },
};

/** Benchmark mode's generated creators (`tt-bench-0001`, …): TikTok's open_id is the profile's id. */
export const tiktokBenchProfiles = (count: number | undefined) => benchRoster<TDemoProfile>('tt', count, (_n, p) => p);

/** How long each TikTok call takes with benchmark latency: the token call, and the init calls that start a post. */
function tiktokCallKind(_method: string, route: string): TCallKind {
  if (route.endsWith('/v2/oauth/token/')) return 'token';
  if (/\/v2\/post\/publish\/(video|content)\/init\/$/.test(route)) return 'post';
  return 'read';
}

const PRIVACY_LEVELS = ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY'];
const MAX_VIDEO_SECONDS = 600;
/** Content Posting API: 6 init calls a minute per user, and a creator's posts a day. */
const INITS_PER_MINUTE = 6;
const POSTS_PER_DAY = 15;
const VIDEO_TITLE_MAX = 2200;
const PHOTO_TITLE_MAX = 90;
const PHOTO_DESCRIPTION_MAX = 4000;
const PHOTOS_MAX = 35;
const PULL_TIMEOUT_MS = 10_000;
/** Views gained per minute since a post went out, and where they stop. */
const VIEWS_PER_MINUTE = 40;
const VIEWS_CAP = 2_000_000;

type TPost = { id: string; title: string; description: string; createdAt: number; kind: 'video' | 'photo' };
type TPublish = {
  id: string;
  profileId: string;
  kind: 'video' | 'photo';
  title: string;
  description: string;
  polls: number;
  /** The fail_reason the processing will end with, if any. */
  fail: string | null;
  /** Set once the post is out. */
  postId: string | null;
  bytes: number;
};

type TCode = { profileId: string; redirectUri: string; challenge: string | null; scopes: string[]; expiresAt: number };
type TToken = { profileId: string; scopes: string[]; expiresAt: number; revoked: boolean };

/**
 * The TikTok emulator: Login Kit v2 (consent page, /v2/oauth/token/ with PKCE and rotating refresh tokens)
 * and the calls of the Content Posting API the product makes, with TikTok's answer shapes
 * (`{data, error:{code,message,log_id}}`, OAuth's `{error, error_description, log_id}`). Time is the product's
 * clock, so moving it expires tokens. POST /sandbox/tiktok/_control makes the next calls fail.
 * Benchmark mode: `benchProfiles` generated creators besides the demo ones, and `latency` before each API answer.
 */
export const tiktokEmulatorRoutes =
  (opts: TEmulatorOptions): FastifyPluginAsyncZod =>
  async (app) => {
    const base = '/sandbox/tiktok';
    const tags = ['Sandbox: TikTok'];
    const { failures, hang } = startEmulator(app, {
      base,
      network: 'tiktok',
      setting: opts.latency,
      pages: [`${base}/v2/auth/authorize/`],
      kindOf: tiktokCallKind,
    });
    const bench = tiktokBenchProfiles(opts.benchProfiles);
    const codes = new Map<string, TCode>();
    const access = new Map<string, TToken>();
    const refresh = new Map<string, { profileId: string; scopes: string[]; expiresAt: number }>();
    const logId = () => `sandbox-${Date.now().toString(36)}`;
    const profileOf = (id: string) => TIKTOK_DEMO_PROFILES.find((p) => p.id === id) ?? bench.byId(id);

    const pullFetch = opts.fetch ?? fetch;
    /** Published posts per profile, newest first. */
    const posts = new Map<string, TPost[]>();
    const publishes = new Map<string, TPublish>();
    /** When each profile's init calls were made (product clock, ms). */
    const inits = new Map<string, number[]>();
    let seq = 0;
    const postsOf = (profileId: string) => {
      const list = posts.get(profileId) ?? [];
      posts.set(profileId, list);
      return list;
    };
    const api = (data: unknown) => ({ data, error: { code: 'ok', message: '', log_id: logId() } });
    const refuse = (reply: FastifyReply, status: number, code: string, message: string) =>
      reply.status(status).send({ error: { code, message, log_id: logId() } });

    /** Direct posts that go out but whose answers are then lost (held like a timeout, then a 504). */
    const losses = answerLosses();
    /** Creators (open_id) whose next init takes a `processing_error` that a creator_info query on the way to it took. */
    const processingKept = new Set<string>();

    /** The open_id of the token a call carries (live or not), or null: the account every API call is for. */
    const tokenAccount = (req: FastifyRequest): string | null => {
      const token = bearerToken(req);
      return token ? (access.get(token)?.profileId ?? null) : null;
    };

    /**
     * A failure asked for by a test (one for any call, for this call's kind: a publish or a read, or for the creator
     * it is made for), answered in TikTok's shape; a token call (`oauth`) takes only one asked for any call. Returns
     * true when it answered. A `processing_error` taken by a call on the way to a publish is handed to `onProcessing`
     * (kept for the publish) rather than answered; elsewhere it is refused as invalid.
     */
    async function injected(
      req: FastifyRequest,
      reply: FastifyReply,
      shape: 'api' | 'oauth',
      kind: TFailureScope | null,
      onProcessing?: () => void,
    ): Promise<boolean> {
      const f = shape === 'oauth' ? failures.next() : failures.next(kind, tokenAccount(req));
      if (!f) return false;
      if (f === 'processing_error' && onProcessing) {
        onProcessing();
        return false;
      }
      if (f === 'processing_error') {
        refuse(reply, 400, 'invalid_params', 'The request could not be processed');
        return true;
      }
      if (f === 'timeout') {
        await hang();
        reply.status(504).send({ error: { code: 'timeout', message: 'timeout', log_id: logId() } });
        return true;
      }
      if (f === 'server_error') {
        reply.status(500).send({ error: { code: 'internal_error', message: 'Something went wrong', log_id: logId() } });
        return true;
      }
      if (f === 'rate_limit') {
        const reset = Math.ceil(opts.clock.nowMs() / 1000) + 120;
        reply.header('x-ratelimit-reset', String(reset));
        reply.status(429).send({ error: { code: 'rate_limit_exceeded', message: 'Rate limit exceeded', log_id: logId() } });
        return true;
      }
      if (f === 'missing_permission') {
        reply
          .status(403)
          .send({ error: { code: 'scope_not_authorized', message: 'The user did not authorize the scope', log_id: logId() } });
        return true;
      }
      if (shape === 'oauth') {
        reply
          .status(400)
          .send({ error: 'invalid_grant', error_description: 'Refresh token is invalid or expired', log_id: logId() });
        return true;
      }
      reply.status(401).send({
        error: {
          code: 'access_token_invalid',
          message: f === 'revoked' ? 'The user revoked the access' : 'The access token is invalid or not found in the request.',
          log_id: logId(),
        },
      });
      return true;
    }

    function bearer(req: FastifyRequest, reply: FastifyReply): TToken | null {
      const token = bearerToken(req);
      const row = token ? access.get(token) : undefined;
      if (!row || row.revoked || row.expiresAt <= opts.clock.nowMs()) {
        reply.status(401).send({
          error: {
            code: 'access_token_invalid',
            message: 'The access token is invalid or not found in the request.',
            log_id: logId(),
          },
        });
        return null;
      }
      return row;
    }

    function issue(profileId: string, scopes: string[]) {
      const now = opts.clock.nowMs();
      const accessToken = randomToken('act');
      const refreshToken = randomToken('rft');
      access.set(accessToken, { profileId, scopes, expiresAt: now + ACCESS_TTL_SECONDS * 1000, revoked: false });
      refresh.set(refreshToken, { profileId, scopes, expiresAt: now + REFRESH_TTL_SECONDS * 1000 });
      return {
        open_id: profileId,
        scope: scopes.join(','),
        access_token: accessToken,
        expires_in: ACCESS_TTL_SECONDS,
        refresh_token: refreshToken,
        refresh_expires_in: REFRESH_TTL_SECONDS,
        token_type: 'Bearer',
      };
    }

    const zAuthorize = z.object({
      client_key: z.string(),
      response_type: z.literal('code'),
      scope: z.string(),
      redirect_uri: z.string(),
      state: z.string(),
      code_challenge: z.string().optional(),
      code_challenge_method: z.literal('S256').optional(),
    });

    app.get(
      `${base}/v2/auth/authorize/`,
      { schema: { tags, summary: 'Consent page', querystring: zAuthorize } },
      async (req, reply) => {
        const q = req.query;
        if (q.client_key !== SANDBOX_TIKTOK_CLIENT.clientId)
          return reply.status(400).type('text/html').send('<p>client_key is not registered</p>');
        if (!sameOrigin(q.redirect_uri, opts.productUrl ?? opts.publicUrl))
          return reply.status(400).type('text/html').send('<p>redirect_uri is not registered</p>');
        return reply.type('text/html').send(
          consentPage({
            network: 'TikTok',
            color: '#fe2c55',
            scopes: q.scope.split(','),
            profiles: [...TIKTOK_DEMO_PROFILES, ...bench.all()],
            action: `${base}/v2/auth/authorize/`,
            avatarBase: `${base}/avatar`,
            hidden: { redirect_uri: q.redirect_uri, state: q.state, scope: q.scope, code_challenge: q.code_challenge ?? '' },
          }),
        );
      },
    );

    app.post(
      `${base}/v2/auth/authorize/`,
      {
        schema: {
          tags,
          summary: 'Consent given or refused: back to the product',
          body: z.object({
            redirect_uri: z.string(),
            state: z.string(),
            scope: z.string(),
            code_challenge: z.string().optional(),
            ...zConsentChoice,
          }),
        },
      },
      async (req, reply) => {
        const b = req.body;
        if (!sameOrigin(b.redirect_uri, opts.productUrl ?? opts.publicUrl))
          return reply.status(400).send('redirect_uri is not registered');
        const back = new URL(b.redirect_uri);
        if (b.decision === 'cancel' || !b.profile || !profileOf(b.profile)) {
          back.searchParams.set('error', 'access_denied');
          back.searchParams.set('error_description', 'The user denied the request');
        } else {
          const code = randomToken('code');
          codes.set(code, {
            profileId: b.profile,
            redirectUri: b.redirect_uri,
            challenge: b.code_challenge || null,
            scopes: b.scope.split(','),
            expiresAt: opts.clock.nowMs() + CODE_TTL_MS,
          });
          back.searchParams.set('code', code);
          back.searchParams.set('scopes', b.scope);
        }
        back.searchParams.set('state', b.state);
        return reply.redirect(back.toString(), 302);
      },
    );

    app.post(
      `${base}/v2/oauth/token/`,
      {
        schema: {
          tags,
          summary: 'Tokens for a code, or new tokens for a refresh token',
          body: z.record(z.string(), z.string()),
        },
      },
      async (req, reply) => {
        if (await injected(req, reply, 'oauth', null)) return reply;
        const b = req.body;
        const refused = (description: string, error = 'invalid_grant') =>
          reply.status(400).send({ error, error_description: description, log_id: logId() });
        if (b.client_key !== SANDBOX_TIKTOK_CLIENT.clientId || b.client_secret !== SANDBOX_TIKTOK_CLIENT.clientSecret)
          return refused('Client key or secret is incorrect.', 'invalid_client');
        if (b.grant_type === 'authorization_code') {
          const code = b.code ? codes.get(b.code) : undefined;
          if (b.code) codes.delete(b.code);
          if (!code || code.expiresAt <= opts.clock.nowMs()) return refused('Authorization code is expired or invalid.');
          if (code.redirectUri !== b.redirect_uri) return refused('redirect_uri does not match.');
          if (code.challenge && (!b.code_verifier || s256(b.code_verifier) !== code.challenge))
            return refused('Code verifier does not match the challenge.');
          return issue(code.profileId, code.scopes);
        }
        if (b.grant_type === 'refresh_token') {
          const row = b.refresh_token ? refresh.get(b.refresh_token) : undefined;
          if (!row || row.expiresAt <= opts.clock.nowMs()) return refused('Refresh token is invalid or expired.');
          // TikTok rotates refresh tokens: the old one stops working
          refresh.delete(b.refresh_token);
          return issue(row.profileId, row.scopes);
        }
        return refused('grant_type is not supported.', 'unsupported_grant_type');
      },
    );

    app.get(`${base}/v2/user/info/`, { schema: { tags, summary: 'The user behind a token' } }, async (req, reply) => {
      if (await injected(req, reply, 'api', 'read')) return reply;
      const t = bearer(req, reply);
      if (!t) return reply;
      const p = profileOf(t.profileId)!;
      const asked = String((req.query as { fields?: string }).fields ?? 'open_id,display_name,username,avatar_url')
        .split(',')
        .filter(Boolean);
      const stats = ['follower_count', 'following_count', 'likes_count', 'video_count'];
      if (asked.some((f) => stats.includes(f)) && !t.scopes.includes('user.info.stats'))
        return refuse(reply, 403, 'scope_not_authorized', 'The user did not authorize the scope required for the fields');
      const figures = TIKTOK_DEMO_FIGURES[p.id] ?? { followers: 0, following: 0, likes: 0, videos: 0 };
      const all: Record<string, unknown> = {
        open_id: p.id,
        display_name: p.displayName,
        username: p.userName,
        avatar_url: `${opts.publicUrl}${base}/avatar/${p.id}.svg`,
        follower_count: figures.followers,
        following_count: figures.following,
        likes_count: figures.likes,
        video_count: figures.videos + postsOf(p.id).length,
      };
      return api({ user: Object.fromEntries(asked.filter((f) => f in all).map((f) => [f, all[f]])) });
    });

    app.post(
      `${base}/v2/post/publish/creator_info/query/`,
      { schema: { tags, summary: 'What the creator may post' } },
      async (req, reply) => {
        // asked on the way to a publish: a publish's failures are its, and a processing error waits for the init
        const account = tokenAccount(req);
        if (await injected(req, reply, 'api', 'publish', () => processingKept.add(account ?? ''))) return reply;
        const t = bearer(req, reply);
        if (!t) return reply;
        const p = profileOf(t.profileId)!;
        return {
          data: {
            creator_username: p.userName,
            creator_nickname: p.displayName,
            creator_avatar_url: `${opts.publicUrl}${base}/avatar/${p.id}.svg`,
            privacy_level_options: PRIVACY_LEVELS,
            comment_disabled: false,
            duet_disabled: false,
            stitch_disabled: true,
            max_video_post_duration_sec: MAX_VIDEO_SECONDS,
          },
          error: { code: 'ok', message: '', log_id: logId() },
        };
      },
    );

    /** A token that may do `scope`, or an answer already sent. */
    function allowed(req: FastifyRequest, reply: FastifyReply, scope: string): TToken | null {
      const t = bearer(req, reply);
      if (!t) return null;
      if (!t.scopes.includes(scope)) {
        refuse(reply, 403, 'scope_not_authorized', `The user did not authorize the scope required: ${scope}`);
        return null;
      }
      return t;
    }

    /** TikTok downloads the media from its address: the fail_reason it would end with, or null when it is readable. */
    async function pull(url: string, kind: 'video' | 'photo'): Promise<{ fail: string | null; bytes: number }> {
      const pullFailed = kind === 'video' ? 'video_pull_failed' : 'photo_pull_failed';
      try {
        const res = await pullFetch(url, { signal: AbortSignal.timeout(PULL_TIMEOUT_MS) });
        const bytes = (await res.arrayBuffer()).byteLength;
        if (!res.ok || bytes === 0) return { fail: pullFailed, bytes };
        const type = (res.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
        const types = kind === 'video' ? ['video/mp4', 'video/quicktime', 'video/webm'] : ['image/jpeg', 'image/webp'];
        return { fail: types.includes(type) ? null : 'file_format_check_failed', bytes };
      } catch {
        return { fail: pullFailed, bytes: 0 };
      }
    }

    /**
     * What both init calls check first: a queued processing_error (kept for this publish), injected failures,
     * the token, and the rate limits (6 inits a minute, 15 posts a day). Answers (and returns null) when refused.
     */
    async function initGate(req: FastifyRequest, reply: FastifyReply) {
      let processingError = processingKept.delete(tokenAccount(req) ?? '');
      if (
        !processingError &&
        (await injected(req, reply, 'api', 'publish', () => {
          processingError = true;
        }))
      )
        return null;
      const t = allowed(req, reply, 'video.publish');
      if (!t) return null;
      const now = opts.clock.nowMs();
      const times = (inits.get(t.profileId) ?? []).filter((at) => at > now - 24 * 3600_000);
      inits.set(t.profileId, times);
      const lastMinute = times.filter((at) => at > now - 60_000);
      if (lastMinute.length >= INITS_PER_MINUTE) {
        reply.header('x-ratelimit-reset', String(Math.ceil((lastMinute[0] + 60_000) / 1000)));
        refuse(reply, 429, 'rate_limit_exceeded', 'The API rate limit was exceeded. Please try again later.');
        return null;
      }
      if (times.length >= POSTS_PER_DAY) {
        refuse(reply, 403, 'spam_risk_too_many_posts', 'The daily post cap of this creator has been reached.');
        return null;
      }
      return { t, processingError, record: () => times.push(now) };
    }

    /**
     * The post goes out on the creator's profile (once): listed first, a moment after the latest one at the least, so
     * that the list's cursor (a time) tells every post apart.
     */
    function goOut(p: TPublish) {
      if (p.postId) return;
      const list = postsOf(p.profileId);
      const now = Math.max(opts.clock.nowMs(), (list[0]?.createdAt ?? 0) + 1);
      p.postId = `7${String(now).padStart(14, '0')}${String(++seq % 10_000).padStart(4, '0')}`;
      list.unshift({ id: p.postId, title: p.title, description: p.description, createdAt: now, kind: p.kind });
    }

    /**
     * A direct post whose answer a test asked to lose: TikTok goes on with it by itself (it is out at once unless its
     * media failed), and the caller hears nothing (held like a timeout, then a 504). Returns true when it answered.
     */
    async function loseAnswer(reply: FastifyReply, publishId: string): Promise<boolean> {
      const p = publishes.get(publishId);
      if (!p || !losses.take(p.profileId)) return false;
      if (!p.fail) goOut(p);
      await hang();
      reply.status(504).send({ error: { code: 'timeout', message: 'timeout', log_id: logId() } });
      return true;
    }

    function startPublish(
      t: TToken,
      kind: 'video' | 'photo',
      fields: Omit<TPublish, 'id' | 'profileId' | 'kind' | 'polls' | 'postId'>,
    ) {
      const id = `${kind === 'video' ? 'v' : 'p'}_pub_url~v2.${Date.now()}${++seq}`;
      publishes.set(id, { id, profileId: t.profileId, kind, polls: 0, postId: null, ...fields });
      return id;
    }

    const isHttpUrl = (u: unknown): u is string => {
      try {
        return typeof u === 'string' && /^https?:$/.test(new URL(u).protocol);
      } catch {
        return false;
      }
    };

    app.post(
      `${base}/v2/post/publish/video/init/`,
      { schema: { tags, summary: 'Start a video post (TikTok pulls it from its address)' } },
      async (req, reply) => {
        const gate = await initGate(req, reply);
        if (!gate) return reply;
        const b = (req.body ?? {}) as {
          post_info?: { title?: unknown; privacy_level?: unknown };
          source_info?: { source?: unknown; video_url?: unknown };
        };
        const title = typeof b.post_info?.title === 'string' ? b.post_info.title : '';
        if (!b.post_info || typeof b.post_info.privacy_level !== 'string')
          return refuse(reply, 400, 'invalid_params', 'post_info.privacy_level is required');
        if (!PRIVACY_LEVELS.includes(b.post_info.privacy_level))
          return refuse(reply, 400, 'privacy_level_option_mismatch', 'privacy_level is not one of the creator options');
        if ([...title].length > VIDEO_TITLE_MAX)
          return refuse(reply, 400, 'invalid_params', `The title exceeds ${VIDEO_TITLE_MAX} characters`);
        if (b.source_info?.source !== 'PULL_FROM_URL' || !isHttpUrl(b.source_info.video_url))
          return refuse(reply, 400, 'invalid_params', 'source_info must be PULL_FROM_URL with a video_url');
        const pulled = await pull(b.source_info.video_url, 'video');
        gate.record();
        const id = startPublish(gate.t, 'video', {
          title,
          description: title,
          fail: pulled.fail ?? (gate.processingError ? 'file_format_check_failed' : null),
          bytes: pulled.bytes,
        });
        if (await loseAnswer(reply, id)) return reply;
        return api({ publish_id: id });
      },
    );

    app.post(
      `${base}/v2/post/publish/content/init/`,
      { schema: { tags, summary: 'Start a photo post (TikTok pulls the photos from their addresses)' } },
      async (req, reply) => {
        const gate = await initGate(req, reply);
        if (!gate) return reply;
        const b = (req.body ?? {}) as {
          post_info?: { title?: unknown; description?: unknown; privacy_level?: unknown };
          source_info?: { source?: unknown; photo_images?: unknown; photo_cover_index?: unknown };
          post_mode?: unknown;
          media_type?: unknown;
        };
        if (b.media_type !== 'PHOTO' || b.post_mode !== 'DIRECT_POST')
          return refuse(reply, 400, 'invalid_params', 'media_type must be PHOTO and post_mode DIRECT_POST');
        const title = typeof b.post_info?.title === 'string' ? b.post_info.title : '';
        const description = typeof b.post_info?.description === 'string' ? b.post_info.description : '';
        if (!b.post_info || typeof b.post_info.privacy_level !== 'string')
          return refuse(reply, 400, 'invalid_params', 'post_info.privacy_level is required');
        if (!PRIVACY_LEVELS.includes(b.post_info.privacy_level))
          return refuse(reply, 400, 'privacy_level_option_mismatch', 'privacy_level is not one of the creator options');
        if ([...title].length > PHOTO_TITLE_MAX)
          return refuse(reply, 400, 'invalid_params', `The title exceeds ${PHOTO_TITLE_MAX} characters`);
        if ([...description].length > PHOTO_DESCRIPTION_MAX)
          return refuse(reply, 400, 'invalid_params', `The description exceeds ${PHOTO_DESCRIPTION_MAX} characters`);
        const images = b.source_info?.photo_images;
        if (b.source_info?.source !== 'PULL_FROM_URL' || !Array.isArray(images) || !images.every(isHttpUrl))
          return refuse(reply, 400, 'invalid_params', 'source_info must be PULL_FROM_URL with photo_images');
        if (images.length < 1 || images.length > PHOTOS_MAX)
          return refuse(reply, 400, 'invalid_params', `photo_images must hold 1 to ${PHOTOS_MAX} images`);
        const cover = b.source_info.photo_cover_index;
        if (typeof cover !== 'number' || !Number.isInteger(cover) || cover < 0 || cover >= images.length)
          return refuse(reply, 400, 'invalid_params', 'photo_cover_index is out of range');
        let fail: string | null = null;
        let bytes = 0;
        for (const url of images) {
          const pulled = await pull(url, 'photo');
          bytes += pulled.bytes;
          fail ??= pulled.fail;
        }
        gate.record();
        const id = startPublish(gate.t, 'photo', {
          title,
          description,
          fail: fail ?? (gate.processingError ? 'picture_size_check_failed' : null),
          bytes,
        });
        if (await loseAnswer(reply, id)) return reply;
        return api({ publish_id: id });
      },
    );

    app.post(
      `${base}/v2/post/publish/status/fetch/`,
      { schema: { tags, summary: 'How a publish stands' } },
      async (req, reply) => {
        if (await injected(req, reply, 'api', 'read')) return reply;
        const t = allowed(req, reply, 'video.publish');
        if (!t) return reply;
        const id = (req.body as { publish_id?: unknown } | null)?.publish_id;
        const p = typeof id === 'string' ? publishes.get(id) : undefined;
        if (!p || p.profileId !== t.profileId) return refuse(reply, 400, 'invalid_params', 'publish_id is invalid');
        p.polls++;
        // a video downloads for one poll; photos are ready at once; a refused file fails on the poll it would be ready
        const pulledBad = p.fail === 'video_pull_failed' || p.fail === 'photo_pull_failed';
        const ready = p.postId !== null || p.kind === 'photo' || p.polls >= 2 || pulledBad;
        if (!ready) return api({ status: 'PROCESSING_DOWNLOAD', uploaded_bytes: 0, downloaded_bytes: Math.floor(p.bytes / 2) });
        if (p.fail) return api({ status: 'FAILED', fail_reason: p.fail, uploaded_bytes: 0, downloaded_bytes: 0 });
        goOut(p);
        // TikTok gives the post id as an int64 number (beyond a double's exact range): the answer is written by hand
        const log = logId();
        return reply
          .type('application/json; charset=utf-8')
          .send(
            `{"data":{"status":"PUBLISH_COMPLETE","fail_reason":"","publicaly_available_post_id":[${p.postId}],"uploaded_bytes":0,"downloaded_bytes":${p.bytes}},"error":{"code":"ok","message":"","log_id":"${log}"}}`,
          );
      },
    );

    /** The fields asked for in `?fields=` (TikTok answers only those). */
    const fieldsOf = (req: FastifyRequest) =>
      String((req.query as { fields?: string }).fields ?? '')
        .split(',')
        .map((f) => f.trim())
        .filter(Boolean);
    const pick = (all: Record<string, unknown>, fields: string[]) =>
      Object.fromEntries(fields.filter((f) => f in all).map((f) => [f, all[f]]));

    app.post(
      `${base}/v2/video/list/`,
      {
        schema: {
          tags,
          summary: "The creator's posts, newest first, a page at a time (max_count up to 20, from a cursor: a time in ms)",
        },
      },
      async (req, reply) => {
        if (await injected(req, reply, 'api', 'read')) return reply;
        const t = allowed(req, reply, 'video.list');
        if (!t) return reply;
        const fields = fieldsOf(req);
        if (!fields.length) return refuse(reply, 400, 'invalid_params', 'fields is required');
        const b = (req.body ?? {}) as { max_count?: unknown; cursor?: unknown };
        const max = b.max_count ?? 10;
        if (typeof max !== 'number' || !Number.isInteger(max) || max < 1 || max > 20)
          return refuse(reply, 400, 'invalid_params', 'max_count must be between 1 and 20');
        const p = profileOf(t.profileId)!;
        const list = postsOf(t.profileId);
        const cursor = typeof b.cursor === 'number' ? b.cursor : null;
        const from = cursor === null ? list : list.filter((v) => v.createdAt < cursor);
        const page = from.slice(0, max);
        return api({
          videos: page.map((v) =>
            pick(
              {
                id: v.id,
                title: v.title,
                video_description: v.description,
                create_time: Math.floor(v.createdAt / 1000),
                share_url: `https://www.tiktok.com/@${p.userName}/video/${v.id}`,
                cover_image_url: `${opts.publicUrl}${base}/avatar/${p.id}.svg`,
              },
              fields,
            ),
          ),
          cursor: page.length ? page[page.length - 1].createdAt : (cursor ?? 0),
          has_more: from.length > page.length,
        });
      },
    );

    app.post(
      `${base}/v2/video/query/`,
      { schema: { tags, summary: "Figures of some of the creator's videos" } },
      async (req, reply) => {
        if (await injected(req, reply, 'api', 'read')) return reply;
        const t = allowed(req, reply, 'video.list');
        if (!t) return reply;
        const fields = fieldsOf(req);
        if (!fields.length) return refuse(reply, 400, 'invalid_params', 'fields is required');
        const ids = (req.body as { filters?: { video_ids?: unknown } } | null)?.filters?.video_ids;
        if (!Array.isArray(ids) || ids.length < 1 || ids.length > 20)
          return refuse(reply, 400, 'invalid_params', 'filters.video_ids must hold 1 to 20 ids');
        const now = opts.clock.nowMs();
        const p = profileOf(t.profileId)!;
        const found = postsOf(t.profileId).filter((v) => ids.map(String).includes(v.id));
        return api({
          videos: found.map((v) => {
            const minutes = Math.max(0, Math.floor((now - v.createdAt) / 60_000));
            const views = Math.min(VIEWS_PER_MINUTE * minutes, VIEWS_CAP);
            return pick(
              {
                id: v.id,
                title: v.title,
                video_description: v.description,
                create_time: Math.floor(v.createdAt / 1000),
                share_url: `https://www.tiktok.com/@${p.userName}/video/${v.id}`,
                view_count: views,
                like_count: Math.floor(views / 10),
                comment_count: Math.floor(views / 50),
                share_count: Math.floor(views / 100),
              },
              fields,
            );
          }),
        });
      },
    );

    /** As a user removing the app in TikTok's settings would: every token of the profile stops working. */
    const revoke = (profileId: string) => {
      const revoked = revokeTokens(access, (t) => t.profileId === profileId);
      forgetWhere(refresh, (r) => r.profileId === profileId);
      return revoked;
    };
    // what was published, for tests and benchmarks that count posts across processes (not a TikTok call): the
    // posts of one open_id, or all, with the caption each carried (a photo post's whole caption is its description)
    app.get(
      `${base}/_published`,
      { schema: { tags, summary: 'Posts published on the emulator (of one open_id, or all)' } },
      async (req) => {
        const user = (req.query as { user?: string }).user;
        return [...posts.entries()]
          .filter(([profileId]) => !user || profileId === user)
          .flatMap(([profileId, list]) =>
            list.map((p) => ({
              id: p.id,
              user: profileId,
              text: p.description || p.title,
              createdAt: new Date(p.createdAt).toISOString(),
            })),
          );
      },
    );

    registerEmulatorTools(app, {
      base,
      tags,
      failures,
      profileOf,
      revoke,
      scoped: true,
      perAccount: true,
      losses,
      onClear: () => processingKept.clear(),
    });
  };
