import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig, type TConfig } from '../config';
import { DataFolderInUseError, openDatabase, type TDatabase } from '../db/client';
import { BackupFileError, extractPart, filesUnder, readBackupParts, type TBackupManifest, writeBackupFile } from './backup-file';
import { dumpFromRunningServer, opsSocketPath } from './ops-socket';

export const BACKUP_USAGE = 'Usage: npm run backup -- --out FILE';
export const RESTORE_USAGE = 'Usage: npm run restore -- --from FILE [--force]';

type TIo = { out(line: string): void; err(line: string): void };
const consoleIo: TIo = { out: console.log, err: console.error };

/** Runs a PostgreSQL client program (pg_dump, pg_restore) and fails with what it said when it fails. */
function run(program: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...env } });
    let said = '';
    child.stderr.on('data', (d) => {
      said += String(d);
    });
    child.on('error', (err) =>
      reject(
        (err as NodeJS.ErrnoException).code === 'ENOENT'
          ? new BackupFileError(`${program} is not installed: the PostgreSQL client programs are needed (postgresql-client)`)
          : err,
      ),
    );
    child.on('close', (code) => (code === 0 ? resolve() : reject(new BackupFileError(`${program} failed: ${said.trim()}`))));
  });
}

/**
 * Writes a backup of `database` (and of `uploadsDir`, the uploads kept on local disk; null when they live in a
 * bucket) to `out`. The embedded database is dumped by its own engine (consistent: it waits for the query running);
 * PostgreSQL by pg_dump (one snapshot, the job queue's tables included, so waiting jobs come back with it).
 */
export async function backup(opts: {
  /** the database, opened by this process; or, for an embedded one a running server holds, its data folder */
  database: TDatabase | { runningIn: string };
  databaseUrl: string | null;
  uploadsDir: string | null;
  out: string;
}): Promise<TBackupManifest> {
  const work = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'virality-backup-'));
  try {
    const dump = path.join(work, 'database');
    let migrations: number;
    if ('runningIn' in opts.database) {
      migrations = await dumpFromRunningServer(opts.database.runningIn, dump);
    } else {
      if (opts.database.pglite) {
        const blob = await opts.database.pglite.dumpDataDir('gzip');
        await fs.promises.writeFile(dump, Buffer.from(await blob.arrayBuffer()), { mode: 0o600 });
      } else {
        if (!opts.databaseUrl) throw new BackupFileError('A PostgreSQL backup needs DATABASE_URL');
        await run('pg_dump', [
          '--format=custom',
          '--no-owner',
          '--no-privileges',
          `--file=${dump}`,
          `--dbname=${opts.databaseUrl}`,
        ]);
      }
      migrations = await opts.database.appliedMigrations();
    }
    const manifest: TBackupManifest = {
      database: 'runningIn' in opts.database ? 'pglite' : opts.database.kind,
      createdAt: new Date().toISOString(),
      migrations,
      uploads: opts.uploadsDir ? 'included' : 'in-bucket',
      uploadCount: opts.uploadsDir ? filesUnder(opts.uploadsDir).length : 0,
    };
    await writeBackupFile(opts.out, { manifest, databaseFile: dump, uploadsDir: opts.uploadsDir });
    return manifest;
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}

/** Whether a PostgreSQL database already holds Virality's tables (a restore would mix two databases). */
async function postgresHasData(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')`,
    );
    return rows[0].n > 0;
  } finally {
    await client.end();
  }
}

/** Empties a PostgreSQL database of every schema a restore brings back (--force). */
async function emptyPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ nspname: string }>(
      `SELECT nspname FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'`,
    );
    for (const { nspname } of rows) await client.query(`DROP SCHEMA "${nspname.replace(/"/g, '""')}" CASCADE`);
    await client.query('CREATE SCHEMA IF NOT EXISTS public');
  } finally {
    await client.end();
  }
}

/**
 * Restores a backup into the configured place: the embedded database in `dataDir` (its `pglite/` folder must not
 * exist, or `force` replaces it), or the PostgreSQL database at `databaseUrl` (it must hold no tables, or `force`
 * drops them first); the uploads into `uploadsDir` when the backup holds them. A backup of one kind of database goes
 * only into the same kind. Nothing is changed before every check has passed.
 */
export async function restore(opts: {
  from: string;
  dataDir: string;
  databaseUrl: string | null;
  uploadsDir: string | null;
  force: boolean;
}): Promise<TBackupManifest> {
  const { manifest, parts } = await readBackupParts(opts.from);
  const target = opts.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database !== target)
    throw new BackupFileError(
      manifest.database === 'pglite'
        ? 'This backup is of the embedded database: restore it without DATABASE_URL'
        : 'This backup is of a PostgreSQL database: restore it with DATABASE_URL set',
    );
  const pgliteDir = path.join(opts.dataDir, 'pglite');
  if (!opts.force) {
    if (target === 'pglite' && fs.existsSync(pgliteDir))
      throw new BackupFileError(
        `${opts.dataDir} already holds a database: restore into an empty place, or add --force to replace it`,
      );
    if (target === 'postgres' && (await postgresHasData(opts.databaseUrl as string)))
      throw new BackupFileError('The database is not empty: restore into an empty one, or add --force to replace what it holds');
    if (opts.uploadsDir && manifest.uploads === 'included' && filesUnder(opts.uploadsDir).length > 0)
      throw new BackupFileError(`${opts.uploadsDir} already holds uploads: restore into an empty place, or add --force`);
  }
  const work = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'virality-restore-'));
  try {
    const dump = path.join(work, 'database');
    await extractPart(opts.from, parts.find((p) => p.header.part === 'database')!, dump);
    if (target === 'pglite') {
      // the dump is loaded into a new folder beside the old one, which it then replaces
      const fresh = `${pgliteDir}.restoring`;
      await fs.promises.rm(fresh, { recursive: true, force: true });
      await fs.promises.mkdir(opts.dataDir, { recursive: true });
      const { PGlite } = await import('@electric-sql/pglite');
      const engine = new PGlite(fresh, { loadDataDir: new Blob([await fs.promises.readFile(dump)]) });
      await engine.waitReady;
      await engine.close();
      await fs.promises.rm(pgliteDir, { recursive: true, force: true });
      await fs.promises.mkdir(path.dirname(pgliteDir), { recursive: true });
      await fs.promises.rename(fresh, pgliteDir);
    } else {
      if (opts.force) await emptyPostgres(opts.databaseUrl as string);
      await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${opts.databaseUrl}`, dump]);
    }
    if (opts.uploadsDir && manifest.uploads === 'included') {
      if (opts.force) await fs.promises.rm(opts.uploadsDir, { recursive: true, force: true });
      for (const part of parts)
        if (part.header.part === 'upload')
          await extractPart(opts.from, part, path.join(opts.uploadsDir, ...part.header.path.split('/')));
    }
    return manifest;
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}

/** Where the uploads a backup carries live: the local folder, or none when they are kept in a bucket. */
const uploadsDirOf = (config: TConfig) => (config.storage.kind === 'local' ? config.storage.localDir : null);

/**
 * `npm run backup -- --out FILE`: backs up the configured database (the embedded one in DATA_DIR, or DATABASE_URL)
 * and the uploads on local disk. The embedded database belongs to one process: when a server runs it, that server
 * dumps it (ops/ops-socket.ts). Returns the exit code.
 */
export async function backupCommand(argv: string[], env: NodeJS.ProcessEnv, io: TIo = consoleIo): Promise<number> {
  let out: string | undefined;
  try {
    ({ out } = parseArgs({ args: argv, options: { out: { type: 'string' } }, strict: true }).values);
  } catch (e) {
    io.err(`${(e as Error).message}\n${BACKUP_USAGE}`);
    return 2;
  }
  if (!out) {
    io.err(`Where to write the backup is missing (--out).\n${BACKUP_USAGE}`);
    return 2;
  }
  const file = path.resolve(env.INIT_CWD ?? process.cwd(), out);
  if (fs.existsSync(file)) {
    io.err(`${file} exists already: name a new file`);
    return 2;
  }
  const config = loadConfig({ LOG_LEVEL: 'warn', ...env });
  let database: TDatabase | { runningIn: string };
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: 2 });
  } catch (err) {
    // the embedded database of a running server: that server dumps it
    if (!(err instanceof DataFolderInUseError) || !fs.existsSync(opsSocketPath(config.dataDir))) throw err;
    database = { runningIn: config.dataDir };
  }
  try {
    const manifest = await backup({
      database,
      databaseUrl: config.databaseUrl ?? null,
      uploadsDir: uploadsDirOf(config),
      out: file,
    });
    io.out(
      `Backed up the ${manifest.database === 'pglite' ? 'embedded' : 'PostgreSQL'} database (${manifest.migrations} migrations)` +
        (manifest.uploads === 'included' ? ` and ${manifest.uploadCount} uploads` : '; uploads are in the bucket') +
        ` to ${file}`,
    );
    return 0;
  } catch (err) {
    return refusal(err, io);
  } finally {
    if ('close' in database) await database.close();
  }
}

/** `npm run restore -- --from FILE [--force]`: restores a backup into the configured place. Returns the exit code. */
export async function restoreCommand(argv: string[], env: NodeJS.ProcessEnv, io: TIo = consoleIo): Promise<number> {
  let values: { from?: string; force?: boolean };
  try {
    ({ values } = parseArgs({ args: argv, options: { from: { type: 'string' }, force: { type: 'boolean' } }, strict: true }));
  } catch (e) {
    io.err(`${(e as Error).message}\n${RESTORE_USAGE}`);
    return 2;
  }
  if (!values.from) {
    io.err(`Which backup to restore is missing (--from).\n${RESTORE_USAGE}`);
    return 2;
  }
  const file = path.resolve(env.INIT_CWD ?? process.cwd(), values.from);
  if (!fs.existsSync(file)) {
    io.err(`${file} does not exist`);
    return 2;
  }
  const config = loadConfig({ LOG_LEVEL: 'warn', ...env });
  try {
    const manifest = await restore({
      from: file,
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl ?? null,
      uploadsDir: uploadsDirOf(config),
      force: values.force === true,
    });
    io.out(
      `Restored the backup of ${manifest.createdAt} (${manifest.migrations} migrations${
        manifest.uploads === 'included' ? `, ${manifest.uploadCount} uploads` : ''
      }). Start the server: it applies any newer migrations.`,
    );
    return 0;
  } catch (err) {
    return refusal(err, io);
  }
}

/** A backup or restore refused (a file, a place, a program): said in words, exit code 1; anything else is thrown. */
function refusal(err: unknown, io: TIo): number {
  if (!(err instanceof BackupFileError)) throw err;
  io.err(err.message);
  return 1;
}
