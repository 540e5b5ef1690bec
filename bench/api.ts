/**
 * API benchmark: GET /api/user/getUserStatus and POST /api/user/userLogin with autocannon, against the
 * real server on PostgreSQL, each also as a share of a bare Fastify route making one PostgreSQL query in
 * the same run. Prints the figures and writes bench/results/api.json.
 * Run: npm run bench:api   (BENCH_DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/postgres)
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

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const schemaName = `bench_${randomBytes(4).toString('hex')}`;

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
  const { app, services } = await buildApp({ config, database, logger: false });
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
    const share = (r: { rps: { mean: number } }) => Math.round((100 * r.rps.mean) / bareRun.rps.mean);
    console.log(`share of the bare route: getUserStatus ${share(status)}%, userLogin ${share(login)}% (argon2 by design)`);
    const result = {
      at: new Date().toISOString(),
      machine: { cpus: os.cpus().length, node: process.version },
      database: 'postgresql',
      results: [bareRun, { ...status, shareOfBarePercent: share(status) }, { ...login, shareOfBarePercent: share(login) }],
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

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
