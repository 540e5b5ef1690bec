// Builds what `npm start` needs and is out of date: the web app (apps/web/dist) and the compiled server
// (apps/server/dist). A part is rebuilt when any of its sources, or the shared domain package (and, for the server,
// the sandbox package it bundles into dist/sandbox.js), is newer than
// its last build; `--force` rebuilds both. Each build runs as a child process that exits before the server
// starts, so none of its memory stays with the running server.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const force = process.argv.includes('--force');

/** The newest modification time under the given files and folders (node_modules and dist skipped). */
function newest(paths) {
  let latest = 0;
  const visit = (p) => {
    let stat;
    try {
      stat = fs.statSync(p);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(p)) if (name !== 'node_modules' && name !== 'dist') visit(path.join(p, name));
    } else latest = Math.max(latest, stat.mtimeMs);
  };
  for (const p of paths) visit(path.join(ROOT, p));
  return latest;
}

const builtAt = (file) => {
  try {
    return fs.statSync(path.join(ROOT, file)).mtimeMs;
  } catch {
    return 0;
  }
};

const run = (label, command, args) => {
  console.log(`building ${label}…`);
  // what npm start serves is a production build, whatever NODE_ENV the shell has: with NODE_ENV=development a vite
  // build ships React's development build (twice the size, several times the work, and a page rendered ahead that it
  // cannot take over as it stands)
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

const DOMAIN = ['packages/domain/src', 'packages/domain/package.json', 'package-lock.json'];
const parts = [
  {
    label: 'the web app',
    sources: [
      ...DOMAIN,
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/package.json',
    ],
    output: 'apps/web/dist/index.html',
    build: () => run('the web app', 'npm', ['run', 'build', '-w', '@virality/web']),
  },
  {
    label: 'the server',
    sources: [
      ...DOMAIN,
      'packages/sandbox/src',
      'packages/sandbox/package.json',
      'apps/server/src',
      'apps/server/build.mjs',
      'apps/server/package.json',
    ],
    output: 'apps/server/dist/main.js',
    build: () => run('the server', process.execPath, ['apps/server/build.mjs']),
  },
];

for (const part of parts) {
  if (force || newest(part.sources) > builtAt(part.output)) part.build();
  else console.log(`${part.label} is up to date`);
}
