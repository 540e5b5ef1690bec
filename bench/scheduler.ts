/**
 * Scheduler benchmark: 10,000 post targets across 1,000 accounts, all due in the same minute, published by the
 * product as `npm start` runs it (the compiled server with its job workers in one process, optionally with
 * extra worker processes), on PostgreSQL, against the sandbox network emulators answering with realistic
 * latency. Measures lateness (published at minus due at, both on the product clock), duplicates (posts an
 * emulator holds twice for one account), lost targets (not published), throughput, and where the time goes.
 * Prints the figures and writes bench/results/scheduler.json.
 *
 * Run: npm run bench:scheduler
 *   BENCH_DATABASE_URL   PostgreSQL to create the benchmark database in (postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_ACCOUNTS       accounts (1000), spread over X, Facebook, Instagram, LinkedIn and Threads
 *   BENCH_TARGETS        targets (10000): each user posts to all its 10 accounts, so targets / 10 posts
 *   BENCH_WORKERS        extra worker processes beside the server (0: as `npm start` runs)
 *   BENCH_LATENCY        the emulators' latency: realistic (default), off, or milliseconds
 *   BENCH_CONCURRENCY    targets one process publishes at once (the server's default unless set)
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { jpegBytes } from '../apps/server/src/test/media-fixtures';
import { freePort, fromHtml, httpCall as http, type TJson } from '../apps/server/src/test/over-the-wire';

const ROOT = path.resolve(import.meta.dirname, '..');
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 1000);
const TARGETS = Number(process.env.BENCH_TARGETS ?? 10_000);
const EXTRA_WORKERS = Number(process.env.BENCH_WORKERS ?? 0);
const LATENCY = process.env.BENCH_LATENCY ?? 'realistic';
const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The networks that take a photo post; YouTube and TikTok take videos only. */
const NETWORKS = ['twitter', 'facebook', 'instagram', 'linkedin', 'threads'] as const;
type TNet = (typeof NETWORKS)[number];
const ACCOUNTS_PER_USER = 10;
const USERS = Math.ceil(ACCOUNTS / ACCOUNTS_PER_USER);
const POSTS_PER_USER = Math.ceil(TARGETS / ACCOUNTS_PER_USER / USERS);
/** How many setup calls run at once. */
const SETUP_PARALLEL = 24;
const SETTLE_TIMEOUT_MS = 20 * 60_000;

const procs: ChildProcess[] = [];
/**
 * Starts the compiled server (`main`) or a worker (`worker`) the way `npm start` and `npm run worker` do; resolves
 * once it is ready (the server answers; the worker says so). The server logs warnings only: a log line per
 * request would cost it time the benchmark measures.
 */
function start(entry: 'main' | 'worker', env: Record<string, string>): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', [path.join(ROOT, 'apps/server/bin/serve'), ...(entry === 'worker' ? ['worker'] : [])], {
      cwd: ROOT,
      env: { ...process.env, ...env, LOG_LEVEL: entry === 'worker' ? 'info' : 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (entry === 'main') {
      const poll = async () => {
        for (;;) {
          if (child.exitCode !== null) return;
          const ok = await fetch(new URL('/sandbox/clock', env.PUBLIC_URL)).then(
            (r) => r.ok,
            () => false,
          );
          if (ok) return resolve(child);
          await new Promise((r) => setTimeout(r, 250));
        }
      };
      void poll();
    }
    procs.push(child);
    const log: string[] = [];
    const ready = 'worker started';
    const timer = setTimeout(() => reject(new Error(`${entry} did not start:\n${log.join('')}`)), 120_000);
    const onData = (c: Buffer) => {
      const s = String(c);
      log.push(s);
      if (log.length > 200) log.splice(0, 100);
      if (/"level":(50|60)/.test(s)) process.stderr.write(`[${entry}] ${s}`);
      if (entry === 'worker' && s.includes(ready)) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code) reject(new Error(`${entry} exited ${code}:\n${log.join('')}`));
    });
  });
}

/** Runs `work` over `items`, `parallel` at a time. */
async function pool<T, R>(items: T[], parallel: number, work: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(parallel, items.length) }, async () => {
      for (let i = next++; i < items.length; i = next++) out[i] = await work(items[i], i);
    }),
  );
  return out;
}

async function sph(base: string, method: 'GET' | 'POST', p: string, token: string, body?: unknown): Promise<TJson> {
  const res = await http(base, method, `/sph/${p}`, { token, body });
  if (res.status !== 200) throw new Error(`${method} /sph/${p} answered ${res.status}: ${res.text.slice(0, 300)}`);
  return res.json.response_data;
}

/** Allows on a network's consent page as its `k`-th benchmark profile: the address the network sends back. */
async function allow(consentUrl: string, k: number): Promise<URL> {
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

/** Links the `k`-th benchmark profile of `network` for the user of `token`, as a person would: its account id. */
async function link(base: string, token: string, network: TNet, k: number): Promise<string> {
  if (network === 'twitter') {
    const back = await allow(urlOf(await sph(base, 'GET', 'x-app/login-url/', token)), k);
    const added = await sph(base, 'POST', 'x-app/add-account/', token, {
      oauth_token: back.searchParams.get('oauth_token'),
      oauth_verifier: back.searchParams.get('oauth_verifier'),
    });
    return added.id;
  }
  if (network === 'threads') {
    const back = await allow(urlOf(await sph(base, 'GET', 'threads/login-url/', token)), k);
    const added = await sph(base, 'POST', 'threads/add-account/', token, {
      Code: back.searchParams.get('code'),
      State: back.searchParams.get('state'),
    });
    return added.id;
  }
  const chooser = {
    facebook: ['facebook/fb_login/', 'facebook/fb_pages_list/', 'facebook/save_fb_details/'],
    instagram: ['instagram/ig-login-url', 'instagram/ig-accounts-list/', 'instagram/save-ig-details/'],
    linkedin: ['linkedin/login_url/', 'linkedin/li-accounts-list/', 'linkedin/save-li-accounts/'],
  }[network];
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

const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] : 0;
const spread = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return { p50: quantile(s, 0.5), p99: quantile(s, 0.99), max: s.at(-1) ?? 0 };
};

async function main() {
  const t0 = Date.now();
  const step = (what: string) => console.log(`[${((Date.now() - t0) / 1000).toFixed(0).padStart(4)} s] ${what}`);

  // what `npm start` runs: the web app and the server, compiled
  step('building (as npm start does)');
  const built = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs')], { cwd: ROOT, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`the build failed:\n${built.stdout}\n${built.stderr}`);

  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  const dbName = `virality_bench_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${dbName}`);
  const u = new URL(BASE_URL);
  u.pathname = `/${dbName}`;
  const dbUrl = u.toString();
  const db = new pg.Client({ connectionString: dbUrl });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'virality-bench-'));
  try {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env: Record<string, string> = {
      NODE_ENV: 'production',
      DATABASE_URL: dbUrl,
      PORT: String(port),
      PUBLIC_URL: base,
      SANDBOX: 'on',
      JWT_SECRET: randomBytes(32).toString('hex'),
      DATA_DIR: dataDir,
      RATE_LIMIT_MAX: '100000000',
      SANDBOX_BENCH_PROFILES: String(Math.ceil(ACCOUNTS / NETWORKS.length)),
      SANDBOX_NETWORK_LATENCY: LATENCY,
      ...(process.env.BENCH_CONCURRENCY ? { PUBLISH_CONCURRENCY: process.env.BENCH_CONCURRENCY } : {}),
    };
    step(`starting the server${EXTRA_WORKERS ? ` and ${EXTRA_WORKERS} worker process(es)` : ''} on ${dbName}`);
    await start('main', env);
    for (let i = 0; i < EXTRA_WORKERS; i++) await start('worker', env);
    await db.connect();

    // users and their sessions, made by the product's own services (signing up through the sandbox outbox
    // would take a dozen calls per user that other tests cover)
    step(`making ${USERS} business users, each with a Professional plan`);
    const { loadConfig } = await import('../apps/server/src/config');
    const { openDatabase } = await import('../apps/server/src/db/client');
    const { createContainer } = await import('../apps/server/src/container');
    const database = await openDatabase({ databaseUrl: dbUrl });
    const container = await createContainer({ config: loadConfig({ ...env, LOG_LEVEL: 'silent' }), database, logger: false });
    const tokens: string[] = [];
    try {
      for (let i = 0; i < USERS; i++) {
        const row = await container.services.users.createAccount({
          email: `bench-${i}-${randomBytes(4).toString('hex')}@example.com`,
          emailVerified: true,
          passwordHash: null,
          profileType: 'BUSINESS',
          authType: 'LOCAL',
          profileCompleted: true,
          name: `Bench ${i}`,
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

    step(`linking ${USERS * ACCOUNTS_PER_USER} accounts through the consent pages`);
    const perNetwork = ACCOUNTS_PER_USER / NETWORKS.length;
    const links = tokens.flatMap((token, user) =>
      NETWORKS.flatMap((network) =>
        Array.from({ length: perNetwork }, (_, j) => ({ token, user, network, k: user * perNetwork + j })),
      ),
    );
    const accountIds = await pool(links, SETUP_PARALLEL, (l) => link(base, l.token, l.network, l.k));
    const accountsOf = (user: number) => accountIds.filter((_, i) => links[i].user === user);

    step('uploading a photo per user');
    const photos = await pool(tokens, SETUP_PARALLEL, async (token, i) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(jpegBytes(1080, 1080, i))], { type: 'image/jpeg' }), 'photo.jpg');
      const res = await http(base, 'POST', '/api/s3/uploadSingleFile', { token, multipart: form });
      if (res.status !== 200) throw new Error(`upload answered ${res.status}: ${res.text.slice(0, 200)}`);
      return res.json.response.result as string;
    });

    // every post due at the same minute: the first whole minute at least 11 minutes ahead of the product clock
    const clockNow = new Date((await http(base, 'GET', '/sandbox/clock')).json.response.now).getTime();
    const due = new Date(Math.ceil((clockNow + 11 * 60_000) / 60_000) * 60_000);
    const ScheduledDate = due.toISOString().slice(0, 10);
    const ScheduledTime = due.toISOString().slice(11, 16);
    const prefix = `Bench ${randomBytes(3).toString('hex')}`;
    const posts = tokens.flatMap((token, user) =>
      Array.from({ length: POSTS_PER_USER }, (_, n) => ({ token, user, caption: `${prefix} u${user} #${n} ☀` })),
    );
    step(`scheduling ${posts.length} posts × ${ACCOUNTS_PER_USER} accounts for ${due.toISOString()} (product clock)`);
    await pool(posts, SETUP_PARALLEL, async (p) => {
      const res = await http(base, 'POST', '/sph/social-media-manager/single-post/', {
        token: p.token,
        body: {
          CaptionDescription: p.caption,
          IsScheduled: true,
          ScheduledDate,
          ScheduledTime,
          MediaDetails: [{ ImageVideoUrl: photos[p.user] }],
          PostDetails: accountsOf(p.user).map((id) => ({ UserSocialMediaID: id })),
        },
      });
      if (res.status !== 200) throw new Error(`scheduling answered ${res.status}: ${res.text.slice(0, 300)}`);
    });
    const targets = Number(
      (
        await db.query('SELECT count(*) FROM post_targets t JOIN posts p ON p.id = t.post_id WHERE p.caption LIKE $1', [
          `${prefix}%`,
        ])
      ).rows[0].count,
    );

    // the product clock is moved to 5 s before the due minute: from there the posts fall due on their own
    const now2 = new Date((await http(base, 'GET', '/sandbox/clock')).json.response.now).getTime();
    const seconds = Math.floor((due.getTime() - now2) / 1000) - 5;
    step(`moving the product clock ${seconds} s forward; ${targets} targets fall due in 5 s`);
    if (seconds > 0) await http(base, 'POST', '/sandbox/clock/advance', { body: { seconds } });
    const waitStarted = Date.now();

    const FINAL = ['published', 'failed', 'needs_reconnect', 'canceled'];
    let lastReport = 0;
    for (;;) {
      const rows = (
        await db.query<{ state: string; n: string }>(
          'SELECT t.state, count(*) AS n FROM post_targets t JOIN posts p ON p.id = t.post_id WHERE p.caption LIKE $1 GROUP BY t.state',
          [`${prefix}%`],
        )
      ).rows;
      const open = rows.filter((r) => !FINAL.includes(r.state)).reduce((s, r) => s + Number(r.n), 0);
      if (Date.now() - lastReport > 10_000) {
        lastReport = Date.now();
        step(rows.map((r) => `${r.state} ${r.n}`).join(', '));
      }
      if (open === 0) break;
      if (Date.now() - waitStarted > SETTLE_TIMEOUT_MS) {
        step('gave up waiting: the rest count as lost');
        break;
      }
      await new Promise((r) => setTimeout(r, 500));
    }

    const rows = (
      await db.query<{
        state: string;
        network: string;
        caption: string;
        remote_id: string | null;
        lateness_ms: string | null;
        pickup_ms: string | null;
        publish_ms: string | null;
        attempts: number;
      }>(
        `SELECT t.state, t.network, p.caption, a.remote_id, t.attempts,
                extract(epoch FROM (t.published_at - p.scheduled_at)) * 1000 AS lateness_ms,
                extract(epoch FROM (f.first_start - p.scheduled_at)) * 1000 AS pickup_ms,
                extract(epoch FROM (t.published_at - f.first_start)) * 1000 AS publish_ms
           FROM post_targets t
           JOIN posts p ON p.id = t.post_id
           LEFT JOIN social_accounts a ON a.id = t.account_id
           LEFT JOIN LATERAL (SELECT min(started_at) AS first_start FROM publish_attempts WHERE target_id = t.id) f ON true
          WHERE p.caption LIKE $1`,
        [`${prefix}%`],
      )
    ).rows;
    const published = rows.filter((r) => r.state === 'published');
    const lateness = published.map((r) => Number(r.lateness_ms));
    const failures = rows.filter((r) => r.state !== 'published');

    // duplicates, counted by the networks: each account's posts on its emulator carrying one caption twice
    step('counting each account’s posts on the emulators');
    const accounts = [...new Map(rows.filter((r) => r.remote_id).map((r) => [`${r.network}:${r.remote_id}`, r])).values()];
    const onNetworks = await pool(accounts, SETUP_PARALLEL, async (r) => {
      const res = await http(base, 'GET', `/sandbox/${r.network}/_published?user=${encodeURIComponent(r.remote_id!)}`);
      if (res.status !== 200) throw new Error(`/sandbox/${r.network}/_published answered ${res.status}`);
      const texts = (res.json as { text: string }[]).map((p) => p.text).filter((t) => t?.startsWith(prefix));
      return { texts, duplicates: texts.length - new Set(texts).size };
    });
    const duplicates = onNetworks.reduce((s, a) => s + a.duplicates, 0);
    const seenOnNetworks = onNetworks.reduce((s, a) => s + new Set(a.texts).size, 0);

    const spanMs = lateness.length ? Math.max(...lateness) : 0;
    const byNetwork = Object.fromEntries(
      NETWORKS.map((n) => {
        const mine = published.filter((r) => r.network === n);
        return [
          n,
          {
            published: mine.length,
            latenessMs: spread(mine.map((r) => Number(r.lateness_ms))),
            publishMs: spread(mine.map((r) => Number(r.publish_ms))),
            attemptsMean: mine.length ? Number((mine.reduce((s, r) => s + r.attempts, 0) / mine.length).toFixed(2)) : 0,
          },
        ];
      }),
    );
    const result = {
      at: new Date().toISOString(),
      machine: { cpus: os.cpus().length, node: process.version },
      setup: {
        database: 'postgresql',
        processes: `server with its workers${EXTRA_WORKERS ? ` + ${EXTRA_WORKERS} worker process(es)` : ''}`,
        users: USERS,
        accounts: accountIds.length,
        posts: posts.length,
        networks: NETWORKS,
        emulatorLatency: LATENCY,
        publishConcurrency: process.env.BENCH_CONCURRENCY ? Number(process.env.BENCH_CONCURRENCY) : 'server default',
      },
      targets,
      published: published.length,
      duplicates,
      lost: targets - published.length,
      seenOnNetworks,
      failures: Object.entries(
        failures.reduce<Record<string, number>>((m, r) => {
          const key = `${r.network} ${r.state}`;
          m[key] = (m[key] ?? 0) + 1;
          return m;
        }, {}),
      ),
      latenessMs: spread(lateness),
      // where the time goes: from due to the first attempt (waiting for a worker), and from the first attempt
      // to published (the network calls, media processing polls and any retries)
      pickupMs: spread(published.map((r) => Number(r.pickup_ms))),
      publishMs: spread(published.map((r) => Number(r.publish_ms))),
      throughputPerSecond: spanMs ? Number(((published.length * 1000) / spanMs).toFixed(1)) : 0,
      byNetwork,
    };
    console.log(JSON.stringify(result, null, 2));
    fs.mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
    fs.writeFileSync(path.join(import.meta.dirname, 'results', 'scheduler.json'), `${JSON.stringify(result, null, 2)}\n`);
    console.log('written bench/results/scheduler.json');
  } finally {
    for (const p of procs) p.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 3000));
    for (const p of procs) p.kill('SIGKILL');
    await db.end().catch(() => undefined);
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    for (const p of procs) p.kill('SIGKILL');
    process.exit(1);
  },
);
