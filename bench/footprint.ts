/**
 * Footprint benchmark: the memory of `npm start` (the whole product in sandbox mode on the embedded database),
 * summed over every process it runs (npm and the server; the process tree read from /proc, Linux only).
 *
 * Measured on a new data folder: idle after the very first start (which creates and migrates the database),
 * after some light traffic, and idle after a restart on the same folder. The server's own peak (VmHWM) is
 * printed too. Writes bench/results/footprint.json.
 *
 * Run: npm run bench:footprint   (BENCH_PORT, default 3290; BENCH_IDLE_SECONDS, default 15)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_PORT ?? 3290);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 15);
const BASE = `http://127.0.0.1:${PORT}`;
/** What an idle `npm start` weighed before this work (tsx at run time, PGlite defaults), same machine kind. */
const BEFORE_MB = 1058;
const BUDGET_MB = 300;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type TProc = { pid: number; ppid: number; rssKb: number; hwmKb: number; command: string };

function readProc(pid: number): TProc | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
    const command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
    return { pid, ppid: field('PPid'), rssKb: field('VmRSS'), hwmKb: field('VmHWM'), command };
  } catch {
    return null;
  }
}

/** The process and all its descendants. */
function tree(rootPid: number): TProc[] {
  const all = fs
    .readdirSync('/proc')
    .filter((n) => /^\d+$/.test(n))
    .map((n) => readProc(Number(n)))
    .filter((p): p is TProc => p !== null);
  const out: TProc[] = [];
  const visit = (pid: number) => {
    const p = all.find((x) => x.pid === pid);
    if (!p) return;
    out.push(p);
    for (const child of all.filter((x) => x.ppid === pid)) visit(child.pid);
  };
  visit(rootPid);
  return out;
}

function snapshot(label: string, rootPid: number) {
  const procs = tree(rootPid);
  const totalMb = Math.round(procs.reduce((n, p) => n + p.rssKb, 0) / 1024);
  const server = procs.find((p) => p.command.includes('dist/main.js'));
  const row = {
    label,
    totalMb,
    processes: procs.map((p) => ({ command: p.command.slice(0, 90), rssMb: Math.round(p.rssKb / 1024) })),
    serverPeakMb: server ? Math.round(server.hwmKb / 1024) : null,
  };
  console.log(`${label}: ${totalMb} MB in ${procs.length} processes (server peak ${row.serverPeakMb} MB)`);
  for (const p of row.processes) console.log(`    ${String(p.rssMb).padStart(5)} MB  ${p.command}`);
  return row;
}

async function waitHealthy(child: ChildProcess) {
  const started = Date.now();
  while (Date.now() - started < 180_000) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    try {
      const r = await fetch(`${BASE}/api/health`);
      if (r.ok) return Date.now() - started;
    } catch {}
    await sleep(250);
  }
  throw new Error('npm start did not answer /api/health within 180 s');
}

function start(dataDir: string) {
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), LOG_LEVEL: 'warn', NODE_ENV: 'development' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  return child;
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(20_000)]);
  if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGKILL');
}

/** Light traffic a visitor of the sign-up pages makes: config, interests, countries, states and cities. */
async function traffic() {
  const paths = ['/api/health', '/api/config', '/api/intrest/getAllIntrest', '/api/location/getAllCountry/', '/', '/login'];
  let n = 0;
  for (let round = 0; round < 40; round++) {
    await Promise.all(
      paths.map(async (p) => {
        const r = await fetch(`${BASE}${p}`);
        await r.arrayBuffer();
        n++;
      }),
    );
  }
  return n;
}

async function main() {
  if (process.platform !== 'linux') throw new Error('bench:footprint reads /proc: Linux only');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'virality-footprint-'));
  const rows = [];
  try {
    let child = start(dataDir);
    const firstStartMs = await waitHealthy(child);
    console.log(`first start (new database) answered in ${firstStartMs} ms; idle ${IDLE_SECONDS} s`);
    await sleep(IDLE_SECONDS * 1000);
    rows.push(snapshot('idle after the first start', child.pid!));
    const requests = await traffic();
    await sleep(5000);
    rows.push(snapshot(`after ${requests} requests`, child.pid!));
    await stop(child);

    child = start(dataDir);
    const restartMs = await waitHealthy(child);
    console.log(`restart answered in ${restartMs} ms; idle ${IDLE_SECONDS} s`);
    await sleep(IDLE_SECONDS * 1000);
    rows.push(snapshot('idle after a restart', child.pid!));
    await stop(child);

    const worst = Math.max(...rows.map((r) => r.totalMb));
    console.log(
      `\nidle total: before ${BEFORE_MB} MB → now ${rows[0].totalMb} MB (first start), ${rows[2].totalMb} MB (restart); budget ${BUDGET_MB} MB; highest figure ${worst} MB`,
    );
    const result = {
      at: new Date().toISOString(),
      machine: { cpus: os.cpus().length, memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version },
      command: 'npm start (sandbox, embedded database)',
      before: { idleTotalMb: BEFORE_MB, note: 'tsx at run time, PGlite default settings' },
      budgetMb: BUDGET_MB,
      firstStartMs,
      restartMs,
      snapshots: rows,
    };
    fs.mkdirSync(path.join(ROOT, 'bench', 'results'), { recursive: true });
    fs.writeFileSync(path.join(ROOT, 'bench', 'results', 'footprint.json'), `${JSON.stringify(result, null, 2)}\n`);
    console.log('written to bench/results/footprint.json');
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
