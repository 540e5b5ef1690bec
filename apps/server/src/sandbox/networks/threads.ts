import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../clock';
import { THREADS_API_VERSION } from '../../integrations/networks/threads';
import {
  acceptForms,
  consentPage,
  failureQueue,
  randomToken,
  registerEmulatorTools,
  sameOrigin,
  type TDemoProfile,
  type TEmulatorFailure,
} from './kit';

export const SANDBOX_THREADS_CLIENT = { clientId: '900000000000007', clientSecret: 'sandbox-threads-app-secret' };

/** Threads' figures: a token from a code lasts an hour, an exchanged (or renewed) one 60 days. */
const SHORT_TTL_SECONDS = 3600;
const LONG_TTL_SECONDS = 5_183_944;
/** A long-lived token may be renewed only once it is this old. */
const MIN_RENEW_AGE_MS = 24 * 3600_000;
const CODE_TTL_MS = 10 * 60_000;
/** How long a `timeout` failure holds its answer: longer than any caller waits. */
const HANG_MS = 20_000;
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
type TGraphErrorInput = { message: string; code: number; subcode?: number; type?: string; transient?: boolean };

const fbtraceId = () => randomBytes(8).toString('base64url');

/** Graph's error envelope, which Threads answers with. */
const graphError = (e: TGraphErrorInput) => ({
  error: {
    message: e.message,
    type: e.type ?? 'OAuthException',
    code: e.code,
    ...(e.subcode === undefined ? {} : { error_subcode: e.subcode }),
    ...(e.transient === undefined ? {} : { is_transient: e.transient }),
    fbtrace_id: fbtraceId(),
  },
});

/** Meta's way of writing a moment in its error messages, e.g. "Tuesday, 02-Jun-26 05:00:00 UTC". */
function graphTime(ms: number): string {
  const d = new Date(ms);
  const day = d.toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });
  const month = d.toLocaleDateString('en-US', { month: 'short', timeZone: 'UTC' });
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day}, ${pad(d.getUTCDate())}-${month}-${String(d.getUTCFullYear()).slice(2)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} UTC`;
}

/**
 * The Threads emulator: the consent page (threads.net/oauth/authorize), the token calls of graph.threads.net
 * (a code for a short-lived token, `th_exchange_token` for a long-lived one, `th_refresh_token` to renew it, once
 * a day old; the old one keeps working until its own expiry) and /v1.0/me, with Graph's error envelope
 * (`{error:{message,type,code,error_subcode,fbtrace_id}}`). Time is the product's clock, so moving it expires
 * tokens. POST /sandbox/threads/_control makes the next calls fail; /_revoke revokes a demo profile's tokens.
 */
export const threadsEmulatorRoutes =
  (opts: { clock: Clock; publicUrl: string }): FastifyPluginAsyncZod =>
  async (app) => {
    const base = '/sandbox/threads';
    const tags = ['Sandbox: Threads'];
    const codes = new Map<string, TCode>();
    const tokens = new Map<string, TToken>();
    const failures = failureQueue();
    const hanging = new Set<() => void>();
    app.addHook('onClose', async () => {
      for (const wake of hanging) wake();
    });
    acceptForms(app);

    const profileOf = (id: string) => THREADS_DEMO_PROFILES.find((p) => p.id === id) ?? null;
    const avatarUrl = (id: string) => `${opts.publicUrl}${base}/avatar/${id}.svg`;

    const send = (reply: FastifyReply, status: number, e: TGraphErrorInput) => reply.status(status).send(graphError(e));
    const invalidToken = (reply: FastifyReply) =>
      send(reply, 400, { message: 'Invalid OAuth access token - Cannot parse access token', code: 190 });
    const expiredToken = (reply: FastifyReply, expiredAt: number) =>
      send(reply, 400, {
        message: `Error validating access token: Session has expired on ${graphTime(expiredAt)}. The current time is ${graphTime(opts.clock.nowMs())}.`,
        code: 190,
        subcode: 463,
      });
    const revokedToken = (reply: FastifyReply) =>
      send(reply, 400, {
        message: `Error validating access token: The user has not authorized application ${SANDBOX_THREADS_CLIENT.clientId}.`,
        code: 190,
        subcode: 458,
      });
    const missingPermission = (reply: FastifyReply) =>
      send(reply, 403, { message: '(#10) Application does not have permission for this action', code: 10 });
    const badClient = (reply: FastifyReply) =>
      send(reply, 400, { message: 'Error validating application. Invalid application ID.', code: 101 });
    const badSecret = (reply: FastifyReply) => send(reply, 400, { message: 'Error validating client secret.', code: 1 });

    function tokenOf(req: FastifyRequest): string | null {
      const header = /^(?:Bearer|OAuth) (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
      const query = (req.query as Record<string, unknown> | undefined)?.access_token;
      return header ?? (typeof query === 'string' ? query : null);
    }

    /** As a person removing the app in their Threads settings would: every token of theirs stops working. */
    function revoke(profileId: string): number {
      let revoked = 0;
      for (const t of tokens.values())
        if (t.profileId === profileId && !t.revoked) {
          t.revoked = true;
          revoked++;
        }
      for (const [k, c] of codes) if (c.profileId === profileId) codes.delete(k);
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

    /** A failure asked for by a test, answered in Graph's shape. Returns true when it answered. */
    async function injected(req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
      const f = failures.next();
      if (!f) return false;
      const token = tokenOf(req);
      const row = token ? tokens.get(token) : undefined;
      // keyed by every failure: one added to the kit does not compile until it has an answer here
      const answers: Record<Exclude<TEmulatorFailure, 'timeout'>, () => unknown> = {
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
        rate_limit: () => {
          const owner = profileOf(row?.profileId ?? '')?.userId ?? SANDBOX_THREADS_CLIENT.clientId;
          const usage = { call_count: 100, total_cputime: 27, total_time: 41 };
          return reply
            .header('x-app-usage', JSON.stringify(usage))
            .header(
              'x-business-use-case-usage',
              JSON.stringify({
                [owner]: [{ type: 'threads', ...usage, estimated_time_to_regain_access: RATE_LIMIT_MINUTES }],
              }),
            )
            .status(400)
            .send(graphError({ message: '(#4) Application request limit reached', code: 4, transient: true }));
        },
        server_error: () =>
          send(reply, 500, {
            message: 'An unexpected error has occurred. Please retry your request later.',
            code: 2,
            transient: true,
          }),
        missing_permission: () => missingPermission(reply),
        processing_error: () => send(reply, 400, { message: 'An unknown error occurred', code: 1, type: 'OAuthException' }),
      };
      if (f === 'timeout') {
        await hang();
        send(reply, 504, { message: 'The request timed out.', code: 2, transient: true });
        return true;
      }
      answers[f]();
      return true;
    }

    /** The token a call is made with, or null once refused in Graph's words. */
    function checked(reply: FastifyReply, token: string | null): TToken | null {
      if (!token) {
        send(reply, 400, {
          message: 'An active access token must be used to query information about the current user.',
          code: 2500,
        });
        return null;
      }
      const row = tokens.get(token);
      if (!row) {
        invalidToken(reply);
        return null;
      }
      if (row.revoked) {
        revokedToken(reply);
        return null;
      }
      if (row.expiresAt <= opts.clock.nowMs()) {
        expiredToken(reply, row.expiresAt);
        return null;
      }
      return row;
    }

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
      if (!sameOrigin(redirectUri, opts.publicUrl)) {
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
            profiles: THREADS_DEMO_PROFILES,
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
            profile: z.string().optional(),
            decision: z.enum(['allow', 'cancel']),
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
        if (await injected(req, reply)) return reply;
        const row = checked(reply, tokenOf(req));
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

    registerEmulatorTools(app, { base, tags, failures, profileOf, revoke });
  };
