import { loginInBrowser } from './support/api';
import { expect, test } from './support/fixtures';
import { pngFile } from './support/posts';
import { shot } from './support/shots';
import { linkByApi, postDetails } from './support/social';
import { createBusinessOwner } from './support/team';

// Convert, do not refuse: a PNG chosen for Instagram (which takes JPEG photos only) is said to be "converted to
// JPEG for Instagram" beside Instagram, in a note rather than as an issue, and the post is sent and published. At a
// desktop and a phone width.

const SIZES = [
  ['on a desktop', { width: 1280, height: 800 }],
  ['at 390 px wide', { width: 390, height: 844 }],
] as const;
const SHOTS = process.env.E2E_OUTPUT_DIR ?? 'test-results';

for (const [size, viewport] of SIZES) {
  test.describe(`converting media ${size}`, () => {
    test.use({ viewport });

    test('a PNG for Instagram: the note "converted to JPEG for Instagram", no issue, and Post Now publishes it', async ({
      page,
      request,
      expectNoSeriousA11y,
    }) => {
      test.setTimeout(90_000);
      const owner = await createBusinessOwner(request);
      await linkByApi(request, owner.token, 'instagram');
      await loginInBrowser(page, owner);
      await page.goto('/home');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Create post' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create post' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Instagram', exact: true }).click();
      await dialog.getByLabel('Upload media').setInputFiles(await pngFile(page, viewport.width));
      await dialog.getByRole('textbox', { name: /Caption/ }).fill(`Drawn as a PNG ${Date.now()}`);

      const preview = dialog.getByRole('region', { name: 'Instagram preview' });
      const notes = preview.getByRole('list', { name: 'What Virality changes for Instagram' });
      await expect(notes.getByText('converted to JPEG for Instagram', { exact: true })).toBeVisible();
      await expect(preview.getByText('Ready', { exact: true })).toBeVisible();
      await expect(preview.getByRole('list', { name: 'What Instagram would refuse' })).toHaveCount(0);
      await notes.scrollIntoViewIfNeeded();
      await shot(page, `${SHOTS}/convert-note-${viewport.width}.png`);
      // the dialog with the note passes the accessibility check (its grey meets AA contrast on white)
      await expectNoSeriousA11y();

      const post = dialog.getByRole('button', { name: 'Post Now' });
      await expect(post).toBeEnabled();
      const answer = page.waitForResponse((r) => r.url().includes('/sph/social-media-manager/single-post/'));
      await post.click();
      const res = await answer;
      expect(res.status()).toBe(200);
      const id = (await res.json()).response_data.CommonPostID as string;
      // the post is written with the PNG as uploaded; the server sends Instagram a JPEG made from it, and it goes out
      // (Instagram's emulator refuses a PNG as Instagram does)
      await expect
        .poll(
          async () => (await postDetails(request, owner.token, id)).MediaPostedOn.map((m) => `${m.SocialMediaName} ${m.Status}`),
          {
            timeout: 45_000,
          },
        )
        .toEqual(['Instagram published']);
    });
  });
}
