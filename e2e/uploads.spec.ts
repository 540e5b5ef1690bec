import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { createCompletedInfluencer, loginInBrowser } from './support/api';
import { expect, test } from './support/fixtures';
import { shot } from './support/shots';
import { linkByApi, onX } from './support/social';

// Uploads that cannot hurt the server, as a person meets them in the composer: an SVG is posted as the PNG drawn
// from it, and a picture that only looks like one (a deflate bomb) is refused in words. At both widths.

const SIZES = [
  ['on a desktop', { width: 1280, height: 800 }],
  ['at 390 px wide', { width: 390, height: 844 }],
] as const;

const HOSTILE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'apps/server/src/modules/media/fixtures');
const SHOTS = process.env.E2E_SHOTS_DIR;

/** A square SVG logo, as a designer would export it. */
const LOGO = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512"><rect width="512" height="512" fill="#0b7a5f"/><circle cx="256" cy="256" r="160" fill="#ffd166"/></svg>\n',
);

async function openComposer(page: Page) {
  await page.goto('/home');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Create post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create post' });
  await expect(dialog).toBeVisible();
  return dialog;
}

for (const [size, viewport] of SIZES) {
  test.describe(`uploads ${size}`, () => {
    test.use({ viewport });

    test('an SVG is never stored as SVG: it is uploaded and posted as the PNG drawn from it', async ({ page, request }) => {
      test.setTimeout(90_000);
      const user = await createCompletedInfluencer(request);
      await linkByApi(request, user.token, 'twitter');
      await loginInBrowser(page, user);
      const dialog = await openComposer(page);
      await dialog.getByRole('button', { name: 'X', exact: true }).click();
      await dialog.getByLabel('Upload media').setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: LOGO });
      const caption = `Our new logo ${Date.now()}`;
      await dialog.getByRole('textbox', { name: /Caption/ }).fill(caption);
      // X takes the PNG the SVG becomes: no issue to fix
      await expect(dialog.getByText(/issue/)).toHaveCount(0);
      if (SHOTS) await shot(page, path.join(SHOTS, `svg-upload-${viewport.width}.png`));
      // nothing in the composer scrolls sideways
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      // the file is uploaded when the post is sent
      const uploaded = page.waitForResponse((r) => r.url().includes('/api/s3/uploadSingleFile'));
      await dialog.getByRole('button', { name: 'Post Now' }).click();
      const answer = await (await uploaded).json();
      expect(answer.response).toMatchObject({ file_type: 'image/png', width: 1080, height: 1080, file_name: 'logo.svg' });
      expect(answer.response.result).toMatch(/\.png$/);
      const served = await request.get(new URL(answer.response.result).pathname);
      expect(served.headers()['content-type']).toContain('image/png');
      await expect(page.getByText('Your post has been sent!').first()).toBeVisible();
      await expect.poll(() => onX(request, caption), { timeout: 30_000 }).toBe(1);
    });

    test("a picture that only looks like one (a deflate bomb) is refused with 'This file is not supported'", async ({
      page,
      request,
    }) => {
      const user = await createCompletedInfluencer(request);
      await linkByApi(request, user.token, 'twitter');
      await loginInBrowser(page, user);
      const dialog = await openComposer(page);
      await dialog.getByRole('button', { name: 'X', exact: true }).click();
      await dialog.getByLabel('Upload media').setInputFiles({
        name: 'photo.png',
        mimeType: 'image/png',
        buffer: fs.readFileSync(path.join(HOSTILE, 'png-deflate-bomb.png')),
      });
      await dialog.getByRole('textbox', { name: /Caption/ }).fill(`Not a picture ${Date.now()}`);
      const uploaded = page.waitForResponse((r) => r.url().includes('/api/s3/uploadSingleFile'));
      await dialog.getByRole('button', { name: 'Post Now' }).click();
      expect((await uploaded).status()).toBe(400);
      await expect(page.getByText('This file is not supported').first()).toBeVisible();
      if (SHOTS) await shot(page, path.join(SHOTS, `bomb-refused-${viewport.width}.png`));
    });
  });
}
