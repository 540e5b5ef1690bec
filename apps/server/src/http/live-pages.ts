import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorForLog } from '../lib/scrub';

/** An API answer a page is rendered with: the web app's query key and its data. */
type TPageQuery = { queryKey: readonly unknown[]; data: unknown };
type TRendered = { html: string; loaderData: Record<string, unknown>; queries?: TPageQuery[] };

/** What the web app's rendering module (its build's `ssr/`) gives the server. */
type TRenderModule = {
  pageData(pathname: string, fetcher: typeof fetch): Promise<TPageQuery[]>;
  render(pathname: string, opts: { whole: boolean; queries?: TPageQuery[] }): Promise<TRendered>;
  fillRoot(template: string, rendered: TRendered, whole: boolean): string;
  readStylesheetClasses(outDir: string, base: string): unknown;
  linkStylesOfRenderedParts(page: string, html: string, table: unknown): string;
};

/** The build's `live-pages.json`: the pages the server renders with their data, each from its template. */
export type TLivePages = { module: string; base: string; pages: Record<string, string> };

/** A build file the server may read: a plain relative path inside the build folder. */
const SAFE_FILE = /^[\w/-]+\.(html|js)$/;

/** The build's live pages, checked; none when the build has no such file (an older build, the API alone). */
export function readLivePages(dist: string): TLivePages | null {
  const file = path.join(dist, 'live-pages.json');
  if (!fs.existsSync(file)) return null;
  const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<TLivePages>;
  if (typeof raw.module !== 'string' || !SAFE_FILE.test(raw.module) || raw.module.includes('..')) return null;
  const pages: Record<string, string> = {};
  for (const [route, page] of Object.entries(raw.pages ?? {}))
    if (/^\/[\w/-]*$/.test(route) && typeof page === 'string' && SAFE_FILE.test(page) && !page.includes('..'))
      pages[route] = page;
  return { module: raw.module, base: typeof raw.base === 'string' ? raw.base : '/', pages };
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** A rendered page as it is sent: plain, and compressed once for the browsers that take brotli or gzip. */
type TSent = { plain: string; br: Buffer; gzip: Buffer };

/** The encoding to send in, from the request's accept-encoding (an encoding given q=0 is refused). */
export function chooseEncoding(accept: string | undefined): 'br' | 'gzip' | null {
  const taken = new Set(
    (accept ?? '')
      .toLowerCase()
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, ...params]) => !params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p)))
      .map(([name]) => name.trim()),
  );
  if (taken.has('br')) return 'br';
  if (taken.has('gzip')) return 'gzip';
  return null;
}

/** How many rendered pages are kept (a page per currency and per version of its data). */
const KEPT = 32;

/**
 * The public pages that show what the API answers (the plans in the visitor's currency, the newest articles), sent
 * as HTML with that content in it: a phone paints them before any script has run, and the app takes them over on the
 * visitor's first intent, as it does the pages rendered at build time.
 *
 * Each request reads the page's data through the server's own API (the page's own calls, as the visitor's browser
 * would make them: same address, so the same currency), then sends the page rendered from that data, rendering it
 * only when that data has not been rendered before (kept by page and a digest of the data, at most KEPT). Only the
 * page's GET calls are answered, through the app itself (its checks, limits and logs apply).
 *
 * When anything fails (no rendering module, a call refused, a render that throws) the page is sent as the build
 * rendered it (its frame; the app loads the data), and the failure is logged: a public page is never an error page.
 */
export function registerLivePages(
  app: FastifyInstance,
  opts: { dist: string; live: TLivePages; builtPages: Readonly<Record<string, string>> },
): void {
  const { dist, live } = opts;
  type TLoaded = { mod: TRenderModule; classes: unknown; templates: Map<string, string> };
  let loading: Promise<TLoaded> | null = null;
  const load = () => {
    loading ??= (async () => {
      const mod = (await import(pathToFileURL(path.join(dist, live.module)).href)) as TRenderModule;
      const templates = new Map<string, string>();
      for (const [route, file] of Object.entries(live.pages))
        templates.set(route, await fs.promises.readFile(path.join(dist, file), 'utf8'));
      return { mod, classes: mod.readStylesheetClasses(dist, live.base), templates };
    })();
    // a failed load is tried again on the next request (the build may have been half written)
    loading.catch(() => {
      loading = null;
    });
    return loading;
  };
  const rendered = new Map<string, Promise<TSent>>();

  /** The page's own calls, answered by this server for the visitor's request. */
  const fetcherFor =
    (req: FastifyRequest): typeof fetch =>
    async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if ((init?.method ?? 'GET') !== 'GET' || !url.startsWith('/') || url.startsWith('//'))
        throw new Error(`a live page may only read this server's API with GET (${init?.method ?? 'GET'} ${url})`);
      const res = await app.inject({
        method: 'GET',
        url,
        remoteAddress: req.ip,
        headers: { 'user-agent': req.headers['user-agent'] ?? 'virality-live-page' },
      });
      return new Response(res.body, {
        status: res.statusCode,
        headers: { 'content-type': String(res.headers['content-type'] ?? '') },
      });
    };

  const page = async (route: string, req: FastifyRequest): Promise<TSent> => {
    const { mod, classes, templates } = await load();
    const queries = await mod.pageData(route, fetcherFor(req));
    const key = `${route} ${createHash('sha256').update(JSON.stringify(queries)).digest('hex')}`;
    let html = rendered.get(key);
    if (html) {
      // most recently used last
      rendered.delete(key);
      rendered.set(key, html);
      return html;
    }
    html = mod.render(route, { whole: true, queries }).then(async (r) => {
      const template = templates.get(route) as string;
      const plain = mod.linkStylesOfRenderedParts(mod.fillRoot(template, r, true), r.html, classes);
      const body = Buffer.from(plain);
      const [br, gz] = await Promise.all([
        brotli(body, { params: { [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
        gzipped(body, { level: 9 }),
      ]);
      return { plain, br, gzip: gz };
    });
    rendered.set(key, html);
    html.catch(() => rendered.delete(key));
    while (rendered.size > KEPT) rendered.delete(rendered.keys().next().value as string);
    return html;
  };

  for (const route of Object.keys(live.pages)) {
    // a page of the web app, not an API call: kept out of the API description
    app.get(route, { schema: { hide: true } }, async (req, reply) => {
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
      try {
        const sent = await page(route, req);
        const encoding = chooseEncoding(req.headers['accept-encoding']);
        if (!encoding) return reply.send(sent.plain);
        return reply.header('content-encoding', encoding).send(sent[encoding]);
      } catch (err) {
        req.log.warn({ err: errorForLog(err), page: route }, 'live page not rendered: sending the page built ahead');
        return reply.sendFile(opts.builtPages[route] ?? 'index.html');
      }
    });
  }
}
