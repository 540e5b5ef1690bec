import type { APIRequestContext, Page } from '@playwright/test';
import { createCompletedInfluencer, loginInBrowser, SESSION_KEYS, storedSession, type TApiUser } from './support/api';
import { expect, test } from './support/fixtures';

/** Ends the session on the server only (POST /api/user/logout with the same token); the page still holds it. */
async function revokeOnServer(request: APIRequestContext, user: TApiUser) {
  const res = await request.post('/api/user/logout', { headers: { 'x-access-token': user.token } });
  expect(res.ok()).toBe(true);
  const status = await request.get('/api/user/getUserStatus', { headers: { 'x-access-token': user.token } });
  expect(status.status()).toBe(401);
}

async function expectSentToLoginWithStorageCleared(page: Page) {
  await expect(page.getByText('Unauthorized access')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  const after = await storedSession(page);
  for (const key of SESSION_KEYS) expect(after[key], key).toBeNull();
}

test.describe('a session revoked on the server', () => {
  let user: TApiUser;
  test.beforeEach(async ({ page, request }) => {
    // without its live stream (a proxy that drops it, say), the page notices on its next call to the server
    // (an open stream tells it at once: live-updates.spec.ts)
    await page.route('**/api/events**', (route) => route.abort());
    user = await createCompletedInfluencer(request);
    await loginInBrowser(page, user);
    await page.goto('/home');
    await expect(page.getByRole('heading', { name: `Welcome, ${user.name}` })).toBeVisible();
    await revokeOnServer(request, user);
    // Still on /home: nothing has asked the server yet.
    await expect(page).toHaveURL(/\/home$/);
  });

  test('is noticed when the window regains focus', async ({ page }) => {
    const statusCheck = page.waitForResponse((r) => r.url().includes('/api/user/getUserStatus') && r.status() === 401);
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await statusCheck;
    await expectSentToLoginWithStorageCleared(page);
  });

  test('is noticed on the next page load', async ({ page }) => {
    await page.goto('/profile');
    await expectSentToLoginWithStorageCleared(page);
  });
});
