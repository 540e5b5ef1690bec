import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createContainer } from '../container';
import { buildTestApp, type TTestApp } from '../test/helpers';
import { serveWorkerMetrics } from './metrics';
import { NOT_READY, readiness } from './readiness';

// GET /api/ready: whether a process may take traffic (the load balancer's check), each check read afresh.

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const ready = (app = t.app) => app.inject({ method: 'GET', url: '/api/ready' });
const migrationsTable = () =>
  t.database.kind === 'pglite' ? 'drizzle.__drizzle_migrations' : `"${t.database.schemaName}".__drizzle_migrations`;

describe('GET /api/ready', () => {
  it('is 200 when the database answers and its migrations are current; a server that runs no jobs says so', async () => {
    const res = await ready();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      status: true,
      message: 'ready',
      response: { database: 'ok', migrations: 'current', jobs: 'not run here' },
    });
    // open to all, with nothing to send: another method is not a route
    expect((await t.app.inject({ method: 'POST', url: '/api/ready' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/ready?verbose=1' })).statusCode).toBe(200);
  });

  it('is 503 in words while a migration of this version is missing, and 200 again once it is there', async () => {
    const table = migrationsTable();
    const last = await t.database.db.execute(`SELECT id, hash, created_at FROM ${table} ORDER BY created_at DESC LIMIT 1`);
    const row = (last as unknown as { rows: { id: number; hash: string; created_at: string }[] }).rows[0];
    await t.database.db.execute(`DELETE FROM ${table} WHERE id = ${Number(row.id)}`);
    try {
      const res = await ready();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: false,
        message: NOT_READY.migrations,
        response: { database: 'ok', migrations: 'pending', jobs: 'not run here' },
        code: 'UNAVAILABLE',
      });
    } finally {
      await t.database.db.execute(
        `INSERT INTO ${table} (id, hash, created_at) VALUES (${Number(row.id)}, '${row.hash.replace(/'/g, "''")}', ${Number(row.created_at)})`,
      );
    }
    expect((await ready()).statusCode).toBe(200);
  });

  it('in a process that runs jobs: 503 until its workers run, 200 while they do', async () => {
    const worker = await createContainer({
      config: t.container.config,
      database: t.database,
      clock: t.clock,
      logger: false,
      runJobs: true,
      bossSchema: t.database.pool ? `${t.database.schemaName}_boss` : undefined,
      bossPoolMax: 2,
    });
    const { app } = await buildApp({ container: worker });
    try {
      const before = await ready(app);
      expect(before.statusCode).toBe(503);
      expect(before.json()).toMatchObject({ message: NOT_READY.jobs, response: { jobs: 'stopped' } });
      await worker.startWorkers();
      expect((await ready(app)).json()).toMatchObject({ status: true, response: { jobs: 'running' } });
    } finally {
      await app.close();
      await worker.close();
    }
    // closed, it no longer says it runs them
    expect(
      (await readiness({ database: t.database, jobs: { running: worker.jobsRunning, answers: async () => undefined } })).checks
        .jobs,
    ).toBe('stopped');
  });

  it('a worker answers it on its metrics port, as a server does', async () => {
    const served = await serveWorkerMetrics(t.container.metrics, {
      port: 0,
      host: '127.0.0.1',
      token: 'worker-metrics-token-0123',
      ready: () => readiness({ database: t.database, jobs: { running: () => true, answers: async () => ({}) } }),
    });
    try {
      const res = await fetch(`http://127.0.0.1:${served.port}/api/ready`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        status: true,
        message: 'ready',
        response: { database: 'ok', migrations: 'current', jobs: 'running' },
      });
    } finally {
      await served.close();
    }
  });
});

/** The database going away and coming back (PostgreSQL: refusing connections, then taking them again). */
describe.skipIf(process.env.TEST_DB !== 'postgres')('GET /api/ready while the database is away', () => {
  it('is 503 while the database takes no connections and 200 once it does again, with no restart', async () => {
    const url = new URL((t.database.pool as pg.Pool).options.connectionString as string);
    const name = decodeURIComponent(url.pathname.slice(1));
    url.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    try {
      await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
      const away = await ready();
      expect(away.statusCode).toBe(503);
      expect(away.json()).toMatchObject({
        message: NOT_READY.database,
        response: { database: 'unreachable', migrations: 'unknown' },
      });
      await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
      await expect.poll(async () => (await ready()).statusCode, { timeout: 10_000 }).toBe(200);
    } finally {
      await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`).catch(() => undefined);
      await admin.end();
    }
  });
});
