/**
 * Scheduler benchmark: 10,000 post targets across 1,000 accounts, all due in the same minute, published by the
 * product as `npm start` runs it (the compiled server with its job workers in one process, optionally with
 * extra worker processes), on PostgreSQL, against the sandbox network emulators answering with realistic
 * latency. The posts are scheduled 25 minutes ahead, so the product prepares them (media uploaded, containers made)
 * before they fall due, as it would any post scheduled that close; the benchmark waits for the preparations, then
 * moves the product clock to the due minute. Measures lateness (published at minus due at, both on the product
 * clock), duplicates (posts an emulator holds twice for one account), lost targets (not published), throughput,
 * the preparations (how many, how long, how many the due time used), the CPU time of the product's own processes
 * per target (the emulators answer from a process of their own unless BENCH_EMULATORS=inside, so the server's CPU
 * is the product's alone), and their peak memory. Prints the figures and writes bench/results/scheduler.json.
 *
 * Run: npm run bench:scheduler
 *   BENCH_DATABASE_URL   PostgreSQL to create the benchmark database in (postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_ACCOUNTS       accounts (1000), spread over X, Facebook, Instagram, LinkedIn and Threads
 *   BENCH_TARGETS        targets (10000): each user posts to all its 10 accounts, so targets / 10 posts
 *   BENCH_WORKERS        extra worker processes beside the server (0: as `npm start` runs)
 *   BENCH_LATENCY        the emulators' latency: realistic (default), off, or milliseconds
 *   BENCH_CONCURRENCY    targets one process publishes at once (the server's default unless set)
 *   BENCH_PREPARE        minutes ahead a post is prepared (the server's default, 30, unless set; 0: off, as before)
 *   BENCH_EMULATORS      own (default): the networks' emulators alone in a process of their own (the sandbox
 *                        package's networks/serve.ts); inside: in the server's
 *   BENCH_RESULT         where to write the figures (bench/results/scheduler.json)
 */
import { spawn } from 'node:child_process';
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
const PREPARE_TIMEOUT_MS = 22 * 60_000;
const OWN_EMULATORS = (process.env.BENCH_EMULATORS ?? 'own') !== 'inside';
const RESULT_FILE = process.env.BENCH_RESULT ?? path.join(import.meta.dirname, 'results', 'scheduler.json');
const CLK_TCK = 100;

/** CPU milliseconds (user + system) a process has used so far, from /proc. */
function cpuMs(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // after the name: state is field 3, utime 14 and stime 15 (1-based over the whole line)
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK;
  } catch {
    return 0;
  }
}

/** CPU milliseconds the whole machine has spent busy so far (every core, from /proc/stat). */
function machineCpuMs(): number {
  const [, ...fields] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  // user nice system idle iowait irq softirq steal: busy is all but idle and iowait
  const n = fields.map(Number);
  return ((n[0] + n[1] + n[2] + n[5] + n[6] + n[7]) * 1000) / CLK_TCK;
}

/** The most resident memory a process has held (VmHWM), in MB. */
function peakMb(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : 0;
  } catch {
    return 0;
  }
}

const procs: TLiveProcess[] = [];

/**
 * Starts the networks' emulators as a process of their own (the sandbox package's entry, through tsx); resolves
 * once they listen. Kept with the others, so that they stop with them.
 */
function startNetworkEmulators(env: Record<string, string>): Promise<TLiveProcess> {
  const entry = path.join(import.meta.dirname, '..', 'packages', 'sandbox', 'src', 'networks', 'serve.ts');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', entry], {
      cwd: path.join(import.meta.dirname, '..'),
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const proc: TLiveProcess = {
      entry: 'main',
      child,
      log: [],
      ready: false,
      exited: new Promise((r) => child.once('exit', () => r())),
    };
    procs.push(proc);
    const timer = setTimeout(() => reject(new Error(`the emulators did not start:\n${proc.log.join('')}`)), 60_000);
    const onData = (c: Buffer) => {
      proc.log.push(String(c));
      if (!proc.ready && String(c).includes('network emulators on')) {
        clearTimeout(timer);
        proc.ready = true;
        resolve(proc);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (!proc.ready) reject(new Error(`the emulators exited ${code}:\n${proc.log.join('')}`));
    });
  });
}

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
    const emuPort = OWN_EMULATORS ? await freePort() : port;
    const emuBase = `http://127.0.0.1:${emuPort}`;
    const settings = {
      SANDBOX_NETWORK_LATENCY: LATENCY,
      ...(process.env.BENCH_CONCURRENCY ? { PUBLISH_CONCURRENCY: process.env.BENCH_CONCURRENCY } : {}),
      ...(process.env.BENCH_PREPARE ? { PREPARE_AHEAD_MINUTES: process.env.BENCH_PREPARE } : {}),
      ...(process.env.BENCH_DB_POOL ? { DATABASE_POOL_MAX: process.env.BENCH_DB_POOL } : {}),
    };
    const benchProfiles = Math.ceil(ACCOUNTS / NETWORKS.length);
    const env = sandboxEnv({
      dbUrl,
      port,
      dataDir,
      benchProfiles,
      extra: { ...settings, ...(OWN_EMULATORS ? { SANDBOX_EMULATORS_URL: emuBase } : {}) },
    });
    // the emulators' own process: the sandbox package's networks alone (packages/sandbox networks/serve.ts),
    // following the product's clock, which the product's adapters call
    const emulators = OWN_EMULATORS
      ? await startNetworkEmulators({
          PORT: String(emuPort),
          SANDBOX_PRODUCT_URL: base,
          PUBLIC_URL: emuBase,
          ...settings,
          SANDBOX_BENCH_PROFILES: String(benchProfiles),
        })
      : null;
    step(
      `starting the server${EXTRA_WORKERS ? ` and ${EXTRA_WORKERS} worker process(es)` : ''} on ${dbName}` +
        (emulators ? ` (the emulators answer from their own process on ${emuBase})` : ''),
    );
    const server = await startProcess('main', env, { registry: procs });
    const workers: TLiveProcess[] = [];
    for (let i = 0; i < EXTRA_WORKERS; i++) workers.push(await startProcess('worker', env, { registry: procs }));
    const ours = [server, ...workers];
    const ourCpuMs = () => ours.reduce((sum, p) => sum + cpuMs(p.child.pid), 0);
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

    // every post due at the same minute: the first whole minute at least 25 minutes ahead of the product clock
    // (inside the 30 minutes ahead the product prepares a post, with room for 10,000 preparations)
    const clockNow = await productNow(base);
    const due = new Date(Math.ceil((clockNow + 25 * 60_000) / 60_000) * 60_000);
    const ScheduledDate = due.toISOString().slice(0, 10);
    const ScheduledTime = due.toISOString().slice(11, 16);
    const prefix = `Bench ${randomBytes(3).toString('hex')}`;
    const posts = tokens.flatMap((token, user) =>
      Array.from({ length: POSTS_PER_USER }, (_, n) => ({ token, user, caption: `${prefix} u${user} #${n} ☀` })),
    );
    step(`scheduling ${posts.length} posts × ${ACCOUNTS_PER_USER} accounts for ${due.toISOString()} (product clock)`);
    const cpuBeforeScheduling = ourCpuMs();
    const schedulingStarted = Date.now();
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

    // the preparations: every target prepared (or its preparation failed, or its network prepares nothing)
    const prepState = async () =>
      (
        await db.query<{ prepared: string; failed: string; pending: string }>(
          `SELECT count(*) FILTER (WHERE t.prep_ticket IS NOT NULL) AS prepared,
                  count(*) FILTER (WHERE t.prep_ticket IS NULL AND t.prep_error IS NOT NULL) AS failed,
                  (SELECT count(*) FROM pgboss.job j WHERE j.name = 'prepare-target' AND j.state IN ('created', 'retry', 'active')) AS pending
             FROM post_targets t JOIN posts p ON p.id = t.post_id WHERE p.caption LIKE $1`,
          [`${prefix}%`],
        )
      ).rows[0];
    let prep = await prepState();
    for (let lastPrepReport = 0; ; ) {
      prep = await prepState();
      if (Date.now() - lastPrepReport > 10_000) {
        lastPrepReport = Date.now();
        step(`preparing: ${prep.prepared} prepared, ${prep.failed} failed, ${prep.pending} preparations waiting`);
      }
      if (Number(prep.pending) === 0) break;
      if (Date.now() - schedulingStarted > PREPARE_TIMEOUT_MS) {
        step('gave up waiting for the preparations: the due time does the rest');
        break;
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    const preparedWallMs = Date.now() - schedulingStarted;
    const cpuSchedulingAndPreparing = ourCpuMs() - cpuBeforeScheduling;
    step(`preparations done in ${(preparedWallMs / 1000).toFixed(0)} s: ${prep.prepared} prepared, ${prep.failed} failed`);

    // the product clock is moved to 5 s before the due minute: from there the posts fall due on their own
    const now2 = await productNow(base);
    const seconds = Math.floor((due.getTime() - now2) / 1000) - 5;
    step(`moving the product clock ${seconds} s forward; ${targets} targets fall due in 5 s`);
    if (seconds > 0) await advanceClock(base, seconds);
    const waitStarted = Date.now();
    const cpuBeforeDue = ourCpuMs();
    const emulatorsCpuBeforeDue = emulators ? cpuMs(emulators.child.pid) : 0;
    // the database's CPU: its server processes serving the bench's database (pooled connections come and go: each
    // is counted from when it is first seen), and the machine's CPU in all, both from here to the end
    const dbCpu = new Map<number, { first: number; last: number }>();
    const sampleDbCpu = async () => {
      const pids = (await db.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [dbName])).rows;
      for (const { pid } of pids) {
        const now = cpuMs(pid);
        const seen = dbCpu.get(pid);
        if (seen) seen.last = Math.max(seen.last, now);
        else dbCpu.set(pid, { first: now, last: now });
      }
    };
    await sampleDbCpu();
    const machineBefore = machineCpuMs();

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
      await sampleDbCpu();
      if (open === 0) break;
      if (Date.now() - waitStarted > SETTLE_TIMEOUT_MS) {
        step('gave up waiting: the rest count as lost');
        break;
      }
      await new Promise((r) => setTimeout(r, 500));
    }

    const cpuDue = ourCpuMs() - cpuBeforeDue;
    const emulatorsCpuDue = emulators ? cpuMs(emulators.child.pid) - emulatorsCpuBeforeDue : null;
    await sampleDbCpu();
    const databaseCpuDue = [...dbCpu.values()].reduce((sum, c) => sum + (c.last - c.first), 0);
    const machineDue = machineCpuMs() - machineBefore;
    const peaks = {
      serverMb: peakMb(server.child.pid),
      workersMb: workers.map((w) => peakMb(w.child.pid)),
      emulatorsMb: emulators ? peakMb(emulators.child.pid) : null,
    };

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
        prep_ms: number | null;
        prep_used: boolean;
        prep_at: Date | null;
      }>(
        `SELECT t.state, t.network, p.caption, a.remote_id, t.attempts, t.prep_ms, t.prep_used, t.prep_at,
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
      const texts = (await publishedOn(emuBase, r.network as TNetwork, r.remote_id!))
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
            prepared: rows.filter((r) => r.network === n && r.prep_at).length,
            usedPrepared: mine.filter((r) => r.prep_used).length,
            prepareMs: spread(rows.filter((r) => r.network === n && r.prep_ms !== null).map((r) => Number(r.prep_ms))),
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
        prepareAheadMinutes: process.env.BENCH_PREPARE ? Number(process.env.BENCH_PREPARE) : 'server default',
        databasePoolMax: process.env.BENCH_DB_POOL ? Number(process.env.BENCH_DB_POOL) : 'server default',
        emulators: OWN_EMULATORS ? 'own process' : 'inside the server',
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
      preparation: {
        prepared: rows.filter((r) => r.prep_at).length,
        failed: Number(prep.failed),
        usedAtDueTime: published.filter((r) => r.prep_used).length,
        // from the first post scheduled to the last preparation done (the posts were scheduled meanwhile)
        wallMs: preparedWallMs,
        // one preparation's network calls
        prepareMs: spread(rows.filter((r) => r.prep_ms !== null).map((r) => Number(r.prep_ms))),
      },
      // the CPU time of the product's own processes (the server and any workers; not the emulators' when they
      // have their own process), per target: while scheduling and preparing, and from the due time to the end
      cpuMsPerTarget: {
        schedulingAndPreparing: targets ? Number((cpuSchedulingAndPreparing / targets).toFixed(2)) : 0,
        atDueTime: targets ? Number((cpuDue / targets).toFixed(2)) : 0,
      },
      // where the two cores went from the due time to the end, per target: the product's processes (as above),
      // the emulators' process, PostgreSQL serving the bench's database, and the whole machine (anything else
      // running on it included, which the load average says)
      dueTimeCpuMsPerTarget: targets
        ? {
            product: Number((cpuDue / targets).toFixed(2)),
            emulators: emulatorsCpuDue === null ? null : Number((emulatorsCpuDue / targets).toFixed(2)),
            database: Number((databaseCpuDue / targets).toFixed(2)),
            machine: Number((machineDue / targets).toFixed(2)),
            loadAverage: os.loadavg().map((l) => Number(l.toFixed(1))),
          }
        : null,
      peakMemoryMb: peaks,
      byNetwork,
    };
    console.log(JSON.stringify(result, null, 2));
    fs.mkdirSync(path.dirname(RESULT_FILE), { recursive: true });
    fs.writeFileSync(RESULT_FILE, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`written ${path.relative(process.cwd(), RESULT_FILE)}`);
  } finally {
    // a process started with --cpu-prof (NODE_SERVER_FLAGS) writes its profile as it stops: it is given the time
    await stopAll(procs, process.env.NODE_SERVER_FLAGS?.includes('--cpu-prof') ? 30_000 : 3_000);
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
