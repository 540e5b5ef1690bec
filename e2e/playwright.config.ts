import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { FIRST_ADMIN } from './support/first-admin';

// Journeys run against the real product in sandbox mode: the built web app served by the server, on its own
// port and a fresh data dir. scripts/test.mjs sets CHROMIUM_PATH (Debian's headless shell or chromium; never a
// downloaded browser), E2E_DATA_DIR (and removes it afterwards) and E2E_JSON_REPORT.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORT = Number(process.env.E2E_PORT ?? 3100);
const BASE_URL = `http://127.0.0.1:${PORT}`;
// Set once in the main process; workers inherit it, so every process agrees on the same directory.
process.env.E2E_DATA_DIR ??= path.join(tmpdir(), `virality-e2e-${Date.now()}`);
// The web app is built into the run's own folder, so a run never replaces files another server is serving; or
// E2E_WEB_DIST names a build made for this run already (scripts/test.mjs: the budget suite's), served as it is.
const PREBUILT = process.env.E2E_WEB_DIST;
// the first admin's link file is written there before the server starts (a prebuilt web app makes no folder there)
mkdirSync(process.env.E2E_DATA_DIR, { recursive: true });
const WEB_DIST = PREBUILT ?? path.join(process.env.E2E_DATA_DIR, 'web');
const BUILD_WEB = PREBUILT ? '' : `npm run build -w @virality/web -- --outDir ${WEB_DIST} --emptyOutDir && `;

// The journeys run in the browser CHROMIUM_PATH names (scripts/test.mjs: Debian's headless shell when it is there).
// Those that read back what a service worker showed run in the full browser (CHROMIUM_FULL_PATH): the headless
// shell shows no notifications, so it keeps none to read.
const NEEDS_FULL_BROWSER = /push\.spec\.ts$/;
const browser = (executablePath: string | undefined) => ({
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: executablePath || undefined,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
});

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // a run of its own may keep its artifacts apart (two runs at once would remove each other's)
  outputDir: process.env.E2E_OUTPUT_DIR ?? path.join(ROOT, '.test-results', 'e2e-artifacts'),
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: process.env.E2E_JSON_REPORT ?? path.join(ROOT, '.test-results', 'e2e.json') }]],
  use: {
    baseURL: BASE_URL,
    // A failing journey keeps its trace: each action with the page's DOM as it was (the trace viewer draws it) and
    // the source. Without the film of screenshots: recording it for every journey took over a third of the browser's
    // work (21 journeys: 149 s with it, 109 s without, 101 s with no trace at all); the failure's own screenshot is
    // still taken.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    // The journeys run as a user who asks for reduced motion (the app honours it): a click is never aimed at a
    // dialog's button while the dialog is still sliding into place, which under load could land beside it.
    reducedMotion: 'reduce',
    // E2E_TIMEZONE runs the browser in another zone than the machine's (with E2E_CLOCK_AT: an evening in New York is
    // already tomorrow in UTC)
    ...(process.env.E2E_TIMEZONE ? { timezoneId: process.env.E2E_TIMEZONE } : {}),
  },
  projects: [
    { name: 'chromium', testIgnore: NEEDS_FULL_BROWSER, use: browser(process.env.CHROMIUM_PATH) },
    {
      name: 'chromium-full',
      testMatch: NEEDS_FULL_BROWSER,
      use: browser(process.env.CHROMIUM_FULL_PATH || process.env.CHROMIUM_PATH),
    },
  ],
  webServer: {
    // The first admin is made before the server starts (the embedded database is one process's): its one-time
    // password link is kept in the data folder for support/admin.ts.
    command: `${BUILD_WEB}npm run admin:create -- --email ${FIRST_ADMIN.email} > ${path.join(process.env.E2E_DATA_DIR, FIRST_ADMIN.linkFile)} && npm run start -w @virality/server`,
    cwd: ROOT,
    url: `${BASE_URL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: process.env.E2E_REUSE_SERVER === '1',
    stdout: process.env.E2E_SERVER_LOG === '1' ? 'pipe' : 'ignore',
    stderr: 'pipe',
    // SIGTERM first so the server can close its embedded database cleanly.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      PORT: String(PORT),
      // Upload URLs are absolute: they must name the host the browser uses.
      PUBLIC_URL: BASE_URL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      WEB_DIST_DIR: WEB_DIST,
      NODE_ENV: 'test',
      RATE_LIMIT_MAX: '1000',
      // Sessions outlive a month: the plan journeys move the browser's clock (never the server's, which every journey
      // shares) to a plan's last days, and the page must still hold a live session then.
      SESSION_TTL_HOURS: String(24 * 60),
      // E2E_CLOCK_AT (ISO 8601 with its offset): the product's clock starts at that moment, and every browser's with
      // it (support/fixtures.ts), to run the journeys at an awkward moment: the end of a UTC day, a month or a year
      ...(process.env.E2E_CLOCK_AT ? { SANDBOX_CLOCK_START: process.env.E2E_CLOCK_AT } : {}),
    },
  },
});
