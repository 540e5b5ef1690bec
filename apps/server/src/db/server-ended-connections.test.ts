import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrlFor } from '../test/pg-template';
import { openDatabase, type TDatabase } from './client';

/**
 * A connection the database server ends (a restart, a failover, an administrator) must not end the process: the pool
 * drops it and the next query runs on a new one. Only on PostgreSQL (the embedded database has no server to end it).
 */
const base = process.env.TEST_DATABASE_URL ?? '';
const name = `t_ended_${randomBytes(4).toString('hex')}`;
const admin = async <T>(work: (c: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

describe.skipIf(process.env.TEST_DB !== 'postgres' || !base)('connections the database server ends', () => {
  let database: TDatabase;
  beforeAll(async () => {
    await admin((c) => c.query(`CREATE DATABASE "${name}"`));
    database = await openDatabase({ databaseUrl: databaseUrlFor(base, name), poolMax: 3 });
  });
  afterAll(async () => {
    await database?.close();
    await admin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  });

  it('an idle connection ended by the server is replaced on the next query, and nothing is left unhandled', async () => {
    const pool = database.pool as pg.Pool;
    const unhandled: unknown[] = [];
    const onUncaught = (err: unknown) => unhandled.push(err);
    process.on('uncaughtException', onUncaught);
    try {
      // three connections open and idle in the pool
      const held = await Promise.all([pool.connect(), pool.connect(), pool.connect()]);
      for (const c of held) c.release();
      expect(pool.idleCount).toBe(3);
      // the server ends every one of them, as a restart would
      const ended = await admin((c) =>
        c.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]),
      );
      expect(ended.rowCount).toBe(3);
      await expect.poll(() => pool.idleCount, { timeout: 5000 }).toBe(0);
      const { rows } = await pool.query('SELECT 1 AS one');
      expect(rows).toEqual([{ one: 1 }]);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});
