import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { paths } from './src/config/paths.ts';

const PRECOMPRESS = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
const PRECOMPRESS_MIN_BYTES = 1024;

/**
 * Writes `.br` (brotli, quality 11) and `.gz` (gzip, level 9) beside every text asset of the build over 1 kB,
 * so the server sends them as they are (@fastify/static `preCompressed`) instead of compressing per request.
 */
function precompress(): Plugin {
  let outDir = '';
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
    );
  return {
    name: 'virality:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!PRECOMPRESS.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
        if (statSync(file).size < PRECOMPRESS_MIN_BYTES) continue;
        const body = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: 11,
              [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
              [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

/**
 * Mantine's component styles travel with the components: each `<Name>.module.mjs` of @mantine/core (the class
 * names of a component) imports `@mantine/core/styles/<Name>.css`, so a chunk carries the styles of exactly
 * the components it contains and a lazy page loads its styles with its code. The first page gets only what it
 * renders instead of all of styles.css. Within a chunk the order follows the imports, a component after the
 * ones it is built on (as in styles.css); main.tsx imports the global styles (see mantineGlobalStylesFirst).
 */
function mantineComponentStyles(): Plugin {
  const stylesDir = path.join(path.dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css')), 'styles');
  const MODULE = /[\\/]@mantine[\\/]core[\\/]esm[\\/](?:.+[\\/])?([A-Za-z]+)[\\/]\1\.module\.mjs$/;
  const GLOBAL_IMPORTS = /import ['"]@mantine\/core\/styles\/(?:baseline|default-css-variables|global)\.css['"];?\n?/g;
  let serve = false;
  let entry = '';
  return {
    name: 'virality:mantine-component-styles',
    enforce: 'pre',
    configResolved(config) {
      serve = config.command === 'serve';
      entry = path.join(config.root, 'src', 'main.tsx');
    },
    transform(code, id) {
      // The dev server pre-bundles @mantine/core without running this plugin over it: there main.tsx gets
      // all of styles.css (globals included) instead.
      if (serve && path.normalize(id.split('?')[0]) === entry) {
        return { code: `import '@mantine/core/styles.css';\n${code.replace(GLOBAL_IMPORTS, '')}`, map: null };
      }
      const name = MODULE.exec(id.split('?')[0])?.[1];
      if (!name || !existsSync(path.join(stylesDir, `${name}.css`))) return null;
      return { code: `import '@mantine/core/styles/${name}.css';\n${code.replace(/^(['"])use client\1;?\s*/, '')}`, map: null };
    },
  };
}

/**
 * Mantine's global styles (reset, CSS variables, focus and helper classes) must come before every component's
 * styles, as in styles.css. Vite puts the entry's own CSS after the CSS of the chunks it imports, so in a
 * build the three files main.tsx imports are emptied there and written as one stylesheet linked first in
 * index.html. (In dev, main.tsx's imports run first anyway.)
 */
function mantineGlobalStylesFirst(): Plugin {
  const stylesDir = path.join(path.dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css')), 'styles');
  const GLOBALS = ['baseline.css', 'default-css-variables.css', 'global.css'].map((f) => path.join(stylesDir, f));
  let base = '/';
  return {
    name: 'virality:mantine-global-styles-first',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      base = config.base;
    },
    transform(_code, id) {
      return GLOBALS.includes(path.normalize(id.split('?')[0])) ? { code: '', map: null } : null;
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const html = bundle['index.html'];
        if (html?.type !== 'asset') return;
        const source = GLOBALS.map((f) => readFileSync(f, 'utf8').replace(/\s*\n\s*/g, '\n')).join('\n');
        const file = this.getFileName(this.emitFile({ type: 'asset', name: 'mantine-globals.css', source }));
        const link = `<link rel="stylesheet" crossorigin href="${base}${file}">`;
        const text = String(html.source);
        const at = text.search(/<link rel="stylesheet"|<script type="module"/);
        if (at < 0) this.error('index.html has no stylesheet or module script to put the global styles before');
        html.source = `${text.slice(0, at)}${link}\n    ${text.slice(at)}`;
      },
    },
  };
}

/**
 * The public pages that load a lazy chunk (the sign-up and log-in pages) would otherwise fetch it only once the
 * entry has run: one more round trip before anything of the page paints. For each such group of pages the build
 * writes `pages/<name>.html`, index.html with `<link rel="modulepreload">` for the group's chunk and every chunk
 * it imports (and a stylesheet link for their styles), and `route-pages.json`, which maps each page's path to its
 * file; the server sends that file for those paths instead of index.html. The entry's own budget is unchanged.
 */
const ROUTE_PRELOADS = [
  {
    name: 'auth',
    module: 'src/features/auth/index.ts',
    paths: [
      paths.login,
      paths.signup,
      paths.selectProfileType,
      paths.registration,
      paths.imcRegistration,
      paths.registrationOtp,
      paths.forgotPassword,
      paths.verifyOtp,
      paths.createNewPassword,
      paths.redirect,
    ],
  },
];

function routePreloads(): Plugin {
  let base = '/';
  let root = '';
  return {
    name: 'virality:route-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
      root = config.root;
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const html = bundle['index.html'];
        if (html?.type !== 'asset') return;
        const text = String(html.source);
        const pages: Record<string, string> = {};
        for (const group of ROUTE_PRELOADS) {
          const id = path.join(root, group.module);
          const chunk = Object.values(bundle).find((c) => c.type === 'chunk' && c.facadeModuleId === id);
          if (chunk?.type !== 'chunk') this.error(`no chunk is built from ${group.module}`);
          const js = new Set<string>();
          const css = new Set<string>();
          const visit = (file: string) => {
            const c = bundle[file];
            if (c?.type !== 'chunk' || js.has(file)) return;
            js.add(file);
            for (const f of c.viteMetadata?.importedCss ?? []) css.add(f);
            for (const f of c.imports) visit(f);
          };
          visit(chunk.fileName);
          const links = [
            ...[...css]
              .filter((f) => !text.includes(`${base}${f}`))
              .map((f) => `<link rel="stylesheet" crossorigin href="${base}${f}">`),
            ...[...js]
              .filter((f) => !text.includes(`${base}${f}`))
              .map((f) => `<link rel="modulepreload" crossorigin href="${base}${f}">`),
          ];
          const at = text.indexOf('</head>');
          if (at < 0) this.error('index.html has no </head>');
          const fileName = `pages/${group.name}.html`;
          this.emitFile({
            type: 'asset',
            fileName,
            source: `${text.slice(0, at)}  ${links.join('\n    ')}\n  ${text.slice(at)}`,
          });
          for (const p of group.paths) pages[p] = fileName;
        }
        this.emitFile({ type: 'asset', fileName: 'route-pages.json', source: `${JSON.stringify(pages, null, 2)}\n` });
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), mantineGlobalStylesFirst(), mantineComponentStyles(), routePreloads(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/sph': 'http://localhost:3000',
      '/sandbox': 'http://localhost:3000',
      '/uploads': 'http://localhost:3000',
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    rolldownOptions: {
      // The domain package has no top-level side effects: a page that imports only MSG must not pull in
      // every rule (and zod, libphonenumber-js) with it.
      treeshake: {
        moduleSideEffects: [{ test: /[\\/]packages[\\/]domain[\\/]src[\\/]/, sideEffects: false }],
      },
      output: {
        // No catch-all vendor or "all of Mantine" groups: they put every library on the first page and defeat
        // the lazy routes. React, which every page needs, is kept apart so it stays cached across releases; the
        // other libraries the entry needs ($initial: what the entry imports statically, so the first page loads
        // all of it anyway) go in one chunk instead of a dozen small ones. What only lazy pages use stays with them.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            { name: 'initial-libs', test: /node_modules[\\/]/, tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: false,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
    // jsdom + Mantine renders are slow when files run in parallel.
    testTimeout: 15_000,
    // One file at a time: parallel jsdom renders on two cores made waits flaky.
    maxWorkers: 1,
  },
});
