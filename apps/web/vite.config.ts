import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { configDefaults, defineConfig } from 'vitest/config';
import { paths } from './src/config/paths.ts';
import { fillRoot, linkStylesOfRenderedParts, readStylesheetClasses } from './src/prerender-styles.ts';

const TEST_FILES = 'src/**/*.test.{ts,tsx}';
/** The test files that replace a module with vi.mock: they run with a module cache of their own (test.projects). */
const MOCKS_MODULES = (() => {
  const src = path.join(import.meta.dirname, 'src');
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(path.join(dir, e.name)) : /\.test\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : [],
    );
  return walk(src)
    .filter((f) => /\bvi\.(do)?mock\(/.test(readFileSync(f, 'utf8')))
    .map((f) =>
      path
        .relative(import.meta.dirname, f)
        .split(path.sep)
        .join('/'),
    );
})();

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
    // the rendering module (ssr/) is read by the server from disk, never sent
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // after the pages rendered ahead of time are written (prerenderPublicPages)
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const file of walk(outDir)) {
          if (!PRECOMPRESS.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
          if (file.startsWith(path.join(outDir, 'ssr') + path.sep)) continue;
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
 * `fetches` are API calls the group's pages make as they first render (paths under the main API base): asked for
 * by the page itself (`<link rel="preload" as="fetch">`) they travel beside the scripts instead of after them.
 */
const ROUTE_PRELOADS: { name: string; module: string; paths: string[]; fetches?: string[] }[] = [
  {
    // the terms, the privacy policy and help
    name: 'legal',
    module: 'src/features/legal/index.ts',
    paths: [paths.terms, paths.privacyPolicy, paths.helpSupport],
  },
  {
    // the public pricing page (its plans are asked for in the visitor's currency once the app runs)
    name: 'pricing',
    module: 'src/features/billing/index.ts',
    paths: [paths.pricing],
  },
  {
    // the news room and the list of all news
    name: 'news',
    module: 'src/features/news/index.ts',
    paths: [paths.newsRoom, paths.allNews],
  },
  {
    // the log-in and sign-up forms, with the Google button, which asks for the config (its client id)
    name: 'auth',
    module: 'src/features/auth/index.ts',
    paths: [paths.login, paths.signup, paths.registration, paths.imcRegistration],
    fetches: ['config'],
  },
  {
    // the other steps of signing up and in
    name: 'auth-steps',
    module: 'src/features/auth/index.ts',
    paths: [
      paths.selectProfileType,
      paths.registrationOtp,
      paths.forgotPassword,
      paths.verifyOtp,
      paths.createNewPassword,
      paths.redirect,
    ],
  },
];

/**
 * The public pages whose HTML is rendered at build time (src/prerender.tsx), as a visitor without a session sees
 * them: their content paints with the HTML and its styles, before any of the app's JavaScript has run; the app
 * then takes the page over (src/main.tsx). Each is written to `pages/prerendered/<name>.html` from the page's own
 * HTML (index.html, or its group's above), and route-pages.json sends it for that path. `/` is among them, so the
 * server sends index.html itself only for the other pages of the app.
 *
 * `when` says when the page asks for the app (src/boot/boot.js): `intent` once the visitor moves, taps, types or
 * focuses (the page's whole content is in its HTML, and a phone runs no script until then), `paint` after the first
 * frame (what the API answers, the plans and the articles, is not known at build time: their frame, headings and
 * words are rendered, the plans and articles as they load once the app has taken the page over).
 *
 * `live`: the server renders the page as it is asked for, with what the API answers then (the plans in the visitor's
 * currency, the newest articles), from the template written to `pages/live/<name>.html` and the rendering module
 * kept in `ssr/` (apps/server, live pages); the page rendered here is what it sends when it cannot.
 */
const PRERENDERED: { path: string; name: string; when: 'intent' | 'paint'; live?: true }[] = [
  { path: paths.landing, name: 'landing', when: 'intent' },
  { path: paths.login, name: 'login', when: 'intent' },
  { path: paths.signup, name: 'signup', when: 'intent' },
  { path: paths.terms, name: 'terms', when: 'intent' },
  { path: paths.privacyPolicy, name: 'privacy', when: 'intent' },
  { path: paths.helpSupport, name: 'help', when: 'intent' },
  { path: paths.pricing, name: 'pricing', when: 'paint', live: true },
  { path: paths.newsRoom, name: 'news-room', when: 'paint', live: true },
];

/**
 * The page's HTML with its module script and modulepreload links replaced by the boot file (src/boot/boot.js): a
 * page on a slow phone would otherwise download and run the app before it shows the words it already has.
 */
function withBootFile(html: string, bootSrc: string, when: 'intent' | 'paint'): string {
  const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
  const PRELOAD = /[ \t]*<link rel="modulepreload" crossorigin href="([^"]+)">\n?/g;
  const entry = ENTRY.exec(html)?.[1];
  if (!entry) throw new Error('the page has no module script for its boot file to start');
  const preloads = [...html.matchAll(PRELOAD)].map((m) => m[1]);
  const attr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  const boot = `<script defer src="${attr(bootSrc)}" data-when="${when}" data-entry="${attr(entry)}" data-preload="${attr(preloads.join(' '))}"></script>`;
  return html.replace(PRELOAD, '').replace(ENTRY, () => boot);
}

function prerenderPublicPages(): Plugin {
  let outDir = '';
  let root = '';
  let mode = 'production';
  let base = '/';
  return {
    name: 'virality:prerender-public-pages',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild && !process.env.VIRALITY_PRERENDER_BUILD,
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      mode = config.mode;
      base = config.base;
    },
    closeBundle: {
      sequential: true,
      async handler() {
        const { build } = await import('vite');
        // Kept in the build (the server renders the live pages with it) and whole: every package it uses is in
        // it, so it runs wherever the build is put. The server never sends the folder's files.
        const ssrDir = path.join(outDir, 'ssr');
        process.env.VIRALITY_PRERENDER_BUILD = '1';
        try {
          await build({
            root,
            mode,
            configFile: path.join(root, 'vite.config.ts'),
            logLevel: 'warn',
            ssr: { noExternal: true, target: 'node' },
            build: { ssr: 'src/prerender.tsx', outDir: ssrDir, emptyOutDir: true, copyPublicDir: false, minify: false },
          });
        } finally {
          delete process.env.VIRALITY_PRERENDER_BUILD;
        }
        const { render } = (await import(pathToFileURL(path.join(ssrDir, 'prerender.js')).href)) as {
          render: (pathname: string, o: { whole: boolean }) => Promise<{ html: string; loaderData: Record<string, unknown> }>;
        };
        const pagesFile = path.join(outDir, 'route-pages.json');
        const pages = JSON.parse(readFileSync(pagesFile, 'utf8')) as Record<string, string>;
        mkdirSync(path.join(outDir, 'pages', 'prerendered'), { recursive: true });
        mkdirSync(path.join(outDir, 'pages', 'live'), { recursive: true });
        const bootScript = readFileSync(path.join(root, 'src', 'boot', 'boot.js'), 'utf8');
        const bootFile = `assets/boot-${createHash('sha256').update(bootScript).digest('hex').slice(0, 8)}.js`;
        writeFileSync(path.join(outDir, bootFile), bootScript);
        const classes = readStylesheetClasses(outDir, base);
        const live: Record<string, string> = {};
        for (const page of PRERENDERED) {
          const template = readFileSync(path.join(outDir, pages[page.path] ?? 'index.html'), 'utf8');
          const whole = page.when === 'intent';
          const rendered = await render(page.path, { whole });
          const styled = linkStylesOfRenderedParts(fillRoot(template, rendered, whole), rendered.html, classes);
          const file = `pages/prerendered/${page.name}.html`;
          writeFileSync(path.join(outDir, file), withBootFile(styled, `${base}${bootFile}`, page.when));
          pages[page.path] = file;
          if (page.live) {
            // the server fills its root, renders it whole and asks for the app on the visitor's first intent
            live[page.path] = `pages/live/${page.name}.html`;
            writeFileSync(path.join(outDir, live[page.path]), withBootFile(template, `${base}${bootFile}`, 'intent'));
          }
        }
        writeFileSync(pagesFile, `${JSON.stringify(pages, null, 2)}\n`);
        writeFileSync(
          path.join(outDir, 'live-pages.json'),
          `${JSON.stringify({ module: 'ssr/prerender.js', base, pages: live }, null, 2)}\n`,
        );
      },
    },
  };
}

function routePreloads(): Plugin {
  let base = '/';
  let root = '';
  let apiBase = '/api';
  return {
    name: 'virality:route-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
      root = config.root;
      // the main API's base, as lib/api-client.ts reads it
      apiBase = (config.env.VITE_API_URL as string | undefined) ?? '/api';
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
            ...(group.fetches ?? []).map((f) => `<link rel="preload" as="fetch" crossorigin href="${apiBase}/${f}">`),
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

/**
 * The libraries of the sign-in pages (/login, /signup and the rest of src/features/auth) in one chunk, `auth-ui`:
 * the Mantine components, icons, hooks and shared app components those pages import and the entry does not.
 * Left to the automatic splitting they came as some twenty chunks of 1-3 kB (each shared with a different set of
 * pages), each one more request and one more stylesheet before the form could paint on a slow line.
 *
 * The chunk holds what the auth module's static imports reach, minus what the entry's reach (the entry loads it
 * already), the auth pages' own files (their own chunk) and the shared rules package (its constants are inlined;
 * its rules load on the first key, features/auth/lib/use-auth-rules.ts). Imports are followed by name through
 * the libraries' index modules (a module made only of imports and exports), so `import { Button } from
 * '@mantine/core'` reaches Button and not all of Mantine. A logged-in page that uses one of these components
 * loads the chunk too: its visitor came through the sign-in pages, so the chunk is in the cache.
 */
function authLibraries(): Plugin & { captures: (id: string) => boolean } {
  type TNames = Set<string> | '*';
  const members = new Set<string>();
  let root = '';
  return {
    name: 'virality:auth-libraries',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async buildEnd() {
      const rules = /[\\/]packages[\\/]domain[\\/]/;
      const reach = async (start: string) => {
        const wanted = new Map<string, TNames>();
        const todo: [string, TNames][] = [[start, '*']];
        while (todo.length > 0) {
          const [id, names] = todo.pop() as [string, TNames];
          if (rules.test(id)) continue;
          const had = wanted.get(id);
          if (had === '*' || (had && names !== '*' && [...names].every((n) => had.has(n)))) continue;
          wanted.set(id, names === '*' || !had ? names : new Set([...had, ...names]));
          const code = this.getModuleInfo(id)?.code;
          if (!code || !/\b(import|export)\b/.test(code)) continue;
          const body = this.parse(code).body;
          const target = async (source: string) => (await this.resolve(source, id))?.id ?? null;
          const follow = async (source: string, next: TNames) => {
            const to = await target(source);
            if (to) todo.push([to, next]);
          };
          const isIndex = body.every(
            (n) =>
              (n.type === 'ExpressionStatement' && 'directive' in n && typeof n.directive === 'string') ||
              n.type === 'ImportDeclaration' ||
              n.type === 'ExportAllDeclaration' ||
              (n.type === 'ExportNamedDeclaration' && !n.declaration),
          );
          const need = wanted.get(id) as TNames;
          // The exported names asked of an index module, as its local names (export { a as b }).
          const locals = new Set<string>();
          if (isIndex && need !== '*') {
            for (const n of body) {
              if (n.type !== 'ExportNamedDeclaration') continue;
              for (const sp of n.specifiers) {
                const exported = sp.exported.type === 'Identifier' ? sp.exported.name : String(sp.exported.value);
                const local = sp.local.type === 'Identifier' ? sp.local.name : String(sp.local.value);
                if (!need.has(exported)) continue;
                if (n.source) await follow(n.source.value, new Set([local]));
                else locals.add(local);
              }
            }
          }
          for (const n of body) {
            if (n.type === 'ImportDeclaration') {
              if (n.importKind === 'type') continue;
              if (n.specifiers.length === 0) {
                if (!isIndex || need === '*') await follow(n.source.value, '*');
                continue;
              }
              const asked = new Set<string>();
              let all = false;
              for (const sp of n.specifiers) {
                if (isIndex && need !== '*' && !locals.has(sp.local.name)) continue;
                if (sp.type === 'ImportNamespaceSpecifier') all = true;
                else if (sp.type === 'ImportDefaultSpecifier') asked.add('default');
                else asked.add(sp.imported.type === 'Identifier' ? sp.imported.name : String(sp.imported.value));
              }
              if (all) await follow(n.source.value, '*');
              else if (asked.size > 0) await follow(n.source.value, asked);
            } else if (n.type === 'ExportAllDeclaration') {
              await follow(n.source.value, isIndex ? need : '*');
            } else if (n.type === 'ExportNamedDeclaration' && n.source && !(isIndex && need !== '*')) {
              const asked = new Set(
                n.specifiers.map((sp) => (sp.local.type === 'Identifier' ? sp.local.name : String(sp.local.value))),
              );
              await follow(n.source.value, asked);
            }
          }
        }
        return new Set(wanted.keys());
      };
      const entry = await reach(path.join(root, 'src', 'main.tsx'));
      const auth = await reach(path.join(root, 'src', 'features', 'auth', 'index.ts'));
      const own = path.join(root, 'src', 'features', 'auth') + path.sep;
      members.clear();
      for (const id of auth) if (!entry.has(id) && !id.startsWith(own)) members.add(id);
      if (members.size === 0)
        this.error('the auth pages import nothing the entry does not: is src/features/auth/index.ts their module?');
    },
    captures: (id) => members.has(id),
  };
}

const authLibs = authLibraries();

export default defineConfig({
  plugins: [
    react(),
    mantineGlobalStylesFirst(),
    mantineComponentStyles(),
    authLibs,
    routePreloads(),
    prerenderPublicPages(),
    precompress(),
  ],
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
      // Imported constants are written where they are used: a form that needs only a field length of the rules
      // package (PASSWORD_MAX) then needs none of its modules, which import zod and the phone library.
      optimization: { inlineConst: { mode: 'all', pass: 2 } },
      output: {
        // No catch-all vendor or "all of Mantine" groups: they put every library on the first page and defeat
        // the lazy routes. React, which every page needs, is kept apart so it stays cached across releases; the
        // other libraries the entry needs ($initial: what the entry imports statically, so the first page loads
        // all of it anyway) go in one chunk instead of a dozen small ones. What only lazy pages use stays with them.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            { name: 'initial-libs', test: /node_modules[\\/]/, tags: ['$initial'], priority: 1 },
            { name: 'auth-ui', test: authLibs.captures, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: false,
    setupFiles: ['./src/test-setup.ts'],
    // jsdom + Mantine renders are slow when files run in parallel.
    testTimeout: 15_000,
    // One file at a time: parallel jsdom renders on two cores made waits flaky.
    maxWorkers: 1,
    projects: [
      // The files share one worker's jsdom and module cache: a fresh environment and a fresh import of React, Mantine
      // and the app for each of the ~70 files took more than half of the run. What a test changes of the page's
      // globals is put back after it (src/test-setup.ts), and a file that changes process-wide state (TZ, a property
      // it defines on window or navigator) puts it back itself.
      {
        extends: true,
        test: { name: 'shared', include: [TEST_FILES], exclude: [...configDefaults.exclude, ...MOCKS_MODULES], isolate: false },
      },
      // A file that replaces a module (vi.mock) gets a fresh import of everything: in a shared cache the page under
      // test may already hold the real module, imported by a file before it.
      { extends: true, test: { name: 'own', isolate: true, include: MOCKS_MODULES } },
    ],
  },
});
