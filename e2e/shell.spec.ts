import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { createCompletedInfluencer, loginInBrowser, type TApiUser } from './support/api';
import { expect, test } from './support/fixtures';
import { expectNoSidewaysScroll } from './support/layout';
import { postByApi, uploadPhoto } from './support/posts';
import { linkByApi } from './support/social';

// The logged-in frame as a person meets it: a sidebar (icon and word) on a desktop and a bottom tab bar on a phone,
// each with Home, Calendar, Tagged, Drafts and Profile and Create always in sight; no entry for a page that does not exist
// (Notifications); the app's own Inter font on every page; a draft card showing its whole portrait picture with its
// buttons on one row.

const SIZES = [
  ['on a desktop', { width: 1280, height: 800 }],
  ['at 390 px wide', { width: 390, height: 844 }],
] as const;
const SHOTS = process.env.E2E_SHOTS_DIR;

/** A screenshot for a person to look at, when the run was asked for them. */
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}

/** A portrait (4:5) JPEG drawn by the browser, with a bar along each edge so a cropped edge would show. */
async function portraitJpeg(page: Page) {
  const base64 = await page.evaluate(async () => {
    const c = document.createElement('canvas');
    c.width = 1080;
    c.height = 1350;
    const g = c.getContext('2d')!;
    g.fillStyle = '#2b8a3e';
    g.fillRect(0, 0, 1080, 1350);
    g.fillStyle = '#c92a2a';
    for (const [x, y, w, h] of [
      [0, 0, 1080, 40],
      [0, 1310, 1080, 40],
      [0, 0, 40, 1350],
      [1040, 0, 40, 1350],
    ])
      g.fillRect(x, y, w, h);
    const blob: Blob = await new Promise((r) => c.toBlob((b) => r(b!), 'image/jpeg', 0.85));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let bin = '';
    for (const b of bytes) bin += String.fromCharCode(b);
    return btoa(bin);
  });
  return { name: 'portrait.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(base64, 'base64') };
}

for (const [label, viewport] of SIZES) {
  const phone = viewport.width < 500;

  test.describe(label, () => {
    test.use({ viewport });
    let user: TApiUser;
    test.beforeAll(async ({ request }) => {
      user = await createCompletedInfluencer(request);
    });

    test('the main navigation has Home, Calendar, Queue, Tagged, Drafts and Profile with Create always in sight, and no entry without a page', async ({
      page,
      expectNoSeriousA11y,
    }) => {
      await loginInBrowser(page, user);
      await page.goto('/home');
      const nav = page.getByRole('navigation', { name: 'Main' });
      const links = nav.getByRole('link');
      await expect(links).toHaveText(['Home', 'Calendar', 'Queue', 'Tagged', 'Drafts', 'Profile']);
      await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
      // the notifications are the bell's, in the top bar: it counts them and leads to their page
      await expect(nav.getByRole('link', { name: /Notifications/ })).toHaveCount(0);
      await expect(page.getByRole('banner').getByRole('link', { name: 'Notifications' })).toHaveAttribute(
        'href',
        '/notifications',
      );
      const create = nav.getByRole('button', { name: 'Create post' });
      for (const item of [...(await links.all()), create]) {
        await expect(item).toBeInViewport({ ratio: 1 });
        // every word is shown whole, not cut
        const cut = await item.evaluate((el) =>
          Array.from(el.querySelectorAll('span')).some((s) => s.textContent && s.scrollWidth > s.clientWidth + 1),
        );
        expect(cut, `${await item.textContent()} is cut`).toBe(false);
      }
      const boxes = await Promise.all([...(await links.all()), create].map(async (l) => (await l.boundingBox())!));
      const [home, calendar, queue, tagged, drafts, profile, plus] = boxes;
      if (phone) {
        // a tab bar along the foot of the screen: Home, Calendar, Queue, Create, Tagged, Drafts, Profile, each a thumb's target
        const bar = (await nav.boundingBox())!;
        expect(Math.round(bar.y + bar.height)).toBe(viewport.height);
        expect(bar.height).toBe(65);
        const across = [home.x, calendar.x, queue.x, plus.x, tagged.x, drafts.x, profile.x];
        expect(across).toEqual([...across].sort((a, b) => a - b));
        for (const b of boxes) expect(b.height).toBeGreaterThanOrEqual(44);
      } else {
        // a sidebar at the left: Create post on top, then the entries one under another, icon and word
        const bar = (await nav.boundingBox())!;
        expect(bar.x).toBe(0);
        expect(bar.width).toBe(248);
        const down = [plus.y, home.y, calendar.y, queue.y, tagged.y, drafts.y, profile.y];
        expect(down).toEqual([...down].sort((a, b) => a - b));
        expect(plus.width).toBeGreaterThan(200);
      }
      await expectNoSidewaysScroll(page);
      await shot(page, `shell-home-${viewport.width}`);
      await expectNoSeriousA11y();

      // Create stays in sight at the foot of a long page, and opens the composer
      await page.mouse.wheel(0, 5000);
      await expect(create).toBeInViewport({ ratio: 1 });
      await create.click();
      await expect(page.getByRole('dialog', { name: 'Create post' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: 'Create post' })).toHaveCount(0);

      // each entry leads to its page, and says it is the current one
      for (const [name, url, heading] of [
        ['Calendar', /\/calender$/, 'Calendar'],
        ['Queue', /\/queue$/, 'Queue'],
        ['Drafts', /\/postdraft$/, 'Drafts'],
        ['Profile', /\/profile$/, null],
        ['Home', /\/home$/, `Welcome, ${user.name}`],
      ] as const) {
        await nav.getByRole('link', { name }).click();
        await expect(page).toHaveURL(url);
        await expect(nav.getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
        if (heading) await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
        await expectNoSidewaysScroll(page);
      }
    });

    test('a draft card shows its whole portrait picture and its buttons on one row', async ({ page, request }) => {
      const x = await linkByApi(request, user.token, 'twitter');
      const res = await request.post('/api/s3/uploadSingleFile', {
        headers: { 'x-access-token': user.token },
        multipart: { file: await portraitJpeg(page) },
      });
      expect(res.ok(), await res.text()).toBe(true);
      const photo = (await res.json()).response.result as string;
      const caption = `Portrait draft ${Date.now()}`;
      await postByApi(request, user.token, { caption, photo, accounts: [x], more: { IsDraft: true } });
      // a second, square one: shown whole too, the frame's grey beside it
      const square = await uploadPhoto(request, page, user.token, 3);
      await postByApi(request, user.token, {
        caption: `Square draft ${Date.now()}`,
        photo: square,
        accounts: [x],
        more: { IsDraft: true },
      });

      await loginInBrowser(page, user);
      await page.goto('/postdraft');
      const card = page.getByRole('article', { name: caption });
      const img = card.getByTestId('draft-media').locator('img');
      await expect(img).toBeVisible();
      await img.evaluate((el: HTMLImageElement) => el.decode());
      // the picture's drawn box is the frame (4:5) and it is drawn whole inside it (contain, never cover)
      const drawn = await img.evaluate((el: HTMLImageElement) => ({
        ratio: el.clientWidth / el.clientHeight,
        natural: el.naturalWidth / el.naturalHeight,
        fit: getComputedStyle(el).objectFit,
      }));
      expect(drawn.natural).toBeCloseTo(0.8, 2);
      expect(drawn.ratio).toBeCloseTo(0.8, 1);
      expect(drawn.fit).toBe('contain');
      // Delete, Edit on one row
      const actions = card.getByTestId('draft-actions');
      const del = (await actions.getByRole('button', { name: /^Delete draft/ }).boundingBox())!;
      const edit = (await actions.getByRole('button', { name: /^Edit draft/ }).boundingBox())!;
      expect(Math.abs(del.y + del.height / 2 - (edit.y + edit.height / 2))).toBeLessThan(2);
      expect(del.x).toBeLessThan(edit.x);
      await card.scrollIntoViewIfNeeded();
      await expectNoSidewaysScroll(page);
      await shot(page, `shell-drafts-${viewport.width}`);
    });
  });
}

test('every page is drawn in Inter, loaded from the app itself', async ({ page, request, baseURL }) => {
  const fonts: string[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('.woff2')) fonts.push(`${r.status()} ${r.url()}`);
  });
  const loadedInter = () =>
    page.evaluate(async () => {
      await document.fonts.ready;
      const inter = Array.from(document.fonts as unknown as Iterable<FontFace>).filter(
        (f) => f.family.replace(/["']/g, '') === 'Inter Variable',
      );
      return {
        loaded: inter.some((f) => f.status === 'loaded'),
        family: getComputedStyle(document.querySelector('h1') ?? document.body).fontFamily,
      };
    });
  // a public page and a logged-in one
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  expect(await loadedInter()).toEqual({ loaded: true, family: expect.stringMatching(/^"Inter Variable"/) });
  await loginInBrowser(page, await createCompletedInfluencer(request));
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await loadedInter()).toEqual({ loaded: true, family: expect.stringMatching(/^"Inter Variable"/) });
  expect(fonts.length).toBeGreaterThan(0);
  for (const f of fonts) expect(f).toMatch(new RegExp(`^200 ${baseURL}/assets/inter-`));
});
