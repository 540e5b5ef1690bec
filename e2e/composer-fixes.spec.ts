import type { Page } from '@playwright/test';
import { apiCall, createCompletedInfluencer, loginInBrowser } from './support/api';
import { expect, test } from './support/fixtures';
import { jpegFile, uploadPhoto } from './support/posts';
import { linkByApi } from './support/social';

// The create-post dialog: its body scrolls with the mouse wheel on a desktop (and by touch on a phone) with its
// buttons always in reach; a FreeTier influencer at its limit is offered no draft or schedule; and an account is
// linked from Home and from the composer (the networks' consent pages are the sandbox's emulators).

const SHOTS = process.env.E2E_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
};

/** Opens the dialog from /home. */
async function openComposer(page: Page) {
  await page.goto('/home');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Create post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create post' });
  await expect(dialog).toBeVisible();
  return dialog;
}

const WHEEL_SIZES = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
] as const;

for (const viewport of WHEEL_SIZES) {
  test.describe(`the composer at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('scrolls with the mouse wheel to Caption and Schedule once networks and a photo are picked, its buttons in reach', async ({
      page,
      request,
    }) => {
      const user = await createCompletedInfluencer(request);
      for (const n of ['instagram', 'facebook', 'twitter', 'youtube'] as const) await linkByApi(request, user.token, n);
      await loginInBrowser(page, user);
      const dialog = await openComposer(page);
      for (const n of ['Instagram', 'Facebook', 'X', 'YouTube'])
        await dialog.getByRole('button', { name: n, exact: true }).click();
      await dialog.getByLabel('Upload media').setInputFiles(await jpegFile(page, 31));
      await expect(dialog.getByRole('button', { name: 'Remove photo-31.jpg' })).toBeAttached();
      const schedule = dialog.getByRole('switch', { name: 'Schedule for later' });
      await expect(schedule).not.toBeInViewport();
      await shot(page, `wheel-${viewport.width}-before`);

      // the wheel over the dialog's body scrolls it
      const box = (await dialog.getByRole('heading', { name: 'Post to' }).boundingBox())!;
      await page.mouse.move(box.x + 40, box.y + 10);
      await page.mouse.wheel(0, 800);
      await page.mouse.wheel(0, 800);
      await expect(schedule).toBeInViewport();
      await expect(dialog.getByRole('textbox', { name: /Caption/ })).toBeAttached();
      await shot(page, `wheel-${viewport.width}-after`);
      // the buttons stay in the dialog's footer, in view
      await expect(dialog.getByRole('button', { name: 'Post Now' })).toBeInViewport();
      await expect(dialog.getByRole('button', { name: 'Save as Draft' })).toBeInViewport();

      // the schedule switch, reached by the wheel, works
      await schedule.click();
      await expect(dialog.getByRole('button', { name: 'Schedule Post' })).toBeInViewport();
    });
  });
}

test.describe('the composer at 390 px wide, by touch', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('scrolls by touch to Caption and Schedule once networks and a photo are picked, its buttons in reach', async ({
    page,
    request,
  }) => {
    const user = await createCompletedInfluencer(request);
    for (const n of ['instagram', 'facebook'] as const) await linkByApi(request, user.token, n);
    await loginInBrowser(page, user);
    const dialog = await openComposer(page);
    for (const n of ['Instagram', 'Facebook']) await dialog.getByRole('button', { name: n, exact: true }).click();
    await dialog.getByLabel('Upload media').setInputFiles(await jpegFile(page, 32));
    await expect(dialog.getByRole('button', { name: 'Remove photo-32.jpg' })).toBeAttached();
    const schedule = dialog.getByRole('switch', { name: 'Schedule for later' });
    await expect(schedule).not.toBeInViewport();

    // a finger dragged up over the dialog's body, as many times as it takes
    const box = (await dialog.getByRole('heading', { name: 'Media' }).boundingBox())!;
    const x = Math.round(box.x + 20);
    const cdp = await page.context().newCDPSession(page);
    const swipe = async () => {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: 600 }] });
      for (let i = 1; i <= 10; i++)
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: 600 - i * 40 }] });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    await expect(async () => {
      if (!(await schedule.evaluate((el) => el.getBoundingClientRect().bottom < innerHeight - 160))) await swipe();
      await expect(schedule).toBeInViewport({ timeout: 500 });
    }).toPass({ timeout: 10_000 });
    await expect(schedule).toBeInViewport();
    await shot(page, 'touch-390-after');
    await expect(dialog.getByRole('button', { name: 'Post Now' })).toBeInViewport();
    await expect(dialog.getByRole('button', { name: 'Save as Draft' })).toBeInViewport();
  });
});

const SIZES = [
  ['on a desktop', { width: 1280, height: 800 }],
  ['at 390 px wide', { width: 390, height: 844 }],
] as const;

/** On TikTok's consent page (the emulator's): allows as Milo Moves. */
async function allowTikTok(page: Page) {
  await expect(page).toHaveURL(/\/sandbox\/tiktok\/v2\/auth\/authorize\//);
  await page.getByText('Milo Moves').click();
  await page.getByRole('button', { name: 'Allow' }).click();
}

for (const [size, viewport] of SIZES) {
  test.describe(`the composer and linking ${size}`, () => {
    test.use({ viewport });
    const tag = viewport.width;

    test('a FreeTier influencer at 5 posts is offered no draft or schedule, and Post Now says "Post limit exceeded: you have used all your posts."', async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      const user = await createCompletedInfluencer(request);
      await apiCall(request, 'POST', 'subscription/AddInfSubs', { token: user.token, data: { userId: user.userId } });
      const x = await linkByApi(request, user.token, 'twitter');
      await loginInBrowser(page, user);
      const url = await uploadPhoto(request, page, user.token, 40);
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
      const dialog = await openComposer(page);
      await expect(dialog.getByText('Your post limit has been reached')).toBeVisible();
      await expect(dialog.getByRole('link', { name: 'Switch to Business Plan' })).toHaveAttribute('href', '/profile/pricing');
      await dialog.getByRole('button', { name: 'X', exact: true }).click();
      await dialog.getByLabel('Upload media').setInputFiles(await jpegFile(page, 41));
      await dialog.getByRole('textbox', { name: /Caption/ }).fill('One more');
      await expect(dialog.getByRole('switch', { name: 'Schedule for later' })).toHaveCount(0);
      await expect(dialog.getByRole('button', { name: 'Save as Draft' })).toHaveCount(0);
      await shot(page, `limit-${tag}`);
      await dialog.getByRole('button', { name: 'Post Now' }).click();
      await expect(page.getByText('Post limit exceeded: you have used all your posts.')).toBeVisible();
      await expect(dialog).toBeHidden();
      await shot(page, `limit-toast-${tag}`);
      // the server keeps the rule too: no draft at the limit
      const draft = await request.post('/sph/social-media-manager/single-post/', {
        headers: { 'x-access-token': user.token },
        data: {
          CaptionDescription: 'A draft',
          MediaDetails: [{ ImageVideoUrl: url }],
          PostDetails: [{ UserSocialMediaID: x }],
          IsDraft: true,
        },
      });
      expect(draft.status()).toBe(429);
    });

    test('an account is linked from Home: Add account, the network, its consent page, and back on Home with the account', async ({
      page,
      request,
    }) => {
      const user = await createCompletedInfluencer(request);
      await loginInBrowser(page, user);
      await page.goto('/home');
      await page.getByRole('button', { name: 'Add account' }).click();
      const link = page.getByRole('dialog', { name: 'Link an account' });
      await expect(link).toBeVisible();
      await shot(page, `link-home-${tag}`);
      await link.getByRole('button', { name: 'Add TikTok account' }).click();
      await allowTikTok(page);
      await expect(page.getByText('TikTok account added successfully')).toBeVisible();
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.getByText('@milo.moves').first()).toBeVisible();
    });

    test('an account is linked from the composer, which opens again with the new account to pick', async ({ page, request }) => {
      const user = await createCompletedInfluencer(request);
      await linkByApi(request, user.token, 'twitter');
      await loginInBrowser(page, user);
      let dialog = await openComposer(page);
      await dialog.getByRole('button', { name: 'Link an account' }).click();
      const link = page.getByRole('dialog', { name: 'Link an account' });
      await expect(link).toBeVisible();
      await shot(page, `link-composer-${tag}`);
      await link.getByRole('button', { name: 'Add TikTok account' }).click();
      await allowTikTok(page);
      await expect(page.getByText('TikTok account added successfully')).toBeVisible();
      await expect(page).toHaveURL(/\/home$/);
      dialog = page.getByRole('dialog', { name: 'Create post' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'TikTok', exact: true }).click();
      await expect(dialog.getByRole('checkbox', { name: '@milo.moves on TikTok' })).toHaveAttribute('aria-checked', 'true');
      await shot(page, `link-composer-back-${tag}`);
    });

    test('a Facebook consent that gives no page: the page chooser says "No page Available"', async ({ page, request }) => {
      const user = await createCompletedInfluencer(request);
      await loginInBrowser(page, user);
      await page.goto('/home');
      await page.getByRole('button', { name: 'Add account' }).click();
      await page.getByRole('dialog', { name: 'Link an account' }).getByRole('button', { name: 'Add Facebook account' }).click();
      await expect(page).toHaveURL(/\/sandbox\/facebook\//);
      // the person leaves out the permission to list its pages: Facebook then gives none
      await page.locator('input[name="scope"]').evaluate((el: HTMLInputElement) => {
        el.value = el.value
          .split(',')
          .filter((s) => s !== 'pages_show_list')
          .join(',');
      });
      await page.getByRole('button', { name: 'Allow' }).click();
      const chooser = page.getByRole('dialog', { name: 'Choose your Facebook pages' });
      await expect(chooser).toBeVisible({ timeout: 20_000 });
      await expect(chooser.getByText('No page Available', { exact: true })).toBeVisible();
      await expect(page).toHaveURL(/\/home$/);
      await shot(page, `no-page-${tag}`);
      await chooser.getByRole('button', { name: 'Cancel' }).click();
      await expect(chooser).toBeHidden();
    });
  });
}
