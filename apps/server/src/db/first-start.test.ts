import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { startBoss } from '../jobs/boss';
import { DataFolderInUseError, openDatabase } from './client';

const FIXTURE = path.join(import.meta.dirname, 'first-start.fixture.ts');
const migrationCount = () =>
  fs.readdirSync(path.join(import.meta.dirname, 'migrations')).filter((f) => f.endsWith('.sql')).length;

/** Runs a first start on `dataDir` in its own process; kills it with SIGKILL after `killAfterMs` (or lets it finish). */
function firstStart(dataDir: string, killAfterMs?: number): Promise<{ finished: boolean; ms: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => {
      out += c;
    });
    child.stderr.on('data', (c) => {
      err += c;
    });
    const timer = killAfterMs === undefined ? null : setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (timer) clearTimeout(timer);
      const done = out.match(/done (\d+)/);
      if (signal === 'SIGKILL' || done) resolve({ finished: !!done, ms: done ? Number(done[1]) : 0 });
      else reject(new Error(`first start failed (${code}): ${err}`));
    });
  });
}

/** How many processes still work in `dataDir` two seconds on (Linux: read from /proc). */
async function helpersLeft(dataDir: string): Promise<number> {
  const count = () =>
    fs
      .readdirSync('/proc')
      .filter((p) => /^\d+$/.test(p))
      .filter((p) => {
        try {
          return fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').includes(dataDir);
        } catch {
          return false;
        }
      }).length;
  for (let i = 0; i < 20 && count() > 0; i++) await new Promise((r) => setTimeout(r, 100));
  return count();
}

async function startsCleanly(dataDir: string) {
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    const rows = await database.pglite!.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(rows.rows[0].n).toBe(migrationCount());
    await database.pglite!.query('select count(*) from users');
    const boss = await startBoss(
      loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
      database,
      pino({ level: 'silent' }) as never,
    );
    await boss.stop({ graceful: false });
  } finally {
    await database.close();
  }
}

// The embedded database only: the PostgreSQL run of the suite has nothing to add here.
describe.skipIf(process.env.TEST_DB === 'postgres')('the first start of the embedded database (tables and job queue)', () => {
  it('a start killed part-way is followed by a start that works on the same data folder', { timeout: 420_000 }, async () => {
    const probe = fs.mkdtempSync(path.join(os.tmpdir(), 'virality-first-'));
    const { ms: full } = await firstStart(probe);
    // kill points spread over a whole first start: engine set-up, then the migrations
    for (const share of [0.3, 0.6, 0.85, 0.97]) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'virality-killed-'));
      await firstStart(dataDir, Math.round(full * share) + 350);
      await startsCleanly(dataDir);
      // the killed start's helper (which made the database in a process of its own) was stopped by the next start
      expect(await helpersLeft(dataDir)).toBe(0);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    fs.rmSync(probe, { recursive: true, force: true });
  });

  it('the helper of a killed start, still writing into its folder, is stopped before the next start clears that folder', {
    timeout: 240_000,
  }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'virality-orphan-'));
    // what a killed start leaves: its half-made folder, and its helper still writing there, its process id beside it
    const left = path.join(dataDir, `pglite.creating-999999-${Date.now()}`);
    fs.mkdirSync(left);
    const writer = `const fs=require('node:fs');const d=process.argv[1];let i=0;setInterval(()=>{try{fs.mkdirSync(d,{recursive:true});fs.writeFileSync(d+'/f'+(i++%50),'x')}catch{}},5)`;
    const helper = spawn(process.execPath, ['-e', writer, left], { stdio: 'ignore' });
    try {
      fs.writeFileSync(`${left}.pid`, String(helper.pid));
      await new Promise((r) => setTimeout(r, 200));
      expect(await helpersLeft(dataDir)).toBe(1);
      await startsCleanly(dataDir);
      expect(await helpersLeft(dataDir)).toBe(0);
      expect(fs.readdirSync(dataDir).filter((n) => n.includes('.creating-'))).toEqual([]);
    } finally {
      helper.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('leaves no folder of a killed start behind once a start succeeded', { timeout: 240_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'virality-killed-'));
    await firstStart(dataDir, 600);
    await startsCleanly(dataDir);
    expect(fs.readdirSync(dataDir).filter((n) => n.includes('.creating-'))).toEqual([]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});

describe.skipIf(process.env.TEST_DB === 'postgres')('the embedded data folder belongs to one process', () => {
  it('a second open is refused while another process holds the folder, and allowed once that process is gone', {
    timeout: 180_000,
  }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'virality-lock-'));
    await firstStart(dataDir);
    const holder = spawn(process.execPath, ['--import', 'tsx', FIXTURE, dataDir, 'hold'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve) => holder.stdout.on('data', (c) => String(c).includes('holding') && resolve()));
    await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DataFolderInUseError);
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.on('exit', resolve));
    // the killed holder left its lock behind: it is taken over
    await startsCleanly(dataDir);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('the same process cannot open one folder twice either', { timeout: 120_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'virality-lock-'));
    const first = await openDatabase({ dataDir });
    await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DataFolderInUseError);
    await first.close();
    const again = await openDatabase({ dataDir });
    await again.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
