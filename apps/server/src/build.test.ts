import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

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

describe('the production build', () => {
  it('runs as plain JavaScript under node: a new embedded database, /api/health answers, SIGTERM stops it cleanly', async () => {
    execFileSync(process.execPath, ['build.mjs', '--outdir', OUT], { cwd: SERVER_DIR, stdio: 'pipe' });
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
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited, stderr).toBe(0);
  }, 300_000);
});
