import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig, zEnv } from '../config';

// The deployment files (deploy/) as an operator uses them. No container engine runs on the machines that test this,
// so the image is not built here; what can be checked is: every setting the compose file and the example settings
// pass is one the server reads, the example settings start a server's configuration, and every file the image
// copies or runs exists.

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const read = (rel: string) => fs.readFileSync(path.join(ROOT, rel), 'utf8');
const KNOWN = new Set(Object.keys(zEnv.shape));
/** Read by other programs, not the server: compose itself, PostgreSQL's and MinIO's images. */
const NOT_OURS = /^(POSTGRES_|MINIO_)/;

type TCompose = {
  services: Record<string, { environment?: Record<string, string>; command?: string[]; healthcheck?: { test: string[] } }>;
};

/** The example settings file as key → value (comments and blank lines left out). */
function exampleEnv(): Record<string, string> {
  return Object.fromEntries(
    read('deploy/virality.env.example')
      .split('\n')
      .filter((l) => l.trim() && !l.trim().startsWith('#'))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
}

describe('deploy/compose.yaml and deploy/virality.env.example', () => {
  it('set only settings the server reads', () => {
    const compose = parse(read('deploy/compose.yaml')) as TCompose;
    const passed = [
      ...Object.values(compose.services).flatMap((s) => Object.keys(s.environment ?? {})),
      ...Object.keys(exampleEnv()),
    ].filter((k) => !NOT_OURS.test(k));
    expect(passed.length).toBeGreaterThan(20);
    expect(passed.filter((k) => !KNOWN.has(k))).toEqual([]);
  });

  it('the example settings, with what compose adds, make a production configuration: PostgreSQL, the bucket, no sandbox', () => {
    const compose = parse(read('deploy/compose.yaml')) as TCompose;
    const server = compose.services.server.environment ?? {};
    const env = {
      ...exampleEnv(),
      ...Object.fromEntries(
        Object.entries(server).map(([k, v]) => [k, v.replace(/\$\{(\w+)\}/g, (_, name) => `${name.toLowerCase()}-value`)]),
      ),
      METRICS_TOKEN: 'a-token-of-sixteen-or-more',
    };
    const config = loadConfig(env);
    expect(config.env).toBe('production');
    expect(config.sandbox).toBe(false);
    expect(config.workers).toBe(false);
    expect(config.databaseUrl).toMatch(/^postgres:\/\/virality:/);
    expect(config.storage.kind).toBe('s3');
    expect(config.storage.s3?.endpoint).toBe('http://storage:9000');
    // a setting left blank in the file is not set (no SMS without Twilio's keys)
    expect(config.sms).toBeNull();
    expect(config.trustProxy).toBe(1);
  });

  it('the workers run the worker entry and are checked by their readiness on their metrics port', () => {
    const worker = (parse(read('deploy/compose.yaml')) as TCompose).services.worker;
    expect(worker.command).toEqual(['sh', 'apps/server/bin/serve', 'worker']);
    expect(worker.environment?.METRICS_PORT).toBe('9464');
    expect(worker.healthcheck?.test.join(' ')).toContain('127.0.0.1:9464/api/ready');
  });
});

describe('deploy/Dockerfile', () => {
  const dockerfile = read('deploy/Dockerfile');

  it('copies only files that exist, runs as the node user, and checks /api/ready', () => {
    for (const [, from] of dockerfile.matchAll(/^COPY (?!--from)(\S+) /gm))
      if (from !== '.') expect(fs.existsSync(path.join(ROOT, from)), from).toBe(true);
    // every workspace's package.json is copied before `npm ci` (npm ci needs them all)
    const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
    for (const w of workspaces) expect(dockerfile, w).toContain(`COPY ${w}/package.json ${w}/`);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toContain('/api/ready');
    expect(dockerfile).toContain('CMD ["sh", "apps/server/bin/serve"]');
    expect(fs.existsSync(path.join(ROOT, 'apps/server/bin/serve'))).toBe(true);
  });

  it('runs the Node version the product is built and tested on', () => {
    const image = /^ARG NODE_IMAGE=node:(\S+)-bookworm-slim$/m.exec(dockerfile)?.[1];
    const ci = /NODE_PIN="?([\d.]+)/.exec(read('.ci/run'))?.[1];
    expect(image).toBeTruthy();
    expect(image).toBe(ci);
  });
});
