import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, test as base, expect, type Locator, type Page } from '@playwright/test';

export { expect };

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Fails when axe finds a serious or critical WCAG 2.1 A/AA violation on the page as it is now. */
export async function expectNoSeriousA11y(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(report, `accessibility violations on ${page.url()}`).toEqual([]);
}

type TFixtures = {
  /** `await expectNoSeriousA11y()` checks the test's page; pass another page to check that one. */
  expectNoSeriousA11y: (page?: Page) => Promise<void>;
};

/** The cookie holding a device's answer to the cookie notice (apps/web/src/lib/consent.ts). */
export const CONSENT_COOKIE = 'virality-cookie-consent';

/**
 * The pointer moves over the page, as a visitor's does on arriving: a page rendered ahead whose content is all in
 * its HTML asks for the app only then (what only the app shows, such as the cookie notice, comes after it).
 */
export async function showIntent(page: Page): Promise<void> {
  await page.mouse.move(2, 2);
  await page.mouse.move(12, 12);
}

/**
 * Waits until the app has taken over a page rendered ahead of time: React holds `element` (it was hydrated). Before
 * then the page is its HTML: links are plain links, and a tap or a form is kept for the app. Such a page asks for
 * the app once the visitor shows an intent: the pointer moves here first, as a visitor's would.
 */
export async function expectTakenOver(element: Locator): Promise<void> {
  await showIntent(element.page());
  await expect
    .poll(() => element.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactFiber'))), {
      message: 'the app has taken the page over',
    })
    .toBe(true);
}

/** The browser contexts whose clock is Playwright's (installed by the fixture below or by installClock). */
const clocked = new WeakSet<BrowserContext>();

/**
 * Gives the page's browser Playwright's clock, at `time` (or now), flowing on; a clock installed already (a run with
 * E2E_CLOCK_AT) is moved to `time` instead, since a clock is installed once.
 */
export async function installClock(page: Page, time?: Date): Promise<void> {
  const context = page.context();
  if (clocked.has(context)) {
    if (time) await page.clock.setSystemTime(time);
    return;
  }
  await page.clock.install(time ? { time } : undefined);
  clocked.add(context);
}

/**
 * Playwright's `test` with the accessibility check as a fixture. Every browser context (browser.newContext()
 * too) starts on a device that has already answered the cookie notice, so the notice does not cover the page
 * a journey works on; the cookie notice's own journeys start from a fresh device
 * (`test.use({ storageState: { cookies: [], origins: [] } })`).
 */
export const test = base.extend<TFixtures>({
  storageState: async ({ baseURL }, use) => {
    // a year on: a journey may move its browser's clock weeks ahead (a run at E2E_CLOCK_AT starts it there)
    const expires = Math.floor(Date.now() / 1000) + 365 * 24 * 60 * 60;
    const domain = new URL(baseURL ?? 'http://127.0.0.1').hostname;
    await use({
      cookies: [
        { name: CONSENT_COOKIE, value: 'declined', domain, path: '/', expires, httpOnly: false, secure: false, sameSite: 'Lax' },
      ],
      origins: [],
    });
  },
  // With E2E_CLOCK_AT, the product's clock started at an awkward moment (playwright.config.ts): each browser starts
  // at the product's now, as a user's device at that moment would
  context: async ({ context, request }, use) => {
    if (process.env.E2E_CLOCK_AT) {
      const res = await request.get('/sandbox/clock');
      const now = (await res.json()).response.now as string;
      await context.clock.install({ time: new Date(now) });
      clocked.add(context);
    }
    await use(context);
  },
  expectNoSeriousA11y: async ({ page }, use) => {
    await use((other?: Page) => expectNoSeriousA11y(other ?? page));
  },
});
