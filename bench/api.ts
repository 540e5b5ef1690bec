/**
 * API benchmark: GET /api/user/getUserStatus and POST /api/user/userLogin, and the post lists of an organization
 * holding 100,000 posts (recent posts, scheduled posts, a calendar month), with autocannon, against the real
 * server on PostgreSQL, each also as a share of a bare Fastify route making one PostgreSQL query in the same run.
 * The list and calendar calls ask for compressed answers as browsers do (the month also without); their answers are
 * kept until a post changes, so the recent list is also measured while a post changes ten times a second, and each
 * month answer's first (cold) call is timed alone.
 * Prints the figures (and the plans of the list queries) and writes bench/results/api.json.
 * Run: npm run bench:api   (BENCH_DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/postgres;
 * BENCH_POSTS, 100000, the posts seeded)
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { explain, seedPosts } from './seed-posts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const schemaName = `bench_${randomBytes(4).toString('hex')}`;
const POSTS = Number(process.env.BENCH_POSTS ?? 100_000);

async function run(title: string, opts: autocannon.Options) {
  const r = await autocannon({ duration: DURATION, connections: CONNECTIONS, ...opts });
  const out = {
    title,
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    rps: { mean: r.requests.average, p50: r.requests.p50 },
    latencyMs: { mean: r.latency.average, p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max },
  };
  console.log(
    `${title}: ${out.rps.mean.toFixed(0)} req/s, latency p50 ${out.latencyMs.p50} ms, p99 ${out.latencyMs.p99} ms, non-2xx ${out.non2xx}`,
  );
  return out;
}

async function main() {
  const database = await openDatabase({ databaseUrl: url, schemaName, poolMax: 20 });
  await database.migrate();
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: path.join(os.tmpdir(), schemaName),
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '100000000',
    SANDBOX: 'true',
    DATABASE_URL: url,
  });
  const { app, services, container } = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  try {
    const { hash } = await import('@node-rs/argon2');
    const user = await services.users.createAccount({
      email: 'bench@example.com',
      emailVerified: true,
      passwordHash: await hash('Passw0rd!'),
      profileType: 'INFLUENCER',
      authType: 'LOCAL',
      profileCompleted: true,
    });
    const { accessToken } = await services.auth.issueSession(user);

    // The yardstick: a bare Fastify route making one primary-key query on the same database, same run.
    const barePool = new pg.Pool({ connectionString: url, max: 20, options: `-c search_path=${schemaName}` });
    const bare = Fastify({ logger: false });
    bare.get('/bare', async () => (await barePool.query('select id from users where id = $1', [user.id])).rows[0]);
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const bareAddress = bare.server.address();
    const bareRun = await run('bare Fastify route, one PostgreSQL query', {
      url: `http://127.0.0.1:${typeof bareAddress === 'object' && bareAddress ? bareAddress.port : 0}/bare`,
    });
    await bare.close();
    await barePool.end();

    const status = await run('GET /api/user/getUserStatus', {
      url: `${base}/api/user/getUserStatus`,
      headers: { 'x-access-token': accessToken },
    });
    const login = await run('POST /api/user/userLogin', {
      url: `${base}/api/user/userLogin`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ emailPhone: 'bench@example.com', password: 'Passw0rd!', platform: 'web' }),
    });

    // The post lists, on an organization with POSTS posts spread over a year (out before now, scheduled after).
    const seedPool = new pg.Pool({ connectionString: url, max: 2, options: `-c search_path=${schemaName}` });
    const seededAt = Date.now();
    await seedPosts(seedPool, { orgId: user.orgId, userId: user.id, count: POSTS, now: new Date() });
    console.log(`seeded ${POSTS} posts (and 2 targets each) in ${((Date.now() - seededAt) / 1000).toFixed(1)} s`);
    const today = new Date().toISOString().slice(0, 10);
    const monthStart = `${today.slice(0, 7)}-01`;
    const d = new Date(`${monthStart}T00:00:00.000Z`);
    const monthEnd = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
    const plans = await explainLists(seedPool, user.orgId, monthStart, monthEnd);
    await seedPool.end();
    // as browsers and the mobile HTTP stacks ask: a compressed answer is welcome
    const auth = { 'x-access-token': accessToken, 'accept-encoding': 'gzip, deflate, br' };
    const recent = await run(`GET /sph/recent_post_details/{id}/ (page 1 of ${POSTS} posts)`, {
      url: `${base}/sph/recent_post_details/${user.id}/`,
      headers: auth,
    });
    const scheduled = await run('GET /sph/scheduled_post_details/{id}/ (page 1)', {
      url: `${base}/sph/scheduled_post_details/${user.id}/`,
      headers: auth,
    });
    // the answers above are kept until a post of the organization changes: the same list while one of its posts
    // changes ten times a second (each change heard forgets the kept answers, the next read builds them again)
    const churn = setInterval(() => void container.changes.announce('post', `${user.orgId}.bp1`), 100);
    const recentChurn = await run('GET /sph/recent_post_details/{id}/ (a post of the organization changing 10 times a second)', {
      url: `${base}/sph/recent_post_details/${user.id}/`,
      headers: auth,
    });
    clearInterval(churn);
    // one call alone: how long a month's answer takes and how big it is, without other calls beside it: as the
    // month view asks it (3 posts a day and every day's count), and without PerDay (cut at its cap)
    const monthBody = { StartDate: monthStart, EndDate: monthEnd, TimeZone: 'Asia/Kolkata' };
    const alone = async (body: Record<string, unknown>) => {
      const at = performance.now();
      const r = await fetch(`${base}/sph/posts_date_range/`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const text = await r.text();
      const json = JSON.parse(text) as { response_data: unknown[]; day_counts?: Record<string, number>; truncated?: boolean };
      return {
        posts: json.response_data.length,
        daysCounted: json.day_counts ? Object.keys(json.day_counts).length : null,
        postsCounted: json.day_counts ? Object.values(json.day_counts).reduce((a, b) => a + b, 0) : null,
        truncated: json.truncated ?? null,
        bytes: text.length,
        aloneMs: Math.round(performance.now() - at),
      };
    };
    const monthPosts = await alone({ ...monthBody, PerDay: 3 });
    const monthAll = await alone(monthBody);
    console.log(
      `the month's answer (PerDay 3): ${monthPosts.posts} posts of ${monthPosts.postsCounted} counted, ${(monthPosts.bytes / 1e3).toFixed(0)} kB, ${monthPosts.aloneMs} ms alone`,
    );
    console.log(
      `the month's answer without PerDay: ${monthAll.posts} posts (truncated ${monthAll.truncated}), ${(monthAll.bytes / 1e3).toFixed(0)} kB, ${monthAll.aloneMs} ms alone`,
    );

    const month = await run(`POST /sph/posts_date_range/ (${monthStart} to ${monthEnd}, PerDay 3)`, {
      url: `${base}/sph/posts_date_range/`,
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ ...monthBody, PerDay: 3 }),
    });
    const monthChurn = setInterval(() => void container.changes.announce('post', `${user.orgId}.bp1`), 100);
    const monthChanging = await run('POST /sph/posts_date_range/ (the same month, a post changing 10 times a second)', {
      url: `${base}/sph/posts_date_range/`,
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ ...monthBody, PerDay: 3 }),
    });
    clearInterval(monthChurn);
    // the same month for a caller that does not accept compression: the answer's full bytes on every call
    const { 'accept-encoding': _, ...plainAuth } = auth;
    const monthPlain = await run('POST /sph/posts_date_range/ (the same month, no accept-encoding)', {
      url: `${base}/sph/posts_date_range/`,
      method: 'POST',
      headers: { ...plainAuth, 'content-type': 'application/json' },
      body: JSON.stringify({ ...monthBody, PerDay: 3 }),
    });
    const totalsRun = await run('GET /sph/totaluserposts/{id}/', {
      url: `${base}/sph/totaluserposts/${user.id}/`,
      headers: auth,
    });
    const share = (r: { rps: { mean: number } }) => Math.round((100 * r.rps.mean) / bareRun.rps.mean);
    console.log(`share of the bare route: getUserStatus ${share(status)}%, userLogin ${share(login)}% (argon2 by design)`);
    console.log(
      `share of the bare route: recent ${share(recent)}% (${share(recentChurn)}% while a post changes 10 times a second), scheduled ${share(scheduled)}%, calendar month ${share(month)}% (${share(monthChanging)}% while a post changes 10 times a second, ${share(monthPlain)}% uncompressed), totals ${share(totalsRun)}%`,
    );
    const result = {
      at: new Date().toISOString(),
      machine: { cpus: os.cpus().length, node: process.version },
      database: 'postgresql',
      postsSeeded: POSTS,
      results: [
        bareRun,
        { ...status, shareOfBarePercent: share(status) },
        { ...login, shareOfBarePercent: share(login) },
        { ...recent, shareOfBarePercent: share(recent) },
        { ...recentChurn, shareOfBarePercent: share(recentChurn) },
        { ...scheduled, shareOfBarePercent: share(scheduled) },
        { ...month, shareOfBarePercent: share(month), answer: monthPosts, answerWithoutPerDay: monthAll },
        { ...monthChanging, shareOfBarePercent: share(monthChanging) },
        { ...monthPlain, shareOfBarePercent: share(monthPlain) },
        { ...totalsRun, shareOfBarePercent: share(totalsRun) },
      ],
      plans,
    };
    fs.mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
    fs.writeFileSync(path.join(import.meta.dirname, 'results', 'api.json'), `${JSON.stringify(result, null, 2)}\n`);
    console.log('written bench/results/api.json');
  } finally {
    await app.close();
    await database.pool?.query(`DROP SCHEMA IF EXISTS "${schemaName}" CASCADE`);
    await database.close();
  }
}

/** The plans of the list queries as the server sends them (same conditions and order), printed and kept. */
async function explainLists(pool: pg.Pool, orgId: string, monthStart: string, monthEnd: string) {
  const live = 'org_id = $1 AND is_active AND NOT is_draft';
  // the partial indexes' predicates, as the server writes them
  const waiting = 'is_active AND NOT is_draft AND is_scheduled AND NOT is_post_done';
  const done = 'is_active AND NOT is_draft AND is_post_done';
  const dayStart = (i: string) =>
    `(($2::timestamptz AT TIME ZONE 'Asia/Kolkata')::date + ${i})::timestamp AT TIME ZONE 'Asia/Kolkata'`;
  const monthArgs = [orgId, `${monthStart}T00:00:00Z`, new Date(Date.parse(`${monthEnd}T00:00:00Z`) + 86_400_000).toISOString()];
  const out = {
    recentPage: await explain(
      pool,
      `SELECT * FROM posts WHERE ${live} AND posted_at IS NOT NULL AND is_post_done ORDER BY posted_at DESC, id DESC LIMIT 10`,
      [orgId],
    ),
    recentCount: await explain(pool, `SELECT count(*) FROM posts WHERE ${live} AND posted_at IS NOT NULL AND is_post_done`, [
      orgId,
    ]),
    scheduledPage: await explain(
      pool,
      `SELECT * FROM posts WHERE ${live} AND is_scheduled AND NOT is_post_done ORDER BY scheduled_at, id LIMIT 10`,
      [orgId],
    ),
    scheduledCount: await explain(pool, `SELECT count(*) FROM posts WHERE ${live} AND is_scheduled AND NOT is_post_done`, [
      orgId,
    ]),
    calendarMonth: await explain(
      pool,
      `SELECT * FROM posts WHERE org_id = $1 AND ((${waiting} AND scheduled_at >= $2 AND scheduled_at < $3)
         OR (${done} AND posted_at >= $2 AND posted_at < $3))
       ORDER BY CASE WHEN is_scheduled AND NOT is_post_done THEN scheduled_at ELSE posted_at END, id LIMIT 501`,
      monthArgs,
    ),
    // PerDay 3: each local day's first 3 waiting posts and first 3 out, each from its index
    calendarMonthPerDay: await explain(
      pool,
      `SELECT firsts.id FROM generate_series(0, 31) AS d(i)
       CROSS JOIN LATERAL (
         SELECT u.id FROM (
           (SELECT id, scheduled_at AS at FROM posts WHERE org_id = $1 AND ${waiting}
             AND scheduled_at >= GREATEST(${dayStart('d.i')}, $2::timestamptz) AND scheduled_at < LEAST(${dayStart('d.i + 1')}, $3::timestamptz)
             ORDER BY scheduled_at, id LIMIT 3)
           UNION ALL
           (SELECT id, posted_at AS at FROM posts WHERE org_id = $1 AND ${done}
             AND posted_at >= GREATEST(${dayStart('d.i')}, $2::timestamptz) AND posted_at < LEAST(${dayStart('d.i + 1')}, $3::timestamptz)
             ORDER BY posted_at, id LIMIT 3)
         ) u ORDER BY u.at, u.id LIMIT 3
       ) firsts`,
      monthArgs,
    ),
    calendarDayCounts: await explain(
      pool,
      `SELECT c.day, sum(c.n) FROM (
         SELECT to_char(scheduled_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM-DD') AS day, count(*) AS n FROM posts
           WHERE org_id = $1 AND ${waiting} AND scheduled_at >= $2 AND scheduled_at < $3 GROUP BY 1
         UNION ALL
         SELECT to_char(posted_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM-DD') AS day, count(*) AS n FROM posts
           WHERE org_id = $1 AND ${done} AND posted_at >= $2 AND posted_at < $3 GROUP BY 1
       ) c GROUP BY c.day ORDER BY c.day`,
      monthArgs,
    ),
  };
  for (const [name, plan] of Object.entries(out)) console.log(`-- plan: ${name}\n${plan}`);
  return out;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
