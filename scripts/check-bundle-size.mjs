#!/usr/bin/env node
// The first-load JavaScript budget of the web app (npm run check:size; suite `budget` of npm test).
// The budget: what index.html makes every first visit download, its entry <script type="module" src> (and any
// other script it lists) and every <link rel="modulepreload" href>, each gzipped (node:zlib, level 9) and summed.
// With a build manifest it also prints, for information, each public page with its own lazy chunk and the chunks
// that one imports (what /, /login and /signup download in all). Deterministic: sizes only, no timings.
// Exits 1 when index.html's total is over the budget.
// Usage: node scripts/check-bundle-size.mjs [--dist=apps/web/dist] [--budget-kb=200] [--keep=DIR]
//   without --dist it builds the web app (vite build --manifest) into a temporary folder and removes it after, or into
//   DIR with --keep, where it stays (npm test serves that build to the journeys instead of building the app again).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB = path.join(ROOT, 'apps', 'web');
const DEFAULT_BUDGET_KB = 200;

/** The public pages and the source module their route loads lazily (apps/web/src/app/routes.tsx). */
const PAGES = [
  { path: '/', module: 'src/features/landing/components/landing-page.tsx' },
  { path: '/login', module: 'src/features/auth/index.ts' },
  { path: '/signup', module: 'src/features/auth/index.ts' },
];

function parseArgs(argv) {
  const opts = { dist: null, keep: null, budgetKb: Number(process.env.BUNDLE_BUDGET_KB ?? DEFAULT_BUDGET_KB) };
  for (const arg of argv) {
    const [key, value = ''] = arg.split('=');
    if (key === '--dist') opts.dist = path.resolve(value);
    else if (key === '--budget-kb') opts.budgetKb = Number(value);
    else if (key === '--keep') opts.keep = path.resolve(value);
    else {
      console.error(
        `Unknown argument ${arg}. Usage: node scripts/check-bundle-size.mjs [--dist=DIR] [--budget-kb=N] [--keep=DIR]`,
      );
      process.exit(2);
    }
  }
  if (!(opts.budgetKb > 0)) {
    console.error('The budget must be a positive number of kB.');
    process.exit(2);
  }
  return opts;
}

function build(outDir) {
  const local = path.join(WEB, 'node_modules', '.bin', 'vite');
  const vite = existsSync(local) ? local : path.join(ROOT, 'node_modules', '.bin', 'vite');
  console.log(`Building the web app into ${outDir} …`);
  const res = spawnSync(vite, ['build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'warn'], {
    cwd: WEB,
    stdio: 'inherit',
  });
  if (res.status !== 0) {
    console.error(`vite build failed (${res.error?.message ?? `exit ${res.status}`})`);
    process.exit(1);
  }
}

/** The entry script and the modulepreloads of index.html, as paths relative to the dist folder, in order. */
function firstLoadScripts(html) {
  const files = [];
  const attr = (tag, name) => tag.match(new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i'));
  const value = (m) => (m ? (m[1] ?? m[2] ?? m[3]) : null);
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = value(attr(tag, 'src'));
    if (src) files.push(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    if ((value(attr(tag, 'rel')) ?? '').toLowerCase().split(/\s+/).includes('modulepreload')) {
      const href = value(attr(tag, 'href'));
      if (href) files.push(href);
    }
  }
  return [...new Set(files.map((f) => f.replace(/^\//, '').split(/[?#]/)[0]))];
}

const gzipKb = (file) => gzipSync(readFileSync(file), { level: 9 }).length / 1000;
const kb = (n) => `${n.toFixed(1).padStart(7)} kB`;

/** Every chunk a manifest entry needs: itself and, recursively, its static imports. */
function closure(manifest, key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return seen;
  seen.add(key);
  for (const dep of chunk.imports ?? []) closure(manifest, dep, seen);
  return seen;
}

function main() {
  const opts = parseArgs(process.argv.slice(2));
  let dist = opts.dist;
  let temp = null;
  if (!dist && opts.keep) {
    dist = opts.keep;
    build(dist);
  } else if (!dist) {
    temp = mkdtempSync(path.join(tmpdir(), 'virality-size-'));
    dist = path.join(temp, 'dist');
    build(dist);
  }
  try {
    const indexFile = path.join(dist, 'index.html');
    if (!existsSync(indexFile)) {
      console.error(`No index.html in ${dist}: build the web app first (npm run build).`);
      return 1;
    }
    const scripts = firstLoadScripts(readFileSync(indexFile, 'utf8'));
    if (scripts.length === 0) {
      console.error('index.html lists no module script: nothing to measure.');
      return 1;
    }
    const sizes = new Map();
    console.log(`First load (index.html's scripts and modulepreloads), gzip level 9:`);
    for (const file of scripts) {
      const full = path.join(dist, file);
      if (!existsSync(full)) {
        console.error(`index.html lists ${file}, which is not in ${dist}`);
        return 1;
      }
      sizes.set(file, gzipKb(full));
      console.log(`  ${kb(sizes.get(file))}  ${file}`);
    }
    const base = [...sizes.values()].reduce((a, b) => a + b, 0);
    console.log(`  ${kb(base)}  total of index.html (budget ${opts.budgetKb} kB)`);

    const manifestFile = path.join(dist, '.vite', 'manifest.json');
    if (existsSync(manifestFile)) {
      const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
      console.log(`\nPer page, for information: the above plus the page's lazy route chunk and what it imports:`);
      for (const page of PAGES) {
        if (!existsSync(path.join(WEB, page.module))) {
          console.error(`  ${page.path}: ${page.module} does not exist (did routes.tsx change?)`);
          return 1;
        }
        if (!manifest[page.module]) {
          // Not a chunk of its own: the page is bundled with the entry, which is counted above.
          console.log(`  ${kb(base)}  ${page.path.padEnd(8)} (the page comes with the entry)`);
          continue;
        }
        const extra = [...closure(manifest, page.module)]
          .map((key) => manifest[key].file)
          .filter((file) => !sizes.has(file) && file.endsWith('.js'));
        const extraKb = extra.reduce((sum, file) => sum + gzipKb(path.join(dist, file)), 0);
        const total = base + extraKb;
        console.log(
          `  ${kb(total)}  ${page.path.padEnd(8)} (+${extraKb.toFixed(1)} kB in ${extra.length} lazy chunk(s): ${extra.join(', ')})`,
        );
      }
    }

    if (base > opts.budgetKb) {
      console.error(
        `\nOver the ${opts.budgetKb} kB first-load budget: index.html makes a first visit load ${base.toFixed(1)} kB.`,
      );
      return 1;
    }
    console.log(`\nWithin the ${opts.budgetKb} kB first-load budget (${base.toFixed(1)} kB).`);
    return 0;
  } finally {
    if (temp) rmSync(temp, { recursive: true, force: true });
  }
}

process.exitCode = main();
