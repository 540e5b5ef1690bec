import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../clock';
import {
  acceptForms,
  consentPage,
  failureQueue,
  randomToken,
  registerEmulatorTools,
  s256,
  sameOrigin,
  type TDemoProfile,
} from './kit';

export const SANDBOX_TIKTOK_CLIENT = { clientId: 'sandbox-tiktok-client-key', clientSecret: 'sandbox-tiktok-client-secret' };
const ACCESS_TTL_SECONDS = 24 * 3600;
const REFRESH_TTL_SECONDS = 365 * 24 * 3600;
const CODE_TTL_MS = 10 * 60_000;
/** How long a `timeout` failure holds its answer: longer than any caller waits. */
const HANG_MS = 20_000;

export const TIKTOK_DEMO_PROFILES: TDemoProfile[] = [
  { id: 'tt-ava', userName: 'ava.cooks', displayName: 'Ava Cooks', color: '#fe2c55' },
  { id: 'tt-milo', userName: 'milo.moves', displayName: 'Milo Moves', color: '#25f4ee' },
  { id: 'tt-nora', userName: 'nora.travels', displayName: 'Nora Travels', color: '#111111' },
];

type TCode = { profileId: string; redirectUri: string; challenge: string | null; scopes: string[]; expiresAt: number };
type TToken = { profileId: string; scopes: string[]; expiresAt: number; revoked: boolean };

/**
 * The TikTok emulator: Login Kit v2 (consent page, /v2/oauth/token/ with PKCE and rotating refresh tokens)
 * and the calls of the Content Posting API the product makes, with TikTok's answer shapes
 * (`{data, error:{code,message,log_id}}`, OAuth's `{error, error_description, log_id}`). Time is the product's
 * clock, so moving it expires tokens. POST /sandbox/tiktok/_control makes the next calls fail.
 */
export const tiktokEmulatorRoutes =
  (opts: { clock: Clock; publicUrl: string }): FastifyPluginAsyncZod =>
  async (app) => {
    const base = '/sandbox/tiktok';
    const tags = ['Sandbox: TikTok'];
    const codes = new Map<string, TCode>();
    const access = new Map<string, TToken>();
    const refresh = new Map<string, { profileId: string; scopes: string[]; expiresAt: number }>();
    const failures = failureQueue();
    const hanging = new Set<() => void>();
    app.addHook('onClose', async () => {
      for (const wake of hanging) wake();
    });
    acceptForms(app);
    const logId = () => `sandbox-${Date.now().toString(36)}`;
    const profileOf = (id: string) => TIKTOK_DEMO_PROFILES.find((p) => p.id === id) ?? null;

    /** A failure asked for by a test: answered in TikTok's API shape. Returns true when it answered. */
    async function injected(reply: FastifyReply, shape: 'api' | 'oauth'): Promise<boolean> {
      const f = failures.next();
      if (!f) return false;
      if (f === 'timeout') {
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, HANG_MS);
          hanging.add(() => {
            clearTimeout(t);
            resolve();
          });
        });
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
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
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
        if (!sameOrigin(q.redirect_uri, opts.publicUrl))
          return reply.status(400).type('text/html').send('<p>redirect_uri is not registered</p>');
        return reply.type('text/html').send(
          consentPage({
            network: 'TikTok',
            color: '#fe2c55',
            scopes: q.scope.split(','),
            profiles: TIKTOK_DEMO_PROFILES,
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
            profile: z.string().optional(),
            decision: z.enum(['allow', 'cancel']),
          }),
        },
      },
      async (req, reply) => {
        const b = req.body;
        if (!sameOrigin(b.redirect_uri, opts.publicUrl)) return reply.status(400).send('redirect_uri is not registered');
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
        if (await injected(reply, 'oauth')) return reply;
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
      if (await injected(reply, 'api')) return reply;
      const t = bearer(req, reply);
      if (!t) return reply;
      const p = profileOf(t.profileId)!;
      return {
        data: {
          user: {
            open_id: p.id,
            display_name: p.displayName,
            username: p.userName,
            avatar_url: `${opts.publicUrl}${base}/avatar/${p.id}.svg`,
          },
        },
        error: { code: 'ok', message: '', log_id: logId() },
      };
    });

    app.post(
      `${base}/v2/post/publish/creator_info/query/`,
      { schema: { tags, summary: 'What the creator may post' } },
      async (req, reply) => {
        if (await injected(reply, 'api')) return reply;
        const t = bearer(req, reply);
        if (!t) return reply;
        const p = profileOf(t.profileId)!;
        return {
          data: {
            creator_username: p.userName,
            creator_nickname: p.displayName,
            creator_avatar_url: `${opts.publicUrl}${base}/avatar/${p.id}.svg`,
            privacy_level_options: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY'],
            comment_disabled: false,
            duet_disabled: false,
            stitch_disabled: true,
            max_video_post_duration_sec: 600,
          },
          error: { code: 'ok', message: '', log_id: logId() },
        };
      },
    );

    /** As a user removing the app in TikTok's settings would: every token of the profile stops working. */
    const revoke = (profileId: string) => {
      let revoked = 0;
      for (const t of access.values())
        if (t.profileId === profileId && !t.revoked) {
          t.revoked = true;
          revoked++;
        }
      for (const [k, r] of refresh) if (r.profileId === profileId) refresh.delete(k);
      return revoked;
    };
    registerEmulatorTools(app, { base, tags, failures, profileOf, revoke });
  };
