import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
  /** How many migrations the database has applied (a backup's manifest says it). */
  appliedMigrations(): Promise<number>;
  /** How many of this build's migrations the database has not applied (the readiness check reads it). */
  pendingMigrations(): Promise<number>;
  close(): Promise<void>;
};

/** The migrations this build carries, by the moment each was made (drizzle records that moment when it applies one). */
let journal: number[] | null = null;
function journalMoments(): number[] {
  journal ??= (
    JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] }
  ).entries.map((e) => e.when);
  return journal;
}

type TQuery = (sql: string) => Promise<{ rows: { count?: string | number; last?: string | number | null }[] }>;

/** What drizzle's table `table` records of the migrations applied: how many, and when the last was made (-1: none). */
async function recorded(query: TQuery, table: string): Promise<{ count: number; last: number }> {
  try {
    const { rows } = await query(`SELECT count(*)::int AS count, max(created_at) AS last FROM ${table}`);
    const last = rows[0]?.last;
    return { count: Number(rows[0]?.count ?? 0), last: last === null || last === undefined ? -1 : Number(last) };
  } catch (err) {
    // no table yet: nothing applied
    if ((err as { code?: string }).code !== '42P01') throw err;
    return { count: 0, last: -1 };
  }
}

/** A database's record of its migrations, read through `query` from drizzle's table `table`. */
const migrationsIn = (query: TQuery, table: string) => ({
  appliedMigrations: async () => (await recorded(query, table)).count,
  pendingMigrations: async () => {
    const { last } = await recorded(query, table);
    return journalMoments().filter((when) => when > last).length;
  },
});

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, 'migrations');

type TOpen = {
  databaseUrl?: string;
  dataDir?: string | null;
  schemaName?: string;
  poolMax?: number;
  /** An in-memory embedded database starts as this copy (a `dumpDataDir` tarball) instead of an empty one. */
  template?: Blob;
};

/** Opens PostgreSQL when a URL is given, else the embedded PGlite (in `dataDir`, or in memory when null). */
export async function openDatabase(opts: TOpen): Promise<TDatabase> {
  if (opts.databaseUrl) {
    const schemaName = opts.schemaName ?? 'public';
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolMax ?? 10,
      options: schemaName === 'public' ? undefined : `-c search_path=${schemaName}`,
    });
    // A connection the database server ends (a restart, a failover, an administrator, a dropped database) reports an
    // error with no query waiting for it, after the pool has let it go or while it sits idle: the pool drops it and
    // opens another for the next query, and the process goes on (an 'error' event nobody listens to would end it).
    // A query running on it fails to its caller as any failed query does.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    if (schemaName !== 'public') await pool.query(`CREATE SCHEMA IF NOT EXISTS "${schemaName}"`);
    const db = drizzlePg(pool, { schema }) as unknown as TDb;
    return {
      kind: 'postgres',
      db,
      pglite: null,
      pool,
      schemaName,
      // One process migrates at a time: the others wait on the advisory lock, then find nothing left to do.
      migrate: async () => {
        const client = await pool.connect();
        const key = `virality-migrate:${schemaName}`;
        try {
          await client.query('SELECT pg_advisory_lock(hashtext($1))', [key]);
          await migratePg(drizzlePg(client, { schema }) as never, {
            migrationsFolder: MIGRATIONS_DIR,
            migrationsSchema: schemaName === 'public' ? undefined : schemaName,
          });
        } finally {
          await client.query('SELECT pg_advisory_unlock(hashtext($1))', [key]).catch(() => undefined);
          client.release();
        }
      },
      ...migrationsIn((q) => pool.query(q), `"${schemaName === 'public' ? 'drizzle' : schemaName}".__drizzle_migrations`),
      close: () => pool.end(),
    };
  }
  const dir = opts.dataDir ? path.join(opts.dataDir, 'pglite') : null;
  const unlock = dir ? lockDataFolder(opts.dataDir!) : () => undefined;
  try {
    if (dir && !fs.existsSync(dir)) await createEmbeddedDatabase(dir);
    const pglite = await startPglite(dir, dir ? undefined : opts.template);
    const db = drizzlePglite(pglite, { schema }) as unknown as TDb;
    return {
      kind: 'pglite',
      db,
      pglite,
      pool: null,
      schemaName: 'public',
      migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
      ...migrationsIn((q) => pglite.query(q), 'drizzle.__drizzle_migrations'),
      close: async () => {
        await pglite.close();
        unlock();
      },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}

/** A second process on the same embedded database would corrupt it: it is refused with this error. */
export class DataFolderInUseError extends Error {}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Takes the data folder for this process (a lock file holding its pid); a lock left by a process that
 * is gone is taken over. Returns the release.
 */
function lockDataFolder(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'pglite.lock');
  for (let tries = 0; tries < 2; tries++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        fs.rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number(fs.readFileSync(file, 'utf8'));
      if (holder && isAlive(holder))
        throw new DataFolderInUseError(
          `The embedded database in ${dataDir} is in use by process ${holder}. Stop it first, or point DATA_DIR elsewhere (several processes need PostgreSQL: DATABASE_URL).`,
        );
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataFolderInUseError(`Could not take the data folder ${dataDir}`);
}

/**
 * Settings of the embedded engine. It runs inside the Node process (WebAssembly), so its memory is the
 * server's: PostgreSQL's default 128 MB of shared buffers alone made an idle sandbox weigh ~130 MB more.
 * The embedded database serves one person's sandbox or a developer; these sizes are plenty for that.
 */
const PGLITE_SETTINGS = ['shared_buffers=8MB', 'wal_buffers=512kB', 'temp_buffers=2MB', 'maintenance_work_mem=8MB'];

/** The embedded engine on `dir` (in memory when null, then from `template` when given). */
async function startPglite(dir: string | null, template?: Blob): Promise<PGlite> {
  const options = {
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((p) => ['-c', p])],
    ...(template ? { loadDataDir: template } : {}),
  };
  const pglite = dir ? new PGlite(dir, options) : new PGlite(options);
  await pglite.waitReady;
  return pglite;
}

/** Runs create-embedded.mjs on `dir` in a child process (see that file for why) and waits for it. */
async function makeInOwnProcess(dir: string) {
  const script = fileURLToPath(new URL('./create-embedded.mjs', import.meta.url));
  const child = spawn(process.execPath, [script, dir, MIGRATIONS_DIR, ...PGLITE_SETTINGS], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // A server stopped half-way stops its helper too; the next start clears what it left.
  const stopChild = () => child.kill('SIGKILL');
  process.once('exit', stopChild);
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (c) => resolve(c));
    });
    if (code !== 0) throw new Error(`Making the embedded database failed (exit ${code}): ${stderr.trim()}`);
  } finally {
    process.off('exit', stopChild);
  }
}

/**
 * Stops the helper that was making `dir` for a start that was killed, if it still runs (it wrote its process id
 * beside the folder; a process id now held by another program, whose command line does not name the folder, is
 * left alone), and waits until it has ended.
 */
async function stopHelper(dir: string): Promise<void> {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(`${dir}.pid`, 'utf8'));
  } catch {
    return;
  }
  const running = () => {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(dir);
    } catch {
      return false;
    }
  };
  if (!Number.isInteger(pid) || pid <= 0 || !running()) return;
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    return;
  }
  for (let i = 0; i < 50 && running(); i++) await new Promise((r) => setTimeout(r, 100));
}

/**
 * The very first start makes the embedded database in a folder of its own, migrates it there and only
 * then renames it into place, so a start killed half-way leaves no half-made database behind: the
 * next start finds no `dir` and begins again (and clears what the killed one left).
 */
async function createEmbeddedDatabase(dir: string) {
  const parent = path.dirname(dir);
  fs.mkdirSync(parent, { recursive: true });
  const base = path.basename(dir);
  const leftovers = new Set(
    fs
      .readdirSync(parent)
      .filter((name) => name.startsWith(`${base}.creating-`))
      .map((name) => path.join(parent, name.replace(/\.pid$/, ''))),
  );
  for (const left of leftovers) {
    // a start killed half-way may have left its helper running: it is stopped before its folder is cleared
    await stopHelper(left);
    fs.rmSync(left, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    fs.rmSync(`${left}.pid`, { force: true });
  }
  const temp = path.join(parent, `${base}.creating-${process.pid}-${Date.now()}`);
  await makeInOwnProcess(temp);
  fs.renameSync(temp, dir);
  fs.rmSync(`${temp}.pid`, { force: true });
}
