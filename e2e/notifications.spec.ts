import type { APIRequestContext, Page } from '@playwright/test';
import { createCompletedInfluencer, loginInBrowser, type TApiUser } from './support/api';
import { expect, test } from './support/fixtures';
import { expectNoSidewaysScroll } from './support/layout';
import { postByApi, uploadPhoto } from './support/posts';
import { shot } from './support/shots';
import { failNext, linkByApi, linkForFaults } from './support/social';

// The notifications: a post that goes out raises the bell at once (no reload), the page lists it with where it
// went and where it failed, a click marks it read (and everything seen) and opens the post, and Clear All (with
// five or more) empties the list.

const SIZES = [
  { label: 'on a desktop', viewport: { width: 1280, height: 800 } },
  { label: 'at 390 px wide', viewport: { width: 390, height: 844 } },
];

/** Gives the user a notification the way the server's own events do (the sandbox stands in for them). */
async function notify(request: APIRequestContext, user: TApiUser, data: Record<string, string>) {
  const res = await request.post('/sandbox/notifications', { data: { email: user.email, ...data } });
  expect(res.ok()).toBe(true);
}

async function openAndListen(page: Page, path: string) {
  // the page is ready once its live stream has opened
  const stream = page.waitForResponse((r) => r.url().includes('/api/events?') && r.status() === 200);
  await page.goto(path);
  await stream;
}

const bell = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Notifications/ });

for (const { label, viewport } of SIZES) {
  const width = viewport.width;
  test.describe(`notifications ${label}`, () => {
    test.use({ viewport });

    test('a post that goes out raises the bell live; the page shows its result; a click reads it, clears the count and opens the post', async ({
      page,
      request,
      expectNoSeriousA11y,
    }, testInfo) => {
      const user = await createCompletedInfluencer(request);
      const instagram = await linkByApi(request, user.token, 'instagram');
      const x = await linkForFaults(request, user.token, 'notifications', 'twitter');
      await loginInBrowser(page, user);
      await openAndListen(page, '/home');
      await expect(bell(page)).toHaveAccessibleName('Notifications');

      // X refuses the media (a final refusal); Instagram takes the post
      await failNext(request, x, 'processing_error', 5, 'publish');
      const photo = await uploadPhoto(request, page, user.token, width);
      const postId = await postByApi(request, user.token, {
        caption: `Live bell ${width} ${Date.now()}`,
        photo,
        accounts: [instagram, x.id],
      });
      await expect(bell(page)).toHaveAccessibleName(/^Notifications, [1-9]\+? unseen$/);

      // opened by its address (the bell is not clicked): still unseen
      await openAndListen(page, '/notifications');
      await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
      const item = page.getByRole('article', { name: 'Unread: Post failed on X' });
      await expect(item).toBeVisible();
      await expect(item).toHaveAttribute('data-unread', 'true');
      const rows = item.getByRole('list', { name: 'Where the post went' }).getByRole('listitem');
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(0)).toContainText('Failed');
      await expect(rows.nth(0).getByRole('img', { name: 'X' })).toBeVisible();
      await expect(rows.nth(1)).toContainText('Sent');
      await expect(rows.nth(1).getByRole('img', { name: 'Instagram' })).toBeVisible();
      await expect(item.locator('time')).toHaveText(/^[A-Z][a-z]{2} \d{2},\d{2}:\d{2} [AP]M$/);
      await expect(bell(page)).toHaveAccessibleName(/unseen/);
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11y();
      await shot(page, testInfo.outputPath(`notifications-${width}.png`), { fullPage: true });

      await item.getByRole('button', { name: 'Unread: Post failed on X' }).click();
      await expect(page).toHaveURL(new RegExp(`/postoverview/${postId}$`));
      await expect(bell(page)).toHaveAccessibleName('Notifications');
      expect(await page.evaluate(() => localStorage.getItem('notificationCount'))).toBe('0');

      await page.goBack();
      await expect(page.getByRole('article', { name: 'Post failed on X' })).toBeVisible();
      await expect(page.getByRole('article', { name: 'Post failed on X' })).not.toHaveAttribute('data-unread');
      await expect(page.getByRole('article', { name: /^Unread: Post failed/ })).toHaveCount(0);
    });

    test('Clear All waits for five notifications, then empties the list to "No Notification"', async ({
      page,
      request,
    }, testInfo) => {
      const user = await createCompletedInfluencer(request);
      const kinds = [
        { type: 'PLAN_PAID', title: 'Payment received', description: 'Your Starter plan is active. Thank you for your payment!' },
        { type: 'DRAFT_APPROVED', title: 'Your draft was approved', description: 'Your post has been sent!' },
        {
          type: 'PLAN_ENDING',
          title: 'Your plan ends soon',
          description: 'Your Starter plan ends in 4 days. Renew it to keep posting without a break.',
        },
        {
          type: 'ACCOUNT_RECONNECT',
          title: 'Reconnect your X account',
          description: 'X no longer accepts Virality’s access. Reconnect it so your posts keep going out.',
        },
      ];
      for (const k of kinds) await notify(request, user, k);
      await loginInBrowser(page, user);
      await openAndListen(page, '/home');
      await bell(page).click();
      await expect(page).toHaveURL(/\/notifications$/);
      await expect(page.getByRole('article')).toHaveCount(4);
      await expect(bell(page)).toHaveAccessibleName('Notifications');
      const clear = page.getByRole('button', { name: 'Clear All' });
      await expect(clear).toBeDisabled();

      // a fifth arrives while the page is open: it shows without a reload, and Clear All can be pressed
      await notify(request, user, {
        type: 'PLAN_RENEWED',
        title: 'Your plan was renewed',
        description: 'Your Starter plan runs for another month.',
      });
      await expect(page.getByRole('article')).toHaveCount(5);
      await expect(page.getByRole('article', { name: 'Unread: Your plan was renewed' })).toBeVisible();
      await expect(clear).toBeEnabled();
      await expectNoSidewaysScroll(page);
      await shot(page, testInfo.outputPath(`notifications-five-${width}.png`), { fullPage: true });

      await clear.click();
      const dialog = page.getByRole('dialog', { name: 'Clear all notifications?' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Clear All' }).click();
      await expect(page.getByRole('heading', { name: 'No Notification' })).toBeVisible();
      await expect(page.getByRole('article')).toHaveCount(0);
      await expect(clear).toBeDisabled();
      await shot(page, testInfo.outputPath(`notifications-empty-${width}.png`), { fullPage: true });
    });
  });
}
