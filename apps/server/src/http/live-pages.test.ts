import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planPrices } from '../db/schema';
import { buildTestApp, type TTestApp } from '../test/helpers';
import { chooseEncoding, readLivePages } from './live-pages';

// A stand-in for the web build's live pages: its templates, the pages it rendered ahead, and a rendering module with
// the web app's shape (ssr/prerender.js: pageData, render, fillRoot, the stylesheet helpers). This one reads the
// price list through the server, as the real one does, and numbers its renders so a test sees when it rendered.
const TEMPLATE = '<!doctype html><html><head><title>Pricing</title></head><body><div id="root"></div></body></html>';
const BUILT_AHEAD = TEMPLATE.replace('<div id="root"></div>', '<div id="root"><h1>Plans (built ahead)</h1></div>');
const RENDER_MODULE = `
let renders = 0;
export async function pageData(pathname, fetcher) {
  if (pathname === '/news-room') {
    const res = await fetcher('/api/admin/news/getAllFeatureNews');
    if (!res.ok) throw new Error('refused');
    return [{ queryKey: ['news'], data: (await res.json()).response }];
  }
  if (pathname === '/try-to-write') await fetcher('/api/payment/createOrder', { method: 'POST' });
  const res = await fetcher('/api/payment/getPriceList');
  if (!res.ok) throw new Error('refused ' + res.status);
  return [{ queryKey: ['price-list'], data: (await res.json()).response }];
}
export async function render(pathname, { whole, queries }) {
  if (pathname === '/news-room') throw new Error('this page cannot be rendered');
  renders += 1;
  const list = queries[0].data;
  const plans = list.plans.map((p) => '<li class="plan">' + p.planName + ' ' + list.symbol + p.planAmount + '</li>').join('');
  return { html: '<h1 data-render="' + renders + '">Plans</h1><ul>' + plans + '</ul>', loaderData: {}, queries };
}
export function fillRoot(template, rendered, whole) {
  const data = JSON.stringify({ loaderData: rendered.loaderData, queries: rendered.queries }).replace(/</g, '\\\\u003c');
  return template.replace('<div id="root"></div>', () => '<div id="root">' + rendered.html + '</div><script type="application/json" id="prerendered"' + (whole ? ' data-whole' : '') + '>' + data + '</script>');
}
export function readStylesheetClasses() { return new Map(); }
export function linkStylesOfRenderedParts(page) { return page; }
`;

let dist: string;
let t: TTestApp;
const logs: string[] = [];

function writeBuild(dir: string, livePages: object) {
  mkdirSync(path.join(dir, 'pages', 'live'), { recursive: true });
  mkdirSync(path.join(dir, 'pages', 'prerendered'), { recursive: true });
  mkdirSync(path.join(dir, 'ssr'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), TEMPLATE);
  writeFileSync(path.join(dir, 'pages', 'live', 'pricing.html'), TEMPLATE);
  writeFileSync(path.join(dir, 'pages', 'prerendered', 'pricing.html'), BUILT_AHEAD);
  writeFileSync(path.join(dir, 'pages', 'prerendered', 'news-room.html'), BUILT_AHEAD.replace('Plans', 'News'));
  writeFileSync(path.join(dir, 'ssr', 'prerender.js'), RENDER_MODULE);
  writeFileSync(
    path.join(dir, 'route-pages.json'),
    JSON.stringify({
      '/pricing': 'pages/prerendered/pricing.html',
      '/news-room': 'pages/prerendered/news-room.html',
      '/try-to-write': 'pages/prerendered/pricing.html',
    }),
  );
  writeFileSync(path.join(dir, 'live-pages.json'), JSON.stringify(livePages));
}

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'virality-live-'));
  writeBuild(dist, {
    module: 'ssr/prerender.js',
    base: '/',
    pages: {
      '/pricing': 'pages/live/pricing.html',
      '/news-room': 'pages/live/pricing.html',
      '/try-to-write': 'pages/live/pricing.html',
    },
  });
  t = await buildTestApp(
    { WEB_DIST_DIR: dist },
    {
      logger: {
        level: 'warn',
        stream: { write: (line: string) => logs.push(line) },
      } as never,
    },
  );
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const visit = (url: string, remoteAddress = '127.0.0.1') => t.app.inject({ method: 'GET', url, remoteAddress });
const renderNumber = (html: string) => /data-render="(\d+)"/.exec(html)?.[1] ?? null;

describe('a public page that shows what the API answers (pricing, the news room)', () => {
  it('is sent with that answer in its HTML, read as the visitor would read it: the plans in the currency of their address', async () => {
    const us = await visit('/pricing');
    expect(us.statusCode).toBe(200);
    expect(us.headers['content-type']).toMatch(/^text\/html/);
    expect(us.headers['cache-control']).toBe('no-cache');
    expect(us.body).toContain('<li class="plan">Starter $19</li>');
    // the app takes it over from the same answer
    expect(us.body).toMatch(/<script type="application\/json" id="prerendered" data-whole>\{"loaderData":\{\},"queries":/);
    const uk = await visit('/pricing', '81.2.69.142');
    expect(uk.body).toContain('<li class="plan">Starter £15</li>');
  });

  it('is sent compressed to a browser that takes brotli or gzip, the same page', async () => {
    const plain = (await visit('/pricing')).body;
    const br = await t.app.inject({ method: 'GET', url: '/pricing', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    const gz = await t.app.inject({ method: 'GET', url: '/pricing', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain);
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding('br;q=0.0, gzip;q=0')).toBeNull();
    expect(chooseEncoding('BR;q=0.5')).toBe('br');
  });

  it('is rendered once for each version of its data, and again as soon as the data changes', async () => {
    const first = renderNumber((await visit('/pricing', '81.2.69.142')).body);
    expect(renderNumber((await visit('/pricing', '81.2.69.142')).body)).toBe(first);
    await t.database.db
      .update(planPrices)
      .set({ amountMinor: 1600 })
      .where(and(eq(planPrices.planId, 'plan_starter'), eq(planPrices.currency, 'gbp')));
    const changed = (await visit('/pricing', '81.2.69.142')).body;
    expect(changed).toContain('<li class="plan">Starter £16</li>');
    expect(renderNumber(changed)).not.toBe(first);
  });

  it('is sent as the build rendered it when it cannot be rendered, with the failure logged, never as an error page', async () => {
    const res = await visit('/news-room');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1>News (built ahead)</h1>');
    expect(logs.some((l) => l.includes('live page not rendered'))).toBe(true);
  });

  it('reads the API only with GET: a page that would write is sent as the build rendered it', async () => {
    const res = await visit('/try-to-write');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1>Plans (built ahead)</h1>');
    expect(logs.some((l) => l.includes("may only read this server's API with GET (POST /api/payment/createOrder)"))).toBe(true);
  });

  it("never sends the rendering module's files", async () => {
    expect((await visit('/ssr/prerender.js')).statusCode).toBe(404);
  });

  it("takes only plain files inside the build from the build's list", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'virality-live-bad-'));
    try {
      writeBuild(dir, { module: '../outside.js', base: '/', pages: {} });
      expect(readLivePages(dir)).toBeNull();
      writeBuild(dir, {
        module: 'ssr/prerender.js',
        base: '/',
        pages: {
          '/pricing': '../../etc/passwd.html',
          '/news-room': 'pages/live/pricing.html',
          'no-slash': 'pages/live/pricing.html',
        },
      });
      expect(readLivePages(dir)?.pages).toEqual({ '/news-room': 'pages/live/pricing.html' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
