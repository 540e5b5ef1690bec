#!/usr/bin/env node
// Finds a Chromium for the e2e suite without ever downloading a browser build (the machines reach only the
// npm registry and Debian's packages). Order: $CHROMIUM_PATH, Debian's headless shell
// (/usr/bin/chromium-headless-shell: the same engine without the browser's own windows, what Playwright itself
// runs headless; the journeys take about a third less CPU with it), /usr/bin/chromium, Playwright's own browser;
// when none exists and we are root with apt-get, installs Debian's `chromium-headless-shell`.
// As a CLI it prints the path on stdout, or one line on stderr saying how to get one, and exits 1.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const DEBIAN_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const DEBIAN_CHROMIUM = '/usr/bin/chromium';
export const INSTALL_HINT =
  'No Chromium found: install one with `sudo apt-get install -y chromium-headless-shell` (Debian/Ubuntu), or set CHROMIUM_PATH to a Chromium/Chrome binary.';

const isExecutable = (file) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** Path of the browser Playwright would download, if it is already on disk (never downloads it). */
function playwrightOwnChromium() {
  try {
    const require = createRequire(new URL('../e2e/package.json', import.meta.url));
    const { chromium } = require('playwright-core');
    const file = chromium.executablePath();
    return file && isExecutable(file) ? file : null;
  } catch {
    return null;
  }
}

function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (isExecutable(fromEnv)) return fromEnv;
    console.error(`CHROMIUM_PATH=${fromEnv} is not an executable file; looking elsewhere.`);
  }
  for (const file of [DEBIAN_HEADLESS_SHELL, DEBIAN_CHROMIUM]) if (isExecutable(file)) return file;
  return playwrightOwnChromium();
}

const canInstallWithApt = () => process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');

function aptInstallChromium(log) {
  log('No Chromium found; installing Debian package `chromium-headless-shell` with apt-get (root).');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', 'chromium-headless-shell']]) {
    // apt's chatter goes to stderr so a caller reading stdout gets only the path.
    const res = spawnSync('apt-get', args, { env, stdio: ['ignore', process.stderr, process.stderr] });
    if (res.status !== 0) {
      log(`apt-get ${args.join(' ')} failed (exit ${res.status ?? res.signal}).`);
      return false;
    }
  }
  return true;
}

/**
 * The full browser, for the journeys the headless shell cannot serve (it shows no notifications): Debian's
 * chromium, installed when allowed; else null (those journeys then run in whatever ensureChromium found).
 */
export function ensureFullChromium({ log = (line) => console.error(line) } = {}) {
  if (process.env.CHROMIUM_FULL_PATH && isExecutable(process.env.CHROMIUM_FULL_PATH)) return process.env.CHROMIUM_FULL_PATH;
  if (isExecutable(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  if (!canInstallWithApt()) return null;
  log('Installing Debian package `chromium` with apt-get (root), for the journeys that need the full browser.');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const res = spawnSync('apt-get', ['install', '-y', 'chromium'], { env, stdio: ['ignore', process.stderr, process.stderr] });
  return res.status === 0 && isExecutable(DEBIAN_CHROMIUM) ? DEBIAN_CHROMIUM : null;
}

/**
 * Poppler's pdftoppm and pdftotext, with which the campaign report journeys open the PDF they download: Debian's
 * poppler-utils installed when allowed. False (the journeys that need them then fail, saying so) when missing.
 */
export function ensurePoppler({ log = (line) => console.error(line) } = {}) {
  const onPath = (name) => spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
  if (onPath('pdftoppm') && onPath('pdftotext')) return true;
  if (!canInstallWithApt()) return false;
  log('Installing Debian package `poppler-utils` with apt-get (root), for the journeys that open a downloaded PDF.');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const res = spawnSync('apt-get', ['install', '-y', 'poppler-utils'], {
    env,
    stdio: ['ignore', process.stderr, process.stderr],
  });
  return res.status === 0 && onPath('pdftoppm');
}

/**
 * Returns an executable Chromium path, installing Debian's package when allowed.
 * Throws an Error whose message is one line saying how to install one.
 */
export function ensureChromium({ log = (line) => console.error(line) } = {}) {
  const found = findChromium();
  if (found) return found;
  if (canInstallWithApt() && aptInstallChromium(log) && isExecutable(DEBIAN_HEADLESS_SHELL)) return DEBIAN_HEADLESS_SHELL;
  throw new Error(INSTALL_HINT);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    console.log(ensureChromium());
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
