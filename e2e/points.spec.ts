import { mkdirSync } from 'node:fs';
import { settledAs } from './support/analytics';
import { createCompletedInfluencer, loginInBrowser } from './support/api';
import { expect, test } from './support/fixtures';
import { postByApi, uploadPhoto } from './support/posts';
import { shot } from './support/shots';
import { linkByApi } from './support/social';

// Points and levels: the congratulation when a post goes out while a page is open, the point wallet after
// three posts (total, level, progress, a period, the custom dialog's rules), and how points work.

const SHOTS = process.env.E2E_OUTPUT_DIR ? `${process.env.E2E_OUTPUT_DIR}/shots` : '/tmp/points-shots';
mkdirSync(SHOTS, { recursive: true });

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

for (const { name, viewport } of SIZES) {
  test.describe(`points ${name}`, () => {
    test.use({ viewport });

    test('a post that goes out is congratulated; the wallet after three posts; the custom period; how points work', async ({
      page,
      request,
      expectNoSeriousA11y,
    }) => {
      test.setTimeout(150_000);
      const user = await createCompletedInfluencer(request);
      const [x, instagram] = [await linkByApi(request, user.token, 'twitter'), await linkByApi(request, user.token, 'instagram')];
      const photo = await uploadPhoto(request, page, user.token, 7);
      await loginInBrowser(page, user);
      const stream = page.waitForResponse((r) => r.url().includes('/api/events?') && r.status() === 200);
      await page.goto('/home');
      await stream;

      // the first post goes out on two networks while the page is open: one congratulation, leading to the wallet
      const stamp = Date.now();
      const first = await postByApi(request, user.token, { caption: `Points one ${stamp}`, photo, accounts: [x, instagram] });
      const toast = page.getByRole('alert').filter({ hasText: 'Congratulations! You earned 2 points' });
      await expect(toast).toBeVisible({ timeout: 45_000 });
      await shot(page, `${SHOTS}/toast-${name}.png`);
      await toast.getByRole('link', { name: 'View your points' }).click();
      await expect(page).toHaveURL(/\/profile\/pointwallet$/);
      await settledAs(request, user.token, first, 'Instagram:published,X:published');
      const second = await postByApi(request, user.token, { caption: `Points two ${stamp}`, photo, accounts: [x] });
      const third = await postByApi(request, user.token, { caption: `Points three ${stamp}`, photo, accounts: [instagram] });
      await settledAs(request, user.token, second, 'X:published');
      await settledAs(request, user.token, third, 'Instagram:published');

      await page.reload();
      await expect(page.getByRole('heading', { name: 'Virality Point', level: 1 })).toBeVisible();
      await expect(page.getByTestId('total-points')).toHaveText('4');
      await expect(page.getByTestId('level-name')).toHaveText('Maker');
      await expect(page.getByRole('img', { name: 'Maker badge' })).toBeVisible();
      // the bar counts the 12 months' points against Visionary's 288, and says what is left to reach Trailblazer
      await expect(page.getByRole('progressbar', { name: /Points of the last 12 months/ })).toHaveAttribute(
        'aria-valuenow',
        '1.4',
      );
      await expect(page.getByTestId('level-goal')).toHaveText('Earn 140 more points within 12 months to reach Trailblazer.');
      await expect(page.getByTestId('earning')).toHaveCount(4);
      await expect(page.getByTestId('earning').first()).toContainText('+1');
      await expect(page.getByTestId('period-points')).toContainText('4 points in all');
      const noSideways = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
      expect(noSideways).toBe(true);
      await expectNoSeriousA11y();
      await shot(page, `${SHOTS}/wallet-${name}.png`, { fullPage: true });

      // a period: Weekly holds all four
      await page.getByRole('combobox', { name: 'Period' }).click();
      await page.getByRole('option', { name: 'Weekly' }).click();
      await expect(page.getByTestId('period-points')).toContainText('4 points from');

      // the custom period: checked as chosen, Apply only with both days and no error
      await page.getByRole('combobox', { name: 'Period' }).click();
      await page.getByRole('option', { name: 'Custom…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Custom period' });
      const apply = dialog.getByRole('button', { name: 'Apply' });
      await expect(apply).toBeDisabled();
      await dialog.getByLabel('Start date').fill('2021-12-31');
      await expect(dialog.getByText('Start date cannot be below minimum date')).toBeVisible();
      await dialog.getByLabel('Start date').fill('2099-01-01');
      await expect(dialog.getByText('Start date cannot be greater than the current date')).toBeVisible();
      await dialog.getByLabel('Start date').fill('2023-03-10');
      await dialog.getByLabel('End date').fill('2099-01-01');
      await expect(dialog.getByText('End date cannot be greater than the current date')).toBeVisible();
      await dialog.getByLabel('End date').fill('2023-03-01');
      await expect(dialog.getByText('End date must be greater than the start date')).toBeVisible();
      await expect(apply).toBeDisabled();
      await shot(page, `${SHOTS}/custom-errors-${name}.png`);
      await dialog.getByLabel('End date').fill('2023-03-31');
      await apply.click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText('No points earned data available')).toBeVisible();
      await shot(page, `${SHOTS}/wallet-empty-${name}.png`, { fullPage: true });
      await page.getByRole('button', { name: 'Clear the custom period' }).click();
      await expect(page.getByTestId('earning')).toHaveCount(4);

      // how points work, from the wallet
      await page.getByRole('link', { name: 'How points work' }).click();
      await expect(page).toHaveURL(/\/pointrule$/);
      await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByText('144 to 287 points')).toBeVisible();
      await shot(page, `${SHOTS}/rules-overview-${name}.png`, { fullPage: true });
      await page.getByRole('tab', { name: 'Points rules' }).click();
      await expect(page.getByText('A carousel, a multi-post or several images')).toBeVisible();
      await expectNoSeriousA11y();
      await shot(page, `${SHOTS}/rules-points-${name}.png`, { fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });
  });
}
