import path from 'node:path';
import { SANDBOX_PAYPAL, SANDBOX_STRIPE_SECRET_KEY, SANDBOX_STRIPE_WEBHOOK_SECRET } from '@virality/sandbox/facts';
import { z } from 'zod';

/** The networks' variable prefixes, by network key. */
export const NETWORK_ENV = ['INSTAGRAM', 'FACEBOOK', 'YOUTUBE', 'LINKEDIN', 'TIKTOK', 'TWITTER', 'THREADS'] as const;

const bool = z
  .enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no'])
  .transform((v) => ['true', '1', 'on', 'yes'].includes(v));

/** Every environment variable the server reads, parsed once (README lists them). */
export const zEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  /**
   * How many connections to PostgreSQL one process keeps for its own queries (its job queue has its own 10, and its
   * change feed one). PostgreSQL serves 100 by default: a server and two workers then hold 63.
   */
  DATABASE_POOL_MAX: z.coerce.number().int().min(2).max(200).default(10),
  WORKERS: z.enum(['on', 'off']).default('on'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  JWT_SECRET: z.string().min(32).optional(),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 7),
  TRUST_PROXY: z.string().optional(),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  SANDBOX: bool.optional(),
  // the networks' emulators in benchmark mode (sandbox only): generated demo profiles besides the built-in ones, and
  // a wait before each API answer (off, realistic: per network and call, or a number of ms)
  SANDBOX_BENCH_PROFILES: z.coerce.number().int().min(0).max(5000).default(0),
  SANDBOX_NETWORK_LATENCY: z
    .string()
    .regex(/^(off|realistic|\d+)$/, 'off, realistic or a number of milliseconds')
    .refine((v) => !/^\d+$/.test(v) || Number(v) <= 60_000, 'at most 60000 milliseconds')
    .default('off')
    .transform((v): 'off' | 'realistic' | number => (v === 'off' || v === 'realistic' ? v : Number(v))),
  // where the adapters find the networks' emulators (sandbox only): another process serving them (a benchmark runs
  // them beside the server so that the server's own CPU is measured alone); unset: this server's own /sandbox
  SANDBOX_EMULATORS_URL: z.string().url().optional(),
  // in that other process: the product whose return addresses its consent pages accept (unset: this server)
  SANDBOX_PRODUCT_URL: z.string().url().optional(),
  // the sandbox's clock starts no earlier than this moment (ISO 8601 with its offset): the journeys run once with the
  // product at an awkward moment (the end of a UTC day, a month or a year); sandbox only, and only ever forward
  SANDBOX_CLOCK_START: z.string().datetime({ offset: true }).optional(),
  STORAGE: z.enum(['local', 's3']).default('local'),
  // S3 (or an S3-compatible server) when STORAGE=s3; credentials unset: the SDK's own chain (environment, role)
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_URL: z.string().url().optional(),
  // publishing: how long one attempt may hold a target before another process takes it over, and how long a
  // post-now call waits for the networks' answers before it answers with what is still in progress
  PUBLISH_LEASE_SECONDS: z.coerce.number().int().min(5).default(10),
  /** How many targets one process publishes at once (the network calls are waits, not work). */
  PUBLISH_CONCURRENCY: z.coerce.number().int().min(1).max(2048).default(512),
  /**
   * How long before its due time a scheduled post is prepared on the networks (media uploaded, containers made),
   * so that at the due time only the final publish call remains; 0 turns preparing off. At most 12 hours: the
   * networks keep what was prepared for 24 hours.
   */
  PREPARE_AHEAD_MINUTES: z.coerce.number().int().min(0).max(720).default(30),
  /** How many preparations one process runs at once (mostly uploads: waits on the networks). */
  PREPARE_CONCURRENCY: z.coerce.number().int().min(1).max(512).default(64),
  POST_RESULT_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(15_000),
  // mail
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Virality <no-reply@virality.local>'),
  // sms (Twilio-compatible)
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  TWILIO_BASE_URL: z.string().url().default('https://api.twilio.com'),
  // Google sign-in
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_JWKS_URL: z.string().url().optional(),
  WEB_DIST_DIR: z.string().optional(),
  // social networks: a network whose client id and secret are set leaves the sandbox for the real service
  ...Object.fromEntries(
    NETWORK_ENV.flatMap((n) => [
      [`${n}_CLIENT_ID`, z.string().min(1).optional()],
      [`${n}_CLIENT_SECRET`, z.string().min(1).optional()],
    ]),
  ),
  /** Keys that seal the networks' tokens at rest: `id:base64key[,id:base64key…]`, the first one current. */
  TOKEN_KEYS: z.string().optional(),
  // Stripe: card payments (Checkout) and their signed webhooks; unset in the sandbox: its emulator
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  // PayPal: a brand's payment (Orders v2) and an influencer's withdrawal (Payouts); unset in the sandbox: its emulator
  PAYPAL_CLIENT_ID: z.string().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
  PAYPAL_WEBHOOK_ID: z.string().min(1).optional(),
  PAYPAL_BASE_URL: z.string().url().optional(),
  // metrics (GET /metrics): with a token, only a request that carries it; without one, only this machine. A worker
  // serves them on METRICS_PORT when it is set (it has no HTTP server otherwise).
  METRICS_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  // Web Push: who the push services may contact about this server's pushes (mailto: or https:)
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'a mailto: address or an https: URL')
    .optional(),
});

/**
 * Stripe's keys and where its API is: the sandbox's emulator (`/sandbox/stripe`, with its own keys) unless a real
 * secret key is set; outside the sandbox without both keys the payment calls answer 503.
 */
function stripeSettings(e: z.infer<typeof zEnv>, sandbox: boolean, publicUrl: string) {
  const emulated = sandbox && !e.STRIPE_SECRET_KEY;
  return {
    secretKey: e.STRIPE_SECRET_KEY ?? (emulated ? SANDBOX_STRIPE_SECRET_KEY : null),
    webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? (emulated ? SANDBOX_STRIPE_WEBHOOK_SECRET : null),
    apiBase: emulated ? `${publicUrl}/sandbox/stripe` : 'https://api.stripe.com',
    emulated,
  };
}
export type TStripeConfig = ReturnType<typeof stripeSettings>;

/** The sandbox PayPal emulator's own credentials and webhook id (used when no PayPal client id is set). */
export { SANDBOX_PAYPAL };

/**
 * PayPal's credentials and where its API is: the sandbox's emulator (`/sandbox/paypal`, with its own credentials)
 * unless a real client id is set; real PayPal at PAYPAL_BASE_URL (live by default, PayPal's sandbox when set to it).
 * Outside the sandbox without the id, secret and webhook id there is no PayPal gateway.
 */
function paypalSettings(e: z.infer<typeof zEnv>, sandbox: boolean, publicUrl: string) {
  const emulated = sandbox && !e.PAYPAL_CLIENT_ID;
  return {
    clientId: e.PAYPAL_CLIENT_ID ?? (emulated ? SANDBOX_PAYPAL.clientId : null),
    clientSecret: e.PAYPAL_CLIENT_SECRET ?? (emulated ? SANDBOX_PAYPAL.clientSecret : null),
    webhookId: e.PAYPAL_WEBHOOK_ID ?? (emulated ? SANDBOX_PAYPAL.webhookId : null),
    baseUrl: e.PAYPAL_BASE_URL ?? (emulated ? `${publicUrl}/sandbox/paypal` : 'https://api-m.paypal.com'),
    /** Where PayPal (and the emulator) sends the product's webhook events. */
    webhookUrl: `${publicUrl}/api/payments/paypal/webhook`,
    emulated,
  };
}
export type TPayPalConfig = ReturnType<typeof paypalSettings>;

/** A start the settings do not allow: its message says what to set, and no stack trace is needed. */
export class ConfigError extends Error {}

/** TRUST_PROXY: 'true', a hop count, or a comma-separated list of proxy addresses/CIDRs. */
function parseTrustProxy(v: string | undefined): boolean | number | string[] {
  if (!v || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * Outside production a start with no mail, SMS or Google settings runs the sandbox stand-ins. In
 * production the sandbox is never implied: a start that lacks any of them is refused, naming them,
 * unless SANDBOX is set by hand (on: the stand-ins, warned about; off: those features are refused).
 */
function impliedSandbox(e: z.infer<typeof zEnv>): boolean {
  if (e.NODE_ENV !== 'production') return !(e.SMTP_URL || e.TWILIO_ACCOUNT_SID || e.GOOGLE_CLIENT_ID);
  const missing: string[] = [];
  if (!e.SMTP_URL) missing.push('SMTP_URL (mail)');
  if (!e.TWILIO_ACCOUNT_SID || !e.TWILIO_AUTH_TOKEN || !e.TWILIO_FROM)
    missing.push('TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM (SMS)');
  if (!e.GOOGLE_CLIENT_ID) missing.push('GOOGLE_CLIENT_ID (Google sign-in)');
  if (missing.length === 0) return false;
  throw new ConfigError(
    `Refusing to start: NODE_ENV=production and these settings are missing: ${missing.join('; ')}. ` +
      'Set them; or set SANDBOX=off to run without those services (their calls are refused); ' +
      'or set SANDBOX=on to run the sandbox stand-ins, which let anyone read codes and sign in as anyone (never with real users).',
  );
}

/** Where STORAGE=s3 keeps files; a start without a bucket, or with half of a key pair, is refused. */
function s3Settings(e: z.infer<typeof zEnv>) {
  if (e.STORAGE !== 's3') return null;
  if (!e.S3_BUCKET) throw new ConfigError('STORAGE=s3 needs S3_BUCKET (the bucket that keeps uploaded media).');
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY))
    throw new ConfigError(
      'Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (the SDK then finds credentials itself).',
    );
  const endpoint = e.S3_ENDPOINT?.replace(/\/+$/, '');
  return {
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    /** The base URL of the bucket's objects: the networks and browsers fetch `<publicUrl>/<key>`. */
    publicUrl: (
      e.S3_PUBLIC_URL ??
      // an S3-compatible server is addressed path-style, so its objects are too
      (endpoint ? `${endpoint}/${e.S3_BUCKET}` : `https://${e.S3_BUCKET}.s3.${e.S3_REGION}.amazonaws.com`)
    ).replace(/\/+$/, ''),
  };
}
export type TS3Config = NonNullable<ReturnType<typeof s3Settings>>;
/** Where uploads are kept: local disk, or the bucket when STORAGE=s3 (`s3` is set then only). */
export type TStorageConfig = { kind: 'local' | 's3'; localDir: string; s3?: TS3Config };

function storageSettings(e: z.infer<typeof zEnv>, dataDir: string): TStorageConfig {
  const s3 = s3Settings(e);
  return { kind: e.STORAGE, localDir: path.join(dataDir, 'uploads'), ...(s3 ? { s3 } : {}) };
}

export type TConfig = ReturnType<typeof loadConfig>;

/**
 * Reads the environment once; everything else receives the result. A variable set to nothing (`SMTP_URL=` in an env
 * file) is read as not set, as a blank line of a settings file means.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = zEnv.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n');
    throw new ConfigError(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  // npm runs workspace scripts inside the workspace; a relative DATA_DIR means the folder npm was started from.
  const dataDir = path.resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR);
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  const sandbox = e.SANDBOX ?? impliedSandbox(e);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    workers: e.WORKERS === 'on',
    logLevel: e.LOG_LEVEL,
    jwtSecret: e.JWT_SECRET,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    /** Off unless set: a client must not choose its own address (rate limits) with X-Forwarded-For. */
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    rateLimit: { max: e.RATE_LIMIT_MAX, windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS },
    sandbox,
    /** The sandbox was switched on by hand in production: said loudly at start and on each sandbox request. */
    sandboxInProduction: sandbox && e.NODE_ENV === 'production',
    /** The sandbox clock is moved forward to this moment at start when it is behind it (ms since the epoch). */
    sandboxClockStart: sandbox && e.SANDBOX_CLOCK_START ? Date.parse(e.SANDBOX_CLOCK_START) : null,
    /** The emulators' benchmark mode: nothing outside the sandbox. */
    emulators: {
      benchProfiles: sandbox ? e.SANDBOX_BENCH_PROFILES : 0,
      latency: sandbox ? e.SANDBOX_NETWORK_LATENCY : ('off' as const),
      /** Where the networks' emulators answer: this server, or the process named by SANDBOX_EMULATORS_URL. */
      url: sandbox ? (e.SANDBOX_EMULATORS_URL?.replace(/\/+$/, '') ?? publicUrl) : publicUrl,
      /** The product the emulators serve (their consent pages send the browser back only there). */
      productUrl: sandbox ? (e.SANDBOX_PRODUCT_URL?.replace(/\/+$/, '') ?? publicUrl) : publicUrl,
    },
    storage: storageSettings(e, dataDir),
    publishing: {
      leaseSeconds: e.PUBLISH_LEASE_SECONDS,
      resultWaitMs: e.POST_RESULT_WAIT_MS,
      concurrency: e.PUBLISH_CONCURRENCY,
      prepareAheadMinutes: e.PREPARE_AHEAD_MINUTES,
      prepareConcurrency: e.PREPARE_CONCURRENCY,
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    sms: e.TWILIO_ACCOUNT_SID
      ? {
          accountSid: e.TWILIO_ACCOUNT_SID,
          authToken: e.TWILIO_AUTH_TOKEN ?? '',
          from: e.TWILIO_FROM ?? '',
          baseUrl: e.TWILIO_BASE_URL,
        }
      : null,
    google: {
      clientId: e.GOOGLE_CLIENT_ID ?? null,
      jwksUrl:
        e.GOOGLE_JWKS_URL ??
        (e.GOOGLE_CLIENT_ID ? 'https://www.googleapis.com/oauth2/v3/certs' : `${publicUrl}/sandbox/google/certs`),
    },
    webDistDir: e.WEB_DIST_DIR ?? path.resolve(import.meta.dirname, '../../web/dist'),
    /** Each network's own app credentials, when set (else its emulator in sandbox mode, or not offered). */
    networks: Object.fromEntries(
      NETWORK_ENV.map((n) => {
        const env = e as unknown as Record<string, string | undefined>;
        const id = env[`${n}_CLIENT_ID`];
        const secret = env[`${n}_CLIENT_SECRET`];
        return [n.toLowerCase(), id && secret ? { clientId: id, clientSecret: secret } : null];
      }),
    ) as Record<string, { clientId: string; clientSecret: string } | null>,
    tokenKeys: e.TOKEN_KEYS ?? null,
    stripe: stripeSettings(e, sandbox, publicUrl),
    paypal: paypalSettings(e, sandbox, publicUrl),
    /** Who may read GET /metrics (a token, else this machine only), and the worker's port for them. */
    metrics: { token: e.METRICS_TOKEN ?? null, port: e.METRICS_PORT ?? null },
    /** Web Push (VAPID): the contact the push services are given; the keys are made on first start and kept. */
    webPush: { subject: e.VAPID_SUBJECT ?? (publicUrl.startsWith('https://') ? publicUrl : 'mailto:support@virality.app') },
  };
}
