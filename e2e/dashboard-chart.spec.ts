import fs from 'node:fs';
import { settledAs } from './support/analytics';
import { apiCall, createCompletedInfluencer, loginInBrowser } from './support/api';
import { expect, test } from './support/fixtures';
import { expectNoSidewaysScroll } from './support/layout';
import { postByApi, uploadPhoto } from './support/posts';
import { shot } from './support/shots';
import { linkByApi } from './support/social';

// The dashboard's performance chart draws every number of its axis whole (compact: 22k), with horizontal grid lines
// only; its figures say which counts accounts; the plan reads as the product says it ('Free plan', sentences).
// At a desktop and a phone width.

const SIZES = [
  ['on a desktop', { width: 1280, height: 800 }],
  ['at 390 px wide', { width: 390, height: 844 }],
] as const;
const SHOTS = process.env.E2E_SHOTS_DIR;

/** Engagement a day over the week, five digits on the busiest days. */
const WEEK = [1_200, 5_400, 22_000, 18_500, 9_000, 15_000, 21_400];

for (const [label, viewport] of SIZES) {
  test.describe(label, () => {
    test.use({ viewport });

    test('the chart draws each axis number whole, with horizontal grid lines only, and the figures say what they count', async ({
      page,
      request,
      expectNoSeriousA11y,
    }) => {
      test.setTimeout(120_000);
      const user = await createCompletedInfluencer(request);
      // the free tier, as finishing the interests step gives it
      await apiCall(request, 'POST', 'subscription/AddInfSubs', { token: user.token, data: { userId: user.userId } });
      const x = await linkByApi(request, user.token, 'twitter');
      const photo = await uploadPhoto(request, page, user.token, 21);
      const id = await postByApi(request, user.token, { caption: `Chart ${Date.now()}`, photo, accounts: [x] });
      await settledAs(request, user.token, id, 'X:published');

      // The sandbox's figures grow 40 views a minute from a post's publication: five-digit engagement would take
      // hours of the clock every journey shares. The server's own answer is kept; only its engagement by day is
      // raised to the week above, which is what the axis has to fit.
      await page.route('**/sph/performance_overview/', async (route) => {
        const response = await route.fetch();
        const json = await response.json();
        const data = json.response_data;
        data.Days = data.Days.map((d: { Engagement: number }, i: number) => ({ ...d, Engagement: WEEK[i % WEEK.length] }));
        data.Engagement = data.Days.reduce((sum: number, d: { Engagement: number }) => sum + d.Engagement, 0);
        await route.fulfill({ response, json });
      });

      await loginInBrowser(page, user);
      await page.goto('/home');
      const performance = page.getByRole('region', { name: 'Performance', exact: true });
      await expect(performance.getByRole('img', { name: /^Engagement over the last 7 days/ })).toBeVisible();
      // the posts count and the accounts count say which is which
      await expect(performance.getByText('Published to accounts', { exact: true })).toBeVisible();

      const chart = performance.locator('.recharts-surface').first();
      await expect(chart).toBeVisible();
      const surface = (await chart.boundingBox())!;
      // the value axis: the numbers drawn down the chart's left side
      const axis = async () =>
        (
          await chart
            .locator('text')
            .evaluateAll((els) => els.map((e) => ({ text: e.textContent ?? '', ...e.getBoundingClientRect().toJSON() })))
        ).filter((t) => t.x < surface.x + surface.width / 4 && /\d/.test(t.text) && !/[A-Z][a-z]{2}/.test(t.text));
      await expect
        .poll(async () => (await axis()).map((t) => t.text).sort((a, b) => Number.parseFloat(a) - Number.parseFloat(b)))
        .toEqual(['0', '5k', '10k', '15k', '20k', '25k']);
      for (const tick of await axis()) {
        // compact, and wholly inside the chart: none cut at its left edge
        expect(tick.text).toMatch(/^\d+(\.\d)?[kM]?$/);
        expect(tick.x, `${tick.text} starts inside the chart`).toBeGreaterThanOrEqual(surface.x);
      }
      // horizontal grid lines, no vertical ones
      await expect(performance.locator('.recharts-cartesian-grid-horizontal line').first()).toBeAttached();
      await expect(performance.locator('.recharts-cartesian-grid-vertical line')).toHaveCount(0);

      // the plan, in words
      const sub = page.getByRole('region', { name: 'Subscription' });
      await expect(sub.getByText('Free plan', { exact: true })).toBeVisible();
      await expect(sub.getByText(/^Renews in \d+ days?\. 4 posts left in this period\.$/)).toBeVisible();
      await expect(page.getByText('FreeTier')).toHaveCount(0);

      await performance.scrollIntoViewIfNeeded();
      await expectNoSidewaysScroll(page);
      if (SHOTS) {
        fs.mkdirSync(SHOTS, { recursive: true });
        await shot(performance, `${SHOTS}/dashboard-chart-${viewport.width}.png`);
        await shot(sub, `${SHOTS}/dashboard-plan-${viewport.width}.png`);
      }
      await expectNoSeriousA11y();
    });
  });
}
