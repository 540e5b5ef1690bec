import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../clock';
import {
  acceptForms,
  consentPage,
  esc,
  failureQueue,
  registerEmulatorTools,
  sameOrigin,
  type TDemoProfile,
  type TEmulatorFailure,
} from './kit';

/** The sandbox X app's consumer key and secret: the only consumer the emulator accepts. */
export const SANDBOX_X_CLIENT = { clientId: 'sandbox-x-consumer-key', clientSecret: 'sandbox-x-consumer-secret' };
/** A request token not exchanged within this time of the product clock is refused. */
const REQUEST_TOKEN_TTL_MS = 15 * 60_000;
/**
 * How far an oauth_timestamp may be from now. Real time, not the product clock: the signing side (the adapter's
 * library) stamps with real time, so a moved product clock must not make every signature stale.
 */
const TIMESTAMP_WINDOW_SECONDS = 5 * 60;
/** How long a `timeout` failure holds its answer: longer than any caller waits. */
const HANG_MS = 20_000;
/** X's rate-limit windows are 15 minutes. */
const RATE_WINDOW_SECONDS = 15 * 60;
/** GET /2/users/me: 75 calls per 15 minutes per user. */
const USERS_ME_LIMIT = 75;
const X_BLACK = '#0f1419';

/** A demo X user: `id` is what the consent page and /_revoke name it by; `userId` is what the API answers. */
export type TDemoXProfile = TDemoProfile & {
  userId: string;
  followers: number;
  following: number;
  tweets: number;
  listed: number;
};

export const X_DEMO_PROFILES: TDemoXProfile[] = [
  {
    id: 'x-ava',
    userId: '1600000000000000001',
    userName: 'avacooks',
    displayName: 'Ava Cooks',
    color: '#1d9bf0',
    followers: 12_480,
    following: 311,
    tweets: 4_210,
    listed: 58,
  },
  {
    id: 'x-milo',
    userId: '1600000000000000002',
    userName: 'milomoves',
    displayName: 'Milo Moves',
    color: '#00ba7c',
    followers: 930,
    following: 402,
    tweets: 1_077,
    listed: 4,
  },
  {
    id: 'x-nora',
    userId: '1600000000000000003',
    userName: 'noratravels',
    displayName: 'Nora Travels',
    color: '#f91880',
    followers: 88_100,
    following: 1_250,
    tweets: 20_544,
    listed: 610,
  },
];

/** What X's consent page says an app with read and write access may do. */
const PERMISSION_WORDS = [
  'See posts from your timeline (including protected posts) and your lists and collections',
  'See your X profile information and account settings',
  'Create and delete posts for you, and engage with posts',
];

/** The user fields /2/users/me knows; X refuses any other name. */
const USER_FIELDS = [
  'created_at',
  'description',
  'id',
  'location',
  'name',
  'pinned_tweet_id',
  'profile_image_url',
  'protected',
  'public_metrics',
  'url',
  'username',
  'verified',
] as const;

// ---- RFC 5849 (OAuth 1.0a) signatures, HMAC-SHA1: written apart from the adapter's library so each checks the other

/** RFC 3986 percent-encoding, as RFC 5849 §3.6 asks: everything but unreserved characters. */
export const percentEncode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The signature base string (RFC 5849 §3.4.1): the method, the URL without its query (scheme and host in lower
 * case, no default port), and every parameter of the query and of `params` (a form body's, and the Authorization
 * header's oauth_* but oauth_signature), encoded, sorted by name then value, joined.
 */
export function oauth1BaseString(method: string, url: string, params: [string, string][]): string {
  const u = new URL(url);
  const pairs = [...u.searchParams, ...params]
    .map(([k, v]) => [percentEncode(k), percentEncode(v)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  const normalized = pairs.map(([k, v]) => `${k}=${v}`).join('&');
  return `${method.toUpperCase()}&${percentEncode(`${u.protocol}//${u.host}${u.pathname}`)}&${percentEncode(normalized)}`;
}

/** HMAC-SHA1 of the base string, keyed with the consumer secret and the token secret (empty without a token). */
export function oauth1Signature(baseString: string, consumerSecret: string, tokenSecret = ''): string {
  return createHmac('sha1', `${percentEncode(consumerSecret)}&${percentEncode(tokenSecret)}`)
    .update(baseString)
    .digest('base64');
}

/** The parameters of an `Authorization: OAuth k="v", ...` header, decoded; null when it is not one. */
export function parseOAuthHeader(header: string | undefined): Record<string, string> | null {
  const m = /^OAuth\s+(.*)$/is.exec(header ?? '');
  if (!m) return null;
  const params: Record<string, string> = {};
  for (const [, k, v] of m[1].matchAll(/([^\s=,]+)\s*=\s*"([^"]*)"/g)) {
    try {
      params[decodeURIComponent(k)] = decodeURIComponent(v);
    } catch {
      return null;
    }
  }
  return params;
}

/**
 * Whether a call's signature is right: `url` is the one called (with its query), `form` its form-encoded body's
 * fields, the secrets those of the consumer and of the token signed with.
 */
export function oauth1SignatureValid(
  call: { method: string; url: string; authorization: string | undefined; form?: Record<string, string> },
  consumerSecret: string,
  tokenSecret = '',
): boolean {
  const header = parseOAuthHeader(call.authorization);
  if (!header?.oauth_signature || header.oauth_signature_method !== 'HMAC-SHA1') return false;
  const params = Object.entries(header).filter(([k]) => k !== 'oauth_signature' && k !== 'realm');
  const base = oauth1BaseString(call.method, call.url, [...params, ...Object.entries(call.form ?? {})]);
  const expected = Buffer.from(oauth1Signature(base, consumerSecret, tokenSecret));
  const given = Buffer.from(header.oauth_signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

type TRequestToken = {
  secret: string;
  callback: string;
  expiresAt: number;
  /** Set when the person allowed: who, and the verifier the callback carried. */
  profileId: string | null;
  verifier: string | null;
};
type TAccessToken = { profileId: string; secret: string; revoked: boolean };

const token = (bytes = 24) => randomBytes(bytes).toString('base64url');

/** The v1.1 and OAuth endpoints' error shape. */
const xErrors = (code: number, message: string) => ({ errors: [{ code, message }] });
const NOT_AUTHENTICATED = xErrors(32, 'Could not authenticate you.');
const BAD_TOKEN = xErrors(89, 'Invalid or expired token.');
/** The v2 endpoints' error shape (problem JSON). */
const problem = (status: number, title: string, detail: string, type = 'about:blank', extra: Record<string, unknown> = {}) => ({
  title,
  detail,
  type,
  status,
  ...extra,
});
const UNAUTHORIZED = problem(401, 'Unauthorized', 'Unauthorized');

/**
 * The X emulator: OAuth 1.0a (request token, consent page at /oauth/authorize, access token for the verifier)
 * and the API v2 calls the product makes, with X's answer shapes (`{errors:[{code,message}]}` on the OAuth
 * endpoints, problem JSON on v2). Every call's signature is checked as X does (RFC 5849, HMAC-SHA1): a wrong
 * consumer or token secret, a timestamp more than 5 minutes off or a nonce used before is refused with code 32.
 * Request tokens expire on the product clock; access tokens do not expire. POST /sandbox/twitter/_control makes
 * the next calls fail, /_revoke ends a demo profile's access.
 */
export const xEmulatorRoutes =
  (opts: { clock: Clock; publicUrl: string }): FastifyPluginAsyncZod =>
  async (app) => {
    const base = '/sandbox/twitter';
    const tags = ['Sandbox: X'];
    const requestTokens = new Map<string, TRequestToken>();
    const access = new Map<string, TAccessToken>();
    /** Nonces seen, with when (real ms) they may be forgotten: a timestamp that old is refused anyway. */
    const nonces = new Map<string, number>();
    const failures = failureQueue();
    const hanging = new Set<() => void>();
    app.addHook('onClose', async () => {
      for (const wake of hanging) wake();
    });
    acceptForms(app);
    const profileOf = (id: string) => X_DEMO_PROFILES.find((p) => p.id === id) ?? null;
    const avatarUrl = (p: TDemoXProfile) => `${opts.publicUrl}${base}/avatar/${p.id}.svg`;

    /** The address the caller signed: the product's public address and the path called, with its query. */
    const calledUrl = (req: FastifyRequest) => `${opts.publicUrl.replace(/\/+$/, '')}${req.url}`;
    const formOf = (req: FastifyRequest): Record<string, string> =>
      /^application\/x-www-form-urlencoded/i.test(req.headers['content-type'] ?? '') && req.body && typeof req.body === 'object'
        ? (req.body as Record<string, string>)
        : {};

    /**
     * Checks a call's OAuth 1.0a signature, signed as `as` (the consumer only, a request token or an access token).
     * 'token': the token is unknown, spent, expired or revoked (code 89); 'signature': anything else wrong (code 32).
     */
    function authenticate(
      req: FastifyRequest,
      as: 'consumer' | 'request' | 'access',
    ):
      | { ok: true; oauth: Record<string, string>; request: TRequestToken | null; accessToken: TAccessToken | null }
      | { ok: false; why: 'signature' | 'token' } {
      const oauth = parseOAuthHeader(req.headers.authorization);
      if (!oauth || oauth.oauth_consumer_key !== SANDBOX_X_CLIENT.clientId) return { ok: false, why: 'signature' };
      if (oauth.oauth_version !== undefined && oauth.oauth_version !== '1.0') return { ok: false, why: 'signature' };
      let tokenSecret = '';
      let request: TRequestToken | null = null;
      let accessToken: TAccessToken | null = null;
      if (as === 'request') {
        request = (oauth.oauth_token && requestTokens.get(oauth.oauth_token)) || null;
        if (!request || request.expiresAt <= opts.clock.nowMs()) return { ok: false, why: 'token' };
        tokenSecret = request.secret;
      } else if (as === 'access') {
        accessToken = (oauth.oauth_token && access.get(oauth.oauth_token)) || null;
        if (!accessToken || accessToken.revoked) return { ok: false, why: 'token' };
        tokenSecret = accessToken.secret;
      }
      const call = { method: req.method, url: calledUrl(req), authorization: req.headers.authorization, form: formOf(req) };
      if (!oauth1SignatureValid(call, SANDBOX_X_CLIENT.clientSecret, tokenSecret)) return { ok: false, why: 'signature' };
      const stamp = Number(oauth.oauth_timestamp);
      const nowS = Date.now() / 1000;
      if (!/^\d+$/.test(oauth.oauth_timestamp ?? '') || Math.abs(nowS - stamp) > TIMESTAMP_WINDOW_SECONDS)
        return { ok: false, why: 'signature' };
      for (const [k, forgetAt] of nonces) if (forgetAt <= Date.now()) nonces.delete(k);
      const nonceKey = `${oauth.oauth_consumer_key}&${oauth.oauth_token ?? ''}&${oauth.oauth_nonce ?? ''}`;
      if (!oauth.oauth_nonce || nonces.has(nonceKey)) return { ok: false, why: 'signature' };
      nonces.set(nonceKey, (stamp + 2 * TIMESTAMP_WINDOW_SECONDS) * 1000);
      return { ok: true, oauth, request, accessToken };
    }

    /** As a user removing the app in X's settings would: every access token of the profile stops working. */
    function revokeProfile(profileId: string): number {
      let revoked = 0;
      for (const t of access.values())
        if (t.profileId === profileId && !t.revoked) {
          t.revoked = true;
          revoked++;
        }
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

    const rateHeaders = (reply: FastifyReply, limit: number, remaining: number) =>
      reply
        .header('x-rate-limit-limit', String(limit))
        .header('x-rate-limit-remaining', String(remaining))
        .header('x-rate-limit-reset', String(Math.floor(opts.clock.nowMs() / 1000) + RATE_WINDOW_SECONDS));

    /** A failure asked for by a test, answered in X's shape for `shape`'s endpoints. Returns true when it answered. */
    async function injected(req: FastifyRequest, reply: FastifyReply, shape: 'api' | 'oauth'): Promise<boolean> {
      const f = failures.next();
      if (!f) return false;
      if (f === 'timeout') {
        await hang();
        reply.status(504).send(problem(504, 'Gateway Timeout', 'Gateway Timeout'));
        return true;
      }
      const api: Record<Exclude<TEmulatorFailure, 'timeout'>, () => unknown> = {
        expired_token: () => reply.status(401).send(UNAUTHORIZED),
        revoked: () => {
          const t = parseOAuthHeader(req.headers.authorization)?.oauth_token;
          const row = t ? access.get(t) : undefined;
          if (row) revokeProfile(row.profileId);
          return reply.status(401).send(UNAUTHORIZED);
        },
        rate_limit: () =>
          rateHeaders(reply, USERS_ME_LIMIT, 0)
            .status(429)
            .send(problem(429, 'Too Many Requests', 'Too Many Requests')),
        server_error: () => reply.status(503).send(problem(503, 'Service Unavailable', 'Service Unavailable')),
        // the access was given under permissions that do not cover the call (X's answer for a read-only token)
        missing_permission: () =>
          reply
            .status(403)
            .send(
              problem(
                403,
                'Forbidden',
                'Your client app is not configured with the appropriate oauth1 app permissions for this endpoint.',
                'https://api.twitter.com/2/problems/oauth1-permissions',
              ),
            ),
        processing_error: () =>
          reply
            .status(400)
            .send(
              problem(
                400,
                'Invalid Request',
                'One or more parameters to your request was invalid.',
                'https://api.twitter.com/2/problems/invalid-request',
              ),
            ),
      };
      const oauth: Record<Exclude<TEmulatorFailure, 'timeout'>, () => unknown> = {
        expired_token: () => reply.status(401).send(BAD_TOKEN),
        revoked: () => reply.status(401).send(BAD_TOKEN),
        rate_limit: () => rateHeaders(reply, 15, 0).status(429).send(xErrors(88, 'Rate limit exceeded')),
        server_error: () => reply.status(503).send(xErrors(130, 'Over capacity')),
        missing_permission: () => reply.status(403).send(xErrors(220, 'Your credentials do not allow access to this resource.')),
        processing_error: () => reply.status(400).send(xErrors(215, 'Bad Authentication data.')),
      };
      (shape === 'api' ? api : oauth)[f]();
      return true;
    }

    /** X's pages for a token that is not (or no longer) valid: a page for the person, never a redirect. */
    const errorPage = (reply: FastifyReply, message: string) =>
      reply
        .status(400)
        .type('text/html')
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>X / Error</title></head><body><main><h1>Something went wrong</h1><p>${esc(message)}</p></main></body></html>`,
        );
    const NO_LONGER_VALID =
      'This page is no longer valid. It looks like someone already used the token information you provided. Please return to the site that sent you to this page and try again.';

    /** A request token the person may still decide on: known, not expired, not decided yet. */
    function undecided(oauthToken: string | undefined): TRequestToken | null {
      const row = oauthToken ? requestTokens.get(oauthToken) : undefined;
      if (!row || row.verifier || row.expiresAt <= opts.clock.nowMs()) return null;
      return row;
    }

    app.post(`${base}/oauth/request_token`, { schema: { tags, summary: 'A request token' } }, async (req, reply) => {
      if (await injected(req, reply, 'oauth')) return reply;
      const auth = authenticate(req, 'consumer');
      if (!auth.ok) return reply.status(401).send(NOT_AUTHENTICATED);
      const q = req.query as Record<string, string | undefined>;
      const callback = auth.oauth.oauth_callback ?? formOf(req).oauth_callback ?? q.oauth_callback;
      if (!callback || !sameOrigin(callback, opts.publicUrl))
        return reply.status(403).send(xErrors(415, 'Callback URL not approved for this client application.'));
      const oauthToken = token();
      const secret = token(30);
      requestTokens.set(oauthToken, {
        secret,
        callback,
        expiresAt: opts.clock.nowMs() + REQUEST_TOKEN_TTL_MS,
        profileId: null,
        verifier: null,
      });
      return reply.type('text/html; charset=utf-8').send(
        new URLSearchParams({
          oauth_token: oauthToken,
          oauth_token_secret: secret,
          oauth_callback_confirmed: 'true',
        }).toString(),
      );
    });

    app.get(
      `${base}/oauth/authorize`,
      {
        schema: {
          tags,
          summary: 'Consent page',
          querystring: z.object({
            oauth_token: z.string().optional(),
            force_login: z.string().optional(),
            screen_name: z.string().optional(),
          }),
        },
      },
      async (req, reply) => {
        if (!undecided(req.query.oauth_token)) return errorPage(reply, NO_LONGER_VALID);
        return reply.type('text/html').send(
          consentPage({
            network: 'X',
            color: X_BLACK,
            scopes: PERMISSION_WORDS,
            profiles: X_DEMO_PROFILES,
            action: `${base}/oauth/authorize`,
            avatarBase: `${base}/avatar`,
            hidden: { oauth_token: req.query.oauth_token! },
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
            oauth_token: z.string(),
            profile: z.string().optional(),
            decision: z.enum(['allow', 'cancel']),
          }),
        },
      },
      async (req, reply) => {
        const b = req.body;
        const row = undecided(b.oauth_token);
        if (!row) return errorPage(reply, NO_LONGER_VALID);
        const back = new URL(row.callback);
        if (b.decision === 'cancel' || !b.profile || !profileOf(b.profile)) {
          requestTokens.delete(b.oauth_token);
          back.searchParams.set('denied', b.oauth_token);
        } else {
          row.profileId = b.profile;
          row.verifier = token(24);
          back.searchParams.set('oauth_token', b.oauth_token);
          back.searchParams.set('oauth_verifier', row.verifier);
        }
        return reply.redirect(back.toString(), 302);
      },
    );

    app.post(
      `${base}/oauth/access_token`,
      { schema: { tags, summary: 'An access token for an allowed request token' } },
      async (req, reply) => {
        if (await injected(req, reply, 'oauth')) return reply;
        const auth = authenticate(req, 'request');
        if (!auth.ok) return reply.status(401).send(auth.why === 'token' ? BAD_TOKEN : NOT_AUTHENTICATED);
        const requestToken = auth.oauth.oauth_token;
        const row = auth.request!;
        const q = req.query as Record<string, string | undefined>;
        const verifier = auth.oauth.oauth_verifier ?? formOf(req).oauth_verifier ?? q.oauth_verifier;
        // a request token is spent by its first exchange, right or wrong, so a verifier cannot be guessed at
        requestTokens.delete(requestToken);
        if (!row.verifier || !row.profileId || !verifier || verifier !== row.verifier)
          return reply
            .status(401)
            .type('text/plain; charset=utf-8')
            .send('Error processing your OAuth request: Invalid oauth_verifier parameter');
        const p = profileOf(row.profileId)!;
        const accessToken = `${p.userId}-${token(30)}`;
        const secret = token(33);
        access.set(accessToken, { profileId: p.id, secret, revoked: false });
        return reply.type('text/html; charset=utf-8').send(
          new URLSearchParams({
            oauth_token: accessToken,
            oauth_token_secret: secret,
            user_id: p.userId,
            screen_name: p.userName,
          }).toString(),
        );
      },
    );

    app.get(
      `${base}/2/users/me`,
      {
        schema: {
          tags,
          summary: 'The user behind the access token',
          querystring: z.object({ 'user.fields': z.string().optional() }),
        },
      },
      async (req, reply) => {
        if (await injected(req, reply, 'api')) return reply;
        const auth = authenticate(req, 'access');
        if (!auth.ok) return reply.status(401).send(UNAUTHORIZED);
        const asked = (req.query['user.fields'] ?? '').split(',').filter(Boolean);
        const unknown = asked.filter((f) => !(USER_FIELDS as readonly string[]).includes(f));
        if (unknown.length)
          return reply.status(400).send({
            errors: unknown.map((value) => ({
              parameters: { 'user.fields': [value] },
              message: `The \`user.fields\` query parameter value [${value}] is not one of [${USER_FIELDS.join(',')}]`,
            })),
            ...problem(
              400,
              'Invalid Request',
              'One or more parameters to your request was invalid.',
              'https://api.twitter.com/2/problems/invalid-request',
            ),
          });
        const p = profileOf(auth.accessToken!.profileId)!;
        const all: Record<string, unknown> = {
          created_at: '2022-11-01T09:00:00.000Z',
          description: `${p.displayName} (sandbox)`,
          location: '',
          profile_image_url: avatarUrl(p),
          protected: false,
          public_metrics: {
            followers_count: p.followers,
            following_count: p.following,
            tweet_count: p.tweets,
            listed_count: p.listed,
          },
          url: '',
          verified: false,
        };
        const data: Record<string, unknown> = { id: p.userId, name: p.displayName, username: p.userName };
        for (const f of asked) if (f in all) data[f] = all[f];
        rateHeaders(reply, USERS_ME_LIMIT, USERS_ME_LIMIT - 1);
        return { data };
      },
    );

    registerEmulatorTools(app, { base, tags, failures, profileOf, revoke: revokeProfile });
  };
