import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiCall, createCompletedInfluencer, loginInBrowser, serverNow } from './support/api';
import { expect, test } from './support/fixtures';
import { jpegFile, postByApi, uploadPhoto, utcSchedule } from './support/posts';
import { shot } from './support/shots';
import { failNext, linkByApi, linkForFaults, onX, postDetails } from './support/social';
import { createBusinessOwner } from './support/team';

// What a new user met in the core flows, each kept by a journey at a desktop and a phone width: a paused post at
// the plan's limit resumes (it was counted when it was scheduled); a post some accounts refused reads Partly
// posted, says why, and its failed accounts are retried once; at the limit a post is still written and saved as
// a draft; and the phone composer with a video never scrolls sideways, its pickers the phone's own.

const SIZES = [
  ['on a desktop', { width: 1280, height: 800 }],
  ['at 390 px wide', { width: 390, height: 844 }],
] as const;
const DAY = 86_400_000;
const shots = process.env.E2E_SHOTS_DIR;

const clip = (file: string) => ({
  name: file,
  mimeType: 'video/mp4',
  buffer: fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', file)),
});

/** An influencer on the free tier (5 posts) with an X account and a photo, logged in. */
async function freeTierInfluencer(page: Page, request: APIRequestContext, seed: number) {
  const user = await createCompletedInfluencer(request);
  await apiCall(request, 'POST', 'subscription/AddInfSubs', { token: user.token, data: { userId: user.userId } });
  const x = await linkByApi(request, user.token, 'twitter');
  await loginInBrowser(page, user);
  const photo = await uploadPhoto(request, page, user.token, seed);
  return { user, x, photo };
}

/** Nothing on the page scrolls sideways: the document and every element inside `scope` fit their width. */
async function expectNoSidewaysScroll(page: Page, selector = 'body') {
  const overflow = await page.evaluate((sel) => {
    const root = document.querySelector(sel);
    const wide: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth)
      wide.push(`document ${document.documentElement.scrollWidth} > ${window.innerWidth}`);
    for (const el of root ? Array.from(root.querySelectorAll<HTMLElement>('*')) : []) {
      const style = getComputedStyle(el);
      const scrolls = style.overflowX === 'auto' || style.overflowX === 'scroll';
      if (scrolls && el.scrollWidth > el.clientWidth + 1 && el.getAttribute('role') !== 'tablist')
        wide.push(`${el.tagName}.${el.className} ${el.scrollWidth} > ${el.clientWidth}`);
    }
    return wide;
  }, selector);
  expect(overflow).toEqual([]);
}

for (const [size, viewport] of SIZES) {
  test.describe(`core flows ${size}`, () => {
    test.use({ viewport });

    test('a paused post the plan already counted is resumed at the post limit, and goes on the schedule again', async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      const { user, x, photo } = await freeTierInfluencer(page, request, 21);
      const caption = `Counted once ${Date.now()}`;
      const at = new Date((await serverNow(request)).getTime() + 8 * DAY);
      const id = await postByApi(request, user.token, {
        caption,
        photo,
        accounts: [x],
        more: { IsScheduled: true, ...utcSchedule(at) },
      });
      const paused = await request.put('/sph/edit_scheduled_post/', {
        headers: { 'x-access-token': user.token },
        data: { CommonPostID: id, IsPaused: true },
      });
      expect(paused.ok()).toBe(true);
      // four more posts: the plan's five are used
      for (let i = 0; i < 4; i++)
        await postByApi(request, user.token, { caption: `Now ${i} ${Date.now()}`, photo, accounts: [x] });
      expect(
        (await request.get('/api/subscription/postCountTrack', { headers: { 'x-access-token': user.token } })).status(),
      ).toBe(429);

      await page.goto('/allschedulepost');
      const card = page.getByRole('article', { name: caption });
      await expect(card.getByText('Paused', { exact: true })).toBeVisible();
      await card.getByRole('button', { name: 'Post actions' }).click();
      await page.getByRole('menu').getByRole('menuitem', { name: 'Resume' }).click();
      await expect(page.getByText('resumed successfully').first()).toBeVisible();
      await expect(card.getByText('Scheduled', { exact: true })).toBeVisible();
      await expect(page.getByText('Limit Exceeded: You cannot post anymore')).toHaveCount(0);
      expect(await postDetails(request, user.token, id)).toMatchObject({ IsPaused: false, IsScheduled: true });
    });

    test('a post one network refused reads Partly posted with the reason, and "Retry failed accounts" sends it there once', async ({
      page,
      request,
      expectNoSeriousA11y,
    }) => {
      test.setTimeout(120_000);
      const owner = await createBusinessOwner(request);
      const x = await linkByApi(request, owner.token, 'twitter');
      const linkedin = await linkForFaults(request, owner.token, 'core-flows', 'linkedin');
      await loginInBrowser(page, owner);
      const photo = await uploadPhoto(request, page, owner.token, 22);
      const caption = `Second chance ${Date.now()} ${size}`;
      // LinkedIn refuses the photo (a refusal that is final) once; X takes it
      await failNext(request, linkedin, 'processing_error', 1, 'publish');
      const id = await postByApi(request, owner.token, { caption, photo, accounts: [x, linkedin.id] });
      await expect
        .poll(
          async () =>
            (await postDetails(request, owner.token, id)).MediaPostedOn.map((m) => m.Status)
              .sort()
              .join(','),
          {
            timeout: 30_000,
          },
        )
        .toBe('failed,published');

      await page.goto('/allrecentpost');
      const card = page.getByRole('article', { name: caption });
      await expect(card.getByText('Partly posted', { exact: true })).toBeVisible();
      await expect(card.getByText('Posted', { exact: true })).toHaveCount(0);
      const where = card.getByRole('list', { name: 'Where it went' });
      await expect(where.getByText('Failed')).toBeVisible();
      await expectNoSeriousA11y();
      if (shots) await shot(page, `${shots}/partly-posted-${viewport.width}.png`, { fullPage: true });

      await card.getByRole('button', { name: 'Retry failed accounts' }).click();
      await expect(page.getByText('Trying the failed accounts again').first()).toBeVisible();
      await expect(card.getByText('Posted', { exact: true })).toBeVisible({ timeout: 30_000 });
      await expect(card.getByRole('button', { name: 'Retry failed accounts' })).toHaveCount(0);
      expect(await onX(request, caption)).toBe(1);
      const after = await postDetails(request, owner.token, id);
      expect(after.MediaPostedOn.map((m) => m.Status)).toEqual(['published', 'published']);
    });

    test('at the post limit the notice is at the top of the composer, which offers no draft and no schedule', async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      const { user, x, photo } = await freeTierInfluencer(page, request, 23);
      for (let i = 0; i < 5; i++)
        await postByApi(request, user.token, { caption: `Used ${i} ${Date.now()}`, photo, accounts: [x] });
      await page.goto('/home');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Create post' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create post' });
      const notice = dialog.getByText('Your post limit has been reached');
      await expect(notice).toBeVisible();
      const noticeTop = (await notice.boundingBox())!.y;
      const postToTop = (await dialog.getByRole('heading', { name: 'Post to' }).boundingBox())!.y;
      expect(noticeTop).toBeLessThan(postToTop);
      await dialog.getByRole('button', { name: 'X', exact: true }).click();
      await dialog.getByLabel('Upload media').setInputFiles(await jpegFile(page, 24));
      await dialog.getByRole('textbox', { name: /Caption/ }).fill(`Over the limit ${Date.now()}`);
      if (shots) await shot(page, `${shots}/limit-composer-${viewport.width}.png`);
      await expect(dialog.getByRole('button', { name: 'Save as Draft' })).toHaveCount(0);
      await expect(dialog.getByRole('switch', { name: 'Schedule for later' })).toHaveCount(0);
    });
  });
}

test.describe('the phone composer with a video', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('never scrolls sideways at 390 px: the YouTube and TikTok pickers are the phone’s own, and the video goes out', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const user = await createCompletedInfluencer(request);
    await linkByApi(request, user.token, 'youtube');
    await linkByApi(request, user.token, 'tiktok');
    await loginInBrowser(page, user);
    await page.goto('/home');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Create post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create post' });
    await dialog.getByRole('button', { name: 'YouTube', exact: true }).click();
    await dialog.getByRole('button', { name: 'TikTok', exact: true }).click();
    await dialog.getByLabel('Upload media').setInputFiles(clip('landscape.mp4'));
    await dialog.getByRole('textbox', { name: 'Title' }).fill(`Phone tour ${Date.now()}`);
    await dialog.getByRole('textbox', { name: /Caption/ }).fill('Filmed on a phone');
    await expectNoSidewaysScroll(page, '[role="dialog"]');

    const category = dialog.getByRole('combobox', { name: 'Category' });
    await category.scrollIntoViewIfNeeded();
    await expect(category).toHaveJSProperty('tagName', 'SELECT');
    await category.click();
    await expectNoSidewaysScroll(page, '[role="dialog"]');
    const firstCategory = await category.locator('option:not([value=""])').first().getAttribute('value');
    await category.selectOption(firstCategory!);
    await dialog.getByRole('combobox', { name: 'YouTube privacy' }).selectOption('unlisted');
    await dialog.getByRole('combobox', { name: 'Who can see this TikTok post' }).selectOption('MUTUAL_FOLLOW_FRIENDS');
    await expectNoSidewaysScroll(page, '[role="dialog"]');
    if (shots) await shot(page, `${shots}/phone-composer-video-390.png`, { fullPage: true });

    const answer = page.waitForResponse((r) => r.url().includes('/sph/social-media-manager/single-post/'));
    await dialog.getByRole('button', { name: 'Post Now' }).click();
    const body = (await answer).request().postDataJSON();
    expect(body.CategoryID).toBe(firstCategory);
    expect(body.PostDetails.find((d: { PrivacyStatus?: string }) => d.PrivacyStatus === 'MUTUAL_FOLLOW_FRIENDS')).toBeTruthy();
    await expect(page.getByRole('list', { name: 'Post results' })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});
