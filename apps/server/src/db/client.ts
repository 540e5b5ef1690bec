import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type TDb = PgDatabase<PgQueryResultHKT, typeof schema>;

export type TDatabase = {
  kind: 'pglite' | 'postgres';
  db: TDb;
  /** The embedded engine, when there is one (pg-boss and LISTEN/NOTIFY use it). */
  pglite: PGlite | null;
  /** A pg pool, when on PostgreSQL. */
  pool: pg.Pool | null;
  /** The schema the tables live in (tests use one schema per file on PostgreSQL). */
  schemaName: string;
  migrate(): Promise<void>;
  close(): Promise<void>;
};

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, 'migrations');

type TOpen = { databaseUrl?: string; dataDir?: string | null; schemaName?: string; poolMax?: number };

/** Opens PostgreSQL when a URL is given, else the embedded PGlite (in `dataDir`, or in memory when null). */
export async function openDatabase(opts: TOpen): Promise<TDatabase> {
  if (opts.databaseUrl) {
    const schemaName = opts.schemaName ?? 'public';
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolMax ?? 10,
      options: schemaName === 'public' ? undefined : `-c search_path=${schemaName}`,
    });
    if (schemaName !== 'public') await pool.query(`CREATE SCHEMA IF NOT EXISTS "${schemaName}"`);
    const db = drizzlePg(pool, { schema }) as unknown as TDb;
    return {
      kind: 'postgres',
      db,
      pglite: null,
      pool,
      schemaName,
      migrate: () =>
        migratePg(db as never, {
          migrationsFolder: MIGRATIONS_DIR,
          migrationsSchema: schemaName === 'public' ? undefined : schemaName,
        }),
      close: () => pool.end(),
    };
  }
  let dir: string | undefined;
  if (opts.dataDir) {
    dir = path.join(opts.dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
  }
  const pglite = dir ? new PGlite(dir) : new PGlite();
  await pglite.waitReady;
  const db = drizzlePglite(pglite, { schema }) as unknown as TDb;
  return {
    kind: 'pglite',
    db,
    pglite,
    pool: null,
    schemaName: 'public',
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => pglite.close(),
  };
}
