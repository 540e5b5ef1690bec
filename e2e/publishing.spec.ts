import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiCall, createCompletedInfluencer, loginInBrowser, serverNow, type TApiUser } from './support/api';
import { expect, test } from './support/fixtures';
import { jpegFile, pickDay } from './support/posts';
import { failNext, linkByApi, linkForFaults, onX, postDetails, type TNetworkKey } from './support/social';
import { createBusinessOwner, managerOf } from './support/team';

// Publishing from the create-post dialog against the sandbox networks: a photo posted now to several
// networks (and found on them), a network that refuses, a scheduled post going out when the clock moves,
// and a FreeTier influencer stopped at its limit. Each at a desktop and a phone width.

const SIZES = [
  ['on a desktop', { width: 1280, height: 800 }],
  ['at 390 px wide', { width: 390, height: 844 }],
] as const;
const LABEL: Record<TNetworkKey, string> = {
  instagram: 'Instagram',
  facebook: 'Facebook',
  youtube: 'YouTube',
  linkedin: 'LinkedIn',
  tiktok: 'TikTok',
  twitter: 'X',
  threads: 'Threads',
};

/** A short real video (H.264 in MP4) from the fixtures folder. */
const clip = (file: string) => ({
  name: file,
  mimeType: 'video/mp4',
  buffer: fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', file)),
});

/** Opens the dialog from /home, picks the networks (each one's first account), adds a photo and a caption. */
async function compose(page: Page, networks: TNetworkKey[], caption: string, seed: number) {
  await page.goto('/home');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Create post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create post' });
  await expect(dialog).toBeVisible();
  for (const n of networks) await dialog.getByRole('button', { name: LABEL[n], exact: true }).click();
  await dialog.getByLabel('Upload media').setInputFiles(await jpegFile(page, seed));
  await dialog.getByRole('textbox', { name: /Caption/ }).fill(caption);
  return dialog;
}

/**
 * Waits until the post is out on its first account; the network processes a video for a while (its status is
 * asked again when it says), so the product's clock is moved ahead meanwhile rather than waiting for it.
 */
async function publishedAfterProcessing(request: APIRequestContext, token: string, id: string) {
  await expect
    .poll(
      async () => {
        const status = (await postDetails(request, token, id)).MediaPostedOn[0].Status;
        if (status === 'processing') await request.post('/sandbox/clock/advance', { data: { seconds: 15 } });
        return status;
      },
      { timeout: 60_000, intervals: [500] },
    )
    .toBe('published');
}

async function account(request: APIRequestContext, user: TApiUser, networks: TNetworkKey[]) {
  for (const n of networks) await linkByApi(request, user.token, n);
}

for (const [size, viewport] of SIZES) {
  test.describe(`publishing ${size}`, () => {
    test.use({ viewport });

    test('a photo posted now to Instagram, Facebook and X: "Your post has been sent!", and the post is on each network', async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      const owner = await createBusinessOwner(request);
      await account(request, owner, ['instagram', 'facebook', 'twitter']);
      await loginInBrowser(page, owner);
      const caption = `Spring menu is here ${Date.now()}`;
      const dialog = await compose(page, ['instagram', 'facebook', 'twitter'], caption, 1);
      // each network's own preview, and no preflight issue for a square JPEG
      for (const n of ['Instagram', 'Facebook', 'X'])
        await expect(dialog.getByRole('region', { name: `${n} preview` })).toBeVisible();
      const answer = page.waitForResponse((r) => r.url().includes('/sph/social-media-manager/single-post/'));
      await dialog.getByRole('button', { name: 'Post Now' }).click();
      const posted = await (await answer).json();
      await expect(page.getByText('Your post has been sent!').first()).toBeVisible();
      const id = posted.response_data.CommonPostID;
      await expect
        .poll(async () => (await postDetails(request, owner.token, id)).MediaPostedOn.map((m) => m.Status).join(','), {
          timeout: 30_000,
        })
        .toBe('published,published,published');
      const details = await postDetails(request, owner.token, id);
      expect(details.IsPostDone).toBe(true);
      expect(details.MediaPostedOn.every((m) => m.ResponseMediaID)).toBe(true);
      expect(await onX(request, caption)).toBe(1);
    });

    // Threads refuses: a network no other journey posts to, so no post of a journey running beside this one meets
    // the refusal asked of the emulator
    test('one network refusing: "Post failed on Threads" while Instagram goes out', async ({ page, request }) => {
      test.setTimeout(90_000);
      const owner = await createBusinessOwner(request);
      await account(request, owner, ['instagram']);
      const threads = await linkForFaults(request, owner.token, 'publishing', 'threads');
      await loginInBrowser(page, owner);
      const caption = `Half way ${Date.now()}`;
      const dialog = await compose(page, ['instagram', 'threads'], caption, 2);
      await failNext(request, threads, 'missing_permission', 1, 'publish');
      const answer0 = page.waitForResponse((r) => r.url().includes('/sph/social-media-manager/single-post/'));
      await dialog.getByRole('button', { name: 'Post Now' }).click();
      await answer0;
      const answer = answer0;
      const results = page.getByRole('list', { name: 'Post results' });
      await expect(results.getByText('Post failed on Threads')).toBeVisible({ timeout: 30_000 });
      await expect(results.getByRole('listitem')).toHaveCount(2);
      // Instagram was still processing the photo when the answer came: its row turns to Sent when it is out
      await expect(results.getByText('Sent', { exact: true })).toBeVisible({ timeout: 30_000 });
      const id = (await (await answer).json()).response_data.CommonPostID;
      await expect
        .poll(
          async () =>
            (await postDetails(request, owner.token, id)).MediaPostedOn.map((m) => `${m.SocialMediaName}:${m.Status}`)
              .sort()
              .join(','),
          {
            timeout: 30_000,
          },
        )
        .toBe('Instagram:published,Threads:failed');
    });
  });
}

test('a post scheduled for later answers "Your post has been Scheduled!" and goes out when the clock moves past it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const owner = await createBusinessOwner(request);
  await account(request, owner, ['twitter']);
  await loginInBrowser(page, owner);
  const caption = `Tomorrow at noon ${Date.now()}`;
  const dialog = await compose(page, ['twitter'], caption, 3);
  await dialog.getByRole('switch', { name: 'Schedule for later' }).click();
  // tomorrow, at the default 12:00
  await dialog.getByRole('button', { name: /^Date/ }).click();
  // the browser's tomorrow, named exactly ('7 December 2026' is also inside '17 December 2026'), in whichever month
  await pickDay(
    page,
    await page.evaluate(() =>
      new Date(Date.now() + 86_400_000).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }),
    ),
  );
  await expect(dialog.getByLabel(/^Time/)).toHaveValue('12:00');
  const answer = page.waitForResponse((r) => r.url().includes('/sph/social-media-manager/single-post/'));
  await dialog.getByRole('button', { name: 'Schedule Post' }).click();
  const id = (await (await answer).json()).response_data.CommonPostID;
  await expect(page.getByText('Your post has been Scheduled!').first()).toBeVisible();
  expect(await onX(request, caption)).toBe(0);
  // a minute past its time on the product's clock (every process reads it): the post goes out without waiting
  const details = (await postDetails(request, owner.token, id)) as unknown as { ScheduledDate: string; ScheduledTime: string };
  const due = new Date(`${details.ScheduledDate}T${details.ScheduledTime}:00.000Z`).getTime();
  const seconds = Math.ceil((due - (await serverNow(request)).getTime()) / 1000) + 60;
  expect((await request.post('/sandbox/clock/advance', { data: { seconds } })).ok()).toBe(true);
  await expect.poll(async () => onX(request, caption), { timeout: 30_000 }).toBe(1);
  expect((await postDetails(request, owner.token, id)).IsPostDone).toBe(true);
});

test('a FreeTier influencer who has made 5 posts sees "Your post limit has been reached" with the way to upgrade', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const user = await createCompletedInfluencer(request);
  await apiCall(request, 'POST', 'subscription/AddInfSubs', { token: user.token, data: { userId: user.userId } });
  const x = await linkByApi(request, user.token, 'twitter');
  await loginInBrowser(page, user);
  // five posts through the API
  const upload = await request.post('/api/s3/uploadSingleFile', {
    headers: { 'x-access-token': user.token },
    multipart: { file: await jpegFile(page, 4) },
  });
  const url = (await upload.json()).response.result;
  for (let i = 0; i < 5; i++) {
    const res = await request.post('/sph/social-media-manager/single-post/', {
      headers: { 'x-access-token': user.token },
      data: {
        CaptionDescription: `Free ${i} ${Date.now()}`,
        MediaDetails: [{ ImageVideoUrl: url }],
        PostDetails: [{ UserSocialMediaID: x }],
      },
    });
    expect(res.ok()).toBe(true);
  }
  await page.goto('/home');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Create post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create post' });
  await expect(dialog.getByText('Your post limit has been reached')).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Switch to Business Plan' })).toHaveAttribute('href', '/profile/pricing');
  await expect(dialog.getByRole('switch', { name: 'Schedule for later' })).toHaveCount(0);
});

test('a carousel of two photos goes to Instagram as one post of several files', async ({ page, request }) => {
  test.setTimeout(90_000);
  const owner = await createBusinessOwner(request);
  await account(request, owner, ['instagram']);
  await loginInBrowser(page, owner);
  await page.goto('/home');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Create post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create post' });
  await dialog.getByRole('button', { name: 'Instagram', exact: true }).click();
  await dialog.getByRole('switch', { name: 'Multiple files' }).click();
  await dialog.getByLabel('Upload media').setInputFiles([await jpegFile(page, 5), await jpegFile(page, 6)]);
  await expect(dialog.getByRole('list', { name: 'Chosen media' }).getByRole('listitem')).toHaveCount(2);
  await dialog.getByRole('textbox', { name: /Caption/ }).fill(`Two looks ${Date.now()}`);
  const answer = page.waitForResponse((r) => r.url().includes('/sph/social-media-manager/multi-post/'));
  await dialog.getByRole('button', { name: 'Post Now' }).click();
  const id = (await (await answer).json()).response_data.CommonPostID;
  await expect(page.getByText('Your post has been sent!').first()).toBeVisible({ timeout: 30_000 });
  await expect.poll(async () => (await postDetails(request, owner.token, id)).IsPostDone, { timeout: 30_000 }).toBe(true);
  const details = await postDetails(request, owner.token, id);
  expect(details.MediaPostedOn[0].Status).toBe('published');
});

test("a business manager's post is saved as a draft for approval; approved by the owner, it goes out", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await createBusinessOwner(request);
  await account(request, owner, ['twitter']);
  const manager = await managerOf(request, owner, [
    { accountId: '6', access: true, moduleAccess: { Post: true, Analytics: false, Scheduler: false } },
  ]);
  await loginInBrowser(page, manager);
  const caption = `Manager idea ${Date.now()}`;
  const dialog = await compose(page, ['twitter'], caption, 7);
  await expect(dialog.getByRole('button', { name: 'Post Now' })).toHaveCount(0);
  const answer = page.waitForResponse((r) => r.url().includes('/sph/social-media-manager/single-post/'));
  await dialog.getByRole('button', { name: 'Save Draft for Approval' }).click();
  const id = (await (await answer).json()).response_data.CommonPostID;
  await expect(page.getByText('Draft saved successfully!').first()).toBeVisible();
  expect(await onX(request, caption)).toBe(0);
  // the owner approves it (the review screen comes with the drafts page); it goes out
  const review = await request.post('/sph/drafts/review-draft/', {
    headers: { 'x-access-token': owner.token },
    data: { CommonPostID: id, Decision: 'approve' },
  });
  expect(review.ok()).toBe(true);
  await expect.poll(async () => onX(request, caption), { timeout: 30_000 }).toBe(1);
});

test('a YouTube video with its title, category and privacy goes to the channel', async ({ page, request }) => {
  test.setTimeout(120_000);
  const user = await createCompletedInfluencer(request);
  await account(request, user, ['youtube']);
  await loginInBrowser(page, user);
  await page.goto('/home');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Create post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create post' });
  await dialog.getByRole('button', { name: 'YouTube', exact: true }).click();
  await dialog.getByLabel('Upload media').setInputFiles(clip('landscape.mp4'));
  await expect(dialog.getByRole('textbox', { name: /Caption\/Description/ })).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Title' }).fill(`Kitchen tour ${Date.now()}`);
  await dialog.getByRole('textbox', { name: /Caption\/Description/ }).fill('A quick tour of our kitchen');
  await dialog.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option').first().click();
  await dialog.getByRole('combobox', { name: 'YouTube privacy' }).click();
  await page.getByRole('option', { name: /unlisted/i }).click();
  const answer = page.waitForResponse((r) => r.url().includes('/sph/social-media-manager/single-post/'));
  await dialog.getByRole('button', { name: 'Post Now' }).click();
  const body = (await answer).request().postDataJSON();
  expect(body.Title).toMatch(/^Kitchen tour/);
  expect(body.CategoryID).toBeTruthy();
  const id = (await (await answer).json()).response_data.CommonPostID;
  await publishedAfterProcessing(request, user.token, id);
});

test('a TikTok video goes out with the privacy chosen for the account', async ({ page, request }) => {
  test.setTimeout(120_000);
  const user = await createCompletedInfluencer(request);
  await account(request, user, ['tiktok']);
  await loginInBrowser(page, user);
  await page.goto('/home');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Create post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create post' });
  await dialog.getByRole('button', { name: 'TikTok', exact: true }).click();
  await dialog.getByLabel('Upload media').setInputFiles(clip('portrait.mp4'));
  await dialog.getByRole('textbox', { name: /Caption/ }).fill(`Behind the counter ${Date.now()}`);
  await expect(dialog.getByRole('button', { name: 'Post Now' })).toBeDisabled();
  await dialog.getByRole('combobox', { name: 'Who can see this TikTok post' }).click();
  await page.getByRole('option', { name: 'Friends' }).click();
  const answer = page.waitForResponse((r) => r.url().includes('/sph/social-media-manager/single-post/'));
  await dialog.getByRole('button', { name: 'Post Now' }).click();
  expect((await answer).request().postDataJSON().PostDetails[0].PrivacyStatus).toBe('MUTUAL_FOLLOW_FRIENDS');
  const id = (await (await answer).json()).response_data.CommonPostID;
  await publishedAfterProcessing(request, user.token, id);
});
