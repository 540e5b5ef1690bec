import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../clock';
import {
  acceptForms,
  consentPage,
  esc,
  failureQueue,
  randomToken,
  registerEmulatorTools,
  s256,
  sameOrigin,
  type TDemoProfile,
  type TEmulatorFailure,
} from './kit';

export const SANDBOX_YOUTUBE_CLIENT = { clientId: 'sandbox-youtube-client-id', clientSecret: 'sandbox-youtube-client-secret' };
/** Google's own figure: a second short of the hour, so a token is never used in its last second. */
const ACCESS_TTL_SECONDS = 3599;
const CODE_TTL_MS = 10 * 60_000;
/** How long a `timeout` failure holds its answer: longer than any caller waits. */
const HANG_MS = 20_000;
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
 * POST /sandbox/youtube/_control makes the next calls fail.
 */
export const youtubeEmulatorRoutes =
  (opts: { clock: Clock; publicUrl: string }): FastifyPluginAsyncZod =>
  async (app) => {
    const base = '/sandbox/youtube';
    const tags = ['Sandbox: YouTube'];
    const codes = new Map<string, TCode>();
    const access = new Map<string, TToken>();
    const refresh = new Map<string, { profileId: string; scopes: string[] }>();
    const failures = failureQueue();
    const hanging = new Set<() => void>();
    app.addHook('onClose', async () => {
      for (const wake of hanging) wake();
    });
    acceptForms(app);
    const channelOf = (id: string) => YOUTUBE_DEMO_CHANNELS.find((c) => c.id === id) ?? null;
    const avatarUrl = (c: TDemoChannel) => `${opts.publicUrl}${base}/avatar/${c.id}.svg`;

    /** As a user removing the app at myaccount.google.com would: every token of the channel stops working. */
    function revokeProfile(profileId: string): number {
      let revoked = 0;
      for (const t of access.values())
        if (t.profileId === profileId && !t.revoked) {
          t.revoked = true;
          revoked++;
        }
      for (const [k, r] of refresh) if (r.profileId === profileId) refresh.delete(k);
      return revoked;
    }

    async function hang() {
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          hanging.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, HANG_MS);
        hanging.add(wake);
      });
    }

    /** A failure asked for by a test, answered in the Data API's shape. Returns true when it answered. */
    async function injectedApi(req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
      const f = failures.next();
      if (!f) return false;
      // keyed by every failure: one added to the kit does not compile until it has an answer here
      const answers: Record<Exclude<TEmulatorFailure, 'timeout'>, () => unknown> = {
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
      };
      if (f === 'timeout') {
        await hang();
        reply.status(504).send(apiError(504, 'DEADLINE_EXCEEDED', 'deadlineExceeded', 'Deadline exceeded'));
        return true;
      }
      answers[f]();
      return true;
    }

    /** A failure asked for by a test, answered in the shape of Google's token endpoint. */
    async function injectedOAuth(body: Record<string, string>, reply: FastifyReply): Promise<boolean> {
      const f = failures.next();
      if (!f) return false;
      if (f === 'timeout') {
        await hang();
        reply.status(504).send({ error: 'timeout', error_description: 'Deadline exceeded' });
        return true;
      }
      if (f === 'server_error') {
        reply.status(500).send({ error: 'internal_failure', error_description: 'Backend Error' });
        return true;
      }
      if (f === 'rate_limit') {
        reply
          .status(429)
          .header('retry-after', String(RATE_LIMIT_RETRY_SECONDS))
          .send({ error: 'rate_limit_exceeded', error_description: 'Rate Limit Exceeded' });
        return true;
      }
      if (f === 'missing_permission') {
        reply.status(400).send({ error: 'invalid_scope', error_description: 'Some requested scopes were invalid.' });
        return true;
      }
      if (f === 'processing_error') {
        reply.status(400).send({ error: 'invalid_request', error_description: 'Bad Request' });
        return true;
      }
      if (f === 'revoked' && body.refresh_token) {
        const row = refresh.get(body.refresh_token);
        if (row) revokeProfile(row.profileId);
      }
      reply.status(400).send({ error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
      return true;
    }

    const bearerToken = (req: FastifyRequest) => /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? null;

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
        if (!sameOrigin(q.redirect_uri, opts.publicUrl))
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
            profiles: YOUTUBE_DEMO_CHANNELS,
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
            profile: z.string().optional(),
            decision: z.enum(['allow', 'cancel']),
          }),
        },
      },
      async (req, reply) => {
        const b = req.body;
        if (!sameOrigin(b.redirect_uri, opts.publicUrl)) return reply.status(400).send('redirect_uri is not registered');
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
          reply.status(status).send({ error, error_description: description });
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
          querystring: z.object({ part: z.string().optional(), mine: z.string().optional() }),
        },
      },
      async (req, reply) => {
        if (await injectedApi(req, reply)) return reply;
        const t = bearer(req, reply, CHANNEL_READ_SCOPES);
        if (!t) return reply;
        if (!req.query.part) return badParameter(reply, 'required', 'Required parameter: part');
        const parts = req.query.part.split(',').map((p) => p.trim());
        const unknownPart = parts.find((p) => !(CHANNEL_PARTS as readonly string[]).includes(p));
        if (unknownPart) return badParameter(reply, 'unknownPart', `'${unknownPart}'`);
        if (req.query.mine !== 'true')
          return badParameter(
            reply,
            'missingRequiredParameter',
            'No filter selected. Expected one of: forUsername, managedByMe, mine, id, forHandle',
          );
        const c = channelOf(t.profileId)!;
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
            videoCount: String(c.videos),
          };
        if (parts.includes('contentDetails'))
          item.contentDetails = { relatedPlaylists: { likes: '', uploads: `UU${c.channelId.slice(2)}` } };
        return {
          kind: 'youtube#channelListResponse',
          etag: etag(),
          pageInfo: { totalResults: 1, resultsPerPage: 5 },
          items: [item],
        };
      },
    );

    app.get(
      `${base}/youtube/v3/videoCategories`,
      {
        schema: {
          tags,
          summary: 'The categories of a region',
          querystring: z.object({
            part: z.string().optional(),
            regionCode: z.string().optional(),
            id: z.string().optional(),
            hl: z.string().optional(),
          }),
        },
      },
      async (req, reply) => {
        if (await injectedApi(req, reply)) return reply;
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

    registerEmulatorTools(app, { base, tags, failures, profileOf: channelOf, revoke: revokeProfile });
  };
