/**
 * Lighthouse on the public pages: its default mobile run (a mid-range phone on a slow 4G line, simulated) against
 * `npm start` itself, the whole product as a person starts it (the compiled server with its job workers and the
 * sandbox, on the embedded database, serving the production build of the web app), on a port and in a data folder
 * of its own. Prints every run of every page (performance, accessibility, best practices, SEO, the paint and
 * blocking figures) and the median of each page, and writes bench/results/lighthouse.json. Uses Debian's Chromium
 * (CHROMIUM_PATH, default /usr/bin/chromium); it never downloads a browser.
 * Run: npm run bench:lighthouse
 *   LIGHTHOUSE_RUNS=3            runs per page; the median run (by performance score) is reported
 *   LIGHTHOUSE_PAGES=/,/login    which pages (default: the eight public pages)
 *   LIGHTHOUSE_REPORTS=DIR       also keep each run's full report (Lighthouse JSON, opens in its viewer) in DIR
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const ROOT = path.resolve(import.meta.dirname, '..');
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const PUBLIC_PAGES = '/,/pricing,/login,/signup,/terms,/privacypolicy,/help-support,/news-room';
const PAGES = (process.env.LIGHTHOUSE_PAGES ?? PUBLIC_PAGES).split(',').filter(Boolean);
const REPORTS = process.env.LIGHTHOUSE_REPORTS ? path.resolve(process.env.LIGHTHOUSE_REPORTS) : null;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** The audits worth reading when the performance score drops. */
const METRICS = {
  fcpMs: 'first-contentful-paint',
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  speedIndexMs: 'speed-index',
  cls: 'cumulative-layout-shift',
} as const;

type TRun = {
  scores: Record<(typeof CATEGORIES)[number], number | null>;
  metrics: Record<keyof typeof METRICS, number | null>;
  lcpElement: string | null;
  /** Audits of the four categories that did not pass, with what Lighthouse says they cost. */
  failing: { id: string; title: string; score: number | null; display: string | null }[];
};

/**
 * `npm start` in a data folder of its own, on a free port: resolves to its address once /api/health answers, and a
 * stop that ends it (SIGTERM, so it closes its embedded database) and waits for it.
 */
async function startProduct(dataDir: string): Promise<{ base: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    try {
      process.kill(-(child.pid as number), 'SIGTERM');
    } catch {
      return;
    }
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  };
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode} before it answered`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('npm start did not answer /api/health within 5 minutes');
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function audit(url: string, port: number): Promise<TRun> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (REPORTS) {
    fs.mkdirSync(REPORTS, { recursive: true });
    const name = new URL(url).pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'landing';
    fs.writeFileSync(path.join(REPORTS, `${name}-${Date.now()}.json`), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (id: string) => {
    const s = lhr.categories[id]?.score;
    return typeof s === 'number' ? Math.round(s * 100) : null;
  };
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([key, id]) => {
      const v = lhr.audits[id]?.numericValue;
      return [key, typeof v === 'number' ? Math.round(v * (key === 'cls' ? 1000 : 1)) / (key === 'cls' ? 1000 : 1) : null];
    }),
  ) as TRun['metrics'];
  // Lighthouse 13 names the LCP element in the LCP breakdown insight (a `node` item).
  const lcpItems = (lhr.audits['lcp-breakdown-insight']?.details as { items?: unknown[] } | undefined)?.items ?? [];
  const lcpNode = lcpItems.find(
    (i): i is { type: 'node'; nodeLabel?: string; snippet?: string } => (i as { type?: string }).type === 'node',
  );
  const failing = CATEGORIES.flatMap((cat) =>
    (lhr.categories[cat]?.auditRefs ?? [])
      .map((ref) => lhr.audits[ref.id])
      .filter((a) => a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
      .map((a) => ({ id: a.id, title: a.title, score: a.score, display: a.displayValue ?? null })),
  );
  return {
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    metrics,
    lcpElement: lcpNode ? (lcpNode.nodeLabel ?? lcpNode.snippet ?? null) : null,
    failing,
  };
}

/**
 * Lighthouse sometimes fails to record the page load's trace (NO_NAVSTART, NO_FCP on a first cold start): the
 * run measured nothing, so it is run again (twice at most); a page that fails three times in a row fails.
 */
async function auditRetryingTrace(url: string, port: number): Promise<TRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, port);
    } catch (err) {
      if (attempt >= 3 || !/NO_NAVSTART|NO_FCP|NO_TRACING_STARTED/.test(String(err))) throw err;
      console.log(`  (${String(err).split('\n')[0]}; running it again)`);
    }
  }
}

async function main() {
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), `bench-lighthouse-${randomBytes(3).toString('hex')}-`));
  console.log('Starting the product with npm start (it builds what is out of date first) …');
  const product = await startProduct(path.join(temp, 'data'));
  const base = product.base;
  const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'error' });
  const pages: Record<string, TRun & { runs: number; performanceRuns: (number | null)[] }> = {};
  try {
    for (const page of PAGES) {
      const runs: TRun[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await auditRetryingTrace(`${base}${page}`, chrome.port));
      runs.forEach((r, i) => {
        const m = r.metrics;
        console.log(
          `  ${page} run ${i + 1}: performance ${r.scores.performance}; LCP ${m.lcpMs} ms, FCP ${m.fcpMs} ms, TBT ${m.tbtMs} ms, CLS ${m.cls}, speed index ${m.speedIndexMs} ms`,
        );
      });
      const sorted = [...runs].sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
      const median = sorted[Math.floor(sorted.length / 2)];
      pages[page] = { ...median, runs: RUNS, performanceRuns: runs.map((r) => r.scores.performance) };
      const s = median.scores;
      const m = median.metrics;
      console.log(
        `${page.padEnd(8)} performance ${s.performance} (runs ${pages[page].performanceRuns.join(', ')}), accessibility ${s.accessibility}, ` +
          `best practices ${s['best-practices']}, SEO ${s.seo}; LCP ${m.lcpMs} ms, FCP ${m.fcpMs} ms, TBT ${m.tbtMs} ms, ` +
          `CLS ${m.cls}, speed index ${m.speedIndexMs} ms; LCP element: ${median.lcpElement ?? '?'}`,
      );
      for (const f of median.failing) console.log(`           ✗ ${f.title}${f.display ? ` (${f.display})` : ''}`);
    }
  } finally {
    chrome.kill();
    await product.stop();
    fs.rmSync(temp, { recursive: true, force: true });
  }
  const result = {
    at: new Date().toISOString(),
    machine: { cpus: os.cpus().length, node: process.version, chromium: chromePath },
    lighthouse: { formFactor: 'mobile', throttling: 'simulated (Lighthouse default)', runsPerPage: RUNS, against: 'npm start' },
    pages,
  };
  fs.mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
  fs.writeFileSync(path.join(import.meta.dirname, 'results', 'lighthouse.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log('wrote bench/results/lighthouse.json');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
