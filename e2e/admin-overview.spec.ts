import { mkdirSync } from 'node:fs';
import type { Locator } from '@playwright/test';
import { firstAdmin } from './support/admin';
import { settledAs } from './support/analytics';
import { apiCall, loginInBrowser } from './support/api';
import { expect, test } from './support/fixtures';
import { expectNoSidewaysScroll } from './support/layout';
import { postByApi, uploadPhoto } from './support/posts';
import { shot } from './support/shots';
import { failNext, linkByApi, linkForFaults } from './support/social';
import { createBusinessOwner } from './support/team';

/**
 * The console's Overview, where /admin opens: a sign-up made by the journey shows in this month's sign-ups, and a
 * post it sends to Instagram (out) and Threads (refused) shows in those networks' bars, read from each chart's
 * table. Other journeys share the server, so a figure is at least what it was before plus what this journey did.
 */

const SHOTS = process.env.E2E_OUTPUT_DIR ? `${process.env.E2E_OUTPUT_DIR}/shots` : '/tmp/admin-overview-shots';
mkdirSync(SHOTS, { recursive: true });

/** GET admin/overview, the fields this journey reads. */
type TAdminOverview = {
  months: {
    month: string;
    signUps: number;
    activeSubscriptions: number;
    revenue: { currency: string; amountMinor: number }[];
  }[];
  networks: { network: string; published: number; failed: number }[];
};

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

const overviewNow = async (request: Parameters<typeof apiCall>[0], token: string) =>
  (await apiCall<TAdminOverview>(request, 'GET', 'admin/overview', { token })).response;

/** A table cell's figure ('1,204' → 1204). */
const figure = async (cell: Locator) => Number((await cell.innerText()).replace(/[^\d]/g, ''));

/** An amount as the tables show it ('$1,499.50', '₹1,499') in minor units. */
const minorOf = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);

for (const { name, viewport } of SIZES) {
  test.describe(`admin overview ${name}`, () => {
    test.use({ viewport });

    test('the admin opens /admin on the Overview and finds the sign-up and the post this journey made in its charts', async ({
      page,
      request,
      expectNoSeriousA11y,
    }) => {
      test.setTimeout(180_000);
      const admin = await firstAdmin(request);
      const before = await overviewNow(request, admin.token);
      // the month on the server's clock (other journeys may have moved it ahead of the browser's)
      const month = before.months[before.months.length - 1];
      const networkBefore = new Map(before.networks.map((n) => [n.network, n]));

      // a business signs up and buys a plan, links Instagram and Threads, and posts a photo: Instagram takes it,
      // Threads refuses it (no journey posts to Threads expecting it to go out, so no other post meets the refusal)
      const user = await createBusinessOwner(request, 'Starter');
      const ig = await linkByApi(request, user.token, 'instagram');
      const threads = await linkForFaults(request, user.token, 'admin-overview', 'threads');
      // a plain file of the site's origin: the photo is drawn there, the app need not load
      await page.goto('/robots.txt');
      const photo = await uploadPhoto(request, page, user.token, 61);
      await failNext(request, threads, 'missing_permission', 1, 'publish');
      const id = await postByApi(request, user.token, {
        caption: `Overview ${name} ${Date.now()}`,
        photo,
        accounts: [ig, threads.id],
      });
      await settledAs(request, user.token, id, 'Instagram:published,Threads:failed');

      // /admin opens the Overview, its four charts drawn
      await loginInBrowser(page, admin);
      await page.goto('/admin');
      await expect(page).toHaveURL(/\/admin\/overview$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
      for (const title of ['Sign-ups', 'Active subscriptions', 'Revenue', 'Posts by network, last 30 days']) {
        const card = page.getByRole('region', { name: title, exact: true });
        await expect(card).toBeVisible();
        await expect(card.locator('.recharts-surface')).toBeVisible();
      }
      await shot(page, `${SHOTS}/overview-${name}.png`, { fullPage: true });
      await expectNoSeriousA11y(page);
      await expectNoSidewaysScroll(page);

      // this month (each table's first row, under its header): the journey's sign-up, its subscription and its payment count
      const lastRow = async (title: string) => {
        const card = page.getByRole('region', { name: title, exact: true });
        await card.getByRole('button', { name: `View as table, ${title}` }).click();
        const rows = card.getByRole('table').getByRole('row');
        await expect(rows).toHaveCount(13);
        return { card, row: rows.nth(1) };
      };
      const signUps = await lastRow('Sign-ups');
      expect(await figure(signUps.row.getByRole('cell'))).toBeGreaterThanOrEqual(month.signUps + 1);
      const active = await lastRow('Active subscriptions');
      expect(await figure(active.row.getByRole('cell'))).toBeGreaterThanOrEqual(month.activeSubscriptions + 1);
      const revenue = await lastRow('Revenue');
      const currencies = (await revenue.card.getByRole('columnheader').allInnerTexts()).slice(1);
      const amounts = (await revenue.row.getByRole('cell').allInnerTexts()).map(minorOf);
      const was = (c: string) => month.revenue.find((r) => r.currency === c.toLowerCase())?.amountMinor ?? 0;
      for (const [i, c] of currencies.entries()) expect(amounts[i], c).toBeGreaterThanOrEqual(was(c));
      expect(amounts.reduce((a, b) => a + b, 0)).toBeGreaterThan(currencies.reduce((sum, c) => sum + was(c), 0));

      // the post: one more published on Instagram, one more failed on Threads
      const posts = page.getByRole('region', { name: 'Posts by network, last 30 days' });
      await expect(posts.getByRole('img', { name: /Instagram \d+ published/ })).toBeVisible();
      await posts.getByRole('button', { name: /View as table/ }).click();
      const instagram = posts.getByRole('row', { name: /Instagram/ }).getByRole('cell');
      const threadsRow = posts.getByRole('row', { name: /Threads/ }).getByRole('cell');
      expect(await figure(instagram.nth(0))).toBeGreaterThanOrEqual((networkBefore.get('instagram')?.published ?? 0) + 1);
      expect(await figure(threadsRow.nth(1))).toBeGreaterThanOrEqual((networkBefore.get('threads')?.failed ?? 0) + 1);
      await shot(page, `${SHOTS}/overview-tables-${name}.png`, { fullPage: true });
      await expectNoSeriousA11y(page);
      await expectNoSidewaysScroll(page);
    });
  });
}
