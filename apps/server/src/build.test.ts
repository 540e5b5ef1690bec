import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');
// Inside the workspace, so the compiled files find their packages in node_modules as dist/ does.
const OUT = path.join(SERVER_DIR, 'node_modules', '.cache', `build-test-${process.pid}`);
const DATA = fs.mkdtempSync(path.join(os.tmpdir(), 'virality-build-test-'));

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

afterAll(() => {
  fs.rmSync(OUT, { recursive: true, force: true });
  fs.rmSync(DATA, { recursive: true, force: true });
});

/** The source files a compiled file was made from, as its source map names them (relative to the repository). */
const sourcesOf = (file: string) => {
  const map = JSON.parse(fs.readFileSync(path.join(OUT, `${file}.map`), 'utf8')) as { sources: string[] };
  const root = path.resolve(SERVER_DIR, '..', '..');
  return map.sources.map((s) => path.relative(root, path.resolve(OUT, s)));
};

describe('the production build', () => {
  beforeAll(() => {
    execFileSync(process.execPath, ['build.mjs', '--outdir', OUT], { cwd: SERVER_DIR, stdio: 'pipe' });
  }, 120_000);

  it('keeps the sandbox stand-ins out of the server and worker: they are dist/sandbox.js, loaded only in sandbox mode', () => {
    const sandboxCode = (f: string) => f.startsWith('packages/sandbox/') && f !== 'packages/sandbox/src/facts.ts';
    for (const file of ['main.js', 'worker.js', 'admin-create.js']) expect(sourcesOf(file).filter(sandboxCode), file).toEqual([]);
    expect(sourcesOf('sandbox.js')).toContain('packages/sandbox/src/networks/x.ts');
    expect(fs.readFileSync(path.join(OUT, 'main.js'), 'utf8')).toMatch(/await import\(["']\.\/sandbox\.js["']\)/);
  });

  it('runs as plain JavaScript under node: a new embedded database, /api/health and the sandbox answer, SIGTERM stops it cleanly', async () => {
    const main = fs.readFileSync(path.join(OUT, 'main.js'), 'utf8');
    // nothing compiles TypeScript at run time
    expect(main).not.toMatch(/from ["'](tsx|esbuild)["']/);
    expect(fs.existsSync(path.join(OUT, 'migrations', 'meta', '_journal.json'))).toBe(true);

    const port = await freePort();
    const child = spawn(process.execPath, [path.join(OUT, 'main.js')], {
      env: { ...process.env, DATA_DIR: DATA, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'development' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      type THealth = { status: boolean; response: { database: string } };
      let health = null as THealth | null;
      for (let i = 0; i < 960 && !health && child.exitCode === null; i++) {
        try {
          const r = await fetch(`http://127.0.0.1:${port}/api/health`);
          if (r.ok) health = (await r.json()) as THealth;
        } catch {
          await new Promise((r) => setTimeout(r, 250));
        }
      }
      expect(health, stderr).not.toBeNull();
      expect(health?.response.database).toBe('pglite');
      expect(fs.existsSync(path.join(DATA, 'pglite', 'PG_VERSION'))).toBe(true);
      // outside production without mail settings the sandbox is on: its stand-ins load from dist/sandbox.js
      const outbox = await fetch(`http://127.0.0.1:${port}/sandbox/outbox`, { headers: { accept: 'application/json' } });
      expect(outbox.status, stderr).toBe(200);
      expect(((await outbox.json()) as { status: boolean }).status).toBe(true);
      const published = await fetch(`http://127.0.0.1:${port}/sandbox/twitter/_published`);
      expect(published.status, stderr).toBe(200);
      expect(await published.json()).toEqual([]);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited, stderr).toBe(0);
  }, 300_000);
});
