import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { xTextLength } from '@virality/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SANDBOX_X_CLIENT } from '../facts';
import { benchRemoteId, benchRoster, type TCallKind } from './bench';
import {
  answerFailure,
  answerLosses,
  consentPage,
  esc,
  registerEmulatorTools,
  revokeTokens,
  sameOrigin,
  startEmulator,
  type TDemoProfile,
  type TEmulatorOptions,
  type TFailureAnswers,
  type TFailureScope,
  zConsentChoice,
} from './kit';

export { SANDBOX_X_CLIENT };

/** The sandbox X app's consumer key and secret: the only consumer the emulator accepts. */
/** A request token not exchanged within this time of the product clock is refused. */
const REQUEST_TOKEN_TTL_MS = 15 * 60_000;
/**
 * How far an oauth_timestamp may be from now. Real time, not the product clock: the signing side (the adapter's
 * library) stamps with real time, so a moved product clock must not make every signature stale.
 */
const TIMESTAMP_WINDOW_SECONDS = 5 * 60;
/** X's rate-limit windows are 15 minutes. */
const RATE_WINDOW_SECONDS = 15 * 60;
/** GET /2/users/me: 75 calls per 15 minutes per user. */
const USERS_ME_LIMIT = 75;
/** POST /2/tweets: 100 posts per 15 minutes per user. */
const TWEETS_LIMIT = 100;
const MB = 1024 * 1024;
/** The largest multipart body the emulator reads: a 5 MB image or a 4 MB piece of a video, with room to spare. */
const MULTIPART_LIMIT = 16 * MB;
const IMAGE_MAX_BYTES = 5 * MB;
const GIF_MAX_BYTES = 15 * MB;
const VIDEO_MAX_BYTES = 512 * MB;
/** A media id lives a day before it is used. */
const MEDIA_TTL_SECONDS = 24 * 3600;
/** How a sandbox post's figures grow: views per minute since it was published, up to a cap. */
const VIEWS_PER_MINUTE = 40;
const VIEWS_CAP = 250_000;
/** X's count of a post's text, as X's own rule (an address 23, CJK and emoji 2, others 1). */
const TEXT_MAX = 280;
/** A user's timeline lists only their 3,200 most recent posts, whatever time is asked for. */
const TIMELINE_REACH = 3_200;
/** A timeline page: 10 posts unless asked, 5 to 100. */
const PAGE_DEFAULT = 10;
const PAGE_MIN = 5;
const PAGE_MAX = 100;
/** The earliest `start_time` X takes. */
const START_TIME_MIN_MS = Date.parse('2010-11-06T00:00:00Z');
/** X's times in a query: YYYY-MM-DDTHH:mm:ssZ (RFC 3339, in UTC; a fraction of a second is read and dropped). */
const RFC3339_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
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

/** Benchmark mode's generated users (`x-bench-0001`, …), their user ids 161 followed by 16 digits of their number. */
const X_BENCH_STEM = '161';
export const xBenchProfiles = (count: number | undefined) =>
  benchRoster<TDemoXProfile>('x', count, (n, p) => ({
    ...p,
    userId: benchRemoteId(X_BENCH_STEM, n, 16),
    followers: 100 + n,
    following: 50,
    tweets: 20,
    listed: 0,
  }));

/** How long each X call takes with benchmark latency: token calls, posts, and media carried in the call. */
function xCallKind(method: string, route: string): TCallKind {
  if (/\/oauth\/(request_token|access_token)$/.test(route)) return 'token';
  if (method === 'POST' && route.endsWith('/2/tweets')) return 'post';
  if (method === 'POST' && (route.endsWith('/2/media/upload') || route.endsWith('/append'))) return 'upload';
  return 'read';
}

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

/** An uploaded media file: whose, what, and where its processing stands. */
type TMedia = {
  id: string;
  profileId: string;
  category: string;
  mediaType: string;
  /**
   * The declared size (chunked uploads), and the pieces received so far by segment index: each one's size and first
   * bytes (what tells the file's kind), never the bytes themselves, so a big video is not held in memory.
   */
  totalBytes: number;
  pieces: Map<number, { length: number; head: Buffer }>;
  expiresAtMs: number;
  /** uploaded: a chunked upload not yet finalized; the rest are X's processing states. */
  state: 'uploaded' | 'pending' | 'in_progress' | 'succeeded' | 'failed';
  /** Set when processing must fail (processing_error asked for). */
  failWith: string | null;
  used: boolean;
};
/** A published post. */
type TTweet = { id: string; text: string; createdAtMs: number; mediaIds: string[] };

/** Whether bytes are an image X takes, by their first bytes (JPEG, PNG, GIF, WebP), and which. */
function imageKind(b: Buffer): string | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (b.length >= 6 && /^GIF8[79]a$/.test(b.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (b.length >= 12 && b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  return null;
}
/** An MP4 (or QuickTime) file has its `ftyp` box first: the type at offset 4. */
/** How many of a piece's first bytes the emulator keeps: enough to tell an image's or a video's kind. */
const HEAD_BYTES = 16;
const isMp4 = (b: Buffer) => b.length >= 8 && b.subarray(4, 8).toString('latin1') === 'ftyp';

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
const INVALID_REQUEST = 'https://api.twitter.com/2/problems/invalid-request';
/** A 400 for a request X will not take, with X's words in `errors[].message` and in `detail`. */
const invalid = (message: string) => ({
  errors: [{ message }],
  ...problem(400, 'Invalid Request', message, INVALID_REQUEST),
});
/** A 400 for a query parameter X will not take, naming it and its value. */
const invalidParam = (param: string, value: string, message: string) => ({
  errors: [{ parameters: { [param]: [value] }, message }],
  ...problem(400, 'Invalid Request', 'One or more parameters to your request was invalid.', INVALID_REQUEST),
});
/** A moment to the second, as X keeps a post's time. */
const secondOf = (ms: number) => Math.floor(ms / 1000) * 1000;
/** A resource a 200 answer says is not there (v2 answers partial errors with 200). */
const notFoundError = (resource: 'tweet' | 'user', id: string) => ({
  errors: [
    {
      value: id,
      detail: `Could not find ${resource} with id: [${id}].`,
      title: 'Not Found Error',
      resource_type: resource,
      parameter: 'id',
      resource_id: id,
      type: 'https://api.twitter.com/2/problems/resource-not-found',
    },
  ],
});
const DUPLICATE = problem(403, 'Forbidden', 'You are not allowed to create a Tweet with duplicate content.');
const TOO_LONG =
  'Your Tweet text is too long. For more information on how X determines text length see https://github.com/twitter/twitter-text.';
/** The fields of a post the emulator knows; X refuses any other name. */
const TWEET_FIELDS = [
  'attachments',
  'author_id',
  'conversation_id',
  'created_at',
  'edit_history_tweet_ids',
  'entities',
  'id',
  'lang',
  'public_metrics',
  'text',
] as const;

/** The X emulator's options: a test may shorten how far back a timeline reaches (3,200 posts on X). */
export type TXEmulatorOptions = TEmulatorOptions & { timelineReach?: number };

/**
 * The X emulator: OAuth 1.0a (request token, consent page at /oauth/authorize, access token for the verifier)
 * and the API v2 calls the product makes, with X's answer shapes (`{errors:[{code,message}]}` on the OAuth
 * endpoints, problem JSON on v2). Every call's signature is checked as X does (RFC 5849, HMAC-SHA1): a wrong
 * consumer or token secret, a timestamp more than 5 minutes off or a nonce used before is refused with code 32.
 * Request tokens expire on the product clock; access tokens do not expire. POST /sandbox/twitter/_control makes
 * the next calls fail, /_revoke ends a demo profile's access.
 * Publishing: media uploads (an image in one multipart call; a video or GIF initialized, appended in pieces and
 * finalized, then processed: in progress at its first STATUS, ready at the next, or failed when `processing_error`
 * was asked for), posts kept in memory per user, their public figures growing with the product clock, 100 posts
 * per 15 minutes per user. X takes bytes, never an address: `opts.fetch` is not needed here.
 * A user's timeline pages as X's does: 5 to 100 posts a page (`max_results`), `meta.next_token` for the next one
 * (`pagination_token`), `start_time` (inclusive, to the second), and only the user's 3,200 most recent posts
 * (`timelineReach`). Every call is a publish (the post, its media upload's steps) or a read (the rest), for the user
 * of its access token: `_control` may keep failures for either (`only`) and for one user id (`account`), and lose
 * the answers of the next publishes (`lose_answers`: the post is made, then the answer held like a timeout, then a
 * 504), of any user or of one.
 * Benchmark mode: `benchProfiles` generated users besides the demo ones, and `latency` before each API answer.
 */
export const xEmulatorRoutes =
  (opts: TXEmulatorOptions): FastifyPluginAsyncZod =>
  async (app) => {
    const base = '/sandbox/twitter';
    const tags = ['Sandbox: X'];
    const { failures, hang } = startEmulator(app, {
      base,
      network: 'x',
      setting: opts.latency,
      pages: [`${base}/oauth/authorize`],
      kindOf: xCallKind,
    });
    const bench = xBenchProfiles(opts.benchProfiles);
    const requestTokens = new Map<string, TRequestToken>();
    const access = new Map<string, TAccessToken>();
    /** Nonces seen, with when (real ms) they may be forgotten: a timestamp that old is refused anyway. */
    const nonces = new Map<string, number>();
    const profileOf = (id: string) => X_DEMO_PROFILES.find((p) => p.id === id) ?? bench.byId(id);
    const profileOfUser = (userId: string) =>
      X_DEMO_PROFILES.find((p) => p.userId === userId) ?? bench.byRemote(userId, X_BENCH_STEM, (p) => p.userId);
    const avatarUrl = (p: TDemoXProfile) => `${opts.publicUrl}${base}/avatar/${p.id}.svg`;
    const media = new Map<string, TMedia>();
    /** Posts per demo profile, newest last. */
    const tweets = new Map<string, TTweet[]>();
    // publishes whose answers are to be lost (they take effect; the caller hears nothing, as on a timeout)
    const losses = answerLosses();
    const reach = Math.max(1, opts.timelineReach ?? TIMELINE_REACH);
    /** When each profile posted (product clock, ms), for the 100-per-15-minutes limit. */
    const postedAt = new Map<string, number[]>();
    /** Snowflake-like ids, growing. */
    let lastId = 1_900_000_000_000_000_000n;
    const nextId = () => String(++lastId);
    const tweetsOf = (profileId: string) => {
      const list = tweets.get(profileId) ?? [];
      if (!tweets.has(profileId)) tweets.set(profileId, list);
      return list;
    };

    // multipart bodies (media uploads) are read here, whatever the app around registered for them
    if (app.hasContentTypeParser('multipart/form-data')) app.removeContentTypeParser('multipart/form-data');
    app.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'buffer', bodyLimit: MULTIPART_LIMIT },
      async (req: FastifyRequest, body: Buffer) =>
        new Response(new Uint8Array(body), { headers: { 'content-type': String(req.headers['content-type']) } }).formData(),
    );
    /** A multipart body's text fields, and its `media` file's bytes. */
    async function multipartOf(req: FastifyRequest) {
      const fd = req.body instanceof FormData ? req.body : null;
      const file = fd?.get('media');
      const field = (name: string) => {
        const v = fd?.get(name);
        return typeof v === 'string' ? v : undefined;
      };
      return {
        ok: fd !== null,
        field,
        bytes: file && typeof file !== 'string' ? Buffer.from(await file.arrayBuffer()) : null,
      };
    }

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
    const revokeProfile = (profileId: string): number => revokeTokens(access, (t) => t.profileId === profileId);

    const rateHeaders = (reply: FastifyReply, limit: number, remaining: number) =>
      reply
        .header('x-rate-limit-limit', String(limit))
        .header('x-rate-limit-remaining', String(remaining))
        .header('x-rate-limit-reset', String(Math.floor(opts.clock.nowMs() / 1000) + RATE_WINDOW_SECONDS));

    /** The X user a call is made for: the user of its access token (null for the OAuth calls, or a token unknown). */
    function accountOf(req: FastifyRequest): string | null {
      const t = parseOAuthHeader(req.headers.authorization)?.oauth_token;
      const row = t ? access.get(t) : undefined;
      return row ? (profileOf(row.profileId)?.userId ?? null) : null;
    }

    /**
     * A failure asked for by a test, taken for a call of `call`'s kind (the OAuth endpoints are neither a publish nor
     * a read, nor for an account) and answered in X's shape for its endpoints: 'answered' when it answered. A step
     * of a media upload (`media`) does not answer a processing failure: it is 'processing_error', for the step to
     * make the media's processing end in it.
     */
    async function injected(
      req: FastifyRequest,
      reply: FastifyReply,
      call: 'oauth' | TFailureScope,
      media = false,
    ): Promise<'answered' | 'processing_error' | null> {
      const failure = call === 'oauth' ? failures.next() : failures.next(call, accountOf(req));
      if (media && failure === 'processing_error') return 'processing_error';
      const timeout = () => reply.status(504).send(problem(504, 'Gateway Timeout', 'Gateway Timeout'));
      const api: TFailureAnswers = {
        timeout,
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
      const oauth: TFailureAnswers = {
        timeout,
        expired_token: () => reply.status(401).send(BAD_TOKEN),
        revoked: () => reply.status(401).send(BAD_TOKEN),
        rate_limit: () => rateHeaders(reply, 15, 0).status(429).send(xErrors(88, 'Rate limit exceeded')),
        server_error: () => reply.status(503).send(xErrors(130, 'Over capacity')),
        missing_permission: () => reply.status(403).send(xErrors(220, 'Your credentials do not allow access to this resource.')),
        processing_error: () => reply.status(400).send(xErrors(215, 'Bad Authentication data.')),
      };
      return (await answerFailure(failure, hang, () => (call === 'oauth' ? oauth : api))) ? 'answered' : null;
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
      if (!callback || !sameOrigin(callback, opts.productUrl ?? opts.publicUrl))
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
            profiles: [...X_DEMO_PROFILES, ...bench.all()],
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
            ...zConsentChoice,
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
        if (await injected(req, reply, 'read')) return reply;
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
            tweet_count: p.tweets + tweetsOf(p.id).length,
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

    /** A media id of this user's that has not expired, or null. */
    function ownMedia(id: string, profileId: string): TMedia | null {
      const m = media.get(id);
      if (!m || m.profileId !== profileId || m.expiresAtMs <= opts.clock.nowMs()) return null;
      return m;
    }
    const UNSUPPORTED = 'Invalid or Unsupported media, Reason: UnsupportedMedia.';
    const processingInfo = (m: TMedia) =>
      m.state === 'failed'
        ? { state: 'failed', progress_percent: 0, error: { code: 1, name: 'InvalidMedia', message: m.failWith ?? UNSUPPORTED } }
        : m.state === 'succeeded'
          ? { state: 'succeeded', progress_percent: 100 }
          : { state: m.state, check_after_secs: 1, progress_percent: m.state === 'pending' ? 0 : 50 };
    const mediaKey = (m: TMedia) => `${m.category === 'tweet_image' ? 3 : m.category === 'tweet_gif' ? 16 : 7}_${m.id}`;
    const mediaAnswer = (m: TMedia, size: number, withProcessing: boolean) => ({
      data: {
        id: m.id,
        media_key: mediaKey(m),
        size,
        expires_after_secs: Math.max(0, Math.floor((m.expiresAtMs - opts.clock.nowMs()) / 1000)),
        ...(withProcessing ? { processing_info: processingInfo(m) } : {}),
      },
    });
    const newMedia = (profileId: string, category: string, mediaType: string, totalBytes: number): TMedia => {
      const m: TMedia = {
        id: nextId(),
        profileId,
        category,
        mediaType,
        totalBytes,
        pieces: new Map(),
        expiresAtMs: opts.clock.nowMs() + MEDIA_TTL_SECONDS * 1000,
        state: 'uploaded',
        failWith: null,
        used: false,
      };
      media.set(m.id, m);
      return m;
    };

    app.post(
      `${base}/2/media/upload`,
      { schema: { tags, summary: 'Upload an image (multipart `media`, `media_category`, `media_type`)' } },
      async (req, reply) => {
        // an image is ready at once: a processing failure asked for refuses the upload itself (400)
        if (await injected(req, reply, 'publish')) return reply;
        const auth = authenticate(req, 'access');
        if (!auth.ok) return reply.status(401).send(UNAUTHORIZED);
        const body = await multipartOf(req);
        if (!body.ok) return reply.status(400).send(invalid('The media upload is a multipart/form-data body'));
        if (!body.bytes) return reply.status(400).send(invalid('The `media` field is required'));
        const category = body.field('media_category') ?? 'tweet_image';
        if (category !== 'tweet_image')
          return reply
            .status(400)
            .send(invalid(`media_category ${category} is uploaded in pieces (initialize, append, finalize), not at once`));
        if (body.bytes.length > IMAGE_MAX_BYTES)
          return reply.status(400).send(invalid(`File size exceeds ${IMAGE_MAX_BYTES} bytes.`));
        const kind = imageKind(body.bytes);
        if (!kind) return reply.status(400).send(invalid('media type unrecognized.'));
        const m = newMedia(auth.accessToken!.profileId, category, kind, body.bytes.length);
        m.state = 'succeeded';
        return mediaAnswer(m, body.bytes.length, false);
      },
    );

    app.get(
      `${base}/2/media/upload`,
      {
        schema: {
          tags,
          summary: "A media file's processing (command=STATUS)",
          querystring: z.object({ command: z.string().optional(), media_id: z.string().optional() }),
        },
      },
      async (req, reply) => {
        const failure = await injected(req, reply, 'publish', true);
        if (failure === 'answered') return reply;
        const auth = authenticate(req, 'access');
        if (!auth.ok) return reply.status(401).send(UNAUTHORIZED);
        if (req.query.command !== 'STATUS') return reply.status(400).send(invalid('command must be STATUS'));
        const m = ownMedia(req.query.media_id ?? '', auth.accessToken!.profileId);
        if (!m || m.state === 'uploaded') return reply.status(400).send(invalid('Invalid media_id'));
        if (m.state === 'pending' || m.state === 'in_progress') {
          if (failure === 'processing_error') m.failWith = m.failWith ?? UNSUPPORTED;
          // in progress at the first look, ready at the next (or failed, when that was asked for)
          m.state = m.failWith ? 'failed' : m.state === 'pending' ? 'in_progress' : 'succeeded';
        }
        return mediaAnswer(m, m.totalBytes, m.category !== 'tweet_image');
      },
    );

    app.post(
      `${base}/2/media/upload/initialize`,
      { schema: { tags, summary: 'Start a video or GIF upload in pieces' } },
      async (req, reply) => {
        const failure = await injected(req, reply, 'publish', true);
        if (failure === 'answered') return reply;
        const auth = authenticate(req, 'access');
        if (!auth.ok) return reply.status(401).send(UNAUTHORIZED);
        const b = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
        const category = typeof b.media_category === 'string' ? b.media_category : '';
        const type = typeof b.media_type === 'string' ? b.media_type : '';
        const total = b.total_bytes;
        const allowed: Record<string, { types: string[]; max: number }> = {
          tweet_video: { types: ['video/mp4', 'video/quicktime'], max: VIDEO_MAX_BYTES },
          tweet_gif: { types: ['image/gif'], max: GIF_MAX_BYTES },
          tweet_image: { types: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'], max: IMAGE_MAX_BYTES },
        };
        const rule = allowed[category];
        if (!rule) return reply.status(400).send(invalid(`media_category must be one of [${Object.keys(allowed).join(', ')}]`));
        if (!rule.types.includes(type))
          return reply.status(400).send(invalid(`media_type ${type || '(none)'} is not supported.`));
        if (typeof total !== 'number' || !Number.isInteger(total) || total <= 0)
          return reply.status(400).send(invalid('total_bytes must be a positive whole number'));
        if (total > rule.max) return reply.status(400).send(invalid(`File size exceeds ${rule.max} bytes.`));
        const m = newMedia(auth.accessToken!.profileId, category, type, total);
        // a processing failure asked for: the media's processing will end in it
        if (failure === 'processing_error') m.failWith = UNSUPPORTED;
        return mediaAnswer(m, total, false);
      },
    );

    app.post(
      `${base}/2/media/upload/:id/append`,
      {
        schema: {
          tags,
          summary: 'A piece of a video or GIF (multipart `media`, `segment_index`)',
          params: z.object({ id: z.string() }),
        },
      },
      async (req, reply) => {
        const failure = await injected(req, reply, 'publish', true);
        if (failure === 'answered') return reply;
        const auth = authenticate(req, 'access');
        if (!auth.ok) return reply.status(401).send(UNAUTHORIZED);
        const m = ownMedia(req.params.id, auth.accessToken!.profileId);
        if (m?.state !== 'uploaded') return reply.status(400).send(invalid('Invalid media_id'));
        if (failure === 'processing_error') m.failWith = UNSUPPORTED;
        const body = await multipartOf(req);
        if (!body.bytes) return reply.status(400).send(invalid('The `media` field is required'));
        const index = Number(body.field('segment_index'));
        if (!Number.isInteger(index) || index < 0 || index > 999)
          return reply.status(400).send(invalid('segment_index must be a whole number from 0 to 999'));
        m.pieces.set(index, { length: body.bytes.length, head: Buffer.from(body.bytes.subarray(0, HEAD_BYTES)) });
        const received = [...m.pieces.values()].reduce((n, b) => n + b.length, 0);
        if (received > m.totalBytes) return reply.status(400).send(invalid('Segments exceed the provided total file size.'));
        return { data: { expires_at: Math.floor(m.expiresAtMs / 1000) } };
      },
    );

    app.post(
      `${base}/2/media/upload/:id/finalize`,
      { schema: { tags, summary: 'Finish a video or GIF upload: X processes it', params: z.object({ id: z.string() }) } },
      async (req, reply) => {
        const failure = await injected(req, reply, 'publish', true);
        if (failure === 'answered') return reply;
        const auth = authenticate(req, 'access');
        if (!auth.ok) return reply.status(401).send(UNAUTHORIZED);
        const m = ownMedia(req.params.id, auth.accessToken!.profileId);
        if (m?.state !== 'uploaded') return reply.status(400).send(invalid('Invalid media_id'));
        const order = [...m.pieces.keys()].sort((a, b) => a - b);
        // the file's first bytes (its first piece's), and its size
        const head = m.pieces.get(0)?.head ?? Buffer.alloc(0);
        const size = [...m.pieces.values()].reduce((n, p) => n + p.length, 0);
        if (size !== m.totalBytes || order.some((i, n) => i !== n))
          return reply.status(400).send(invalid('Segments do not add up to provided total file size.'));
        m.pieces.clear();
        if (m.category === 'tweet_image') {
          if (!imageKind(head)) return reply.status(400).send(invalid('media type unrecognized.'));
          m.state = 'succeeded';
          return mediaAnswer(m, size, false);
        }
        const fits = m.category === 'tweet_gif' ? imageKind(head) === 'image/gif' : isMp4(head);
        if (!fits) m.failWith = UNSUPPORTED;
        if (failure === 'processing_error') m.failWith = UNSUPPORTED;
        m.state = 'pending';
        return mediaAnswer(m, size, true);
      },
    );

    /** Public figures of a post, growing with the product clock's minutes since it was published. */
    function publicMetrics(t: TTweet) {
      const minutes = Math.max(0, (opts.clock.nowMs() - t.createdAtMs) / 60_000);
      const views = Math.min(VIEWS_CAP, Math.floor(VIEWS_PER_MINUTE * minutes));
      return {
        retweet_count: Math.floor(views / 40),
        reply_count: Math.floor(views / 50),
        like_count: Math.floor(views / 10),
        quote_count: Math.floor(views / 200),
        bookmark_count: Math.floor(views / 100),
        impression_count: views,
      };
    }
    /** The fields asked for that a post does not have: X refuses the call. */
    const unknownFields = (asked: string[], known: readonly string[], param: string) => {
      const unknown = asked.filter((f) => !known.includes(f));
      return unknown.length
        ? {
            errors: unknown.map((value) => ({
              parameters: { [param]: [value] },
              message: `The \`${param}\` query parameter value [${value}] is not one of [${known.join(',')}]`,
            })),
            ...problem(400, 'Invalid Request', 'One or more parameters to your request was invalid.', INVALID_REQUEST),
          }
        : null;
    };
    const tweetData = (t: TTweet, profileId: string, fields: string[]) => {
      const all: Record<string, unknown> = {
        attachments: t.mediaIds.length
          ? { media_keys: t.mediaIds.map((id) => (media.has(id) ? mediaKey(media.get(id)!) : id)) }
          : undefined,
        author_id: profileOf(profileId)?.userId,
        conversation_id: t.id,
        // X writes a post's time to the second
        created_at: new Date(secondOf(t.createdAtMs)).toISOString(),
        lang: 'en',
        public_metrics: publicMetrics(t),
      };
      const data: Record<string, unknown> = { id: t.id, text: t.text, edit_history_tweet_ids: [t.id] };
      for (const f of fields) if (all[f] !== undefined) data[f] = all[f];
      return data;
    };

    app.post(
      `${base}/2/tweets`,
      { schema: { tags, summary: 'Publish a post (JSON: text, media.media_ids)' } },
      async (req, reply) => {
        if (await injected(req, reply, 'publish')) return reply;
        const auth = authenticate(req, 'access');
        if (!auth.ok) return reply.status(401).send(UNAUTHORIZED);
        const profileId = auth.accessToken!.profileId;
        const nowMs = opts.clock.nowMs();
        const recent = (postedAt.get(profileId) ?? []).filter((t) => t > nowMs - RATE_WINDOW_SECONDS * 1000);
        postedAt.set(profileId, recent);
        if (recent.length >= TWEETS_LIMIT)
          return reply
            .header('x-rate-limit-limit', String(TWEETS_LIMIT))
            .header('x-rate-limit-remaining', '0')
            .header('x-rate-limit-reset', String(Math.ceil((recent[0] + RATE_WINDOW_SECONDS * 1000) / 1000)))
            .status(429)
            .send(problem(429, 'Too Many Requests', 'Too Many Requests'));
        const b = (req.body && typeof req.body === 'object' ? req.body : {}) as {
          text?: unknown;
          media?: { media_ids?: unknown };
        };
        if (b.text !== undefined && typeof b.text !== 'string') return reply.status(400).send(invalid('text must be a string'));
        const text = (b.text as string | undefined) ?? '';
        const ids = b.media?.media_ids;
        if (
          b.media !== undefined &&
          (!Array.isArray(ids) || ids.length < 1 || ids.length > 4 || ids.some((i) => typeof i !== 'string'))
        )
          return reply.status(400).send(invalid('media.media_ids must hold 1 to 4 media ids'));
        const mediaIds = (ids ?? []) as string[];
        if (!text && mediaIds.length === 0) return reply.status(400).send(invalid('A post needs text or media'));
        if (xTextLength(text) > TEXT_MAX) return reply.status(400).send(invalid(TOO_LONG));
        const items = mediaIds.map((id) => ownMedia(id, profileId));
        const ready = items.every((m) => m?.state === 'succeeded');
        const moving = items.filter((m) => m && m.category !== 'tweet_image').length;
        // media ids unknown, expired (a day after their upload) or not processed: X names the parameter it refuses
        const refused =
          mediaIds.find((_, i) => items[i]?.state !== 'succeeded') ?? (moving > 0 && items.length > 1 ? mediaIds[0] : null);
        if (!ready || (moving > 0 && items.length > 1))
          return reply.status(400).send(invalidParam('media.media_ids', refused ?? '', 'Your media IDs are invalid.'));
        const list = tweetsOf(profileId);
        if (text && list.some((t) => t.text === text)) return reply.status(403).send(DUPLICATE);
        const tweet: TTweet = { id: nextId(), text, createdAtMs: nowMs, mediaIds };
        list.push(tweet);
        recent.push(nowMs);
        for (const m of items) if (m) m.used = true;
        rateHeaders(reply, TWEETS_LIMIT, TWEETS_LIMIT - recent.length);
        // an answer to be lost: the post is out, the caller hears nothing in time, then a 504
        if (losses.take(profileOf(profileId)?.userId ?? null)) {
          await hang();
          return reply.status(504).send(problem(504, 'Gateway Timeout', 'Gateway Timeout'));
        }
        return reply.status(201).send({ data: { id: tweet.id, text: tweet.text, edit_history_tweet_ids: [tweet.id] } });
      },
    );

    /** A timeline page's token: where the next page starts (after the post it names), opaque to the caller. */
    const pageToken = (afterId: string) => Buffer.from(`after:${afterId}`).toString('base64url');
    const tokenAfter = (token: string): bigint | null => {
      const m = /^after:(\d{1,30})$/.exec(Buffer.from(token, 'base64url').toString('latin1'));
      return m ? BigInt(m[1]) : null;
    };

    app.get(
      `${base}/2/users/:id/tweets`,
      {
        schema: {
          tags,
          summary: "A user's posts, newest first, a page at a time (their 3,200 most recent at most)",
          params: z.object({ id: z.string() }),
          querystring: z.object({
            max_results: z.string().optional(),
            'tweet.fields': z.string().optional(),
            pagination_token: z.string().optional(),
            start_time: z.string().optional(),
          }),
        },
      },
      async (req, reply) => {
        if (await injected(req, reply, 'read')) return reply;
        const auth = authenticate(req, 'access');
        if (!auth.ok) return reply.status(401).send(UNAUTHORIZED);
        const q = req.query;
        const max = q.max_results === undefined ? PAGE_DEFAULT : Number(q.max_results);
        if (!Number.isInteger(max) || max < PAGE_MIN || max > PAGE_MAX)
          return reply
            .status(400)
            .send(
              invalidParam(
                'max_results',
                String(q.max_results),
                `The \`max_results\` query parameter value [${q.max_results}] is not between ${PAGE_MIN} and ${PAGE_MAX}`,
              ),
            );
        const startMs =
          q.start_time === undefined ? null : RFC3339_UTC.test(q.start_time) ? Date.parse(q.start_time) : Number.NaN;
        if (startMs !== null && Number.isNaN(startMs))
          return reply
            .status(400)
            .send(
              invalidParam(
                'start_time',
                String(q.start_time),
                `Invalid 'start_time':'${q.start_time}'. 'start_time' must be a valid RFC 3339 timestamp (YYYY-MM-DDTHH:mm:ssZ).`,
              ),
            );
        if (startMs !== null && startMs < START_TIME_MIN_MS)
          return reply
            .status(400)
            .send(
              invalidParam(
                'start_time',
                String(q.start_time),
                `Invalid 'start_time':'${q.start_time}'. 'start_time' must be on or after 2010-11-06T00:00:00Z`,
              ),
            );
        const after = q.pagination_token === undefined ? null : tokenAfter(q.pagination_token);
        if (q.pagination_token !== undefined && after === null)
          return reply
            .status(400)
            .send(
              invalidParam(
                'pagination_token',
                q.pagination_token,
                `The \`pagination_token\` query parameter value [${q.pagination_token}] is not valid`,
              ),
            );
        const fields = (q['tweet.fields'] ?? '').split(',').filter(Boolean);
        const bad = unknownFields(fields, TWEET_FIELDS, 'tweet.fields');
        if (bad) return reply.status(400).send(bad);
        const owner = profileOfUser(req.params.id);
        if (!owner) return notFoundError('user', req.params.id);
        // X lists only the user's most recent posts (3,200), then keeps those since start_time (to the second)
        const listed = [...tweetsOf(owner.id)]
          .reverse()
          .slice(0, reach)
          .filter((t) => startMs === null || secondOf(t.createdAtMs) >= secondOf(startMs))
          .filter((t) => after === null || BigInt(t.id) < after);
        const page = listed.slice(0, max);
        rateHeaders(reply, 900, 899);
        if (!page.length) return { meta: { result_count: 0 } };
        const last = page[page.length - 1];
        return {
          data: page.map((t) => tweetData(t, owner.id, fields)),
          meta: {
            result_count: page.length,
            newest_id: page[0].id,
            oldest_id: last.id,
            ...(listed.length > page.length ? { next_token: pageToken(last.id) } : {}),
          },
        };
      },
    );

    app.get(
      `${base}/2/tweets/:id`,
      {
        schema: {
          tags,
          summary: 'A post, with its public figures',
          params: z.object({ id: z.string() }),
          querystring: z.object({ 'tweet.fields': z.string().optional() }),
        },
      },
      async (req, reply) => {
        if (await injected(req, reply, 'read')) return reply;
        const auth = authenticate(req, 'access');
        if (!auth.ok) return reply.status(401).send(UNAUTHORIZED);
        const fields = (req.query['tweet.fields'] ?? '').split(',').filter(Boolean);
        const bad = unknownFields(fields, TWEET_FIELDS, 'tweet.fields');
        if (bad) return reply.status(400).send(bad);
        for (const [profileId, list] of tweets) {
          const t = list.find((x) => x.id === req.params.id);
          if (t) {
            rateHeaders(reply, 900, 899);
            return { data: tweetData(t, profileId, fields) };
          }
        }
        return notFoundError('tweet', req.params.id);
      },
    );

    // what was published, for tests and benchmarks that count posts across processes (not an X call)
    app.get(
      `${base}/_published`,
      { schema: { tags, summary: 'Posts published on the emulator (of one user id, or all)' } },
      async (req) => {
        const user = (req.query as { user?: string }).user;
        return [...tweets.entries()]
          .map(([profileId, list]) => ({ userId: profileOf(profileId)?.userId ?? profileId, list }))
          .filter(({ userId }) => !user || userId === user)
          .flatMap(({ userId, list }) =>
            list.map((t) => ({ id: t.id, user: userId, text: t.text, createdAt: new Date(t.createdAtMs).toISOString() })),
          );
      },
    );

    registerEmulatorTools(app, {
      base,
      tags,
      failures,
      profileOf,
      revoke: revokeProfile,
      losses,
      scoped: true,
      perAccount: true,
    });
  };
