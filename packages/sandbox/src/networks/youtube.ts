import { randomBytes } from 'node:crypto';
import { nextPacificMidnight } from '@virality/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SANDBOX_YOUTUBE_CLIENT } from '../facts';
import { benchRemoteId, benchRoster, type TCallKind } from './bench';
import {
  answerFailure,
  answerLosses,
  bearerToken,
  consentPage,
  esc,
  forgetWhere,
  oauthError,
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

export { SANDBOX_YOUTUBE_CLIENT };

/** Google's own figure: a second short of the hour, so a token is never used in its last second. */
const ACCESS_TTL_SECONDS = 3599;
const CODE_TTL_MS = 10 * 60_000;
/** The wait a `rate_limit` failure asks for. */
const RATE_LIMIT_RETRY_SECONDS = 30;
const GOOGLE_RED = '#ea4335';

/** A demo channel: `id` is what the consent page and /_revoke name it by; `channelId` is what the API answers. */
export type TDemoChannel = TDemoProfile & {
  channelId: string;
  description: string;
  publishedAt: string;
  country: string;
  views: number;
  subscribers: number;
  videos: number;
};

export const YOUTUBE_DEMO_CHANNELS: TDemoChannel[] = [
  {
    id: 'yt-ava',
    channelId: 'UCsandbox-AvaCooks000001',
    userName: 'avacooks',
    displayName: 'Ava Cooks',
    color: '#ff0000',
    description: 'Weeknight recipes in under 30 minutes.',
    publishedAt: '2019-03-14T09:26:53Z',
    country: 'US',
    views: 1_284_330,
    subscribers: 48_200,
    videos: 212,
  },
  {
    id: 'yt-milo',
    channelId: 'UCsandbox-MiloMoves00001',
    userName: 'milomoves',
    displayName: 'Milo Moves',
    color: '#065fd4',
    description: 'Home workouts and mobility.',
    publishedAt: '2021-07-02T17:05:11Z',
    country: 'GB',
    views: 96_410,
    subscribers: 3_100,
    videos: 57,
  },
  {
    id: 'yt-nora',
    channelId: 'UCsandbox-NoraTravels001',
    userName: 'noratravels',
    displayName: 'Nora Travels',
    color: '#0f9d58',
    description: 'Slow travel, one city a month.',
    publishedAt: '2016-11-20T12:40:00Z',
    country: 'IN',
    views: 5_920_118,
    subscribers: 251_000,
    videos: 433,
  },
];

/** Where benchmark mode's generated channel ids start (24 characters, as YouTube's: the number fills the rest). */
const BENCH_CHANNEL_STEM = 'UCsandbox-Bench';
/** Benchmark mode's generated channels (`yt-bench-0001`, …), each with a channel id of its own. */
export const youtubeBenchChannels = (count: number | undefined) =>
  benchRoster<TDemoChannel>('yt', count, (n, p) => ({
    ...p,
    channelId: benchRemoteId(BENCH_CHANNEL_STEM, n, 9),
    description: 'Generated for benchmarks.',
    publishedAt: '2024-01-01T00:00:00Z',
    country: 'US',
    views: 10_000 + n,
    subscribers: 1000 + n,
    videos: 5,
  }));

/** How long each Google call takes with benchmark latency: the token call, opening an upload, and its bytes. */
function youtubeCallKind(method: string, route: string): TCallKind {
  if (route.endsWith('/token')) return 'token';
  if (route.endsWith('/upload/youtube/v3/videos')) return method === 'PUT' ? 'upload' : 'post';
  // videos.update (a video made public) and videos.delete
  if (route.endsWith('/youtube/v3/videos') && method !== 'GET') return 'post';
  return 'read';
}

/** The consent page words Google uses for each scope the product asks for. */
const SCOPE_WORDS: Record<string, string> = {
  'https://www.googleapis.com/auth/youtube.upload': 'Manage your YouTube videos',
  'https://www.googleapis.com/auth/youtube.readonly': 'View your YouTube account',
  'https://www.googleapis.com/auth/youtube.force-ssl':
    'See, edit, and permanently delete your YouTube videos, ratings, comments and captions',
  'https://www.googleapis.com/auth/yt-analytics.readonly': 'View YouTube Analytics reports for your YouTube content',
  'https://www.googleapis.com/auth/userinfo.profile':
    "See your personal info, including any personal info you've made publicly available",
  'https://www.googleapis.com/auth/youtube': 'Manage your YouTube account',
};
/** Scopes that may read a channel's own data (channels.list with mine=true). */
const CHANNEL_READ_SCOPES = [
  'https://www.googleapis.com/auth/youtube',
  'https://www.googleapis.com/auth/youtube.readonly',
  'https://www.googleapis.com/auth/youtube.force-ssl',
];
/** The parts of a channel this emulator can answer; YouTube refuses any other name. */
const CHANNEL_PARTS = ['id', 'snippet', 'statistics', 'contentDetails'] as const;

/** A few of YouTube's real categories, with the ones a video may not be put in (assignable false). */
const VIDEO_CATEGORIES = [
  { id: '1', title: 'Film & Animation', assignable: true },
  { id: '10', title: 'Music', assignable: true },
  { id: '17', title: 'Sports', assignable: true },
  { id: '18', title: 'Short Movies', assignable: false },
  { id: '19', title: 'Travel & Events', assignable: true },
  { id: '20', title: 'Gaming', assignable: true },
  { id: '21', title: 'Videoblogging', assignable: false },
  { id: '22', title: 'People & Blogs', assignable: true },
  { id: '26', title: 'Howto & Style', assignable: true },
  { id: '27', title: 'Education', assignable: true },
  { id: '30', title: 'Movies', assignable: false },
];
const YOUTUBE_CHANNEL_ID = 'UCBR8-60-B28hp2BmDPdntcQ';

/** Scopes that may change or delete a video (videos.update, videos.delete). */
const MANAGE_SCOPES = ['https://www.googleapis.com/auth/youtube', 'https://www.googleapis.com/auth/youtube.force-ssl'];
/** Scopes that may upload a video (videos.insert). */
const UPLOAD_SCOPES = [
  'https://www.googleapis.com/auth/youtube.upload',
  'https://www.googleapis.com/auth/youtube',
  'https://www.googleapis.com/auth/youtube.force-ssl',
];
/** The parts of a video this emulator can answer. */
const VIDEO_PARTS = ['id', 'snippet', 'status', 'processingDetails', 'statistics', 'contentDetails', 'fileDetails'] as const;
/** A project's daily quota, and what each call costs of it (YouTube's published costs). */
export const YOUTUBE_DAILY_QUOTA = 10_000;
export const YOUTUBE_QUOTA_COST = { insert: 1600, search: 100, list: 1, update: 50, delete: 50 } as const;
/**
 * In benchmark mode, the quota grows by this much per generated channel. The quota is the project's, not a
 * channel's: its 10,000 units hold six uploads a day for the whole app, which 1,000 channels posting 10 videos each
 * would exhaust at once (a product that size has its quota raised by Google's audit). Room per channel for 25
 * uploads with their status reads and searches.
 */
export const YOUTUBE_BENCH_QUOTA_PER_CHANNEL =
  25 * (YOUTUBE_QUOTA_COST.insert + YOUTUBE_QUOTA_COST.search + 50 * YOUTUBE_QUOTA_COST.list);
/** How long an upload session lasts (Google's: about a week). */
const SESSION_TTL_MS = 7 * 24 * 3600_000;
/** The largest upload the sandbox takes in one request. */
/**
 * A list parameter (`part`, `id`): Google takes it comma-separated or repeated (`part=snippet&part=status`, as its own
 * clients send it); read as the comma-separated string either way.
 */
const zCommaList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => (Array.isArray(v) ? v.join(',') : v));

const UPLOAD_BODY_LIMIT = 256 * 1024 * 1024;
/** A video's views grow by this many a minute after its upload, up to the cap. */
const VIEWS_PER_MINUTE = 40;
const VIEWS_CAP = 250_000;

type TUploadSession = {
  profileId: string;
  title: string;
  description: string;
  categoryId: string;
  privacyStatus: string;
  madeForKids: boolean;
  contentType: string | null;
  length: number | null;
  /** The first bytes received (what tells a video file), and how many were received: a video is never held whole. */
  head: Buffer;
  received: number;
  expiresAt: number;
};
/** How many of a video's first bytes the emulator keeps to tell whether it is a video. */
const HEAD_BYTES = 16;
/** YouTube keeps what it received of a chunk in multiples of this (its chunk granularity). */
const CHUNK_GRAIN = 256 * 1024;
type TVideo = {
  id: string;
  profileId: string;
  channelId: string;
  title: string;
  description: string;
  categoryId: string;
  privacyStatus: string;
  madeForKids: boolean;
  /** When the upload finished: its place in the channel's uploads. */
  uploadedAtMs: number;
  /** When it was published: its upload, or the moment a private video was first made public. */
  publishedAtMs: number;
  bytes: number;
  /** Why processing will fail whatever happens (the bytes are not a video), if they are not. */
  badFile: 'emptyFile' | 'invalidFile' | null;
  uploadStatus: 'uploaded' | 'processed' | 'failed';
  failureReason: string | null;
  /** How many times the owner has asked how its processing goes. */
  polls: number;
};

/** What a video's first bytes say it is: MP4/MOV (`ftyp` at offset 4) or WebM/Matroska (EBML). */
function looksLikeVideo(b: Buffer): boolean {
  if (b.length >= 8 && b.subarray(4, 8).toString('latin1') === 'ftyp') return true;
  return b.length >= 4 && b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3;
}
const videoId = () => randomBytes(8).toString('base64url').slice(0, 11);

type TCode = {
  profileId: string;
  redirectUri: string;
  challenge: string | null;
  scopes: string[];
  offline: boolean;
  expiresAt: number;
};
type TToken = { profileId: string; scopes: string[]; expiresAt: number; revoked: boolean };

const etag = () => randomBytes(12).toString('base64url');

/** The Data API's error envelope. */
const apiError = (code: number, status: string, reason: string, message: string, domain = 'global') => ({
  error: { code, message, errors: [{ message, domain, reason }], status },
});

/**
 * The YouTube emulator: Google's OAuth 2.0 (consent page, /token with PKCE, refresh tokens that do not rotate)
 * and the Data API v3 calls the product makes, with Google's answer shapes (`{error:{code,message,errors}}`,
 * OAuth's `{error, error_description}`). Google's three hosts are one base here, so every path is the real
 * one under /sandbox/youtube. Time is the product's clock, so moving it expires tokens.
 * POST /sandbox/youtube/_control makes the next calls fail. Benchmark mode: `benchProfiles` generated channels
 * besides the demo ones (and a quota grown to match), and `latency` before each API answer. `opts.fetch` is not
 * used: YouTube takes a video's bytes in the upload itself, never an address.
 */
export const youtubeEmulatorRoutes =
  (opts: TEmulatorOptions): FastifyPluginAsyncZod =>
  async (app) => {
    const base = '/sandbox/youtube';
    const tags = ['Sandbox: YouTube'];
    const { failures, hang } = startEmulator(app, {
      base,
      network: 'youtube',
      setting: opts.latency,
      pages: [`${base}/o/oauth2/v2/auth`],
      kindOf: youtubeCallKind,
    });
    const bench = youtubeBenchChannels(opts.benchProfiles);
    const dailyQuota = YOUTUBE_DAILY_QUOTA + bench.size * YOUTUBE_BENCH_QUOTA_PER_CHANNEL;
    const codes = new Map<string, TCode>();
    const access = new Map<string, TToken>();
    const refresh = new Map<string, { profileId: string; scopes: string[] }>();
    // an upload's bytes (video/*, application/octet-stream): kept as they are
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: UPLOAD_BODY_LIMIT }, (_req, body, done) => done(null, body));
    const sessions = new Map<string, TUploadSession>();
    const videos = new Map<string, TVideo>();
    /** The project's quota: units spent in the Pacific day that ends at `dayEnds`. */
    const quota = { dayEnds: 0, used: 0 };
    /**
     * `processing_error`s asked for, by the channel whose call took them ('' when it named none): that channel's next
     * video whose processing ends fails (or any channel's, for one taken by a call without a channel).
     */
    const failNextProcessing = new Set<string>();
    const channelOf = (id: string) => YOUTUBE_DEMO_CHANNELS.find((c) => c.id === id) ?? bench.byId(id);
    const avatarUrl = (c: TDemoChannel) => `${opts.publicUrl}${base}/avatar/${c.id}.svg`;

    /** As a user removing the app at myaccount.google.com would: every token of the channel stops working. */
    function revokeProfile(profileId: string): number {
      const revoked = revokeTokens(access, (t) => t.profileId === profileId);
      forgetWhere(refresh, (r) => r.profileId === profileId);
      return revoked;
    }

    /** Uploads that go through but whose answers are then lost (held like a timeout, then a 503). */
    const losses = answerLosses();

    /** The channel id of the token a call carries (live or not), or null: the account every API call is for. */
    function tokenAccount(req: FastifyRequest): string | null {
      const token = bearerToken(req);
      const row = token ? access.get(token) : undefined;
      return row ? (channelOf(row.profileId)?.channelId ?? null) : null;
    }

    /**
     * A failure asked for by a test, answered in the Data API's shape: one asked for any call, for this call's kind
     * (an upload is a publish, the rest reads) or for its channel (`account`, by default the token's). A
     * `processing_error` taken by a call that starts or follows an upload (`keepsProcessing`) is kept for the next
     * video's processing instead, and the call goes on to the next failure asked for. Returns true when it answered.
     */
    function injectedApi(
      req: FastifyRequest,
      reply: FastifyReply,
      kind: TFailureScope,
      {
        account = tokenAccount(req),
        keepsProcessing = false,
        cutOff,
      }: { account?: string | null; keepsProcessing?: boolean; cutOff?: () => void } = {},
    ): Promise<boolean> {
      let failure = failures.next(kind, account);
      if (keepsProcessing && failure === 'processing_error') {
        failNextProcessing.add(account ?? '');
        failure = failures.next(kind, account);
      }
      // a call cut off by a server error or a timeout may have delivered part of its bytes first
      if (failure === 'server_error' || failure === 'timeout') cutOff?.();
      return answerFailure(failure, hang, () => ({
        expired_token: () => unauthenticated(reply),
        revoked: () => {
          const token = bearerToken(req);
          const row = token ? access.get(token) : undefined;
          if (row) revokeProfile(row.profileId);
          return unauthenticated(reply);
        },
        rate_limit: () =>
          reply
            .status(403)
            .header('retry-after', String(RATE_LIMIT_RETRY_SECONDS))
            .send(
              apiError(
                403,
                'PERMISSION_DENIED',
                'rateLimitExceeded',
                'The request cannot be completed due to rate limiting.',
                'usageLimits',
              ),
            ),
        server_error: () => reply.status(500).send(apiError(500, 'INTERNAL', 'backendError', 'Backend Error')),
        missing_permission: () =>
          reply
            .status(403)
            .send(
              apiError(403, 'PERMISSION_DENIED', 'insufficientPermissions', 'Request had insufficient authentication scopes.'),
            ),
        processing_error: () =>
          reply
            .status(400)
            .send(apiError(400, 'FAILED_PRECONDITION', 'failedPrecondition', 'The request could not be processed.')),
        timeout: () => reply.status(504).send(apiError(504, 'DEADLINE_EXCEEDED', 'deadlineExceeded', 'Deadline exceeded')),
      }));
    }

    /** A failure asked for by a test for any call (a token call is no publish or read, for no channel), as /token answers. */
    function injectedOAuth(body: Record<string, string>, reply: FastifyReply): Promise<boolean> {
      const invalidGrant = () => oauthError(reply, 400, 'invalid_grant', 'Token has been expired or revoked.');
      return answerFailure(failures.next(), hang, () => ({
        timeout: () => oauthError(reply, 504, 'timeout', 'Deadline exceeded'),
        server_error: () => oauthError(reply, 500, 'internal_failure', 'Backend Error'),
        rate_limit: () =>
          oauthError(
            reply.header('retry-after', String(RATE_LIMIT_RETRY_SECONDS)),
            429,
            'rate_limit_exceeded',
            'Rate Limit Exceeded',
          ),
        missing_permission: () => oauthError(reply, 400, 'invalid_scope', 'Some requested scopes were invalid.'),
        processing_error: () => oauthError(reply, 400, 'invalid_request', 'Bad Request'),
        expired_token: invalidGrant,
        revoked: () => {
          const row = body.refresh_token ? refresh.get(body.refresh_token) : undefined;
          if (row) revokeProfile(row.profileId);
          return invalidGrant();
        },
      }));
    }

    function unauthenticated(reply: FastifyReply) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="https://accounts.google.com/", error="invalid_token"')
        .send({
          error: {
            code: 401,
            message:
              'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
            errors: [
              {
                message: 'Invalid Credentials',
                domain: 'global',
                reason: 'authError',
                location: 'Authorization',
                locationType: 'header',
              },
            ],
            status: 'UNAUTHENTICATED',
          },
        });
    }

    /** The token of the call, if it is live and carries one of `anyOf` (every scope will do when empty). */
    function bearer(req: FastifyRequest, reply: FastifyReply, anyOf: string[] = []): TToken | null {
      const token = bearerToken(req);
      const row = token ? access.get(token) : undefined;
      if (!row || row.revoked || row.expiresAt <= opts.clock.nowMs()) {
        unauthenticated(reply);
        return null;
      }
      if (anyOf.length && !anyOf.some((s) => row.scopes.includes(s))) {
        reply
          .status(403)
          .send(apiError(403, 'PERMISSION_DENIED', 'insufficientPermissions', 'Request had insufficient authentication scopes.'));
        return null;
      }
      return row;
    }

    /** Spends `units` of the day's quota; past it, YouTube's 403 quotaExceeded. Returns false when it answered. */
    function spend(reply: FastifyReply, units: number): boolean {
      const now = opts.clock.nowMs();
      if (now >= quota.dayEnds) {
        quota.dayEnds = nextPacificMidnight(new Date(now)).getTime();
        quota.used = 0;
      }
      if (quota.used + units > dailyQuota) {
        reply
          .status(403)
          .send(
            apiError(
              403,
              'PERMISSION_DENIED',
              'quotaExceeded',
              'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.',
              'youtube.quota',
            ),
          );
        return false;
      }
      quota.used += units;
      return true;
    }

    /** The owner asks how processing goes: in progress at the first poll, over (processed or failed) at the next. */
    function poll(v: TVideo) {
      if (v.uploadStatus !== 'uploaded') return;
      v.polls++;
      if (v.polls < 2) return;
      if (failNextProcessing.delete(v.channelId) || failNextProcessing.delete('')) {
        v.uploadStatus = 'failed';
        v.failureReason = 'conversion';
      } else if (v.badFile) {
        v.uploadStatus = 'failed';
        v.failureReason = v.badFile;
      } else v.uploadStatus = 'processed';
    }

    /** Deterministic statistics: views grow with the product clock's minutes since the upload. */
    function statistics(v: TVideo) {
      const minutes = Math.max(0, Math.floor((opts.clock.nowMs() - v.publishedAtMs) / 60_000));
      const views =
        v.uploadStatus === 'processed' && v.privacyStatus !== 'private' ? Math.min(minutes * VIEWS_PER_MINUTE, VIEWS_CAP) : 0;
      return {
        viewCount: String(views),
        likeCount: String(Math.floor(views / 10)),
        favoriteCount: '0',
        commentCount: String(Math.floor(views / 50)),
      };
    }

    const thumbnails = (id: string) => ({
      default: { url: `https://i.ytimg.com/vi/${id}/default.jpg`, width: 120, height: 90 },
      medium: { url: `https://i.ytimg.com/vi/${id}/mqdefault.jpg`, width: 320, height: 180 },
      high: { url: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`, width: 480, height: 360 },
    });

    function videoSnippet(v: TVideo) {
      const c = channelOf(v.profileId)!;
      return {
        publishedAt: new Date(v.publishedAtMs).toISOString(),
        channelId: v.channelId,
        title: v.title,
        description: v.description,
        thumbnails: thumbnails(v.id),
        channelTitle: c.displayName,
        categoryId: v.categoryId,
        liveBroadcastContent: 'none',
        localized: { title: v.title, description: v.description },
      };
    }

    function videoStatus(v: TVideo) {
      return {
        uploadStatus: v.uploadStatus,
        ...(v.failureReason ? { failureReason: v.failureReason } : {}),
        privacyStatus: v.privacyStatus,
        license: 'youtube',
        embeddable: true,
        publicStatsViewable: true,
        madeForKids: v.madeForKids,
        selfDeclaredMadeForKids: v.madeForKids,
      };
    }

    function processingDetails(v: TVideo) {
      if (v.uploadStatus === 'uploaded')
        return {
          processingStatus: 'processing',
          processingProgress: { partsTotal: '1000', partsProcessed: String(v.polls * 500), timeLeftMs: '30000' },
        };
      if (v.uploadStatus === 'failed') return { processingStatus: 'failed', processingFailureReason: 'transcodeFailed' };
      return { processingStatus: 'succeeded', thumbnailsAvailability: 'available' };
    }

    const publishedCount = (profileId: string) =>
      [...videos.values()].filter(
        (v) => v.profileId === profileId && v.uploadStatus === 'processed' && v.privacyStatus !== 'private',
      ).length;

    const badParameter = (reply: FastifyReply, reason: string, message: string) =>
      reply.status(400).send(apiError(400, 'INVALID_ARGUMENT', reason, message));

    function issueAccess(profileId: string, scopes: string[]) {
      const accessToken = randomToken('ya29');
      access.set(accessToken, {
        profileId,
        scopes,
        expiresAt: opts.clock.nowMs() + ACCESS_TTL_SECONDS * 1000,
        revoked: false,
      });
      return { access_token: accessToken, expires_in: ACCESS_TTL_SECONDS, scope: scopes.join(' '), token_type: 'Bearer' };
    }

    /** Google's consent errors are a page for the person, not a redirect: the return address is not trusted yet. */
    const errorPage = (reply: FastifyReply, status: number, error: string, detail: string) =>
      reply
        .status(status)
        .type('text/html')
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Error ${status}: ${esc(error)}</title></head><body><main><h1>Access blocked</h1><p>Error ${status}: ${esc(error)}</p><p>${esc(detail)}</p></main></body></html>`,
        );

    const zAuthorize = z.object({
      client_id: z.string(),
      redirect_uri: z.string(),
      response_type: z.literal('code'),
      scope: z.string(),
      state: z.string(),
      access_type: z.enum(['online', 'offline']).optional(),
      prompt: z.string().optional(),
      include_granted_scopes: z.string().optional(),
      login_hint: z.string().optional(),
      code_challenge: z.string().optional(),
      code_challenge_method: z.literal('S256').optional(),
    });

    app.get(
      `${base}/o/oauth2/v2/auth`,
      { schema: { tags, summary: 'Consent page', querystring: zAuthorize } },
      async (req, reply) => {
        const q = req.query;
        if (q.client_id !== SANDBOX_YOUTUBE_CLIENT.clientId)
          return errorPage(reply, 401, 'invalid_client', 'The OAuth client was not found.');
        if (!sameOrigin(q.redirect_uri, opts.productUrl ?? opts.publicUrl))
          return errorPage(reply, 400, 'redirect_uri_mismatch', "This app doesn't comply with Google's OAuth 2.0 policy.");
        const scopes = q.scope.split(' ').filter(Boolean);
        const unknown = scopes.filter((s) => !SCOPE_WORDS[s]);
        if (!scopes.length || unknown.length)
          return errorPage(reply, 400, 'invalid_scope', `Some requested scopes were invalid: ${unknown.join(' ') || '(none)'}`);
        return reply.type('text/html').send(
          consentPage({
            network: 'YouTube',
            color: GOOGLE_RED,
            scopes: scopes.map((s) => SCOPE_WORDS[s]),
            profiles: [...YOUTUBE_DEMO_CHANNELS, ...bench.all()],
            action: `${base}/o/oauth2/v2/auth`,
            avatarBase: `${base}/avatar`,
            hidden: {
              redirect_uri: q.redirect_uri,
              state: q.state,
              scope: q.scope,
              code_challenge: q.code_challenge ?? '',
              // Google's default is online access: no refresh token unless offline was asked for
              access_type: q.access_type ?? 'online',
            },
          }),
        );
      },
    );

    app.post(
      `${base}/o/oauth2/v2/auth`,
      {
        schema: {
          tags,
          summary: 'Consent given or refused: back to the product',
          body: z.object({
            redirect_uri: z.string(),
            state: z.string(),
            scope: z.string(),
            access_type: z.enum(['online', 'offline']),
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
        if (b.decision === 'cancel' || !b.profile || !channelOf(b.profile)) {
          back.searchParams.set('error', 'access_denied');
        } else {
          const code = `4/${randomBytes(36).toString('base64url')}`;
          codes.set(code, {
            profileId: b.profile,
            redirectUri: b.redirect_uri,
            challenge: b.code_challenge || null,
            scopes: b.scope.split(' ').filter(Boolean),
            offline: b.access_type === 'offline',
            expiresAt: opts.clock.nowMs() + CODE_TTL_MS,
          });
          back.searchParams.set('code', code);
          back.searchParams.set('scope', b.scope);
        }
        back.searchParams.set('state', b.state);
        return reply.redirect(back.toString(), 302);
      },
    );

    app.post(
      `${base}/token`,
      {
        schema: {
          tags,
          summary: 'Tokens for a code, or a new access token for a refresh token',
          body: z.record(z.string(), z.string()),
        },
      },
      async (req, reply) => {
        const b = req.body;
        if (await injectedOAuth(b, reply)) return reply;
        reply.header('cache-control', 'no-cache, no-store, max-age=0, must-revalidate');
        const refused = (description: string, error = 'invalid_grant', status = 400) =>
          oauthError(reply, status, error, description);
        if (b.client_id !== SANDBOX_YOUTUBE_CLIENT.clientId)
          return refused('The OAuth client was not found.', 'invalid_client', 401);
        if (b.client_secret !== SANDBOX_YOUTUBE_CLIENT.clientSecret) return refused('Unauthorized', 'invalid_client', 401);
        if (b.grant_type === 'authorization_code') {
          const code = b.code ? codes.get(b.code) : undefined;
          // a code is spent by its first use, right or wrong, so a stolen one cannot be tried again
          if (b.code) codes.delete(b.code);
          if (!code || code.expiresAt <= opts.clock.nowMs()) return refused('Bad Request');
          if (code.redirectUri !== b.redirect_uri) return refused('Bad Request', 'redirect_uri_mismatch');
          if (code.challenge && !b.code_verifier) return refused('Missing code verifier.');
          if (code.challenge && s256(b.code_verifier) !== code.challenge) return refused('Invalid code verifier.');
          const answer: Record<string, unknown> = issueAccess(code.profileId, code.scopes);
          if (code.offline) {
            const refreshToken = `1//${randomBytes(48).toString('base64url')}`;
            refresh.set(refreshToken, { profileId: code.profileId, scopes: code.scopes });
            answer.refresh_token = refreshToken;
          }
          return answer;
        }
        if (b.grant_type === 'refresh_token') {
          const row = b.refresh_token ? refresh.get(b.refresh_token) : undefined;
          if (!row) return refused('Token has been expired or revoked.');
          // Google does not rotate refresh tokens: the same one keeps working, and none comes back
          return issueAccess(row.profileId, row.scopes);
        }
        return refused(`Invalid grant_type: ${b.grant_type ?? ''}`, 'unsupported_grant_type');
      },
    );

    app.get(
      `${base}/youtube/v3/channels`,
      {
        schema: {
          tags,
          summary: "The caller's channel",
          querystring: z.object({ part: zCommaList, mine: z.string().optional(), id: zCommaList }),
        },
      },
      async (req, reply) => {
        if (await injectedApi(req, reply, 'read')) return reply;
        const t = bearer(req, reply, req.query.id ? [] : CHANNEL_READ_SCOPES);
        if (!t) return reply;
        if (!req.query.part) return badParameter(reply, 'required', 'Required parameter: part');
        const parts = req.query.part.split(',').map((p) => p.trim());
        const unknownPart = parts.find((p) => !(CHANNEL_PARTS as readonly string[]).includes(p));
        if (unknownPart) return badParameter(reply, 'unknownPart', `'${unknownPart}'`);
        if (req.query.mine !== 'true' && !req.query.id)
          return badParameter(
            reply,
            'missingRequiredParameter',
            'No filter selected. Expected one of: forUsername, managedByMe, mine, id, forHandle',
          );
        if (!spend(reply, YOUTUBE_QUOTA_COST.list)) return reply;
        const ids = req.query.id?.split(',').map((i) => i.trim());
        const found = ids
          ? [
              ...YOUTUBE_DEMO_CHANNELS.filter((c) => ids.includes(c.channelId)),
              ...ids.flatMap((id) => bench.byRemote(id, BENCH_CHANNEL_STEM, (c) => c.channelId) ?? []),
            ]
          : [channelOf(t.profileId)!];
        return {
          kind: 'youtube#channelListResponse',
          etag: etag(),
          pageInfo: { totalResults: found.length, resultsPerPage: 5 },
          items: found.map((c) => channelItem(c, parts)),
        };
      },
    );

    function channelItem(c: TDemoChannel, parts: string[]) {
      const picture = avatarUrl(c);
      const item: Record<string, unknown> = { kind: 'youtube#channel', etag: etag(), id: c.channelId };
      if (parts.includes('snippet'))
        item.snippet = {
          title: c.displayName,
          description: c.description,
          customUrl: `@${c.userName}`,
          publishedAt: c.publishedAt,
          thumbnails: {
            default: { url: picture, width: 88, height: 88 },
            medium: { url: picture, width: 240, height: 240 },
            high: { url: picture, width: 800, height: 800 },
          },
          localized: { title: c.displayName, description: c.description },
          country: c.country,
        };
      if (parts.includes('statistics'))
        item.statistics = {
          viewCount: String(c.views),
          subscriberCount: String(c.subscribers),
          hiddenSubscriberCount: false,
          videoCount: String(c.videos + publishedCount(c.id)),
        };
      if (parts.includes('contentDetails'))
        item.contentDetails = { relatedPlaylists: { likes: '', uploads: `UU${c.channelId.slice(2)}` } };
      return item;
    }

    app.get(
      `${base}/youtube/v3/videoCategories`,
      {
        schema: {
          tags,
          summary: 'The categories of a region',
          querystring: z.object({
            part: zCommaList,
            regionCode: z.string().optional(),
            id: zCommaList,
            hl: z.string().optional(),
          }),
        },
      },
      async (req, reply) => {
        if (await injectedApi(req, reply, 'read')) return reply;
        if (!bearer(req, reply)) return reply;
        const q = req.query;
        if (q.part !== 'snippet' && q.part !== 'id,snippet' && q.part !== 'snippet,id')
          return badParameter(reply, q.part ? 'unknownPart' : 'required', q.part ? `'${q.part}'` : 'Required parameter: part');
        if (!q.regionCode && !q.id)
          return badParameter(reply, 'missingRequiredParameter', 'No filter selected. Expected one of: regionCode, id');
        if (q.regionCode && !/^[A-Za-z]{2}$/.test(q.regionCode))
          return badParameter(reply, 'invalidRegionCode', 'The regionCode parameter specifies an invalid region code.');
        const ids = q.id ? q.id.split(',') : null;
        return {
          kind: 'youtube#videoCategoryListResponse',
          etag: etag(),
          items: VIDEO_CATEGORIES.filter((c) => !ids || ids.includes(c.id)).map((c) => ({
            kind: 'youtube#videoCategory',
            etag: etag(),
            id: c.id,
            snippet: { title: c.title, assignable: c.assignable, channelId: YOUTUBE_CHANNEL_ID },
          })),
        };
      },
    );

    const uploadPath = `${base}/upload/youtube/v3/videos`;

    app.post(
      uploadPath,
      {
        bodyLimit: UPLOAD_BODY_LIMIT,
        schema: {
          tags,
          summary:
            'Upload a video (videos.insert): open a resumable upload, or send the metadata and the bytes in one multipart request',
          querystring: z.object({ uploadType: z.string().optional(), part: zCommaList }),
        },
      },
      async (req, reply) => {
        if (await injectedApi(req, reply, 'publish', { keepsProcessing: true })) return reply;
        const t = bearer(req, reply, UPLOAD_SCOPES);
        if (!t) return reply;
        const q = req.query;
        if (q.uploadType !== 'resumable' && q.uploadType !== 'multipart')
          return badParameter(
            reply,
            'invalidParameter',
            'The sandbox takes resumable and multipart uploads (uploadType=resumable or uploadType=multipart).',
          );
        if (!q.part) return badParameter(reply, 'required', 'Required parameter: part');
        const unknownPart = q.part.split(',').find((p) => !['snippet', 'status', 'id'].includes(p.trim()));
        if (unknownPart) return badParameter(reply, 'unknownPart', `'${unknownPart}'`);
        // multipart (what Google's own clients send by default): the metadata (JSON) and then the media, in one body
        let media: { type: string | null; bytes: Buffer } | null = null;
        let metadata: unknown = req.body;
        if (q.uploadType === 'multipart') {
          const parts = Buffer.isBuffer(req.body) ? multipartRelated(String(req.headers['content-type'] ?? ''), req.body) : null;
          if (parts?.length !== 2)
            return badParameter(reply, 'invalidParameter', 'A multipart upload is the metadata (JSON), then the media.');
          try {
            metadata = JSON.parse(parts[0].body.toString('utf8'));
          } catch {
            return badParameter(reply, 'parseError', 'The metadata part is not JSON.');
          }
          media = { type: parts[1].contentType, bytes: parts[1].body };
        }
        const body = (metadata ?? {}) as {
          snippet?: { title?: unknown; description?: unknown; categoryId?: unknown };
          status?: { privacyStatus?: unknown; selfDeclaredMadeForKids?: unknown };
        };
        const title = typeof body.snippet?.title === 'string' ? body.snippet.title : '';
        if (!title.trim() || [...title].length > 100 || /[<>]/.test(title))
          return badParameter(reply, 'invalidTitle', 'The request metadata specifies an invalid or empty video title.');
        const description = typeof body.snippet?.description === 'string' ? body.snippet.description : '';
        if (Buffer.byteLength(description, 'utf8') > 5000 || /[<>]/.test(description))
          return badParameter(reply, 'invalidDescription', 'The request metadata specifies an invalid video description.');
        const categoryId = body.snippet?.categoryId === undefined ? '22' : String(body.snippet.categoryId);
        if (!VIDEO_CATEGORIES.some((c) => c.id === categoryId && c.assignable))
          return badParameter(reply, 'invalidCategoryId', 'The snippet.categoryId property specifies an invalid category ID.');
        const privacyStatus = body.status?.privacyStatus === undefined ? 'public' : String(body.status.privacyStatus);
        if (!['public', 'private', 'unlisted'].includes(privacyStatus))
          return badParameter(reply, 'invalidVideoMetadata', 'The request metadata is invalid.');
        const contentType = media ? media.type : ((req.headers['x-upload-content-type'] as string | undefined) ?? null);
        if (contentType && !/^video\//.test(contentType) && contentType !== 'application/octet-stream')
          return badParameter(
            reply,
            'badContent',
            `Media type '${contentType}' is not supported. Valid media types: [video/*, application/octet-stream]`,
          );
        const lengthHeader = (req.headers['x-upload-content-length'] as string | undefined) ?? null;
        if (lengthHeader !== null && !/^\d+$/.test(lengthHeader))
          return badParameter(reply, 'invalidParameter', 'X-Upload-Content-Length is not a number of bytes.');
        if (!spend(reply, YOUTUBE_QUOTA_COST.insert)) return reply;
        const opened: TUploadSession = {
          profileId: t.profileId,
          title,
          description,
          categoryId,
          privacyStatus,
          madeForKids: body.status?.selfDeclaredMadeForKids === true,
          contentType,
          length: lengthHeader === null ? null : Number(lengthHeader),
          head: Buffer.alloc(0),
          received: 0,
          expiresAt: opts.clock.nowMs() + SESSION_TTL_MS,
        };
        if (media) return uploaded(reply, opened, { length: media.bytes.length, head: media.bytes.subarray(0, HEAD_BYTES) });
        const uploadId = randomBytes(24).toString('base64url');
        sessions.set(uploadId, opened);
        return reply
          .status(200)
          .header('location', `${opts.publicUrl}${uploadPath}?uploadType=resumable&upload_id=${uploadId}`)
          .header('x-guploader-uploadid', uploadId)
          .send('');
      },
    );

    app.put(
      uploadPath,
      {
        bodyLimit: UPLOAD_BODY_LIMIT,
        schema: {
          tags,
          summary: "A video's bytes, to its upload session",
          querystring: z.object({ uploadType: z.string().optional(), upload_id: z.string().optional() }),
        },
      },
      async (req, reply) => {
        const uploadId = req.query.upload_id ?? '';
        const opened = sessions.get(uploadId);
        // the bytes go to the channel that opened the session
        const account = opened ? (channelOf(opened.profileId)?.channelId ?? null) : tokenAccount(req);
        const chunk = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const range = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(String(req.headers['content-range'] ?? ''));
        const probe = /^bytes \*\/(\d+|\*)$/.test(String(req.headers['content-range'] ?? ''));
        /** Takes in bytes of the session that follow what it holds: counted, the first few kept, the rest let go. */
        const take = (session: TUploadSession, bytes: Buffer) => {
          if (session.head.length < HEAD_BYTES)
            session.head = Buffer.concat([session.head, bytes.subarray(0, HEAD_BYTES - session.head.length)]);
          session.received += bytes.length;
        };
        const live = opened && opened.expiresAt > opts.clock.nowMs() ? opened : null;
        // a chunk cut off on its way: YouTube keeps what arrived of it, whole 256 KiB blocks, and the client asks
        const cutOff = () => {
          if (!live || !range || probe || Number(range[1]) !== live.received) return;
          take(live, chunk.subarray(0, Math.floor(chunk.length / 2 / CHUNK_GRAIN) * CHUNK_GRAIN));
        };
        if (await injectedApi(req, reply, 'publish', { account, keepsProcessing: true, cutOff })) return reply;
        const session = sessions.get(uploadId);
        if (!session || session.expiresAt <= opts.clock.nowMs()) {
          sessions.delete(uploadId);
          return reply
            .status(404)
            .send(apiError(404, 'NOT_FOUND', 'notFound', 'The upload session was not found or has expired.'));
        }
        const total = range?.[3] && range[3] !== '*' ? Number(range[3]) : session.length;
        const incomplete = () => {
          if (session.received > 0) reply.header('range', `bytes=0-${session.received - 1}`);
          return reply.status(308).send('');
        };
        if (!probe) {
          if (range && Number(range[1]) !== session.received)
            return badParameter(reply, 'invalidParameter', 'The Content-Range does not follow the bytes received.');
          if (range && Number(range[2]) - Number(range[1]) + 1 !== chunk.length)
            return badParameter(reply, 'invalidParameter', 'The Content-Range does not match the bytes sent.');
          take(session, chunk);
        }
        // Without a Content-Range, the one PUT carries the whole file
        if (total !== null && session.received < total) return incomplete();
        if (probe && total === null) return incomplete();
        if (total !== null && session.received > total)
          return badParameter(reply, 'invalidParameter', 'More bytes were sent than the upload announced.');
        sessions.delete(uploadId);
        return uploaded(reply, session, { length: session.received, head: session.head });
      },
    );

    /** A video whose bytes have all arrived (the last PUT of a resumable upload, or a multipart upload): it is on the channel. */
    async function uploaded(reply: FastifyReply, session: TUploadSession, bytes: { length: number; head: Buffer }) {
      const c = channelOf(session.profileId)!;
      const v: TVideo = {
        id: videoId(),
        profileId: session.profileId,
        channelId: c.channelId,
        title: session.title,
        description: session.description,
        categoryId: session.categoryId,
        privacyStatus: session.privacyStatus,
        madeForKids: session.madeForKids,
        uploadedAtMs: opts.clock.nowMs(),
        publishedAtMs: opts.clock.nowMs(),
        bytes: bytes.length,
        badFile: bytes.length === 0 ? 'emptyFile' : looksLikeVideo(bytes.head) ? null : 'invalidFile',
        uploadStatus: 'uploaded',
        failureReason: null,
        polls: 0,
      };
      videos.set(v.id, v);
      if (losses.take(v.channelId)) {
        // the video is on the channel, but the answer is lost: held like a timeout, then Google's backend gives up
        await hang();
        return reply.status(503).send(apiError(503, 'UNAVAILABLE', 'backendError', 'Backend Error'));
      }
      return reply.status(200).send({
        kind: 'youtube#video',
        etag: etag(),
        id: v.id,
        snippet: videoSnippet(v),
        status: videoStatus(v),
      });
    }

    app.get(
      `${base}/youtube/v3/videos`,
      {
        schema: {
          tags,
          summary: 'Videos by id: their snippet, status, processing and statistics',
          querystring: z.object({ part: zCommaList, id: zCommaList, maxResults: z.string().optional() }),
        },
      },
      async (req, reply) => {
        if (await injectedApi(req, reply, 'read', { keepsProcessing: true })) return reply;
        const t = bearer(req, reply);
        if (!t) return reply;
        const q = req.query;
        if (!q.part) return badParameter(reply, 'required', 'Required parameter: part');
        const parts = q.part.split(',').map((p) => p.trim());
        const unknownPart = parts.find((p) => !(VIDEO_PARTS as readonly string[]).includes(p));
        if (unknownPart) return badParameter(reply, 'unknownPart', `'${unknownPart}'`);
        if (!q.id)
          return badParameter(reply, 'missingRequiredParameter', 'No filter selected. Expected one of: myRating, chart, id');
        if (!spend(reply, YOUTUBE_QUOTA_COST.list)) return reply;
        const ids = q.id.split(',').map((i) => i.trim());
        const items = ids
          .map((id) => videos.get(id))
          .filter((v): v is TVideo => !!v)
          .map((v) => {
            const owner = v.profileId === t.profileId;
            if (owner && (parts.includes('status') || parts.includes('processingDetails'))) poll(v);
            const item: Record<string, unknown> = { kind: 'youtube#video', etag: etag(), id: v.id };
            if (parts.includes('snippet')) item.snippet = videoSnippet(v);
            if (parts.includes('status')) item.status = videoStatus(v);
            // only the owner sees how processing goes
            if (parts.includes('processingDetails') && owner) item.processingDetails = processingDetails(v);
            if (parts.includes('statistics')) item.statistics = statistics(v);
            // the uploaded file's size, seen by its owner only
            if (parts.includes('fileDetails') && owner) item.fileDetails = { fileSize: String(v.bytes) };
            if (parts.includes('contentDetails'))
              item.contentDetails = { duration: 'PT0M15S', dimension: '2d', definition: 'hd', caption: 'false' };
            return item;
          });
        return {
          kind: 'youtube#videoListResponse',
          etag: etag(),
          items,
          pageInfo: { totalResults: items.length, resultsPerPage: items.length },
        };
      },
    );

    app.get(
      `${base}/youtube/v3/search`,
      {
        schema: {
          tags,
          summary: "The caller's own videos, newest first (search with forMine)",
          querystring: z.object({
            part: zCommaList,
            forMine: z.string().optional(),
            type: z.string().optional(),
            order: z.string().optional(),
            maxResults: z.string().optional(),
            q: z.string().optional(),
          }),
        },
      },
      async (req, reply) => {
        if (await injectedApi(req, reply, 'read')) return reply;
        const t = bearer(req, reply, CHANNEL_READ_SCOPES);
        if (!t) return reply;
        const q = req.query;
        if (!q.part) return badParameter(reply, 'required', 'Required parameter: part');
        if (q.part !== 'snippet' && q.part !== 'id' && q.part !== 'id,snippet' && q.part !== 'snippet,id')
          return badParameter(reply, 'unknownPart', `'${q.part}'`);
        if (q.forMine !== 'true')
          return badParameter(reply, 'invalidSearchFilter', "The sandbox searches only the caller's own videos (forMine=true).");
        if (q.type !== 'video')
          return badParameter(
            reply,
            'invalidSearchFilter',
            'The request contains an invalid combination of search filters and/or restrictions. Note that you must set the type parameter to video if you set either the forContentOwner, forDeveloper, or forMine parameters.',
          );
        const max = q.maxResults === undefined ? 5 : Number(q.maxResults);
        if (!Number.isInteger(max) || max < 0 || max > 50)
          return badParameter(
            reply,
            'invalidValue',
            "Invalid value for parameter 'maxResults'. Values must be within the range: [0, 50]",
          );
        if (!spend(reply, YOUTUBE_QUOTA_COST.search)) return reply;
        const text = q.q?.toLowerCase() ?? null;
        const mine = [...videos.values()]
          .filter((v) => v.profileId === t.profileId && v.uploadStatus !== 'failed')
          .filter((v) => !text || `${v.title} ${v.description}`.toLowerCase().includes(text))
          .reverse()
          .sort((a, b) => b.publishedAtMs - a.publishedAtMs);
        const c = channelOf(t.profileId)!;
        return {
          kind: 'youtube#searchListResponse',
          etag: etag(),
          regionCode: c.country,
          pageInfo: { totalResults: mine.length, resultsPerPage: max },
          items: mine.slice(0, max).map((v) => ({
            kind: 'youtube#searchResult',
            etag: etag(),
            id: { kind: 'youtube#video', videoId: v.id },
            ...(q.part === 'id'
              ? {}
              : {
                  snippet: {
                    publishedAt: new Date(v.publishedAtMs).toISOString(),
                    channelId: v.channelId,
                    title: v.title,
                    description: v.description,
                    thumbnails: thumbnails(v.id),
                    channelTitle: c.displayName,
                    liveBroadcastContent: 'none',
                    publishTime: new Date(v.publishedAtMs).toISOString(),
                  },
                }),
          })),
        };
      },
    );

    /** The channel whose uploads playlist this is (`UU` and the channel id past its `UC`), or null. */
    function channelOfUploads(playlistId: string): TDemoChannel | null {
      if (!playlistId.startsWith('UU')) return null;
      const channelId = `UC${playlistId.slice(2)}`;
      return (
        YOUTUBE_DEMO_CHANNELS.find((c) => c.channelId === channelId) ??
        bench.byRemote(channelId, BENCH_CHANNEL_STEM, (c) => c.channelId)
      );
    }
    /** A page token: where the page starts in the playlist (YouTube's own tokens are as opaque). */
    const pageToken = (offset: number) => Buffer.from(`PT:${offset}`).toString('base64url');
    function offsetOf(token: string): number | null {
      const m = /^PT:(\d+)$/.exec(Buffer.from(token, 'base64url').toString('latin1'));
      return m ? Number(m[1]) : null;
    }

    app.get(
      `${base}/youtube/v3/playlistItems`,
      {
        schema: {
          tags,
          summary: "A playlist's videos a page at a time: a channel's uploads (UU…), newest first, up to 50 a page",
          querystring: z.object({
            part: zCommaList,
            playlistId: z.string().optional(),
            id: zCommaList,
            maxResults: z.string().optional(),
            pageToken: z.string().optional(),
          }),
        },
      },
      async (req, reply) => {
        if (await injectedApi(req, reply, 'read')) return reply;
        const t = bearer(req, reply);
        if (!t) return reply;
        const q = req.query;
        if (!q.part) return badParameter(reply, 'required', 'Required parameter: part');
        const parts = q.part.split(',').map((p) => p.trim());
        const unknownPart = parts.find((p) => !['id', 'snippet', 'contentDetails', 'status'].includes(p));
        if (unknownPart) return badParameter(reply, 'unknownPart', `'${unknownPart}'`);
        if (!q.playlistId)
          return badParameter(reply, 'missingRequiredParameter', 'No filter selected. Expected one of: id, playlistId');
        const max = q.maxResults === undefined ? 5 : Number(q.maxResults);
        if (!Number.isInteger(max) || max < 0 || max > 50)
          return badParameter(
            reply,
            'invalidValue',
            "Invalid value for parameter 'maxResults'. Values must be within the range: [0, 50]",
          );
        const start = q.pageToken === undefined ? 0 : offsetOf(q.pageToken);
        if (start === null) return badParameter(reply, 'invalidPageToken', 'The request specifies an invalid page token.');
        const c = channelOfUploads(q.playlistId);
        if (!c)
          return reply
            .status(404)
            .send(
              apiError(
                404,
                'NOT_FOUND',
                'playlistNotFound',
                "The playlist identified with the request's <code>playlistId</code> parameter cannot be found.",
                'youtube.playlistItem',
              ),
            );
        if (!spend(reply, YOUTUBE_QUOTA_COST.list)) return reply;
        // the channel's uploads, the latest first (of two made at once, the later); its owner sees the private ones
        const owner = c.id === t.profileId;
        const uploads = [...videos.values()]
          .filter((v) => v.profileId === c.id && v.uploadStatus !== 'failed' && (owner || v.privacyStatus !== 'private'))
          .reverse()
          .sort((a, b) => b.uploadedAtMs - a.uploadedAtMs);
        const page = uploads.slice(start, start + max);
        return {
          kind: 'youtube#playlistItemListResponse',
          etag: etag(),
          ...(start + max < uploads.length ? { nextPageToken: pageToken(start + max) } : {}),
          ...(start > 0 ? { prevPageToken: pageToken(Math.max(0, start - max)) } : {}),
          pageInfo: { totalResults: uploads.length, resultsPerPage: max },
          items: page.map((v, i) => {
            const item: Record<string, unknown> = {
              kind: 'youtube#playlistItem',
              etag: etag(),
              id: Buffer.from(`${q.playlistId}.${v.id}`).toString('base64url'),
            };
            const addedAt = new Date(v.uploadedAtMs).toISOString();
            if (parts.includes('snippet'))
              item.snippet = {
                publishedAt: addedAt,
                channelId: v.channelId,
                title: v.title,
                description: v.description,
                thumbnails: thumbnails(v.id),
                channelTitle: c.displayName,
                playlistId: q.playlistId,
                position: start + i,
                resourceId: { kind: 'youtube#video', videoId: v.id },
                videoOwnerChannelTitle: c.displayName,
                videoOwnerChannelId: v.channelId,
              };
            if (parts.includes('contentDetails'))
              item.contentDetails = {
                videoId: v.id,
                // a private video was never published: YouTube gives no publishing time for it
                ...(v.privacyStatus === 'private' ? {} : { videoPublishedAt: new Date(v.publishedAtMs).toISOString() }),
              };
            if (parts.includes('status')) item.status = { privacyStatus: v.privacyStatus };
            return item;
          }),
        };
      },
    );

    /** The caller's own video named by a videos.update or videos.delete, or null once it answered (404 or 403). */
    function ownVideo(reply: FastifyReply, t: TToken, id: string): TVideo | null {
      const v = videos.get(id);
      if (!v) {
        reply
          .status(404)
          .send(
            apiError(
              404,
              'NOT_FOUND',
              'videoNotFound',
              'The video that you are trying to update cannot be found.',
              'youtube.video',
            ),
          );
        return null;
      }
      if (v.profileId !== t.profileId) {
        reply
          .status(403)
          .send(apiError(403, 'PERMISSION_DENIED', 'forbidden', 'The video cannot be changed by this channel.', 'youtube.video'));
        return null;
      }
      return v;
    }

    app.put(
      `${base}/youtube/v3/videos`,
      {
        schema: {
          tags,
          summary: "Change a video's status, e.g. make a private video public (videos.update, part=status)",
          querystring: z.object({ part: zCommaList }),
        },
      },
      async (req, reply) => {
        if (await injectedApi(req, reply, 'publish')) return reply;
        const t = bearer(req, reply, MANAGE_SCOPES);
        if (!t) return reply;
        if (!req.query.part) return badParameter(reply, 'required', 'Required parameter: part');
        if (req.query.part.split(',').some((p) => p.trim() !== 'status'))
          return badParameter(reply, 'unknownPart', 'The sandbox updates the status part only.');
        const body = (req.body ?? {}) as {
          id?: unknown;
          status?: { privacyStatus?: unknown; selfDeclaredMadeForKids?: unknown };
        };
        if (typeof body.id !== 'string' || !body.id) return badParameter(reply, 'required', 'Required property: id');
        const privacyStatus = String(body.status?.privacyStatus ?? '');
        if (!['public', 'private', 'unlisted'].includes(privacyStatus))
          return badParameter(reply, 'invalidVideoMetadata', 'The request metadata is invalid.');
        if (!spend(reply, YOUTUBE_QUOTA_COST.update)) return reply;
        const v = ownVideo(reply, t, body.id);
        if (!v) return reply;
        // a private video made public is published now; one published before keeps its time
        if (v.privacyStatus === 'private' && privacyStatus !== 'private' && v.publishedAtMs === v.uploadedAtMs)
          v.publishedAtMs = opts.clock.nowMs();
        v.privacyStatus = privacyStatus;
        // the status part is replaced whole: a setting not named takes its default
        v.madeForKids = body.status?.selfDeclaredMadeForKids === true;
        if (losses.take(v.channelId)) {
          // the video is public, but the answer is lost: held like a timeout, then Google's backend gives up
          await hang();
          return reply.status(503).send(apiError(503, 'UNAVAILABLE', 'backendError', 'Backend Error'));
        }
        return { kind: 'youtube#video', etag: etag(), id: v.id, status: videoStatus(v) };
      },
    );

    app.delete(
      `${base}/youtube/v3/videos`,
      {
        schema: {
          tags,
          summary: 'Delete a video of the caller (videos.delete)',
          querystring: z.object({ id: zCommaList }),
        },
      },
      async (req, reply) => {
        if (await injectedApi(req, reply, 'publish')) return reply;
        const t = bearer(req, reply, MANAGE_SCOPES);
        if (!t) return reply;
        if (!req.query.id) return badParameter(reply, 'required', 'Required parameter: id');
        if (!spend(reply, YOUTUBE_QUOTA_COST.delete)) return reply;
        const v = ownVideo(reply, t, req.query.id);
        if (!v) return reply;
        videos.delete(v.id);
        return reply.status(204).send();
      },
    );

    // what was published, for tests and benchmarks that count posts across processes (not a YouTube call): the
    // videos of one channel id, or all, with their titles; a video whose processing failed, or a private one, is not
    // out, so not listed
    app.get(
      `${base}/_published`,
      { schema: { tags, summary: 'Videos published on the emulator (of one channel id, or all)' } },
      async (req) => {
        const user = (req.query as { user?: string }).user;
        return [...videos.values()]
          .filter((v) => v.uploadStatus !== 'failed' && v.privacyStatus !== 'private' && (!user || v.channelId === user))
          .map((v) => ({ id: v.id, user: v.channelId, text: v.title, createdAt: new Date(v.publishedAtMs).toISOString() }));
      },
    );

    registerEmulatorTools(app, {
      base,
      tags,
      failures,
      profileOf: channelOf,
      revoke: revokeProfile,
      scoped: true,
      perAccount: true,
      losses,
    });
  };

/**
 * The parts of a multipart/related body (RFC 2387), as Google's upload protocol sends them: each part's content type
 * and bytes; null when the body is not one (no boundary, no closing delimiter).
 */
export function multipartRelated(contentType: string, body: Buffer): { contentType: string | null; body: Buffer }[] | null {
  if (!/^multipart\/related\b/i.test(contentType)) return null;
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) return null;
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: { contentType: string | null; body: Buffer }[] = [];
  let at = body.indexOf(delimiter);
  if (at < 0) return null;
  for (;;) {
    at += delimiter.length;
    if (body.subarray(at, at + 2).toString() === '--') return parts;
    const next = body.indexOf(delimiter, at);
    if (next < 0) return null;
    // the part: CRLF, its headers, a blank line, its bytes, CRLF before the next delimiter
    const part = body.subarray(body.subarray(at, at + 2).toString() === '\r\n' ? at + 2 : at, next);
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) return null;
    const headers = part.subarray(0, split).toString('utf8');
    let bytes = part.subarray(split + 4);
    if (bytes.subarray(bytes.length - 2).toString() === '\r\n') bytes = bytes.subarray(0, bytes.length - 2);
    parts.push({ contentType: /^content-type:\s*([^\r\n;]+)/im.exec(headers)?.[1].trim() ?? null, body: bytes });
    at = next;
  }
}
