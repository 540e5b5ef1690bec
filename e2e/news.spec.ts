import type { Page } from '@playwright/test';
import { firstAdmin } from './support/admin';
import { loginInBrowser, serverNow } from './support/api';
import { expect, test } from './support/fixtures';
import { jpegFile } from './support/posts';
import { shot } from './support/shots';

/** The news room: an admin writes and publishes an article with a cover; a visitor finds and reads it. */

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
const screen = (page: Page, name: string) =>
  shot(page, `${process.env.E2E_OUTPUT_DIR ?? '/tmp'}/news-${name}.png`, { fullPage: true });

test('at 1280 px an admin publishes an article with a cover and a visitor reads it through the room and both filters', async ({
  page,
  browser,
  request,
  expectNoSeriousA11y,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const admin = await firstAdmin(request);
  const title = `Launch day ${Date.now().toString(36)}`;
  await loginInBrowser(page, admin);
  await page.goto('/admin/news');
  await page.getByRole('link', { name: 'New article' }).click();
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page
    .getByRole('textbox', { name: 'Sub-heading' })
    .fill(`${'A very long sub-heading that goes on and on. '.repeat(4)}END`);
  const editor = page.getByRole('textbox', { name: 'Description' });
  await editor.click();
  await page.keyboard.type('Virality now publishes everywhere at once. ');
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('Bold words');
  await page.getByLabel('Cover image').setInputFiles(await jpegFile(page, 7));
  await expect(page.getByRole('img', { name: 'Cover image' })).toBeVisible();
  await page.getByLabel('Author first name').fill('Ada');
  await page.getByLabel('Author last name').fill('Lovelace');
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Press releases' }).click();
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('News created successfully')).toBeVisible();
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();

  await page.getByText('Preview', { exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.locator('article :is(b, strong)', { hasText: 'Bold words' })).toBeVisible();
  await screen(page, 'console-preview-1280');

  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('News published successfully')).toBeVisible();
  await expect(page.getByText('Published', { exact: true }).first()).toBeVisible();
  await page.getByRole('link', { name: '← All articles' }).click();
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await screen(page, 'console-list-1280');

  // a visitor, on a device of their own
  const device = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const visitor = await device.newPage();
  await visitor.goto('/');
  await visitor.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'News' }).click();
  await expect(visitor).toHaveURL(/\/news-room$/);
  const releases = visitor.getByRole('region', { name: 'Latest press releases' });
  await expect(releases.getByRole('link', { name: new RegExp(title) })).toBeVisible();
  // the sub-heading is cut at 126 characters on a card
  await expect(releases.getByText(/END/)).toHaveCount(0);
  await noSidewaysScroll(visitor);
  await screen(visitor, 'room-1280');
  await expectNoSeriousA11y(visitor);
  // the server renders the room with the articles of the moment: a page that runs no script has it at once
  const noScript = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
  const reader = await noScript.newPage();
  await reader.goto('/news-room');
  await expect(
    reader.getByRole('region', { name: 'Latest press releases' }).getByRole('link', { name: new RegExp(title) }),
  ).toBeVisible();
  await noScript.close();

  await releases.getByRole('link', { name: /More News/ }).click();
  await expect(visitor).toHaveURL(/all-news\?newsType=NEW_RELEASE/);
  const year = String((await serverNow(request)).getUTCFullYear());
  await visitor.getByRole('combobox', { name: 'Year' }).click();
  await visitor.getByRole('option', { name: year }).click();
  await expect(visitor).toHaveURL(new RegExp(`year=${year}`));
  await expect(visitor.getByRole('link', { name: new RegExp(title) })).toBeVisible();
  await screen(visitor, 'all-news-1280');
  await visitor.getByRole('link', { name: new RegExp(title) }).click();

  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByText('Ada Lovelace')).toBeVisible();
  await expect(visitor.getByText(/1 min read/)).toBeVisible();
  await expect(visitor.locator('article :is(b, strong)', { hasText: 'Bold words' })).toBeVisible();
  const cover = visitor.locator('article img').first();
  await expect(cover).toBeVisible();
  expect(await cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(visitor).toHaveTitle(`${title} | Virality News`);
  expect(await visitor.locator('meta[property="og:title"]').getAttribute('content')).toBe(`${title} | Virality News`);
  await screen(visitor, 'article-1280');
  await expectNoSeriousA11y(visitor);
  await device.close();
});

test('at 390 px a visitor filters the news by type and year, reads an article, and meets the empty states', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const admin = await firstAdmin(request);
  const title = `Press coverage ${Date.now().toString(36)}`;
  const made = await request.post('/api/admin/news/create', {
    headers: { 'x-access-token': admin.token },
    data: {
      title,
      subHeading: 'What the papers said',
      description: `<p>${'word '.repeat(450)}</p><p onclick="alert(1)">Stays inert<script>window.hacked = 1</script></p>`,
      authorFirstName: 'Grace',
      authorLastName: 'Hopper',
      newsType: 'MEDIA_COVERAGE',
      publishedAt: '2025-06-01T09:00:00.000Z',
    },
  });
  expect(made.ok()).toBe(true);
  const id = (await made.json()).response._id as string;
  await request.post('/api/admin/news/publish', { headers: { 'x-access-token': admin.token }, data: { newsId: id } });

  await page.goto('/news-room/all-news');
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Media coverage' }).click();
  await page.getByRole('combobox', { name: 'Year' }).click();
  await page.getByRole('option', { name: '2025' }).click();
  await expect(page.getByRole('link', { name: new RegExp(title) })).toBeVisible();
  await noSidewaysScroll(page);
  await screen(page, 'all-news-390');
  await page.getByRole('link', { name: new RegExp(title) }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Grace Hopper')).toBeVisible();
  await expect(page.getByText(/3 min read/)).toBeVisible();
  await expect(page.getByText('Stays inert')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
  expect(await page.locator('article [onclick]').count()).toBe(0);
  await noSidewaysScroll(page);
  await screen(page, 'article-390');

  await page.goto('/news-room/all-news?newsType=HIGHLIGHTS&year=2025');
  await expect(page.getByText('No Data Available')).toBeVisible();
  await page.goto('/news-room/all-news/no-such-article');
  await expect(page.getByText('No news found')).toBeVisible();
  await page.goto('/news-room');
  await noSidewaysScroll(page);
  await screen(page, 'room-390');

  await loginInBrowser(page, admin);
  await page.goto('/admin/news');
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await noSidewaysScroll(page);
  await screen(page, 'console-list-390');
  await page.getByRole('link', { name: title }).click();
  await expect(page.getByRole('textbox', { name: 'Description' })).toBeVisible();
  await noSidewaysScroll(page);
  await screen(page, 'console-editor-390');
});
