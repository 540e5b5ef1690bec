import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import { addUtcMonths, phoneKey, type TAuthResult, type TProfileType } from '@virality/domain';
import { buildApp, type TBuiltApp } from '../app';
import { Clock } from '../clock';
import { loadConfig } from '../config';
import { createContainer, type TContainerDeps } from '../container';
import { openDatabase, type TDatabase } from '../db/client';
import type { TMessage, TMessenger } from '../integrations/messenger';
import { createUsersRepository, type TNewUser } from '../modules/users/repository';
import { cloneDatabase, PG_TEST_BOSS_SCHEMA, PG_TEST_SCHEMA, pgTemplate } from './pg-template';
import { migratedTemplate } from './pglite-template';

/** A messenger that keeps what was sent, so tests can read OTPs like a person reads the outbox. */
export function memoryMessenger() {
  const sent: TMessage[] = [];
  const messenger: TMessenger & { sent: TMessage[]; lastOtp(to: string): string } = {
    sent,
    canSend: () => true,
    async send(m) {
      sent.push(m);
    },
    lastOtp(to: string) {
      const m = [...sent].reverse().find((x) => x.to === to);
      const code = m?.body.match(/\b\d{4}\b/)?.[0];
      if (!code) throw new Error(`no OTP sent to ${to}`);
      return code;
    },
  };
  return messenger;
}

export type TTestApp = TBuiltApp & {
  database: TDatabase;
  messenger: ReturnType<typeof memoryMessenger>;
  /** Runs the jobs due by the test's clock now (of one queue, or all), through the registered handlers. */
  runDueJobs: TBuiltApp['container']['runDueJobs'];
  close(): Promise<void>;
};

/**
 * The clock of a test app: the machine's time, or, with TEST_CLOCK_AT set (an ISO 8601 moment), that moment when the
 * app is built, moving on from there. Running the suites at awkward moments (the last minutes of a UTC day, month or
 * year, a daylight-saving change, the 1st to the 9th of a month) finds tests whose result depends on when they run.
 */
function testClock(): Clock {
  const clock = new Clock();
  const at = process.env.TEST_CLOCK_AT;
  if (at) {
    const ms = Date.parse(at);
    if (Number.isNaN(ms)) throw new Error(`TEST_CLOCK_AT is not a date and time: ${at}`);
    clock.setOffset(ms - Date.now());
  }
  return clock;
}

/** Now on a test app's clock (TEST_CLOCK_AT's moment when set): a test's dates are picked from it, not the machine's. */
export function testNow(): Date {
  return testClock().now();
}

/**
 * Builds the app on its own database: a fresh in-memory PGlite, or (TEST_DB=postgres) a database of its own on
 * TEST_DATABASE_URL's server, copied from a migrated template (pg-template.ts) and dropped when the app closes, so
 * test files run in parallel and never see each other's rows. Its job queue is its own too (pg-boss in that
 * database); no job runs by itself: `runDueJobs()` runs the due ones.
 * `realMessenger` sends through the product's messenger (outbox, providers) instead of the memory one.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  opts: { realMessenger?: boolean; logger?: TContainerDeps['logger']; modules?: TContainerDeps['modules'] } = {},
): Promise<TTestApp> {
  if (process.env.TEST_DB !== 'postgres') {
    return buildOn(await openDatabase({ dataDir: null, template: await migratedTemplate() }), env, opts, async () => undefined);
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const template = await pgTemplate(base, async (url) => {
    const made = await buildOn(await openPg(url), {}, {}, async () => undefined);
    await made.close();
  });
  const copy = await cloneDatabase(base, template);
  return buildOn(await openPg(copy.url), env, opts, copy.drop);
}

const openPg = (databaseUrl: string) => openDatabase({ databaseUrl, schemaName: PG_TEST_SCHEMA, poolMax: 4 });

/** The app on `database` (migrated here when it is not yet); `drop` removes what only this app used, after it closed. */
async function buildOn(
  database: TDatabase,
  env: Record<string, string>,
  opts: { realMessenger?: boolean; logger?: TContainerDeps['logger']; modules?: TContainerDeps['modules'] },
  drop: () => Promise<void>,
): Promise<TTestApp> {
  const dataDir = path.join(os.tmpdir(), `virality-test-${randomBytes(6).toString('hex')}`);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SANDBOX: 'true',
    RATE_LIMIT_MAX: '1000',
    // nothing runs jobs by itself in a test: a post-now call answers at once, with its targets in progress
    POST_RESULT_WAIT_MS: '0',
    ...env,
  });
  try {
    await database.migrate();
    const messenger = memoryMessenger();
    const viaApp = inProcessFetch(config.publicUrl);
    const container = await createContainer({
      fetch: viaApp.fetch,
      config,
      database,
      clock: testClock(),
      messenger: opts.realMessenger ? undefined : messenger,
      logger: opts.logger ?? false,
      bossSchema: database.pool ? PG_TEST_BOSS_SCHEMA : undefined,
      bossPoolMax: 2,
      modules: opts.modules,
    });
    const built = await buildApp({ container }).catch(async (err) => {
      await container.close();
      throw err;
    });
    await built.app.ready();
    viaApp.bind(built.app);
    return {
      ...built,
      database,
      messenger,
      runDueJobs: container.runDueJobs,
      async close() {
        await built.app.close();
        await container.close();
        await database.close();
        await drop();
      },
    };
  } catch (err) {
    await database.close().catch(() => undefined);
    await drop().catch(() => undefined);
    throw err;
  }
}

/**
 * The server's calls to its own address (the sandbox's network emulators) go to the app in-process, as
 * `inject`, so tests need no open port; a call anywhere else fails (tests never reach the internet).
 * The caller's abort signal is honoured, as the network's timeout would be.
 */
export function inProcessFetch(publicUrl: string) {
  let app: TBuiltApp['app'] | null = null;
  const origin = new URL(publicUrl).origin;
  const fetchFn: typeof fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input.toString() : input.url);
    if (url.origin !== origin || !app) throw new TypeError(`fetch failed: tests do not call ${url.origin}`);
    const signal = init?.signal;
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const answer = app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: url.pathname + url.search,
      headers,
      // bytes stay bytes (a Uint8Array would otherwise be sent as JSON)
      payload: (init?.body instanceof Uint8Array && !Buffer.isBuffer(init.body) ? Buffer.from(init.body) : init?.body) as
        | string
        | undefined,
    });
    // the listener goes once the answer is in: a deadline's signal outlives the call, and would keep it (its body) alive
    let onAbort: (() => void) | null = null;
    const res = await (signal
      ? Promise.race([
          answer,
          new Promise<never>((_, reject) => {
            if (signal.aborted) reject(signal.reason);
            onAbort = () => reject(signal.reason);
            signal.addEventListener('abort', onAbort, { once: true });
          }),
        ]).finally(() => {
          if (onAbort) signal.removeEventListener('abort', onAbort);
        })
      : answer);
    const out = new Headers();
    for (const [k, v] of Object.entries(res.headers))
      if (v !== undefined) out.set(k, Array.isArray(v) ? v.join(', ') : String(v));
    const nullBody = res.statusCode === 204 || res.statusCode === 304 || (res.statusCode >= 300 && res.statusCode < 400);
    return new Response(nullBody ? null : res.rawPayload, { status: res.statusCode, headers: out });
  };
  return {
    fetch: fetchFn,
    bind(a: TBuiltApp['app']) {
      app = a;
    },
  };
}

/**
 * Another process on the same PostgreSQL database as `t` (its own connections, change feed, caches and job
 * queue client): what a second server or the worker sees of the same rows. PostgreSQL only.
 */
export async function buildPeerApp(t: TTestApp): Promise<TBuiltApp & { close(): Promise<void> }> {
  const databaseUrl = t.database.pool?.options.connectionString;
  if (t.database.kind !== 'postgres' || !databaseUrl) throw new Error('a peer process needs PostgreSQL');
  const database = await openDatabase({ databaseUrl, schemaName: t.database.schemaName, poolMax: 4 });
  const container = await createContainer({
    config: t.container.config,
    database,
    clock: t.clock,
    messenger: t.messenger,
    logger: false,
    bossSchema: PG_TEST_BOSS_SCHEMA,
    bossPoolMax: 2,
  });
  const built = await buildApp({ container });
  await built.app.ready();
  return {
    ...built,
    async close() {
      await built.app.close();
      await container.close();
      await database.close();
    },
  };
}

let seq = 0;
export const uniqueEmail = () => `user${Date.now().toString(36)}${++seq}@example.com`;
export const uniquePhone = () => {
  const digits = `98${String(Date.now()).slice(-6)}${String(++seq).padStart(2, '0')}`;
  return { phoneCode: '91', mobileNumber: digits, key: phoneKey('91', digits) };
};
export const PASSWORD = 'Passw0rd!';

type TBuildUser = {
  profileType?: TProfileType;
  email?: string;
  password?: string;
  profileCompleted?: boolean;
  name?: string;
  userName?: string;
};

/** The argon2 hash of a password, made once per test process (hashing is deliberately slow). */
const hashes = new Map<string, Promise<string>>();
const hashOnce = (password: string) => {
  if (!hashes.has(password)) hashes.set(password, hash(password));
  return hashes.get(password)!;
};

/** Factory: a verified account (and its organization) in one line; returns the row and a logged-in session. */
export async function buildUser(t: TTestApp, opts: TBuildUser = {}) {
  const email = (opts.email ?? uniqueEmail()).toLowerCase();
  const row = await t.services.users.createAccount({
    email,
    emailVerified: true,
    passwordHash: await hashOnce(opts.password ?? PASSWORD),
    profileType: opts.profileType ?? 'INFLUENCER',
    authType: 'LOCAL',
    profileCompleted: opts.profileCompleted ?? false,
    name: opts.name ?? null,
    userName: opts.userName ?? null,
    userNameLower: opts.userName?.toLowerCase() ?? null,
  });
  const session: TAuthResult = await t.services.auth.issueSession(row);
  return { user: row, email, token: session.accessToken, session };
}

/** inject() with a token and a JSON body, returning status and parsed JSON. */
export async function call(
  t: TTestApp,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  opts: { token?: string; body?: unknown } = {},
) {
  const res = await t.app.inject({
    method,
    url,
    headers: opts.token ? { 'x-access-token': opts.token } : {},
    payload: opts.body as never,
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary envelopes
  let json: any = null;
  try {
    json = res.json();
  } catch {
    json = null;
  }
  return { status: res.statusCode, json, headers: res.headers };
}

/** Sets fields of an account directly (test set-up only: the product writes accounts through the users service's named calls). */
export const setUserFields = (t: TTestApp, id: string, patch: Partial<TNewUser>) =>
  createUsersRepository(t.container.db, t.container.changes).update(id, { ...patch, updatedAt: t.clock.now() });

/** Gives an account a fresh verified mobile (and any other fields), as the profile step leaves it; returns the phone. */
export async function giveVerifiedPhone(t: TTestApp, id: string, more: Partial<TNewUser> = {}) {
  const p = uniquePhone();
  await setUserFields(t, id, {
    phoneCode: p.phoneCode,
    mobileNumber: p.mobileNumber,
    phoneKey: p.key,
    mobileVerified: true,
    ...more,
  });
  return p;
}

/** The post limit of each paid plan (null: none). */
const PAID_PLAN_LIMITS = { Starter: 20, Professional: null, Enterprise: null } as const;

/**
 * Gives a user a paid plan for a calendar month from the test clock's now, as a recorded payment does (test set-up:
 * a brand, a business or an IMC account posts only with a plan). Professional unless told.
 */
export async function givePlan(t: TTestApp, userId: string, planType: keyof typeof PAID_PLAN_LIMITS = 'Professional') {
  const now = t.clock.now();
  await t.services.subscriptions.recordPurchase(
    { userId, planType, postLimit: PAID_PLAN_LIMITS[planType], periodStart: now, planEndDate: addUtcMonths(now, 1) },
    null,
    now,
  );
}

/** Runs `work` with the test clock moved `ms` ahead, and moves it back after. */
export async function withClockAhead<T>(t: TTestApp, ms: number, work: () => Promise<T>): Promise<T> {
  t.clock.advance(ms);
  try {
    return await work();
  } finally {
    t.clock.advance(-ms);
  }
}

/**
 * Moves the test clock forward to the next `hour`:00 UTC (a whole day ahead at most), so that a test counting
 * calendar days does not depend on the hour it runs: at 23:55 UTC ten minutes more would be tomorrow.
 */
export function moveClockToUtcHour(t: TTestApp, hour: number): void {
  const now = t.clock.nowMs();
  const day = 24 * 3600_000;
  const target = Math.ceil((now - hour * 3600_000) / day) * day + hour * 3600_000;
  t.clock.advance(target - now);
}

/** A new session of the user, live at the test clock's now (an earlier one may have ended by a moved clock). */
export const freshToken = async (t: TTestApp, user: Parameters<TTestApp['services']['auth']['issueSession']>[0]) =>
  (await t.services.auth.issueSession(user)).accessToken;
