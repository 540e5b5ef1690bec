import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import pg from 'pg';
import { migrationsKey } from './pglite-template';

/** The schema a test app's tables live in on PostgreSQL (each app has a database of its own), and pg-boss's. */
export const PG_TEST_SCHEMA = 'app';
export const PG_TEST_BOSS_SCHEMA = `${PG_TEST_SCHEMA}_boss`;

const bossVersion = (createRequire(import.meta.url)('pg-boss/package.json') as { version: string }).version;

/** `base` with its database replaced by `database`. */
export function databaseUrlFor(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}

async function withAdmin<T>(baseUrl: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

let memo: Promise<string> | null = null;

/**
 * A database with every migration applied and pg-boss's tables made, named by the migrations' hash and pg-boss's
 * version: a test app's database is a copy of it (CREATE DATABASE ... TEMPLATE, a fraction of a second) instead of
 * migrating an empty schema (over a second, and again for pg-boss). Made once, under an advisory lock, by whichever
 * test process asks first (`build` migrates and starts the app on the URL it is given, then closes it), under a
 * name of its own and renamed when complete, so no process ever copies a half-made one; later runs reuse it.
 */
export function pgTemplate(baseUrl: string, build: (url: string) => Promise<void>): Promise<string> {
  memo ??= withAdmin(baseUrl, async (admin) => {
    const name = `virality_tmpl_${migrationsKey()}_${bossVersion.replace(/\W/g, '_')}`;
    const exists = async () => ((await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount ?? 0) > 0;
    if (await exists()) return name;
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    try {
      if (await exists()) return name;
      const building = `${name}_wip`;
      await admin.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
      await admin.query(`CREATE DATABASE "${building}"`);
      await build(databaseUrlFor(baseUrl, building));
      await admin.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
      return name;
    } finally {
      await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
    }
  }).catch((err) => {
    memo = null;
    throw err;
  });
  return memo;
}

/** A new database copied from `template`, and how to drop it (with any connection still open to it). */
export async function cloneDatabase(baseUrl: string, template: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  await withAdmin(baseUrl, (admin) => admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));
  return {
    url: databaseUrlFor(baseUrl, name),
    drop: () =>
      withAdmin(baseUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}
