// Builds the server to plain JavaScript: src/main.ts, src/worker.ts and src/admin-create.ts → dist/main.js, dist/worker.js
// and dist/admin-create.js
// (ESM, Node 24), run with `node dist/main.js` (bin/serve adds the memory settings). `--outdir <dir>` builds elsewhere. Packages stay in node_modules, except the
// workspace's own (@virality/domain, @virality/sandbox), which are TypeScript source and are bundled in. The sandbox's
// stand-ins (@virality/sandbox) are a bundle of their own, dist/sandbox.js: the server imports the package only
// dynamically in sandbox mode, and that import is pointed at ./sandbox.js, so main.js carries none of their code and a
// server outside the sandbox never loads them. Its credentials (@virality/sandbox/facts, constants only) are bundled in. The SQL migrations are copied to dist/migrations, where
// db/client.ts looks for them beside the running file (import.meta.dirname), as it does beside src/db.
// Each file is written to a temporary name and renamed into place, so a server already running from
// dist, or a build running at the same time, never reads half a file.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const ROOT = import.meta.dirname;
const outArg = process.argv.indexOf('--outdir');
const OUT = outArg > 0 ? path.resolve(process.argv[outArg + 1]) : path.join(ROOT, 'dist');
const MIGRATIONS = path.join(ROOT, 'src', 'db', 'migrations');

/** A bare import (a package) stays external, except the workspace's own TypeScript packages. */
const BUNDLED = /^@virality\//;
/** The sandbox's entry: loaded at run time from its own bundle beside the importing file. */
const SANDBOX_ENTRY = '@virality/sandbox';
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path === SANDBOX_ENTRY) {
        if (args.kind !== 'dynamic-import')
          throw new Error(`${args.importer} imports ${SANDBOX_ENTRY} statically: only await import() keeps it out of main.js`);
        return { path: './sandbox.js', external: true };
      }
      if (BUNDLED.test(args.path) || path.isAbsolute(args.path)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const writeAtomically = (file, contents) => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, contents);
  fs.renameSync(temp, file);
};

const started = Date.now();
const result = await build({
  absWorkingDir: ROOT,
  entryPoints: [
    'src/main.ts',
    'src/worker.ts',
    'src/admin-create.ts',
    'src/ops-cli.ts',
    { in: path.join(ROOT, '..', '..', 'packages', 'sandbox', 'src', 'index.ts'), out: 'sandbox' },
  ],
  outdir: OUT,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: 'linked',
  plugins: [externalPackages],
  logLevel: 'warning',
  write: false,
  metafile: true,
});
for (const file of result.outputFiles) writeAtomically(file.path, file.contents);
for (const rel of fs.readdirSync(MIGRATIONS, { recursive: true })) {
  const from = path.join(MIGRATIONS, rel);
  if (fs.statSync(from).isFile()) writeAtomically(path.join(OUT, 'migrations', rel), fs.readFileSync(from));
}
// A new embedded database is made by a plain JavaScript helper run beside the server (db/create-embedded.mjs).
writeAtomically(path.join(OUT, 'create-embedded.mjs'), fs.readFileSync(path.join(ROOT, 'src', 'db', 'create-embedded.mjs')));
const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + o.bytes, 0);
console.log(
  `server built into ${path.relative(process.cwd(), OUT) || '.'} in ${Date.now() - started} ms (${Math.round(bytes / 1024)} kB)`,
);
