import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * `.ci/run` in a folder of its own, with an `npm` on PATH that records how it was called and fails `npm ci`
 * as a lockfile out of step with package.json does; everything else it is asked succeeds.
 */
function ciRunWithFailingNpmCi(opts: { lockfile: boolean }) {
  const dir = mkdtempSync(path.join(tmpdir(), 'ci-run-'));
  cpSync(path.join(ROOT, '.ci', 'run'), path.join(dir, '.ci', 'run'));
  writeFileSync(path.join(dir, 'package.json'), '{"name":"x","private":true}\n');
  if (opts.lockfile) writeFileSync(path.join(dir, 'package-lock.json'), '{"lockfileVersion":3}\n');
  const bin = path.join(dir, 'bin');
  mkdirSync(bin);
  const calls = path.join(dir, 'npm-calls');
  writeFileSync(
    path.join(bin, 'npm'),
    [
      '#!/usr/bin/env bash',
      `echo "$*" >> '${calls}'`,
      'case "$1" in',
      '  --version) echo 11.0.0 ;;',
      '  ci) echo "npm error \\`npm ci\\` can only install packages when your package.json and package-lock.json are in sync" >&2; exit 1 ;;',
      '  *) mkdir -p node_modules ;;',
      'esac',
    ].join('\n'),
  );
  chmodSync(path.join(bin, 'npm'), 0o755);
  const run = spawnSync('bash', [path.join(dir, '.ci', 'run')], {
    encoding: 'utf8',
    timeout: 20_000,
    env: {
      ...process.env,
      PATH: `${bin}:${path.dirname(process.execPath)}:${process.env.PATH}`,
      CHROMIUM_PATH: '/nonexistent',
      TEST_DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
    },
  });
  return {
    dir,
    code: run.status,
    output: `${run.stdout}${run.stderr}`,
    npmCalls: existsSync(calls) ? readFileSync(calls, 'utf8').trim().split('\n') : [],
  };
}

// a shell script's test: it does not touch the database, so it runs in the PGlite pass only
describe.skipIf(process.env.TEST_DB === 'postgres')('CI installs exactly what the lockfile says', () => {
  let dir = '';
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('.ci/run fails, saying why, when npm ci fails, and never falls back to npm install', () => {
    const run = ciRunWithFailingNpmCi({ lockfile: true });
    dir = run.dir;
    expect(run.code).toBe(1);
    expect(run.output).toContain('can only install packages when your package.json and package-lock.json are in sync');
    expect(run.output).toContain('FAILED: npm ci failed on the committed lockfile');
    expect(run.npmCalls.filter((c) => c.startsWith('ci'))).toHaveLength(1);
    expect(run.npmCalls.some((c) => c.startsWith('install') || c.startsWith('i '))).toBe(false);
    expect(existsSync(path.join(dir, 'node_modules'))).toBe(false);
  });

  it('.ci/run without a lockfile fails instead of installing whatever npm resolves', () => {
    const run = ciRunWithFailingNpmCi({ lockfile: false });
    dir = run.dir;
    expect(run.code).toBe(1);
    expect(run.output).toContain('FAILED: no package-lock.json');
    expect(run.npmCalls.some((c) => c.startsWith('install'))).toBe(false);
  });
});
