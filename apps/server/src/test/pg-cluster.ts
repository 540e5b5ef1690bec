import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './over-the-wire';

/**
 * A PostgreSQL cluster of a test's own (initdb in a scratch folder, its own port), for the tests that stop and
 * restart the database under running processes: the machine's shared server is never touched. As root, the
 * programs run as the `postgres` user (initdb refuses root).
 */
export type TPgCluster = {
  port: number;
  /** The address of a database of this cluster (made by `createDatabase`). */
  url: (database: string) => string;
  createDatabase: (name: string) => Promise<string>;
  /** `pg_ctl restart -m fast`: every connection is ended, the server is back when it returns. */
  restart: () => void;
  /** `pg_ctl stop -m fast`: the database is gone until `start`. */
  stop: () => void;
  start: () => void;
  /** Stops the cluster at once and removes its folder. */
  destroy: () => void;
};

/** The folder of PostgreSQL's server programs (PG_BIN, else the newest Debian version, else the PATH's initdb). */
export function postgresBin(): string | null {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const debian = '/usr/lib/postgresql';
  if (fs.existsSync(debian)) {
    const versions = fs
      .readdirSync(debian)
      .filter((v) => fs.existsSync(path.join(debian, v, 'bin/initdb')))
      .sort((x, y) => Number(y) - Number(x));
    if (versions.length) return path.join(debian, versions[0], 'bin');
  }
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  return which.status === 0 ? path.dirname(which.stdout.trim()) : null;
}

export async function startPgCluster(): Promise<TPgCluster> {
  const bin = postgresBin();
  if (!bin) throw new Error('no PostgreSQL server programs found (set PG_BIN to the folder of initdb and pg_ctl)');
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'virality-pg-'));
  const data = path.join(dir, 'data');
  if (asRoot) {
    const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    if (!Number.isInteger(uid) || !Number.isInteger(gid)) throw new Error('running as root needs a postgres user');
    fs.chownSync(dir, uid, gid);
  }
  const run = (program: string, args: string[]) => {
    const command = path.join(bin, program);
    const out = asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8', timeout: 60_000 })
      : spawnSync(command, args, { encoding: 'utf8', timeout: 60_000 });
    if (out.status !== 0) throw new Error(`${program} ${args.join(' ')} failed:\n${out.stdout}\n${out.stderr}`);
  };
  const port = await freePort();
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off -c max_connections=200`;
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  start();
  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    port,
    url,
    async createDatabase(name) {
      const admin = new pg.Client({ connectionString: url('postgres') });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${name}`);
      } finally {
        await admin.end();
      }
      return url(name);
    },
    restart: () => run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', '-m', 'fast', 'restart']),
    stop: () => run('pg_ctl', ['-D', data, '-w', '-m', 'fast', 'stop']),
    start,
    destroy() {
      try {
        run('pg_ctl', ['-D', data, '-w', '-m', 'immediate', 'stop']);
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
