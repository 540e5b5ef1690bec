import { type APIRequestContext, expect as baseExpect, type Page } from '@playwright/test';
import { browserNow, createCompletedInfluencer, loginInBrowser, serverNow, type TApiUser } from './support/api';
import { expect, test } from './support/fixtures';
import { pickDay, postByApi, uploadPhoto, utcSchedule } from './support/posts';
import { linkByApi, onX, postDetails } from './support/social';
import { createBusinessOwner, managerOf } from './support/team';

// The scheduled posts list (/allschedulepost and the home card) with its menu: pause, resume, reschedule,
// delete and post now, each with its toast and badge; the drafts page: filter, pages, edit, delete; and a
// manager's drafts reviewed by the owner in the browser (approved and sent out, or sent back with a remark the
// manager then reads). Each at a desktop and a phone width. Posts are made through the API.

const SIZES = [
  ['on a desktop', { width: 1280, height: 800 }],
  ['at 390 px wide', { width: 390, height: 844 }],
] as const;

const MINUTE = 60_000;
// Scheduled posts here are due days ahead: journeys running beside these move the product's clock (a scheduled
// post seen going out, figures read), and a post due within hours could go out in the middle of a journey.
const DAYS = 24 * 60;
const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).or(page.getByText(text)).first();

/** An influencer (no plan: no post limit) with an X account, logged in, and a photo uploaded. */
async function influencerWithX(page: Page, request: APIRequestContext, seed: number) {
  const user = await createCompletedInfluencer(request);
  const x = await linkByApi(request, user.token, 'twitter');
  await loginInBrowser(page, user);
  const photo = await uploadPhoto(request, page, user.token, seed);
  return { user, x, photo };
}

/** Schedules a photo to X `minutes` after the server's now (the product's clock). */
async function scheduleByApi(
  request: APIRequestContext,
  user: TApiUser,
  x: string,
  photo: string,
  caption: string,
  minutes: number,
) {
  const at = new Date((await serverNow(request)).getTime() + minutes * MINUTE);
  return postByApi(request, user.token, { caption, photo, accounts: [x], more: { IsScheduled: true, ...utcSchedule(at) } });
}

const card = (page: Page, caption: string) => page.getByRole('article', { name: caption });

async function openMenu(page: Page, caption: string) {
  await card(page, caption).getByRole('button', { name: 'Post actions' }).click();
  return page.getByRole('menu');
}

for (const [label, viewport] of SIZES) {
  test.describe(label, () => {
    test.use({ viewport, timezoneId: 'Asia/Kolkata' });

    test('a scheduled post is paused, resumed, rescheduled (in the browser’s time zone) and deleted from its menu', async ({
      page,
      request,
      expectNoSeriousA11y,
    }) => {
      test.setTimeout(120_000);
      const { user, x, photo } = await influencerWithX(page, request, 11);
      const caption = `Launch teaser ${Date.now()}`;
      const id = await scheduleByApi(request, user, x, photo, caption, 8 * DAYS);

      // the home page shows it among the next two, with the way to all of them
      await page.goto('/home');
      const upcoming = page.getByRole('region', { name: 'Scheduled posts' });
      await expect(upcoming.getByText(caption)).toBeVisible();
      await upcoming.getByRole('link', { name: 'View all' }).click();
      await expect(page).toHaveURL(/\/allschedulepost$/);
      await expect(page.getByRole('heading', { name: 'Scheduled posts', level: 1 })).toBeVisible();
      const post = card(page, caption);
      await expect(post.getByText('Scheduled', { exact: true })).toBeVisible();
      await expect(post.getByRole('img', { name: 'X' })).toBeVisible();
      await expectNoSeriousA11y();

      let menu = await openMenu(page, caption);
      await menu.getByRole('menuitem', { name: 'Pause' }).click();
      await expect(toast(page, 'Paused successfully')).toBeVisible();
      await expect(post.getByText('Paused', { exact: true })).toBeVisible();
      expect((await postDetails(request, user.token, id)) as unknown).toMatchObject({ IsScheduled: true });

      menu = await openMenu(page, caption);
      await expect(menu.getByRole('menuitem', { name: 'Pause' })).toHaveCount(0);
      await menu.getByRole('menuitem', { name: 'Resume' }).click();
      await expect(toast(page, 'resumed successfully')).toBeVisible();
      await expect(post.getByText('Scheduled', { exact: true })).toBeVisible();

      // reschedule: twelve days after the server's today at 15:30 in Kolkata (10:00 UTC); needs both fields
      menu = await openMenu(page, caption);
      await menu.getByRole('menuitem', { name: 'Reschedule' }).click();
      const dialog = page.getByRole('dialog', { name: 'Reschedule post' });
      const go = dialog.getByRole('button', { name: 'Reschedule' });
      await expect(go).toBeDisabled();
      const day = new Date((await serverNow(request)).getTime() + 12 * 86_400_000);
      await dialog.getByRole('button', { name: /^Date/ }).click();
      await pickDay(
        page,
        day.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' }),
      );
      await expect(go).toBeDisabled();
      await dialog.getByLabel(/^Time/).fill('15:30');
      await expect(go).toBeEnabled();
      await go.click();
      await expect(toast(page, 'Rescheduled Successfully')).toBeVisible();
      await expect(dialog).toBeHidden();
      const moved = (await postDetails(request, user.token, id)) as unknown as { ScheduledTime: string };
      baseExpect(moved.ScheduledTime).toBe('10:00');
      await expect(post.getByText(/15:30/)).toBeVisible();

      // delete, after a confirm
      menu = await openMenu(page, caption);
      await menu.getByRole('menuitem', { name: 'Delete' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete this post?' });
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expect(toast(page, 'post deleted successfully')).toBeVisible();
      await expect(page.getByText('No scheduled posts')).toBeVisible();
    });

    test('a reschedule too soon is refused with the schedule rule’s message', async ({ page, request }) => {
      const { user, x, photo } = await influencerWithX(page, request, 12);
      const caption = `Too soon ${Date.now()}`;
      await scheduleByApi(request, user, x, photo, caption, 8 * DAYS + 30);
      await page.goto('/allschedulepost');
      const menu = await openMenu(page, caption);
      await menu.getByRole('menuitem', { name: 'Reschedule' }).click();
      const dialog = page.getByRole('dialog', { name: 'Reschedule post' });
      // today (the browser's), a minute ago
      const now = await browserNow(page);
      await dialog.getByRole('button', { name: /^Date/ }).click();
      await pickDay(
        page,
        now.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' }),
      );
      const earlier = new Date(now.getTime() - MINUTE).toLocaleTimeString('en-GB', {
        hour: '2-digit',
        minute: '2-digit',
        timeZone: 'Asia/Kolkata',
      });
      test.skip(
        earlier > now.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Asia/Kolkata' }),
        'midnight',
      );
      await dialog.getByLabel(/^Time/).fill(earlier);
      await dialog.getByRole('button', { name: 'Reschedule' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('Time cannot be before the current time');
    });

    test('a scheduled post sent now from its menu goes out on X and leaves the list', async ({ page, request }) => {
      test.setTimeout(90_000);
      const { user, x, photo } = await influencerWithX(page, request, 13);
      const caption = `Right away ${Date.now()}`;
      await scheduleByApi(request, user, x, photo, caption, 8 * DAYS + 60);
      await page.goto('/allschedulepost');
      const menu = await openMenu(page, caption);
      const count = page.waitForResponse((r) => r.url().includes('/api/subscription/postCountTrack'));
      await menu.getByRole('menuitem', { name: 'Post now' }).click();
      expect((await count).ok()).toBe(true);
      await expect(toast(page, 'Your post has been sent!')).toBeVisible();
      await expect.poll(async () => onX(request, caption), { timeout: 30_000 }).toBe(1);
      await expect(page.getByText('No scheduled posts')).toBeVisible();
    });

    test("a business manager sees the business's scheduled posts without their menu", async ({ page, request }) => {
      test.setTimeout(90_000);
      const owner = await createBusinessOwner(request);
      const x = await linkByApi(request, owner.token, 'twitter');
      await loginInBrowser(page, owner);
      const photo = await uploadPhoto(request, page, owner.token, 14);
      const caption = `Business plan ${Date.now()}`;
      await scheduleByApi(request, owner, x, photo, caption, 8 * DAYS + 90);
      const manager = await managerOf(request, owner, [
        { accountId: '6', access: true, moduleAccess: { Post: true, Analytics: false, Scheduler: true } },
      ]);
      await loginInBrowser(page, manager);
      await page.goto('/allschedulepost');
      await expect(card(page, caption)).toBeVisible();
      await expect(card(page, caption).getByText('Scheduled', { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Post actions' })).toHaveCount(0);
    });

    test('drafts: filtered by network, 9 a page, edited in the composer and deleted', async ({
      page,
      request,
      expectNoSeriousA11y,
    }) => {
      test.setTimeout(150_000);
      const user = await createCompletedInfluencer(request);
      const x = await linkByApi(request, user.token, 'twitter');
      const ig = await linkByApi(request, user.token, 'instagram');
      await loginInBrowser(page, user);
      const photo = await uploadPhoto(request, page, user.token, 15);
      const stamp = Date.now();
      for (let i = 1; i <= 10; i++)
        await postByApi(request, user.token, { caption: `X draft ${i} ${stamp}`, photo, accounts: [x], more: { IsDraft: true } });
      const igCaption = `Instagram draft ${stamp}`;
      await postByApi(request, user.token, { caption: igCaption, photo, accounts: [ig], more: { IsDraft: true } });

      // the navigation's Drafts leads to the drafts
      await page.goto('/home');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Drafts' }).click();
      await expect(page).toHaveURL(/\/postdraft$/);
      await expect(page.getByRole('heading', { name: 'Drafts', level: 1 })).toBeVisible();
      await expect(page.getByRole('article')).toHaveCount(9);
      await expect(card(page, igCaption)).toBeVisible();
      await expectNoSeriousA11y();
      await page.getByRole('button', { name: 'Page 2' }).click();
      await expect(page).toHaveURL(/\/postdraft\/2$/);
      await expect(page.getByRole('article')).toHaveCount(2);
      await expect(card(page, `X draft 1 ${stamp}`)).toBeVisible();

      // the network filter
      await page.getByText('Instagram', { exact: true }).click();
      await expect(page).toHaveURL(/\/postdraft\?network=1$/);
      await expect(page.getByRole('article')).toHaveCount(1);
      await expect(card(page, igCaption)).toBeVisible();
      await page.getByText('Facebook', { exact: true }).click();
      await expect(page.getByText('No Draft available')).toBeVisible();
      await page.getByText('All', { exact: true }).click();
      await expect(page.getByRole('article')).toHaveCount(9);

      // edit: the composer in draft mode
      await card(page, igCaption)
        .getByRole('button', { name: /^Edit draft/ })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Update Draft' });
      await expect(dialog).toBeVisible();
      const edited = `Instagram draft, edited ${stamp}`;
      await dialog.getByRole('textbox', { name: /Caption/ }).fill(edited);
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await expect(toast(page, 'Draft updated successfully')).toBeVisible();
      await expect(card(page, edited)).toBeVisible();

      // delete, after a confirm
      await card(page, edited)
        .getByRole('button', { name: /^Delete draft/ })
        .click();
      await page.getByRole('dialog', { name: 'Delete this draft?' }).getByRole('button', { name: 'Delete' }).click();
      await expect(toast(page, 'Draft deleted successfully')).toBeVisible();
      await expect(card(page, edited)).toHaveCount(0);
      await expect(page.getByRole('article')).toHaveCount(9);
      await expect(page.getByRole('button', { name: 'Page 2' })).toHaveCount(1);
    });

    test("the owner approves one manager's draft (it goes out) and sends another back with a remark the manager reads", async ({
      page,
      request,
      expectNoSeriousA11y,
    }) => {
      test.setTimeout(150_000);
      const owner = await createBusinessOwner(request);
      const xId = await linkByApi(request, owner.token, 'twitter');
      const manager = await managerOf(request, owner, [
        { accountId: '6', access: true, moduleAccess: { Post: true, Analytics: false, Scheduler: false } },
      ]);
      await loginInBrowser(page, manager);
      const photo = await uploadPhoto(request, page, manager.token, 16);
      const good = `Ready to go ${Date.now()}`;
      const rough = `Needs work ${Date.now()}`;
      await postByApi(request, manager.token, { caption: good, photo, accounts: [xId] });
      await postByApi(request, manager.token, { caption: rough, photo, accounts: [xId] });

      // the manager sees both waiting for approval
      await page.goto('/postdraft');
      await expect(card(page, good).getByText('Pending approval')).toBeVisible();
      await expect(card(page, good).getByRole('button', { name: 'Review' })).toHaveCount(0);

      // the owner approves the first: it goes out
      await loginInBrowser(page, owner);
      await page.goto('/postdraft');
      await expect(card(page, good).getByText('Pending approval')).toBeVisible();
      await card(page, good).getByRole('button', { name: 'Review' }).click();
      let review = page.getByRole('dialog', { name: 'Review draft' });
      await review.getByRole('button', { name: 'Approve' }).click();
      await expect(toast(page, 'Your post has been sent!')).toBeVisible();
      await expect.poll(async () => onX(request, good), { timeout: 30_000 }).toBe(1);
      await expect(card(page, good)).toHaveCount(0);

      // and sends the second back: a remark is needed
      await card(page, rough).getByRole('button', { name: 'Review' }).click();
      review = page.getByRole('dialog', { name: 'Review draft' });
      await review.getByRole('button', { name: 'Send back' }).click();
      await expect(review.getByText('Please write a remark for the manager')).toBeVisible();
      await expectNoSeriousA11y();
      await review.getByLabel(/Remark for the manager/).fill('Add the price and a clearer photo');
      await review.getByRole('button', { name: 'Send back' }).click();
      await expect(toast(page, 'Draft sent back to the manager')).toBeVisible();
      await expect(card(page, rough).getByText('Sent back', { exact: true })).toBeVisible();
      expect(await onX(request, rough)).toBe(0);

      // the manager reads it
      await loginInBrowser(page, manager);
      await page.goto('/postdraft');
      await expect(card(page, rough).getByText('Sent back', { exact: true })).toBeVisible();
      await expect(card(page, rough).getByTestId('draft-remark')).toContainText('Add the price and a clearer photo');
    });
  });
}
