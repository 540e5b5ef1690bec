import type { APIRequestContext, Page } from '@playwright/test';
import { createCompletedInfluencer, loginInBrowser, SESSION_KEYS, storedSession, type TApiUser } from './support/api';
import { expect, test } from './support/fixtures';

// An open logged-in page hears what changes for its user without being reloaded: the bell's unseen count, and
// the end of its session.

const SIZES = [
  { label: 'on a desktop', viewport: { width: 1280, height: 800 } },
  { label: 'at 390 px wide', viewport: { width: 390, height: 844 } },
];

/** Gives the user a notification the way the publishing work will (the sandbox stands in for it). */
async function notify(request: APIRequestContext, user: TApiUser, title: string) {
  const res = await request.post('/sandbox/notifications', { data: { email: user.email, title } });
  expect(res.ok()).toBe(true);
}

async function openHome(page: Page, user: TApiUser) {
  await loginInBrowser(page, user);
  // the page is ready once its live stream has opened
  const stream = page.waitForResponse((r) => r.url().includes('/api/events?') && r.status() === 200);
  await page.goto('/home');
  await expect(page.getByRole('heading', { name: `Welcome, ${user.name}` })).toBeVisible();
  await stream;
}

for (const { label, viewport } of SIZES) {
  test.describe(`live updates ${label}`, () => {
    test.use({ viewport });

    test('the bell shows a new notification at once, and clears in every tab when clicked in one (it opens the notifications)', async ({
      page,
      request,
    }) => {
      const user = await createCompletedInfluencer(request);
      await openHome(page, user);
      await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();

      await notify(request, user, 'Your post is live on Instagram');
      await expect(page.getByRole('link', { name: 'Notifications, 1 unseen' })).toBeVisible();
      await notify(request, user, 'Your draft was approved');
      await expect(page.getByRole('link', { name: 'Notifications, 2 unseen' })).toBeVisible();

      // a second tab of the same browser: the bell clicked there clears this one too
      const other = await page.context().newPage();
      await openHome(other, user);
      await expect(other.getByRole('link', { name: 'Notifications, 2 unseen' })).toBeVisible();
      await other.getByRole('link', { name: 'Notifications, 2 unseen' }).click();
      await expect(other).toHaveURL(/\/notifications$/);
      await expect(other.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
      await other.close();
    });

    test('a session ended elsewhere takes the open page to the login page at once', async ({ page, request }) => {
      const user = await createCompletedInfluencer(request);
      await openHome(page, user);
      const res = await request.post('/api/user/logout', { headers: { 'x-access-token': user.token } });
      expect(res.ok()).toBe(true);
      // no reload, no click: the page is told
      await expect(page.getByText('Unauthorized access')).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);
      const after = await storedSession(page);
      for (const key of SESSION_KEYS) expect(after[key], key).toBeNull();
    });
  });
}
