import { expect, expectTakenOver, test } from './support/fixtures';
import { shot } from './support/shots';

/**
 * A screen that fails shows the error page, not a blank one: here the code of the next page cannot be
 * downloaded (a dropped connection, or a release that replaced it), the most common way a page breaks.
 */

const SIZES = [
  { label: 'on a desktop', viewport: { width: 1280, height: 800 }, tag: 'desktop' },
  { label: 'at 390 px wide', viewport: { width: 390, height: 844 }, tag: 'phone' },
] as const;

for (const { label, viewport, tag } of SIZES) {
  test(`a page whose code fails to load shows 'Some error occurred on this page' with a contact link, ${label}`, async ({
    page,
    expectNoSeriousA11y,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    // the page is the app's (its HTML came first: a link there is a plain link until then)
    await expectTakenOver(page.getByRole('banner').getByRole('link', { name: 'Login' }));
    // from now on no script can be downloaded: the login page's code is not loaded yet
    await page.route('**/assets/**/*.js', (route) => route.abort('internetdisconnected'));
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Some error occurred on this page' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'contact us' })).toHaveAttribute('href', /^mailto:support@virality\.app/);
    await expect(page.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
    await shot(page, `/tmp/i24c/error-page-${tag}.png`);
    await expectNoSeriousA11y();

    // back online, Reload page brings the page
    await page.unroute('**/assets/**/*.js');
    await page.getByRole('button', { name: 'Reload page' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  });
}
