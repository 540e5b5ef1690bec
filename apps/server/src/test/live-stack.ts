import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { fromHtml, httpCall as http, type TJson } from './over-the-wire';

/**
 * The product run live, as `npm start` runs it, for the programs that drive it over the wire (bench/scheduler.ts,
 * the chaos test): the build, a scratch PostgreSQL database, the compiled server and worker processes (started,
 * killed, stopped), users with a plan, accounts linked on every network through the sandbox consent pages, media
 * uploads, the product clock, and what each network emulator holds.
 */

/** The repository's root. */
export const ROOT = path.resolve(import.meta.dirname, '../../../..');

/** Every network, by the key its emulator is served under (/sandbox/<key>) and its accounts are stored with. */
export const NETWORKS = ['twitter', 'facebook', 'instagram', 'linkedin', 'threads', 'youtube', 'tiktok'] as const;
export type TNetwork = (typeof NETWORKS)[number];

/** A size a run takes from the environment: a number from 0, `fallback` when unset. */
export const envNumber = (name: string, fallback: number): number => {
  const v = process.env[name];
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a number (it is ${v})`);
  return n;
};

/** The PostgreSQL server a crash test makes its database on. */
export const CHAOS_BASE_URL =
  process.env.CHAOS_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** Builds what `npm start` needs and is out of date (scripts/build.mjs); throws with its output if it fails. */
export function buildAsNpmStart(): void {
  const built = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs')], { cwd: ROOT, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`the build failed:\n${built.stdout}\n${built.stderr}`);
}

/** A database made for one run on a PostgreSQL server, dropped by `drop` (which also closes the admin connection). */
export type TScratchDatabase = { name: string; url: string; drop: () => Promise<void> };

/** Creates a fresh database named `<prefix>_<random>` on the server `baseUrl` points to. */
export async function createScratchDatabase(baseUrl: string, prefix: string): Promise<TScratchDatabase> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  return {
    name,
    url: u.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await admin.end().catch(() => undefined);
    },
  };
}

/** The environment of a sandbox server and its workers on `dbUrl`, served at `base` (its port and public address). */
export function sandboxEnv(opts: {
  dbUrl: string;
  port: number;
  dataDir: string;
  benchProfiles: number;
  extra?: Record<string, string>;
}): Record<string, string> {
  const base = `http://127.0.0.1:${opts.port}`;
  return {
    NODE_ENV: 'production',
    DATABASE_URL: opts.dbUrl,
    PORT: String(opts.port),
    PUBLIC_URL: base,
    SANDBOX: 'on',
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: opts.dataDir,
    RATE_LIMIT_MAX: '100000000',
    SANDBOX_BENCH_PROFILES: String(opts.benchProfiles),
    ...opts.extra,
  };
}

/** One process of the product: the server (`main`) or a worker, with the end of its log and whether it is up. */
export type TLiveProcess = {
  entry: 'main' | 'worker';
  child: ChildProcess;
  /** The last lines it wrote (for an error message). */
  log: string[];
  /** It said it is ready (the server answers; the worker said so), and has not exited. */
  ready: boolean;
  /** Resolves when it has exited. */
  exited: Promise<void>;
};

/**
 * Starts the compiled server (`main`) or a worker (`worker`) the way `npm start` and `npm run worker` do
 * (`sh apps/server/bin/serve [worker]`); resolves once it is ready (the server answers at PUBLIC_URL; the worker
 * says so). The server logs warnings only by default (a log line per request would cost it time), a worker its
 * information (its ready line). Error lines go to `onError` (default: stderr); all its output to `logFile` when
 * given. Kept in `registry` when given.
 */
export function startProcess(
  entry: 'main' | 'worker',
  env: Record<string, string>,
  opts: {
    registry?: TLiveProcess[];
    logLevel?: string;
    onError?: (entry: string, line: string) => void;
    logFile?: string;
  } = {},
): Promise<TLiveProcess> {
  const onError = opts.onError ?? ((e, s) => process.stderr.write(`[${e}] ${s}`));
  return new Promise((resolve, reject) => {
    const child = spawn('sh', [path.join(ROOT, 'apps/server/bin/serve'), ...(entry === 'worker' ? ['worker'] : [])], {
      cwd: ROOT,
      env: { ...process.env, ...env, LOG_LEVEL: opts.logLevel ?? (entry === 'worker' ? 'info' : 'warn') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const proc: TLiveProcess = {
      entry,
      child,
      log: [],
      ready: false,
      exited: new Promise((r) => child.once('exit', () => r())),
    };
    opts.registry?.push(proc);
    const file = opts.logFile ? fs.createWriteStream(opts.logFile, { flags: 'a' }) : null;
    if (file) child.once('exit', () => file.end());
    const up = () => {
      clearTimeout(timer);
      proc.ready = true;
      resolve(proc);
    };
    if (entry === 'main') {
      const poll = async () => {
        for (;;) {
          if (child.exitCode !== null || child.signalCode !== null) return;
          const ok = await fetch(new URL('/sandbox/clock', env.PUBLIC_URL)).then(
            (r) => r.ok,
            () => false,
          );
          if (ok) return up();
          await new Promise((r) => setTimeout(r, 250));
        }
      };
      void poll();
    }
    const timer = setTimeout(() => reject(new Error(`${entry} did not start:\n${proc.log.join('')}`)), 120_000);
    const onData = (c: Buffer) => {
      const s = String(c);
      file?.write(c);
      proc.log.push(s);
      if (proc.log.length > 200) proc.log.splice(0, 100);
      if (/"level":(50|60)/.test(s)) onError(entry, s);
      if (entry === 'worker' && !proc.ready && s.includes('worker started')) up();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      proc.ready = false;
      if (code) reject(new Error(`${entry} exited ${code}:\n${proc.log.join('')}`));
      else if (signal) reject(new Error(`${entry} was stopped (${signal}) before it was ready`));
    });
  });
}

/** Kills one process with `signal` (SIGKILL: at once, as a crash would); resolves once it has exited. */
export async function killProcess(proc: TLiveProcess, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  proc.ready = false;
  if (proc.child.exitCode === null && proc.child.signalCode === null) proc.child.kill(signal);
  await proc.exited;
}

/** Stops processes: SIGTERM, then SIGKILL to any still running after `graceMs`. */
export async function stopAll(procs: TLiveProcess[], graceMs = 3000): Promise<void> {
  for (const p of procs) {
    p.ready = false;
    p.child.kill('SIGTERM');
  }
  await new Promise((r) => setTimeout(r, graceMs));
  for (const p of procs) p.child.kill('SIGKILL');
}

/** Runs `work` over `items`, `parallel` at a time. */
export async function pool<T, R>(items: T[], parallel: number, work: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(parallel, items.length) }, async () => {
      for (let i = next++; i < items.length; i = next++) out[i] = await work(items[i], i);
    }),
  );
  return out;
}

/** A call of the social-posting API (/sph/…): its `response_data`; anything but 200 throws. */
export async function sph(base: string, method: 'GET' | 'POST', p: string, token: string, body?: unknown): Promise<TJson> {
  const res = await http(base, method, `/sph/${p}`, { token, body });
  if (res.status !== 200) throw new Error(`${method} /sph/${p} answered ${res.status}: ${res.text.slice(0, 300)}`);
  return res.json.response_data;
}

/**
 * Allows on a network's consent page as its `k`-th generated (SANDBOX_BENCH_PROFILES) profile, or its `k`-th demo
 * profile when it has no generated ones: the address the network sends back.
 */
export async function allow(consentUrl: string, k: number): Promise<URL> {
  const u = new URL(consentUrl);
  const page = await http(u.origin, 'GET', u.pathname + u.search);
  const action = fromHtml(/<form method="post" action="([^"]+)"/.exec(page.text)?.[1] ?? '');
  const hidden = [...page.text.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(
    ([, k2, v]): [string, string] => [k2, fromHtml(v)],
  );
  const all = [...page.text.matchAll(/<input type="radio" name="profile" value="([^"]+)"/g)].map((m) => fromHtml(m[1]));
  const generated = all.filter((v) => /bench/i.test(v));
  const choices = generated.length ? generated : all;
  if (k >= choices.length) throw new Error(`the consent page offers ${choices.length} profiles; profile ${k} was asked for`);
  const back = await http(u.origin, 'POST', action, {
    form: new URLSearchParams([...hidden, ['profile', choices[k]], ['decision', 'allow']]),
  });
  if (!back.location) throw new Error(`consent answered ${back.status}: ${back.text.slice(0, 200)}`);
  return new URL(back.location);
}

const urlOf = (data: string | { url: string }) => (typeof data === 'string' ? data : data.url);

/** Networks linked in one step after consent: where the flow starts and where its return is added. */
const DIRECT: Partial<Record<TNetwork, [start: string, add: string]>> = {
  threads: ['threads/login-url/', 'threads/add-account/'],
  youtube: ['getYTLoginUrl/', 'add_yt_account/'],
  tiktok: ['tiktok/login-url/', 'tiktok/add-account/'],
};
/** Networks whose pages are chosen after consent: login, the pages list, saving the chosen page. */
const CHOOSER: Partial<Record<TNetwork, [login: string, list: string, save: string]>> = {
  facebook: ['facebook/fb_login/', 'facebook/fb_pages_list/', 'facebook/save_fb_details/'],
  instagram: ['instagram/ig-login-url', 'instagram/ig-accounts-list/', 'instagram/save-ig-details/'],
  linkedin: ['linkedin/login_url/', 'linkedin/li-accounts-list/', 'linkedin/save-li-accounts/'],
};

/**
 * Links the `k`-th generated profile of `network` (its first page where pages are chosen) for the user of `token`,
 * as a person would through the consent page: the linked account's id (social_accounts.id).
 */
export async function link(base: string, token: string, network: TNetwork, k: number): Promise<string> {
  if (network === 'twitter') {
    const back = await allow(urlOf(await sph(base, 'GET', 'x-app/login-url/', token)), k);
    const added = await sph(base, 'POST', 'x-app/add-account/', token, {
      oauth_token: back.searchParams.get('oauth_token'),
      oauth_verifier: back.searchParams.get('oauth_verifier'),
    });
    return added.id;
  }
  const direct = DIRECT[network];
  if (direct) {
    const back = await allow(urlOf(await sph(base, 'GET', direct[0], token)), k);
    const added = await sph(base, 'POST', direct[1], token, {
      Code: back.searchParams.get('code'),
      State: back.searchParams.get('state'),
    });
    return added.id;
  }
  const chooser = CHOOSER[network]!;
  const back = await allow(urlOf(await sph(base, 'GET', chooser[0], token)), k);
  const State = back.searchParams.get('state');
  const list: Record<string, { id: string }[]> = await sph(base, 'POST', chooser[1], token, {
    Code: back.searchParams.get('code'),
    State,
  });
  const [first] = Object.values(list).flat();
  const saved: { id: string }[] = await sph(base, 'POST', chooser[2], token, { State, PageIDs: [first.id] });
  return saved[0].id;
}

/**
 * Makes `count` business users, each with a month of the Professional plan (no post limit), through the product's own
 * services on `dbUrl` in this process (signing up through the sandbox outbox would take a dozen calls per user that
 * other tests cover): their session tokens. `label` names them (`bench` gives bench-0-….@example.com, "Bench 0").
 */
export async function makeBusinessUsers(
  env: Record<string, string>,
  dbUrl: string,
  count: number,
  label: string,
): Promise<string[]> {
  const { loadConfig } = await import('../config');
  const { openDatabase } = await import('../db/client');
  const { createContainer } = await import('../container');
  const database = await openDatabase({ databaseUrl: dbUrl });
  const container = await createContainer({ config: loadConfig({ ...env, LOG_LEVEL: 'silent' }), database, logger: false });
  const name = label.charAt(0).toUpperCase() + label.slice(1);
  const tokens: string[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const row = await container.services.users.createAccount({
        email: `${label}-${i}-${randomBytes(4).toString('hex')}@example.com`,
        emailVerified: true,
        passwordHash: null,
        profileType: 'BUSINESS',
        authType: 'LOCAL',
        profileCompleted: true,
        name: `${name} ${i}`,
        userName: null,
        userNameLower: null,
      } as never);
      // a business posts only with a plan: a month of Professional (no post limit), as a recorded payment gives
      const now = container.clock.now();
      await container.services.subscriptions.recordPurchase(
        {
          userId: row.id,
          planType: 'Professional',
          postLimit: null,
          periodStart: now,
          planEndDate: new Date(now.getTime() + 31 * 86_400_000),
        },
        null,
        now,
      );
      tokens.push((await container.services.auth.issueSession(row)).accessToken);
    }
  } finally {
    await container.close();
    await database.close();
  }
  return tokens;
}

/** Uploads a file as the user of `token` (/api/s3/uploadSingleFile): its address, for a post's MediaDetails. */
export async function upload(base: string, token: string, bytes: Buffer, type: string, name: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await http(base, 'POST', '/api/s3/uploadSingleFile', { token, multipart: form });
  if (res.status !== 200) throw new Error(`upload answered ${res.status}: ${res.text.slice(0, 200)}`);
  return res.json.response.result as string;
}

/** The product clock now, in ms. */
export async function productNow(base: string): Promise<number> {
  return new Date((await http(base, 'GET', '/sandbox/clock')).json.response.now).getTime();
}

/** Moves the product clock `seconds` forward (every process sharing the database follows it). */
export async function advanceClock(base: string, seconds: number): Promise<void> {
  const res = await http(base, 'POST', '/sandbox/clock/advance', { body: { seconds } });
  if (res.status !== 200) throw new Error(`/sandbox/clock/advance answered ${res.status}: ${res.text.slice(0, 200)}`);
}

/** A post an emulator holds, as its `_published` lists it: `text` is the post's text (YouTube: the video's title). */
export type TPublishedPost = { id: string; user: string; text: string; createdAt: string };

/** The posts `network`'s emulator holds for the account whose id on the network is `remoteId`. */
export async function publishedOn(base: string, network: TNetwork, remoteId: string): Promise<TPublishedPost[]> {
  const res = await http(base, 'GET', `/sandbox/${network}/_published?user=${encodeURIComponent(remoteId)}`);
  if (res.status !== 200) throw new Error(`/sandbox/${network}/_published answered ${res.status}`);
  return res.json as TPublishedPost[];
}

/** The `q` quantile of sorted values (nearest rank); 0 when there are none. */
export const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] : 0;
/** The median, 99th percentile and largest of values. */
export const spread = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return { p50: quantile(s, 0.5), p99: quantile(s, 0.99), max: s.at(-1) ?? 0 };
};
