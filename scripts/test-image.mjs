#!/usr/bin/env node
// `npm run test:image`: builds the production image from deploy/Dockerfile with podman and runs it as deploy/compose.yaml
// does, on the machine's PostgreSQL: a server (WORKERS=off) and a job worker, with deploy/virality.env.example's
// settings. Passes when the server becomes ready (/api/ready 200) and healthy (the image's own HEALTHCHECK), serves the
// app, keeps the sandbox shut, runs as a non-root user, and the worker's /api/ready answers 200 at its METRICS_PORT.
//
// The image's base (`node:24-bookworm-slim` in production) cannot be pulled here, so one is made locally the same way:
// Debian bookworm (debootstrap), the Node 24 that runs this script, npm, a `node` user (uid 1000), and the machine's
// CA certificates (an intercepting proxy's among them). It is kept between runs as localhost/virality-node-base.
// Needs root, podman (with runc), debootstrap and TEST_DATABASE_URL.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NODE_VERSION = process.versions.node;
const NPM_VERSION = '11.6.0';
const BASE = `localhost/virality-node-base:${NODE_VERSION}`;
const IMAGE = `localhost/virality:test-${randomBytes(3).toString('hex')}`;
const DB_BASE = process.env.TEST_DATABASE_URL;
// podman as this machine allows it: runc (crun refuses this kernel's mixed cgroups), limits no higher than the
// machine's own hard limits, and the host's network (no bridge is set up here)
const RUNTIME = ['--runtime', 'runc'];
const LIMITS = ['--ulimit', 'nofile=20000:20000', '--ulimit', 'nproc=4096:4096'];

const log = (s) => console.log(`[image] ${s}`);
function fail(message) {
  console.error(`[image] FAILED: ${message}`);
  process.exitCode = 1;
  throw new Error(message);
}
/** Runs a program; its output is returned (and shown when it fails). */
function run(cmd, args, opts = {}) {
  const out = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...opts });
  if (out.status !== 0 && !opts.allowFail)
    fail(
      `${cmd} ${args.join(' ')} exited ${out.status ?? out.signal}:\n${(out.stdout ?? '').slice(-4000)}\n${(out.stderr ?? '').slice(-4000)}`,
    );
  return out;
}
/** Runs a long program with its output streamed to a log file; resolves when it exits 0. */
function runLogged(cmd, args, file) {
  return new Promise((resolve, reject) => {
    const out = fs.openSync(file, 'w');
    const child = spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', out, out] });
    child.on('exit', (code) => {
      fs.closeSync(out);
      if (code === 0) resolve();
      else
        reject(
          new Error(
            `${cmd} ${args.slice(0, 3).join(' ')}… exited ${code}; the last lines:\n${fs.readFileSync(file, 'utf8').slice(-4000)}`,
          ),
        );
    });
  });
}
const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
async function until(what, check, timeoutMs) {
  const end = Date.now() + timeoutMs;
  let last = null;
  while (Date.now() < end) {
    try {
      last = await check();
      if (last === true) return;
    } catch (err) {
      last = err.message;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  fail(`${what} within ${timeoutMs / 1000} s (last: ${JSON.stringify(last)})`);
}

function needs() {
  if (process.getuid?.() !== 0) return 'it needs root (podman, debootstrap)';
  for (const program of ['podman', 'runc', 'debootstrap'])
    if (spawnSync('sh', ['-c', `command -v ${program}`]).status !== 0) return `${program} is not installed`;
  if (!DB_BASE) return 'TEST_DATABASE_URL is not set';
  return null;
}

/** The local stand-in for the official Node image: Debian bookworm, this Node, npm, the `node` user. */
function makeBase(work) {
  if (run('podman', ['image', 'exists', BASE], { allowFail: true }).status === 0) return log(`base ${BASE} (kept)`);
  log(`making ${BASE} (debootstrap bookworm, Node ${NODE_VERSION}, npm ${NPM_VERSION})`);
  const rootfs = path.join(work, 'rootfs');
  run('debootstrap', ['--variant=minbase', 'bookworm', rootfs, 'http://deb.debian.org/debian']);
  fs.copyFileSync(process.execPath, path.join(rootfs, 'usr/local/bin/node'));
  fs.chmodSync(path.join(rootfs, 'usr/local/bin/node'), 0o755);
  const npmDir = path.join(rootfs, 'usr/local/lib/node_modules/npm');
  fs.mkdirSync(npmDir, { recursive: true });
  const packed = run('npm', ['pack', `npm@${NPM_VERSION}`, '--silent', '--pack-destination', work])
    .stdout.trim()
    .split('\n')
    .pop();
  run('tar', ['xzf', path.join(work, packed), '-C', npmDir, '--strip-components=1']);
  fs.symlinkSync('../lib/node_modules/npm/bin/npm-cli.js', path.join(rootfs, 'usr/local/bin/npm'));
  fs.symlinkSync('../lib/node_modules/npm/bin/npx-cli.js', path.join(rootfs, 'usr/local/bin/npx'));
  // the machine's trust: the registry and Debian's mirror may be reached through a proxy with its own CA
  const bundle = '/etc/ssl/certs/ca-certificates.crt';
  const env = [];
  if (fs.existsSync(bundle)) {
    fs.mkdirSync(path.join(rootfs, 'etc/ssl/certs'), { recursive: true });
    fs.copyFileSync(bundle, path.join(rootfs, bundle));
    fs.mkdirSync(path.join(rootfs, 'usr/local/etc'), { recursive: true });
    fs.writeFileSync(path.join(rootfs, 'usr/local/etc/npmrc'), `cafile=${bundle}\nupdate-notifier=false\n`);
    env.push('--change', `ENV NODE_EXTRA_CA_CERTS=${bundle}`);
  }
  run('chroot', [rootfs, 'sh', '-c', 'groupadd -g 1000 node && useradd -u 1000 -g node -m -s /bin/sh node']);
  run('sh', [
    '-c',
    `tar -C '${rootfs}' -c . | podman import --change 'CMD ["node"]' ${env.map((e) => `'${e}'`).join(' ')} - ${BASE}`,
  ]);
  fs.rmSync(rootfs, { recursive: true, force: true });
}

/** The settings of deploy/virality.env.example, as an env file with `overrides` in place of its values. */
function envFile(work, overrides) {
  const lines = fs
    .readFileSync(path.join(ROOT, 'deploy/virality.env.example'), 'utf8')
    .split('\n')
    .filter((l) => /^[A-Z_]+=/.test(l) && !(l.split('=')[0] in overrides));
  for (const [k, v] of Object.entries(overrides)) lines.push(`${k}=${v}`);
  const file = path.join(work, `env-${randomBytes(3).toString('hex')}`);
  fs.writeFileSync(file, `${lines.join('\n')}\n`, { mode: 0o600 });
  return file;
}

async function main() {
  const missing = needs();
  if (missing) {
    log(`FAILED: cannot run here: ${missing}`);
    process.exit(1);
  }
  const started = Date.now();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'virality-image-'));
  const containers = [];
  const dbName = `virality_image_${randomBytes(4).toString('hex')}`;
  const psql = (sql) => run('psql', [DB_BASE, '-v', 'ON_ERROR_STOP=1', '-qAtc', sql]);
  try {
    makeBase(work);
    log(`building ${IMAGE} from deploy/Dockerfile`);
    await runLogged(
      'podman',
      [
        ...RUNTIME,
        'build',
        '--format',
        'docker',
        '--network',
        'host',
        ...LIMITS,
        '--build-arg',
        `NODE_IMAGE=${BASE}`,
        '-f',
        'deploy/Dockerfile',
        '-t',
        IMAGE,
        '.',
      ],
      path.join(work, 'build.log'),
    );
    log(`built in ${Math.round((Date.now() - started) / 1000)} s`);

    psql(`CREATE DATABASE ${dbName}`);
    const u = new URL(DB_BASE);
    u.pathname = `/${dbName}`;
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const common = { DATABASE_URL: u.toString(), PUBLIC_URL: base, JWT_SECRET: randomBytes(32).toString('hex') };
    const start = (name, env, cmd = []) => {
      const id = run('podman', [
        ...RUNTIME,
        'run',
        '-d',
        '--name',
        name,
        '--network',
        'host',
        ...LIMITS,
        '--env-file',
        envFile(work, env),
        IMAGE,
        ...cmd,
      ]).stdout.trim();
      containers.push(id);
      return id;
    };
    const server = start(`virality-test-server-${dbName}`, { ...common, PORT: String(port), WORKERS: 'off' });
    const logsOf = (id) => {
      const out = run('podman', ['logs', '--tail', '40', id], { allowFail: true });
      return `${out.stdout}${out.stderr}`;
    };
    await until(
      'the server answered /api/ready with 200',
      async () => {
        const res = await fetch(`${base}/api/ready`);
        return res.status === 200 || `${res.status} ${await res.text()}\n${logsOf(server)}`;
      },
      120_000,
    );
    log('server ready');
    // the image's own HEALTHCHECK passes
    const health = run('podman', ['healthcheck', 'run', server], { allowFail: true });
    if (health.status !== 0) fail(`the image's HEALTHCHECK failed: ${health.stdout}${health.stderr}`);
    // it runs as the node user, never root
    const uid = run('podman', ['exec', server, 'id', '-u']).stdout.trim();
    if (uid === '0' || uid === '') fail(`the server runs as uid ${uid}`);
    // the app is served, the sandbox is not
    const home = await fetch(`${base}/`);
    const html = await home.text();
    if (home.status !== 200 || !html.includes('<div id="root"')) fail(`GET / answered ${home.status}: ${html.slice(0, 200)}`);
    for (const closed of ['/sandbox/outbox', '/sandbox/clock']) {
      const res = await fetch(`${base}${closed}`);
      if (res.status !== 404) fail(`${closed} answered ${res.status} in production`);
    }
    // metrics answer loopback clients only when no token is set (the check runs on the same host)
    const metrics = await fetch(`${base}/metrics`);
    if (metrics.status !== 200 || !(await metrics.text()).includes('virality_http_request_duration_seconds'))
      fail(`/metrics answered ${metrics.status}`);

    // a job worker from the same image, as compose runs it
    const metricsPort = await freePort();
    const worker = start(`virality-test-worker-${dbName}`, { ...common, METRICS_PORT: String(metricsPort) }, [
      'sh',
      'apps/server/bin/serve',
      'worker',
    ]);
    await until(
      'the worker answered /api/ready with 200 at its METRICS_PORT',
      async () => {
        const res = await fetch(`http://127.0.0.1:${metricsPort}/api/ready`);
        const body = await res.json();
        return (
          (res.status === 200 && body.response?.jobs === 'running') || `${res.status} ${JSON.stringify(body)}\n${logsOf(worker)}`
        );
      },
      120_000,
    );
    log('worker ready');
    log(`passed in ${Math.round((Date.now() - started) / 1000)} s`);
  } finally {
    for (const id of containers) run('podman', ['rm', '-f', '-t', '5', id], { allowFail: true });
    run('podman', ['rmi', '-f', IMAGE], { allowFail: true });
    // the build's intermediate layers; the base is kept
    run('podman', ['image', 'prune', '-f'], { allowFail: true });
    psql(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err) => {
  if (!process.exitCode) console.error(`[image] FAILED: ${err.stack ?? err}`);
  process.exit(1);
});
