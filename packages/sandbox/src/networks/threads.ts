import { randomBytes } from 'node:crypto';
import { THREADS_API_VERSION } from '@virality/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SANDBOX_THREADS_CLIENT } from '../facts';
import { benchRemoteId, benchRoster, type TCallKind } from './bench';
import { graphError, graphRefusals, graphTokenOf } from './graph-kit';
import {
  answerFailure,
  answerLosses,
  consentPage,
  esc,
  forgetWhere,
  randomToken,
  registerEmulatorTools,
  revokeTokens,
  sameOrigin,
  startEmulator,
  type TDemoProfile,
  type TEmulatorFailure,
  type TEmulatorOptions,
  type TFailureScope,
  zConsentChoice,
} from './kit';

export { SANDBOX_THREADS_CLIENT };

/** Threads' figures: a token from a code lasts an hour, an exchanged (or renewed) one 60 days. */
const SHORT_TTL_SECONDS = 3600;
const LONG_TTL_SECONDS = 5_183_944;
/** A long-lived token may be renewed only once it is this old. */
const MIN_RENEW_AGE_MS = 24 * 3600_000;
const CODE_TTL_MS = 10 * 60_000;
/** The wait a `rate_limit` failure announces, in minutes (Graph counts its limits in minutes). */
const RATE_LIMIT_MINUTES = 7;

/** A demo Threads profile: `id` is what the consent page and /_revoke name it by; `userId` what the API answers. */
export type TThreadsDemoProfile = TDemoProfile & { userId: string; biography: string };

export const THREADS_DEMO_PROFILES: TThreadsDemoProfile[] = [
  {
    id: 'th-ava',
    userId: '7100000000000101',
    userName: 'ava.cooks',
    displayName: 'Ava Cooks',
    color: '#101010',
    biography: 'Weeknight recipes in under 30 minutes.',
  },
  {
    id: 'th-milo',
    userId: '7100000000000201',
    userName: 'milo.moves',
    displayName: 'Milo Moves',
    color: '#7c3aed',
    biography: 'Ten-minute workouts, every day.',
  },
  {
    id: 'th-nora',
    userId: '7100000000000301',
    userName: 'nora.travels',
    displayName: 'Nora Travels',
    color: '#0f766e',
    biography: 'Slow travel, one city a month.',
  },
];

/** Benchmark mode's generated profiles (`th-bench-0001`, …), their user ids 711 followed by 13 digits of their number. */
export const threadsBenchProfiles = (count: number | undefined) =>
  benchRoster<TThreadsDemoProfile>('th', count, (n, p) => ({
    ...p,
    userId: benchRemoteId('711', n, 13),
    biography: 'Generated for benchmarks.',
  }));

/** How long each Threads call takes with benchmark latency, by what it does. */
function threadsCallKind(method: string, route: string): TCallKind {
  if (/\/(oauth\/access_token|access_token|refresh_access_token)$/.test(route)) return 'token';
  if (method === 'POST' && route.endsWith('/:id/threads')) return 'container';
  if (method === 'POST' && route.endsWith('/:id/threads_publish')) return 'post';
  return 'read';
}

/** The words Threads' consent page uses for each permission the product asks for. */
const SCOPE_WORDS: Record<string, string> = {
  threads_basic: 'Access your Threads profile information',
  threads_content_publish: 'Create posts on Threads on your behalf',
  threads_manage_insights: 'Access insights for your Threads profile and posts',
};

/** The profile fields /me knows. */
const PROFILE_FIELDS = ['id', 'username', 'name', 'threads_profile_picture_url', 'threads_biography'] as const;

type TCode = { profileId: string; redirectUri: string; scopes: string[]; expiresAt: number; used: boolean };
type TToken = {
  profileId: string;
  /** A token from a code (short, an hour) or one exchanged for it or renewed (long, 60 days). */
  kind: 'short' | 'long';
  scopes: string[];
  issuedAt: number;
  expiresAt: number;
  revoked: boolean;
};
/** A demo profile's own figures, as its insights give them (fixed: the demo people do not gain followers). */
const PROFILE_FIGURES: Record<string, { followers: number; views: number; likes: number }> = {
  'th-ava': { followers: 12_480, views: 96_300, likes: 8_120 },
  'th-milo': { followers: 8_310, views: 54_900, likes: 4_770 },
  'th-nora': { followers: 5_640, views: 31_200, likes: 2_950 },
};
/** Threads' publishing limits: 500 characters, 2 to 20 carousel items, 250 posts in 24 hours; a container lasts 24 hours. */
const TEXT_MAX = 500;
const CAROUSEL_MIN = 2;
const CAROUSEL_MAX = 20;
const POSTS_PER_DAY = 250;
const DAY_MS = 24 * 3600_000;
const MEDIA_TYPES = ['TEXT', 'IMAGE', 'VIDEO', 'CAROUSEL'] as const;
type TMediaType = (typeof MEDIA_TYPES)[number];
/** A page of a profile's posts: 25 unless asked, 100 at most; `since` no earlier than Threads' launch (Unix seconds). */
const PAGE_DEFAULT = 25;
const PAGE_MAX = 100;
const SINCE_MIN_SECONDS = 1_688_540_400;
/** The post fields GET /{media} and GET /{uid}/threads know. */
const POST_FIELDS = ['id', 'text', 'timestamp', 'permalink', 'media_type', 'shortcode', 'username', 'is_quote_post'] as const;
const POST_METRICS = ['views', 'likes', 'replies', 'reposts', 'quotes', 'shares'] as const;
const USER_METRICS = ['views', 'likes', 'replies', 'reposts', 'quotes', 'followers_count'] as const;

type TContainer = {
  id: string;
  profileId: string;
  mediaType: TMediaType;
  text: string;
  isItem: boolean;
  children: string[];
  createdAt: number;
  /** Status polls answered IN_PROGRESS so far, and how many a video (or a carousel with one) takes. */
  polls: number;
  pollsNeeded: number;
  /** The `error_message` its processing ends with (a `processing_error` asked for), or null. */
  fails: string | null;
  publishedId: string | null;
};
type TPost = { id: string; profileId: string; text: string; mediaType: TMediaType; shortcode: string; createdAt: number };

/**
 * The Threads emulator: the consent page (threads.net/oauth/authorize), the token calls of graph.threads.net
 * (a code for a short-lived token, `th_exchange_token` for a long-lived one, `th_refresh_token` to renew it, once
 * a day old; the old one keeps working until its own expiry) and /v1.0/me, with Graph's error envelope
 * Publishing too: containers (`POST /v1.0/{uid}/threads`, media pulled from their URLs with `opts.fetch`), their
 * status (a video's is IN_PROGRESS for one poll; a `processing_error` asked for ends it in ERROR), `threads_publish`
 * (250 posts a day), the profile's posts, post and profile insights, and a page at each post's permalink.
 * (`{error:{message,type,code,error_subcode,fbtrace_id}}`). Time is the product's clock, so moving it expires
 * tokens. POST /sandbox/threads/_control makes the next calls fail; /_revoke revokes a demo profile's tokens.
 * Benchmark mode: `benchProfiles` generated profiles besides the demo ones, and `latency` before each API answer.
 * A profile's posts page as Threads' do: `limit` (25, up to 100), `since`/`until` (Unix seconds or a date), the
 * `after`/`before` cursors, and `paging.next` only while another page follows. Every API call is a publish (a
 * container, `threads_publish`, a container's status) or a read (the rest), for the profile of its token:
 * `_control` may keep failures for either (`only`) and for one user id (`account`), and lose the answers of the next
 * `threads_publish` calls (`lose_answers`: the post is made, the answer held like a timeout, then a 504).
 */
export const threadsEmulatorRoutes =
  (opts: TEmulatorOptions): FastifyPluginAsyncZod =>
  async (app) => {
    const base = '/sandbox/threads';
    const tags = ['Sandbox: Threads'];
    const { failures, hang } = startEmulator(app, {
      base,
      network: 'threads',
      setting: opts.latency,
      // the consent page, and the page a post's permalink shows a person
      pages: [`${base}/oauth/authorize`, `${base}/:handle/post/:code`],
      kindOf: threadsCallKind,
    });
    const bench = threadsBenchProfiles(opts.benchProfiles);
    const codes = new Map<string, TCode>();
    const tokens = new Map<string, TToken>();
    // publishes whose answers are to be lost (they take effect; the caller hears nothing, as on a timeout)
    const losses = answerLosses();

    const profileOf = (id: string) => THREADS_DEMO_PROFILES.find((p) => p.id === id) ?? bench.byId(id);
    const avatarUrl = (id: string) => `${opts.publicUrl}${base}/avatar/${id}.svg`;

    const refusals = graphRefusals({ clock: opts.clock, clientId: SANDBOX_THREADS_CLIENT.clientId });
    const { send, expiredToken } = refusals;
    const missingPermission = (reply: FastifyReply) =>
      send(reply, 403, { message: '(#10) Application does not have permission for this action', code: 10 });
    const badClient = (reply: FastifyReply) =>
      send(reply, 400, { message: 'Error validating application. Invalid application ID.', code: 101 });
    const badSecret = (reply: FastifyReply) => send(reply, 400, { message: 'Error validating client secret.', code: 1 });

    /** As a person removing the app in their Threads settings would: every token of theirs stops working. */
    function revoke(profileId: string): number {
      const revoked = revokeTokens(tokens, (t) => t.profileId === profileId);
      forgetWhere(codes, (c) => c.profileId === profileId);
      return revoked;
    }

    /** The Threads user id a call is made for: the profile of its token (null for a token unknown). */
    function accountOf(req: FastifyRequest): string | null {
      const token = graphTokenOf(req);
      const row = token ? tokens.get(token) : undefined;
      return row ? (profileOf(row.profileId)?.userId ?? null) : null;
    }

    /**
     * The failure asked for by a test that a call takes: one kept for its kind (a publish or a read) and its profile,
     * or for any. The token calls (kind null) are neither, nor for a profile: they take only failures kept for any.
     */
    const takeFailure = (req: FastifyRequest, kind: TFailureScope | null) =>
      kind === null ? failures.next() : failures.next(kind, accountOf(req));

    /** A failure asked for by a test, taken for a call of `kind` and answered in Graph's shape. True when it answered. */
    async function injected(req: FastifyRequest, reply: FastifyReply, kind: TFailureScope | null = null): Promise<boolean> {
      return answered(req, reply, takeFailure(req, kind));
    }

    /** Answers `failure` (taken already) in Graph's shape. Returns true when it answered. */
    async function answered(req: FastifyRequest, reply: FastifyReply, failure: TEmulatorFailure | null): Promise<boolean> {
      return answerFailure(failure, hang, () => {
        const token = graphTokenOf(req);
        const row = token ? tokens.get(token) : undefined;
        return {
          expired_token: () => expiredToken(reply, opts.clock.nowMs() - 60_000),
          revoked: () => {
            if (row) revoke(row.profileId);
            return send(reply, 400, {
              message:
                'Error validating access token: The session has been invalidated because the user changed their password or Meta has changed the session for security reasons.',
              code: 190,
              subcode: 460,
            });
          },
          rate_limit: () =>
            refusals.rateLimited(reply, {
              owner: profileOf(row?.profileId ?? '')?.userId ?? SANDBOX_THREADS_CLIENT.clientId,
              type: 'threads',
              callCount: 100,
              cpuTime: 27,
              totalTime: 41,
              minutes: RATE_LIMIT_MINUTES,
            }),
          server_error: () => refusals.serverError(reply),
          missing_permission: () => missingPermission(reply),
          processing_error: () => send(reply, 400, { message: 'An unknown error occurred', code: 1, type: 'OAuthException' }),
          timeout: () => refusals.timedOut(reply),
        };
      });
    }

    /** The token a call is made with, or null once refused in Graph's words. */
    const checked = (reply: FastifyReply, token: string | null): TToken | null => refusals.checkedToken(reply, token, tokens);

    function issue(profileId: string, kind: TToken['kind'], scopes: string[]): { token: string; ttl: number } {
      const now = opts.clock.nowMs();
      const ttl = kind === 'short' ? SHORT_TTL_SECONDS : LONG_TTL_SECONDS;
      const token = randomToken('THAA');
      tokens.set(token, { profileId, kind, scopes, issuedAt: now, expiresAt: now + ttl * 1000, revoked: false });
      return { token, ttl };
    }

    /** Refused before the consent page shows: an unknown app, or a return address off the product. */
    function refusedAuthorize(reply: FastifyReply, clientId: string, redirectUri: string): boolean {
      if (clientId !== SANDBOX_THREADS_CLIENT.clientId) {
        reply.status(400).type('text/html').send('<p>Invalid App ID: the client_id is not a Threads app.</p>');
        return true;
      }
      if (!sameOrigin(redirectUri, opts.productUrl ?? opts.publicUrl)) {
        reply
          .status(400)
          .type('text/html')
          .send("<p>URL blocked: this redirect_uri is not allowed in the app's Valid OAuth Redirect URIs.</p>");
        return true;
      }
      return false;
    }

    app.get(
      `${base}/oauth/authorize`,
      {
        schema: {
          tags,
          summary: 'Consent page',
          querystring: z.object({
            client_id: z.string(),
            redirect_uri: z.string(),
            scope: z.string(),
            response_type: z.literal('code'),
            state: z.string().optional(),
          }),
        },
      },
      async (req, reply) => {
        const q = req.query;
        if (refusedAuthorize(reply, q.client_id, q.redirect_uri)) return reply;
        const scopes = q.scope.split(',').filter(Boolean);
        return reply.type('text/html').send(
          consentPage({
            network: 'Threads',
            color: '#101010',
            scopes: [...new Set(scopes.map((s) => SCOPE_WORDS[s] ?? s))],
            profiles: [...THREADS_DEMO_PROFILES, ...bench.all()],
            action: `${base}/oauth/authorize`,
            avatarBase: `${base}/avatar`,
            hidden: { client_id: q.client_id, redirect_uri: q.redirect_uri, state: q.state ?? '', scope: q.scope },
          }),
        );
      },
    );

    app.post(
      `${base}/oauth/authorize`,
      {
        schema: {
          tags,
          summary: 'Consent given or refused: back to the product',
          body: z.object({
            client_id: z.string(),
            redirect_uri: z.string(),
            state: z.string().optional(),
            scope: z.string(),
            ...zConsentChoice,
          }),
        },
      },
      async (req, reply) => {
        const b = req.body;
        if (refusedAuthorize(reply, b.client_id, b.redirect_uri)) return reply;
        const back = new URL(b.redirect_uri);
        if (b.decision === 'cancel' || !b.profile || !profileOf(b.profile)) {
          back.searchParams.set('error', 'access_denied');
          back.searchParams.set('error_reason', 'user_denied');
          back.searchParams.set('error_description', 'Permissions error');
        } else {
          const code = randomToken('AQB');
          codes.set(code, {
            profileId: b.profile,
            redirectUri: b.redirect_uri,
            scopes: b.scope.split(',').filter(Boolean),
            expiresAt: opts.clock.nowMs() + CODE_TTL_MS,
            used: false,
          });
          back.searchParams.set('code', code);
          // Threads ends its return address so
          back.hash = '_';
        }
        if (b.state) back.searchParams.set('state', b.state);
        return reply.redirect(back.toString(), 302);
      },
    );

    app.post(
      `${base}/oauth/access_token`,
      {
        schema: {
          tags,
          summary: 'A short-lived token (an hour) for a code',
          body: z.record(z.string(), z.string()),
        },
      },
      async (req, reply) => {
        if (await injected(req, reply)) return reply;
        const b = req.body;
        if (b.client_id !== SANDBOX_THREADS_CLIENT.clientId) return badClient(reply);
        if (b.client_secret !== SANDBOX_THREADS_CLIENT.clientSecret) return badSecret(reply);
        if (b.grant_type !== 'authorization_code')
          return send(reply, 400, { message: '(#100) Unsupported grant_type', code: 100 });
        const code = b.code ? codes.get(b.code) : undefined;
        if (!code) return send(reply, 400, { message: 'Invalid verification code format.', code: 100 });
        if (code.used) return send(reply, 400, { message: 'This authorization code has been used.', code: 100, subcode: 36009 });
        code.used = true;
        if (code.expiresAt <= opts.clock.nowMs())
          return send(reply, 400, { message: 'This authorization code has expired.', code: 100, subcode: 36007 });
        if (code.redirectUri !== b.redirect_uri)
          return send(reply, 400, {
            message:
              'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
            code: 100,
            subcode: 36008,
          });
        const { token } = issue(code.profileId, 'short', code.scopes);
        return { access_token: token, user_id: Number(profileOf(code.profileId)!.userId) };
      },
    );

    app.get(
      `${base}/access_token`,
      {
        schema: {
          tags,
          summary: 'A long-lived token (60 days) for a short-lived one',
          querystring: z.object({ grant_type: z.string(), client_secret: z.string(), access_token: z.string() }),
        },
      },
      async (req, reply) => {
        if (await injected(req, reply)) return reply;
        const q = req.query;
        if (q.client_secret !== SANDBOX_THREADS_CLIENT.clientSecret) return badSecret(reply);
        if (q.grant_type !== 'th_exchange_token')
          return send(reply, 400, { message: '(#100) Unsupported grant_type', code: 100 });
        const row = checked(reply, q.access_token);
        if (!row) return reply;
        if (row.kind !== 'short')
          return send(reply, 400, { message: '(#100) The access token is not a short-lived token', code: 100 });
        const { token, ttl } = issue(row.profileId, 'long', row.scopes);
        return { access_token: token, token_type: 'bearer', expires_in: ttl };
      },
    );

    app.get(
      `${base}/refresh_access_token`,
      {
        schema: {
          tags,
          summary: 'A new long-lived token (60 days) for one at least a day old; the old one lasts until its expiry',
          querystring: z.object({ grant_type: z.string(), access_token: z.string() }),
        },
      },
      async (req, reply) => {
        if (await injected(req, reply)) return reply;
        const q = req.query;
        if (q.grant_type !== 'th_refresh_token') return send(reply, 400, { message: '(#100) Unsupported grant_type', code: 100 });
        const row = checked(reply, q.access_token);
        if (!row) return reply;
        if (row.kind !== 'long')
          return send(reply, 400, { message: '(#100) Only a long-lived access token can be refreshed', code: 100 });
        if (opts.clock.nowMs() - row.issuedAt < MIN_RENEW_AGE_MS)
          return send(reply, 400, {
            message: '(#100) A long-lived access token can be refreshed only once it is at least 24 hours old',
            code: 100,
          });
        const { token, ttl } = issue(row.profileId, 'long', row.scopes);
        return { access_token: token, token_type: 'bearer', expires_in: ttl };
      },
    );

    app.get(
      `${base}/${THREADS_API_VERSION}/me`,
      {
        schema: {
          tags,
          summary: 'The Threads profile behind a token',
          querystring: z.object({ fields: z.string().optional(), access_token: z.string().optional() }),
        },
      },
      async (req, reply) => {
        if (await injected(req, reply, 'read')) return reply;
        const row = checked(reply, graphTokenOf(req));
        if (!row) return reply;
        if (!row.scopes.includes('threads_basic')) return missingPermission(reply);
        const p = profileOf(row.profileId)!;
        const all: Record<(typeof PROFILE_FIELDS)[number], string> = {
          id: p.userId,
          username: p.userName,
          name: p.displayName,
          threads_profile_picture_url: avatarUrl(p.id),
          threads_biography: p.biography,
        };
        const asked = (req.query.fields ?? 'id')
          .split(',')
          .map((f) => f.trim())
          .filter(Boolean);
        const unknown = asked.find((f) => !(PROFILE_FIELDS as readonly string[]).includes(f));
        if (unknown)
          return send(reply, 400, {
            message: `(#100) Tried accessing nonexisting field (${unknown}) on node type (User)`,
            code: 100,
          });
        return Object.fromEntries(asked.map((f) => [f, all[f as keyof typeof all]]));
      },
    );

    // ---- publishing, posts and insights ----
    const pull = opts.fetch ?? fetch;
    const containers = new Map<string, TContainer>();
    const posts = new Map<string, TPost>();
    let lastId = 0;
    const nextId = () => `1789${String(++lastId).padStart(13, '0')}`;
    const permalinkOf = (post: TPost) =>
      `${opts.publicUrl}${base}/@${profileOf(post.profileId)!.userName}/post/${post.shortcode}`;
    const postsOf = (profileId: string) =>
      [...posts.values()]
        .filter((x) => x.profileId === profileId)
        .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1));
    const q = (req: FastifyRequest) => (req.query ?? {}) as Record<string, string>;
    /** Graph takes a POST's parameters in the query or in a form body. */
    const params = (req: FastifyRequest) => ({ ...q(req), ...((req.body ?? {}) as Record<string, string>) });
    const noSuchObject = (reply: FastifyReply, id: string, method: 'get' | 'post') =>
      send(reply, 400, {
        message: `Unsupported ${method} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
        code: 100,
        subcode: 33,
        type: 'GraphMethodException',
      });
    const badParam = (reply: FastifyReply, message: string) => send(reply, 400, { message, code: 100 });
    const askedOf = (req: FastifyRequest, fallback: string) =>
      (q(req).fields ?? q(req).metric ?? fallback)
        .split(',')
        .map((f) => f.trim())
        .filter(Boolean);

    /**
     * The caller, once its token and permission are checked (else the refusal is answered and null returned): `kind`
     * is what the call is, a publish or a read, for the failures kept for either. `processing`: the call starts or
     * reports a media's processing, which a `processing_error` asked for fails instead of the call itself.
     */
    async function caller(req: FastifyRequest, reply: FastifyReply, scope: string, kind: TFailureScope, processing = false) {
      const failure = takeFailure(req, kind);
      const failProcessing = processing && failure === 'processing_error';
      if (!failProcessing && (await answered(req, reply, failure))) return null;
      const row = checked(reply, graphTokenOf(req));
      if (!row) return null;
      if (!row.scopes.includes(scope)) {
        missingPermission(reply);
        return null;
      }
      return { row, profile: profileOf(row.profileId)!, failProcessing };
    }
    const isSelf = (uid: string, p: TThreadsDemoProfile) => uid === p.userId || uid === 'me';

    /** Whether a media address answers with a file of its kind, as Threads' download checks. */
    async function reachable(url: string, kind: 'image' | 'video'): Promise<boolean> {
      try {
        const res = await pull(url, { method: 'GET', signal: AbortSignal.timeout(10_000) });
        await res.arrayBuffer().catch(() => null);
        return res.ok && (res.headers.get('content-type') ?? '').toLowerCase().startsWith(`${kind}/`);
      } catch {
        return false;
      }
    }

    /** Where a container stands; a poll counts toward a video's processing. */
    function statusOf(c: TContainer, poll: boolean): 'IN_PROGRESS' | 'FINISHED' | 'ERROR' | 'EXPIRED' | 'PUBLISHED' {
      if (c.publishedId) return 'PUBLISHED';
      if (opts.clock.nowMs() - c.createdAt >= DAY_MS) return 'EXPIRED';
      if (c.polls < c.pollsNeeded) {
        if (poll) c.polls++;
        return 'IN_PROGRESS';
      }
      return c.fails ? 'ERROR' : 'FINISHED';
    }

    /** A post's figures: they grow with the time since it was published (40 views a minute, up to 200,000). */
    function postFigures(post: TPost): Record<(typeof POST_METRICS)[number], number> {
      const minutes = Math.max(0, Math.floor((opts.clock.nowMs() - post.createdAt) / 60_000));
      const views = Math.min(40 * minutes, 200_000);
      return {
        views,
        likes: Math.floor(views / 10),
        replies: Math.floor(views / 50),
        reposts: Math.floor(views / 100),
        quotes: Math.floor(views / 250),
        shares: Math.floor(views / 125),
      };
    }

    const zId = z.object({ id: z.string() });
    const zQuery = z.record(z.string(), z.string());
    const zBody = z.record(z.string(), z.string()).optional();

    app.post(
      `${base}/${THREADS_API_VERSION}/:id/threads`,
      {
        schema: {
          tags,
          summary: 'Create a media container (TEXT, IMAGE, VIDEO, a carousel item, or a CAROUSEL)',
          params: zId,
          querystring: zQuery,
          body: zBody,
        },
      },
      async (req, reply) => {
        const who = await caller(req, reply, 'threads_content_publish', 'publish', true);
        if (!who) return reply;
        if (!isSelf(req.params.id, who.profile)) return noSuchObject(reply, req.params.id, 'post');
        const b = params(req);
        const mediaType = (b.media_type ?? '').toUpperCase() as TMediaType;
        if (!MEDIA_TYPES.includes(mediaType))
          return badParam(reply, '(#100) Param media_type must be one of {TEXT, IMAGE, VIDEO, CAROUSEL}');
        const text = b.text ?? '';
        if (Array.from(text).length > TEXT_MAX)
          return badParam(reply, `(#100) Param text must be at most ${TEXT_MAX} characters long.`);
        const isItem = b.is_carousel_item === 'true';
        if (isItem && (mediaType === 'TEXT' || mediaType === 'CAROUSEL'))
          return badParam(reply, '(#100) Only an IMAGE or a VIDEO can be a carousel item');
        if (mediaType === 'TEXT' && !text.trim()) return badParam(reply, '(#100) The parameter text is required');
        let children: TContainer[] = [];
        if (mediaType === 'IMAGE' || mediaType === 'VIDEO') {
          const field = mediaType === 'IMAGE' ? 'image_url' : 'video_url';
          const url = b[field];
          if (!url) return badParam(reply, `(#100) The parameter ${field} is required`);
          if (!(await reachable(url, mediaType === 'IMAGE' ? 'image' : 'video')))
            return send(reply, 400, {
              message: "Media download has failed. The media URI doesn't meet our requirements.",
              code: 100,
              subcode: 2207052,
              type: 'OAuthException',
              userMsg: `The ${mediaType === 'IMAGE' ? 'image' : 'video'} could not be downloaded from its address: it must be public and a ${mediaType === 'IMAGE' ? 'JPEG or PNG image' : 'MP4 or MOV video'}.`,
            });
        }
        if (mediaType === 'CAROUSEL') {
          const ids = (b.children ?? '')
            .split(',')
            .map((x) => x.trim())
            .filter(Boolean);
          if (ids.length < CAROUSEL_MIN || ids.length > CAROUSEL_MAX)
            return badParam(
              reply,
              `(#100) A carousel must have between ${CAROUSEL_MIN} and ${CAROUSEL_MAX} children; it has ${ids.length}`,
            );
          children = ids
            .map((id) => containers.get(id))
            .filter((c): c is TContainer => !!c && c.isItem && c.profileId === who.profile.id);
          if (children.length !== ids.length)
            return badParam(reply, '(#100) Param children must be carousel item containers of this profile');
        }
        const hasVideo = mediaType === 'VIDEO' || children.some((c) => c.mediaType === 'VIDEO');
        const failed =
          (who.failProcessing ? (mediaType === 'VIDEO' ? 'FAILED_PROCESSING_VIDEO' : 'UNKNOWN') : null) ??
          children.find((c) => c.fails)?.fails ??
          null;
        const c: TContainer = {
          id: nextId(),
          profileId: who.profile.id,
          mediaType,
          text,
          isItem,
          children: children.map((x) => x.id),
          createdAt: opts.clock.nowMs(),
          polls: 0,
          pollsNeeded: hasVideo ? 1 : 0,
          fails: failed,
          publishedId: null,
        };
        containers.set(c.id, c);
        return { id: c.id };
      },
    );

    app.post(
      `${base}/${THREADS_API_VERSION}/:id/threads_publish`,
      { schema: { tags, summary: 'Publish a FINISHED container (creation_id)', params: zId, querystring: zQuery, body: zBody } },
      async (req, reply) => {
        const who = await caller(req, reply, 'threads_content_publish', 'publish');
        if (!who) return reply;
        if (!isSelf(req.params.id, who.profile)) return noSuchObject(reply, req.params.id, 'post');
        const creation = params(req).creation_id;
        if (!creation) return badParam(reply, '(#100) The parameter creation_id is required');
        const c = containers.get(creation);
        if (!c || c.profileId !== who.profile.id || c.isItem) return noSuchObject(reply, creation, 'post');
        const status = statusOf(c, false);
        if (status === 'IN_PROGRESS')
          return send(reply, 400, {
            message: 'The media is not ready for publishing, please wait for a moment',
            code: 9007,
            subcode: 2207027,
          });
        if (status === 'ERROR')
          return send(reply, 400, { message: `The media could not be processed: ${c.fails}`, code: 100, subcode: 2207001 });
        if (status === 'EXPIRED')
          return send(reply, 400, { message: 'The media container has expired', code: 100, subcode: 2207008 });
        if (status === 'PUBLISHED')
          return send(reply, 400, { message: 'The media container has already been published', code: 100, subcode: 2207006 });
        const now = opts.clock.nowMs();
        const today = postsOf(who.profile.id).filter((x) => now - x.createdAt < DAY_MS);
        if (today.length >= POSTS_PER_DAY) {
          const oldest = Math.min(...today.map((x) => x.createdAt));
          const minutes = Math.max(1, Math.ceil((oldest + DAY_MS - now) / 60_000));
          const usage = { call_count: 100, total_cputime: 10, total_time: 10 };
          return reply
            .header(
              'x-business-use-case-usage',
              JSON.stringify({ [who.profile.userId]: [{ type: 'threads', ...usage, estimated_time_to_regain_access: minutes }] }),
            )
            .status(400)
            .send(
              graphError({
                message: `(#4) The profile has reached its limit of ${POSTS_PER_DAY} posts in 24 hours`,
                code: 4,
                transient: false,
              }),
            );
        }
        const post: TPost = {
          id: nextId(),
          profileId: who.profile.id,
          text: c.text,
          mediaType: c.mediaType,
          shortcode: randomBytes(8).toString('base64url').slice(0, 11),
          createdAt: now,
        };
        posts.set(post.id, post);
        c.publishedId = post.id;
        // an answer to be lost: the post is out, the caller hears nothing in time, then a 504
        if (losses.take(who.profile.userId)) {
          await hang();
          return refusals.timedOut(reply);
        }
        return { id: post.id };
      },
    );

    app.get(
      `${base}/${THREADS_API_VERSION}/:id`,
      { schema: { tags, summary: "A container's status, a post's fields, or a profile's", params: zId, querystring: zQuery } },
      async (req, reply) => {
        const { id } = req.params;
        const container = containers.get(id);
        // a container's status is a step of its publish; a post's or a profile's fields are a read
        const who = await caller(req, reply, 'threads_basic', container ? 'publish' : 'read', !!container);
        if (!who) return reply;
        const asked = askedOf(req, 'id');
        if (container && container.profileId === who.profile.id) {
          const known = ['id', 'status', 'error_message'];
          const unknown = asked.find((f) => !known.includes(f));
          if (unknown)
            return badParam(reply, `(#100) Tried accessing nonexisting field (${unknown}) on node type (ThreadsMediaContainer)`);
          if (who.failProcessing && !container.publishedId && !container.fails)
            container.fails = container.mediaType === 'VIDEO' ? 'FAILED_PROCESSING_VIDEO' : 'UNKNOWN';
          const status = statusOf(container, true);
          const all: Record<string, string> = { id, status, ...(status === 'ERROR' ? { error_message: container.fails! } : {}) };
          return Object.fromEntries(asked.filter((f) => f in all).map((f) => [f, all[f]]));
        }
        const post = posts.get(id);
        if (post && post.profileId === who.profile.id) {
          const unknown = asked.find((f) => !(POST_FIELDS as readonly string[]).includes(f));
          if (unknown)
            return badParam(reply, `(#100) Tried accessing nonexisting field (${unknown}) on node type (ThreadsMedia)`);
          return postFields(post, asked);
        }
        if (isSelf(id, who.profile)) {
          const p = who.profile;
          const all: Record<(typeof PROFILE_FIELDS)[number], string> = {
            id: p.userId,
            username: p.userName,
            name: p.displayName,
            threads_profile_picture_url: avatarUrl(p.id),
            threads_biography: p.biography,
          };
          const unknown = asked.find((f) => !(PROFILE_FIELDS as readonly string[]).includes(f));
          if (unknown) return badParam(reply, `(#100) Tried accessing nonexisting field (${unknown}) on node type (User)`);
          return Object.fromEntries(asked.map((f) => [f, all[f as keyof typeof all]]));
        }
        return noSuchObject(reply, id, 'get');
      },
    );

    function postFields(post: TPost, asked: string[]) {
      const all: Record<(typeof POST_FIELDS)[number], string | boolean> = {
        id: post.id,
        text: post.text,
        timestamp: new Date(post.createdAt).toISOString().replace(/\.\d{3}Z$/, '+0000'),
        permalink: permalinkOf(post),
        media_type: post.mediaType === 'CAROUSEL' ? 'CAROUSEL_ALBUM' : post.mediaType === 'TEXT' ? 'TEXT_POST' : post.mediaType,
        shortcode: post.shortcode,
        username: profileOf(post.profileId)!.userName,
        is_quote_post: false,
      };
      return Object.fromEntries(asked.map((f) => [f, all[f as keyof typeof all]]));
    }

    /** A page cursor: the post it names, opaque to the caller. */
    const cursorOf = (postId: string) => Buffer.from(postId).toString('base64url');
    const postOfCursor = (cursor: string) => Buffer.from(cursor, 'base64url').toString('latin1');
    /**
     * A moment `since` or `until` names, in Unix seconds: a Unix timestamp, or a date and time (as PHP's strtotime
     * reads the common ones); undefined when not given, null when it cannot be read.
     */
    const secondsOf = (v: string | undefined): number | null | undefined => {
      if (v === undefined || v === '') return undefined;
      if (/^\d{1,12}$/.test(v)) return Number(v);
      const ms = Date.parse(v);
      return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
    };

    app.get(
      `${base}/${THREADS_API_VERSION}/:id/threads`,
      { schema: { tags, summary: "The profile's posts, newest first, a page at a time", params: zId, querystring: zQuery } },
      async (req, reply) => {
        const who = await caller(req, reply, 'threads_basic', 'read');
        if (!who) return reply;
        if (!isSelf(req.params.id, who.profile)) return noSuchObject(reply, req.params.id, 'get');
        const asked = askedOf(req, 'id');
        const unknown = asked.find((f) => !(POST_FIELDS as readonly string[]).includes(f));
        if (unknown) return badParam(reply, `(#100) Tried accessing nonexisting field (${unknown}) on node type (ThreadsMedia)`);
        const query = q(req);
        const limit = Math.max(1, Math.min(PAGE_MAX, Number(query.limit) || PAGE_DEFAULT));
        const since = secondsOf(query.since);
        const until = secondsOf(query.until);
        const nowSeconds = Math.floor(opts.clock.nowMs() / 1000);
        if (since === null || (since !== undefined && since < SINCE_MIN_SECONDS))
          return badParam(reply, `(#100) Param since must be a Unix timestamp or a date, no earlier than ${SINCE_MIN_SECONDS}`);
        if (until === null || (until !== undefined && until > nowSeconds))
          return badParam(reply, '(#100) Param until must be a Unix timestamp or a date, no later than now');
        if (since !== undefined && until !== undefined && since >= until)
          return badParam(reply, '(#100) Param since must be earlier than until');
        if (query.before && query.after)
          return badParam(reply, '(#100) The parameters before and after cannot be given together');
        // newest first, within since and until (Threads keeps a post's time to the second)
        const listed = postsOf(who.profile.id).filter((x) => {
          const at = Math.floor(x.createdAt / 1000);
          return (since === undefined || at >= since) && (until === undefined || at <= until);
        });
        let start = 0;
        let end = listed.length;
        const cursor = query.after || query.before;
        if (cursor) {
          const at = listed.findIndex((x) => x.id === postOfCursor(cursor));
          if (at < 0) return badParam(reply, '(#100) The pagination cursor is not valid');
          if (query.after) start = at + 1;
          else {
            end = at;
            start = Math.max(0, end - limit);
          }
        }
        const page = listed.slice(start, Math.min(end, start + limit));
        const data = page.map((x) => postFields(x, asked));
        if (!page.length) return { data };
        const link = (move: Record<string, string>) => {
          const { before: _before, after: _after, ...kept } = query;
          return `${opts.publicUrl}${base}/${THREADS_API_VERSION}/${req.params.id}/threads?${new URLSearchParams({ ...kept, ...move })}`;
        };
        const first = cursorOf(page[0].id);
        const last = cursorOf(page[page.length - 1].id);
        return {
          data,
          paging: {
            cursors: { before: first, after: last },
            // only while another page follows, as Graph does
            ...(start + page.length < listed.length ? { next: link({ after: last }) } : {}),
            ...(start > 0 ? { previous: link({ before: first }) } : {}),
          },
        };
      },
    );

    app.get(
      `${base}/${THREADS_API_VERSION}/:id/insights`,
      { schema: { tags, summary: "A post's figures (lifetime)", params: zId, querystring: zQuery } },
      async (req, reply) => {
        const who = await caller(req, reply, 'threads_manage_insights', 'read');
        if (!who) return reply;
        const post = posts.get(req.params.id);
        if (!post || post.profileId !== who.profile.id) return noSuchObject(reply, req.params.id, 'get');
        const metrics = (q(req).metric ?? '')
          .split(',')
          .map((m) => m.trim())
          .filter(Boolean);
        if (!metrics.length) return badParam(reply, '(#100) The parameter metric is required');
        const unknown = metrics.find((m) => !(POST_METRICS as readonly string[]).includes(m));
        if (unknown) return badParam(reply, `(#100) metric[0] must be one of the following values: ${POST_METRICS.join(', ')}`);
        const figures = postFigures(post);
        return {
          data: metrics.map((m) => ({
            name: m,
            period: 'lifetime',
            values: [{ value: figures[m as keyof typeof figures] }],
            title: m[0].toUpperCase() + m.slice(1),
            description: `The number of ${m} of the post.`,
            id: `${post.id}/insights/${m}/lifetime`,
          })),
        };
      },
    );

    app.get(
      `${base}/${THREADS_API_VERSION}/:id/threads_insights`,
      { schema: { tags, summary: "A profile's figures", params: zId, querystring: zQuery } },
      async (req, reply) => {
        const who = await caller(req, reply, 'threads_manage_insights', 'read');
        if (!who) return reply;
        if (!isSelf(req.params.id, who.profile)) return noSuchObject(reply, req.params.id, 'get');
        const metrics = (q(req).metric ?? '')
          .split(',')
          .map((m) => m.trim())
          .filter(Boolean);
        if (!metrics.length) return badParam(reply, '(#100) The parameter metric is required');
        const unknown = metrics.find((m) => !(USER_METRICS as readonly string[]).includes(m));
        if (unknown) return badParam(reply, `(#100) metric[0] must be one of the following values: ${USER_METRICS.join(', ')}`);
        const fixed = PROFILE_FIGURES[who.profile.id] ?? { followers: 0, views: 0, likes: 0 };
        const summed = (k: 'replies' | 'reposts' | 'quotes') =>
          postsOf(who.profile.id).reduce((n, x) => n + postFigures(x)[k], 0);
        const day = new Date(opts.clock.nowMs()).toISOString().slice(0, 10);
        return {
          data: metrics.map((m) => {
            const head = {
              name: m,
              period: 'day',
              title: m,
              description: `The profile's ${m}.`,
              id: `${who.profile.userId}/insights/${m}/day`,
            };
            // views is a daily series; the others answer a total
            if (m === 'views') return { ...head, values: [{ value: fixed.views, end_time: `${day}T07:00:00+0000` }] };
            const value =
              m === 'followers_count'
                ? fixed.followers
                : m === 'likes'
                  ? fixed.likes
                  : summed(m as 'replies' | 'reposts' | 'quotes');
            return { ...head, total_value: { value } };
          }),
        };
      },
    );

    app.get(
      `${base}/${THREADS_API_VERSION}/:id/threads_publishing_limit`,
      { schema: { tags, summary: 'Posts published in the last 24 hours, of the 250 allowed', params: zId, querystring: zQuery } },
      async (req, reply) => {
        const who = await caller(req, reply, 'threads_basic', 'read');
        if (!who) return reply;
        if (!isSelf(req.params.id, who.profile)) return noSuchObject(reply, req.params.id, 'get');
        const now = opts.clock.nowMs();
        const usage = postsOf(who.profile.id).filter((x) => now - x.createdAt < DAY_MS).length;
        return { data: [{ quota_usage: usage, config: { quota_total: POSTS_PER_DAY, quota_duration: DAY_MS / 1000 } }] };
      },
    );

    app.get(
      `${base}/:handle/post/:code`,
      {
        schema: {
          tags,
          summary: "A published post's page (its permalink)",
          params: z.object({ handle: z.string(), code: z.string() }),
        },
      },
      async (req, reply) => {
        const post = [...posts.values()].find(
          (x) => x.shortcode === req.params.code && `@${profileOf(x.profileId)?.userName}` === req.params.handle,
        );
        if (!post) return reply.status(404).type('text/html').send('<p>Sorry, this post is not available.</p>');
        const who = profileOf(post.profileId)!;
        return reply
          .type('text/html')
          .send(
            `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>@${esc(who.userName)} on Threads (sandbox)</title></head><body><main><p><strong>@${esc(who.userName)}</strong></p><p>${esc(post.text)}</p><p><small>${esc(post.mediaType.toLowerCase())} · ${esc(new Date(post.createdAt).toISOString())}</small></p></main></body></html>`,
          );
      },
    );

    // what was published, for tests and benchmarks that count posts across processes (not a Threads call): the
    // posts of one user id, or all, with their text
    app.get(
      `${base}/_published`,
      { schema: { tags, summary: 'Posts published on the emulator (of one user id, or all)' } },
      async (req) => {
        const user = (req.query as { user?: string }).user;
        return [...posts.values()]
          .map((p) => ({ p, userId: profileOf(p.profileId)?.userId ?? p.profileId }))
          .filter(({ userId }) => !user || userId === user)
          .map(({ p, userId }) => ({ id: p.id, user: userId, text: p.text, createdAt: new Date(p.createdAt).toISOString() }));
      },
    );

    registerEmulatorTools(app, {
      base,
      tags,
      failures,
      profileOf,
      revoke,
      losses,
      scoped: true,
      perAccount: true,
    });
  };
