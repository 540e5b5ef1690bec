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
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  advanceClock,
  buildAsNpmStart,
  createScratchDatabase,
  link,
  makeBusinessUsers,
  pool,
  productNow,
  publishedOn,
  sandboxEnv,
  spread,
  startProcess,
  stopAll,
  type TLiveProcess,
  type TNetwork,
  upload,
} from '../apps/server/src/test/live-stack';
import { jpegBytes } from '../apps/server/src/test/media-fixtures';
import { freePort, httpCall as http } from '../apps/server/src/test/over-the-wire';

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 1000);
const TARGETS = Number(process.env.BENCH_TARGETS ?? 10_000);
const EXTRA_WORKERS = Number(process.env.BENCH_WORKERS ?? 0);
const LATENCY = process.env.BENCH_LATENCY ?? 'realistic';
const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The networks that take a photo post; YouTube and TikTok take videos only. */
const NETWORKS = ['twitter', 'facebook', 'instagram', 'linkedin', 'threads'] as const;
const ACCOUNTS_PER_USER = 10;
const USERS = Math.ceil(ACCOUNTS / ACCOUNTS_PER_USER);
const POSTS_PER_USER = Math.ceil(TARGETS / ACCOUNTS_PER_USER / USERS);
/** How many setup calls run at once. */
const SETUP_PARALLEL = 24;
const SETTLE_TIMEOUT_MS = 20 * 60_000;

const procs: TLiveProcess[] = [];

async function main() {
  const t0 = Date.now();
  const step = (what: string) => console.log(`[${((Date.now() - t0) / 1000).toFixed(0).padStart(4)} s] ${what}`);

  // what `npm start` runs: the web app and the server, compiled
  step('building (as npm start does)');
  buildAsNpmStart();

  const scratch = await createScratchDatabase(BASE_URL, 'virality_bench');
  const dbName = scratch.name;
  const dbUrl = scratch.url;
  const db = new pg.Client({ connectionString: dbUrl });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'virality-bench-'));
  try {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = sandboxEnv({
      dbUrl,
      port,
      dataDir,
      benchProfiles: Math.ceil(ACCOUNTS / NETWORKS.length),
      extra: {
        SANDBOX_NETWORK_LATENCY: LATENCY,
        ...(process.env.BENCH_CONCURRENCY ? { PUBLISH_CONCURRENCY: process.env.BENCH_CONCURRENCY } : {}),
      },
    });
    step(`starting the server${EXTRA_WORKERS ? ` and ${EXTRA_WORKERS} worker process(es)` : ''} on ${dbName}`);
    await startProcess('main', env, { registry: procs });
    for (let i = 0; i < EXTRA_WORKERS; i++) await startProcess('worker', env, { registry: procs });
    await db.connect();

    // users and their sessions, made by the product's own services (signing up through the sandbox outbox
    // would take a dozen calls per user that other tests cover)
    step(`making ${USERS} business users, each with a Professional plan`);
    const tokens = await makeBusinessUsers(env, dbUrl, USERS, 'bench');

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
    const photos = await pool(tokens, SETUP_PARALLEL, (token, i) =>
      upload(base, token, jpegBytes(1080, 1080, i), 'image/jpeg', 'photo.jpg'),
    );

    // every post due at the same minute: the first whole minute at least 11 minutes ahead of the product clock
    const clockNow = await productNow(base);
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
    const now2 = await productNow(base);
    const seconds = Math.floor((due.getTime() - now2) / 1000) - 5;
    step(`moving the product clock ${seconds} s forward; ${targets} targets fall due in 5 s`);
    if (seconds > 0) await advanceClock(base, seconds);
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
      const texts = (await publishedOn(base, r.network as TNetwork, r.remote_id!))
        .map((p) => p.text)
        .filter((t) => t?.startsWith(prefix));
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
    await stopAll(procs);
    await db.end().catch(() => undefined);
    await scratch.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    for (const p of procs) p.child.kill('SIGKILL');
    process.exit(1);
  },
);
