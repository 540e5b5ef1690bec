import type { BrowserContext, Page } from '@playwright/test';
import { createCompletedInfluencer, loginInBrowser } from './support/api';
import { CONSENT_COOKIE, expect, showIntent, test } from './support/fixtures';
import { shot } from './support/shots';

/**
 * The cookie notice on a device that has never answered it (Accept or Decline, kept 30 days, nothing optional
 * stored before Accept) and the mobile-app notice shown once per device (isMobileBannerShown).
 */

test.use({ storageState: { cookies: [], origins: [] } });

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const DAY_S = 24 * 60 * 60;
const SIZES = [
  { label: 'on a desktop', viewport: { width: 1280, height: 800 }, tag: 'desktop' },
  { label: 'at 390 px wide', viewport: { width: 390, height: 844 }, tag: 'phone' },
] as const;

const notice = (page: Page) => page.getByRole('region', { name: 'Cookie consent' });
const appNotice = (page: Page) => page.getByRole('region', { name: 'Virality app' });
const localKeys = (page: Page) => page.evaluate(() => Object.keys(localStorage).sort());

async function consentCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === CONSENT_COOKIE);
}

for (const { label, viewport, tag } of SIZES) {
  test.describe(`the cookie notice ${label}`, () => {
    test.use({ viewport });

    test('a new visitor is asked; nothing optional is stored before the answer; Decline is kept for 30 days', async ({
      page,
      context,
      expectNoSeriousA11y,
    }) => {
      await page.goto('/');
      await showIntent(page);
      await expect(notice(page)).toBeVisible();
      await expect(notice(page)).toContainText('Your answer is kept for 30 days');
      expect(await localKeys(page)).toEqual([]);
      expect(await context.cookies()).toEqual([]);
      await shot(page, `/tmp/i24c/cookie-notice-${tag}.png`);
      await expectNoSeriousA11y();

      await notice(page).getByRole('button', { name: 'Decline' }).click();
      await expect(notice(page)).toBeHidden();
      const cookie = await consentCookie(context);
      expect(cookie?.value).toBe('declined');
      // a max-age: the browser counts it from its own clock (the machine's, even when the page's clock was moved)
      const days = (cookie!.expires - Date.now() / 1000) / DAY_S;
      expect(days).toBeGreaterThan(29.9);
      expect(days).toBeLessThanOrEqual(30);
      expect(await localKeys(page)).toEqual([]);

      await page.reload();
      await showIntent(page);
      await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
      // the notice would have come by now: it waits less than a second after the page
      await page.waitForTimeout(1500);
      await expect(notice(page)).toHaveCount(0);
    });

    test('Accept is kept for 30 days and the notice goes; it links the privacy policy', async ({ page, context }) => {
      await page.goto('/help-support');
      await showIntent(page);
      await notice(page).getByRole('button', { name: 'Accept' }).click();
      await expect(notice(page)).toBeHidden();
      expect((await consentCookie(context))?.value).toBe('accepted');
      await context.clearCookies();
      await page.reload();
      await showIntent(page);
      await notice(page).getByRole('link', { name: 'Privacy Policy' }).click();
      await expect(page).toHaveURL(/\/privacypolicy#cookies$/);
      await expect(page.getByRole('heading', { level: 2, name: /Cookies and storage on your device/ })).toBeInViewport();
    });
  });
}

test('on a phone, logged in, the notice sits above the tab bar and covers none of it', async ({ page, request }) => {
  const user = await createCompletedInfluencer(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await loginInBrowser(page, user);
  await page.goto('/home');
  const tabBar = page.getByRole('navigation', { name: 'Main' });
  await expect(tabBar.getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(notice(page)).toBeVisible();
  const [box, bar] = await Promise.all([notice(page).boundingBox(), tabBar.boundingBox()]);
  expect(box!.y + box!.height).toBeLessThanOrEqual(bar!.y);
  await shot(page, '/tmp/i24c/cookie-notice-logged-in-phone.png');
  // the tab bar can still be used while the notice waits for an answer
  await tabBar.getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
});

test.describe('the mobile-app notice', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test.describe('on an Android phone', () => {
    test.use({ userAgent: ANDROID });

    test('comes after Accept, recommends the Android app, and is shown once per device', async ({
      page,
      expectNoSeriousA11y,
    }) => {
      await page.goto('/');
      await showIntent(page);
      await expect(notice(page)).toBeVisible();
      await expect(appNotice(page)).toHaveCount(0);
      await notice(page).getByRole('button', { name: 'Accept' }).click();
      await expect(appNotice(page)).toBeVisible();
      await expect(appNotice(page).getByRole('link', { name: 'Get it on Google Play' })).toHaveAttribute(
        'href',
        /play\.google\.com/,
      );
      expect(await page.evaluate(() => localStorage.getItem('isMobileBannerShown'))).toBe('true');
      await shot(page, '/tmp/i24c/app-notice-android.png');
      await expectNoSeriousA11y();
      await appNotice(page).getByRole('button', { name: 'Close the app notice' }).click();
      await expect(appNotice(page)).toHaveCount(0);

      await page.reload();
      await showIntent(page);
      await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
      await page.waitForTimeout(1500);
      await expect(appNotice(page)).toHaveCount(0);
      await expect(notice(page)).toHaveCount(0);
    });
  });

  test.describe('on an iPhone', () => {
    test.use({ userAgent: IPHONE });

    test('after Decline it recommends the iPhone app but stores nothing', async ({ page }) => {
      await page.goto('/');
      await showIntent(page);
      await notice(page).getByRole('button', { name: 'Decline' }).click();
      await expect(appNotice(page).getByRole('link', { name: 'Get it on the App Store' })).toHaveAttribute(
        'href',
        /apps\.apple\.com/,
      );
      await shot(page, '/tmp/i24c/app-notice-iphone.png');
      expect(await localKeys(page)).toEqual([]);
    });
  });
});

test('a desktop browser never sees the mobile-app notice', async ({ page }) => {
  await page.goto('/');
  await showIntent(page);
  await notice(page).getByRole('button', { name: 'Accept' }).click();
  await page.waitForTimeout(500);
  await expect(appNotice(page)).toHaveCount(0);
});
