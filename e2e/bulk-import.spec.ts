import type { APIRequestContext } from '@playwright/test';
import { createCompletedInfluencer, loginInBrowser } from './support/api';
import { expect, installClock, test } from './support/fixtures';
import { expectNoSidewaysScroll } from './support/layout';
import { uploadPhoto } from './support/posts';
import { shot } from './support/shots';
import { linkByApi } from './support/social';

/**
 * Bulk scheduling from a CSV file: an influencer opens the import from the calendar, chooses a file whose second post
 * is too long for X; the preview says so in the app's words, Import stays disabled and nothing is made. The file
 * fixed and chosen again imports both posts, which the scheduled posts list shows. The same file chosen once more is
 * refused with the date it was imported, until the user confirms.
 */

const SIZES = [
  { label: 'on a desktop', viewport: { width: 1280, height: 800 }, shot: 'desktop' },
  { label: 'at 390 px wide', viewport: { width: 390, height: 844 }, shot: 'phone' },
] as const;

/** An ISO 8601 moment `hours` after `from`, written at +02:00 as a person in Paris in summer would. */
function isoAt(from: Date, hours: number): string {
  const at = new Date(from.getTime() + hours * 3_600_000);
  const local = new Date(at.getTime() + 2 * 3_600_000).toISOString().slice(0, 16);
  return `${local}+02:00`;
}

/** The captions of the user's scheduled posts, as the API lists them. */
async function scheduledCaptions(request: APIRequestContext, user: { token: string; userId: string }): Promise<string[]> {
  const res = await request.get(`/sph/scheduled_post_details/${user.userId}?page=1&limit=50`, {
    headers: { 'x-access-token': user.token },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()).response_data as { CaptionDescription: string }[]).map((p) => p.CaptionDescription);
}

for (const size of SIZES) {
  test(`${size.label}: a file with a bad row is refused with its error and makes nothing; fixed, it imports; again, it asks first`, async ({
    page,
    request,
    expectNoSeriousA11y,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize(size.viewport);
    // the product's clock: other journeys move the sandbox's shared clock on
    const productNow = new Date((await (await request.get('/sandbox/clock')).json()).response.now as string);
    await installClock(page, productNow);
    const user = await createCompletedInfluencer(request);
    const xId = await linkByApi(request, user.token, 'twitter');
    const listed = await request.post('/sph/social_media_accounts/', { headers: { 'x-access-token': user.token }, data: {} });
    const xName = ((await listed.json()).response_data as { id: string; UserName: string }[]).find((a) => a.id === xId)!.UserName;
    const photo = await uploadPhoto(request, page, user.token, 39);
    await loginInBrowser(page, user);

    await page.goto('/calender');
    await page.getByRole('link', { name: 'Import from CSV' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Import posts from a CSV file' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download the template' })).toHaveAttribute(
      'href',
      '/api/posts/bulk/template.csv',
    );

    const stamp = `${size.shot} ${Date.now()}`;
    const first = `Summer sale starts ${stamp}`;
    const second = `Blog post of the week ${stamp}`;
    const file = (secondText: string) => ({
      name: `posts-${size.shot}.csv`,
      mimeType: 'text/csv',
      buffer: Buffer.from(
        [
          'text,accounts,when,media',
          `"${first}",twitter:${xName},${isoAt(productNow, 3)},${photo}`,
          `"${secondText}",twitter:${xName},${isoAt(productNow, 5)},${photo}`,
          '',
        ].join('\r\n'),
      ),
    });
    const input = page.locator('input[type="file"]');

    // a bad row: too long for X; the preview says so, Import stays disabled, nothing is made
    const tooLong = `${second} ${'x'.repeat(280 - second.length)}`;
    await input.setInputFiles(file(tooLong));
    const rows = page.getByTestId('bulk-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText(`X allows 280 characters; this post has ${tooLong.length}`);
    await expect(rows.nth(0)).toContainText('Ready');
    await expect(page.getByText('2 posts in the file: 1 row has errors.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Import 2 posts' })).toBeDisabled();
    expect(await scheduledCaptions(request, user)).toEqual([]);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11y();
    await shot(page, `/tmp/bulk-import/preview-error-${size.shot}.png`, { fullPage: true });

    // fixed and chosen again: every row is ready, and Import makes both posts
    await input.setInputFiles(file(second));
    await expect(page.getByText('2 posts ready to import.')).toBeVisible();
    await expect(rows.nth(1)).toContainText('Ready');
    await page.getByRole('button', { name: 'Import 2 posts' }).click();
    const result = page.getByTestId('bulk-result');
    await expect(result).toContainText('2 posts imported');
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11y();
    await shot(page, `/tmp/bulk-import/imported-${size.shot}.png`, { fullPage: true });
    expect((await scheduledCaptions(request, user)).sort()).toEqual([second, first].sort());
    await result.getByRole('link', { name: 'See the scheduled posts' }).click();
    await expect(page.getByText(first).first()).toBeVisible();
    await expect(page.getByText(second).first()).toBeVisible();

    // the same file again: refused with the date it was imported, until the user confirms
    await page.goto('/posts/import');
    await input.setInputFiles(file(second));
    const notice = page.getByTestId('bulk-duplicate');
    await expect(notice).toContainText('This file was already imported on');
    await expect(page.getByRole('button', { name: 'Import 2 posts' })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11y();
    await shot(page, `/tmp/bulk-import/duplicate-${size.shot}.png`, { fullPage: true });
    await notice.getByRole('button', { name: 'Import again anyway' }).click();
    await expect(page.getByTestId('bulk-result')).toContainText('2 posts imported');
    expect(await scheduledCaptions(request, user)).toHaveLength(4);
  });
}
