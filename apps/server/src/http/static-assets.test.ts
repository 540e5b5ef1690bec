import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../test/helpers';

// A tiny stand-in for apps/web/dist: what `vite build` writes, with the .br and .gz the build adds.
const INDEX_HTML = '<!doctype html><html lang="en"><head><title>Virality</title></head><body><div id="root"></div></body></html>';
const APP_JS = `export const app = ${JSON.stringify('x'.repeat(4000))};\n`;
const ROBOTS = 'User-agent: *\nAllow: /\n';
// the sign-up page's own copy of index.html, which also preloads its lazy chunks
const AUTH_HTML = INDEX_HTML.replace('</head>', '<link rel="modulepreload" href="/assets/auth-abc123.js"></head>');
// the landing page rendered at build time: its content is in the HTML
const LANDING_HTML = INDEX_HTML.replace('<div id="root"></div>', '<div id="root"><h1>Publish everywhere at once.</h1></div>');
const IMMUTABLE = 'public, max-age=31536000, immutable';

let dist: string;
let t: TTestApp;

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'virality-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(INDEX_HTML));
  writeFileSync(path.join(dist, 'robots.txt'), ROBOTS);
  mkdirSync(path.join(dist, 'pages'));
  writeFileSync(path.join(dist, 'pages', 'auth.html'), AUTH_HTML);
  writeFileSync(path.join(dist, 'pages', 'auth.html.br'), brotliCompressSync(AUTH_HTML));
  mkdirSync(path.join(dist, 'pages', 'prerendered'));
  writeFileSync(path.join(dist, 'pages', 'prerendered', 'landing.html'), LANDING_HTML);
  writeFileSync(path.join(dist, 'secret.txt'), 'not a page');
  writeFileSync(
    path.join(dist, 'route-pages.json'),
    JSON.stringify({
      '/': 'pages/prerendered/landing.html',
      '/signup': 'pages/auth.html',
      '/forgot-password': '../etc/passwd',
      '/redirect': 'secret.txt',
    }),
  );
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), APP_JS);
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(APP_JS));
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(APP_JS));
  t = await buildTestApp({ WEB_DIST_DIR: dist });
});

afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('the built web app', () => {
  it('sends the brotli file to a browser that accepts br, with content-encoding br', async () => {
    const res = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(APP_JS);
  });

  it('sends the gzip file to a browser that accepts only gzip, and the plain file to one that accepts neither', async () => {
    const gz = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(APP_JS);
    const plain = await get('/assets/app-abc123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_JS);
  });

  it('lets browsers keep hashed assets for a year', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await get('/assets/app-abc123.js', { 'accept-encoding': encoding });
      expect(res.headers['cache-control'], encoding).toBe(IMMUTABLE);
    }
  });

  it('sends index.html with no-cache at any page of the single-page app', async () => {
    for (const url of ['/index.html', '/login', '/profile/manageusers?x=1']) {
      const res = await get(url, { 'accept-encoding': 'identity' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(INDEX_HTML);
    }
  });

  it('sends the page compressed too, still with no-cache', async () => {
    for (const [url, html] of [
      ['/home', INDEX_HTML],
      ['/signup', AUTH_HTML],
    ]) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(html);
    }
  });

  it('sends a page whose lazy chunks the build preloads its own copy of index.html, and only HTML files of the build', async () => {
    for (const url of ['/signup', '/signup/', '/signup?ref=x']) {
      const res = await get(url, { 'accept-encoding': 'identity' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(AUTH_HTML);
    }
    // a map entry that leaves the build folder, or names something other than an HTML file, is ignored
    for (const url of ['/forgot-password', '/redirect', '/login']) {
      const res = await get(url, { 'accept-encoding': 'identity' });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX_HTML);
    }
  });

  it('sends / the landing page rendered at build time, and every other page of the app the empty index.html', async () => {
    const landing = await get('/', { 'accept-encoding': 'identity' });
    expect(landing.statusCode).toBe(200);
    expect(landing.headers['content-type']).toMatch(/^text\/html/);
    expect(landing.headers['cache-control']).toBe('no-cache');
    expect(landing.body).toBe(LANDING_HTML);
    // a logged-in page never shows the landing's content while its own code loads
    const home = await get('/home', { 'accept-encoding': 'identity' });
    expect(home.body).toBe(INDEX_HTML);
  });

  it('answers /robots.txt with the file as text/plain, not the app', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe(ROBOTS);
    expect(res.body).not.toContain('<html');
  });

  it('answers a missing file (an old chunk, a root file) with 404, not the app', async () => {
    for (const url of ['/assets/old-999.js', '/favicon.ico', '/browserconfig.xml']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).not.toMatch(/text\/html/);
    }
  });
});
