import { expect, test } from './support/fixtures';
import { expectNoSidewaysScroll } from './support/layout';
import { shot } from './support/shots';

/**
 * The public API's reference page (/api/v1/docs): an integrator opens it without signing in, reads the calls with
 * their answers and problems, and opens one; the page's document is the public API's own (no session or admin call).
 */

const SIZES = [
  { label: 'on a desktop', viewport: { width: 1280, height: 800 }, shot: 'desktop' },
  { label: 'at 390 px wide', viewport: { width: 390, height: 844 }, shot: 'phone' },
] as const;

for (const size of SIZES) {
  test(`${size.label}: the public API's reference lists its calls and opens one, without signing in`, async ({ page }) => {
    await page.setViewportSize(size.viewport);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/api/v1/docs');
    await expect(page.getByRole('heading', { name: /Virality public API v1/ })).toBeVisible();
    // the calls of v1, and only those
    const createPost = page.locator('.opblock-summary-path', { hasText: /^\/api\/v1\/posts$/ });
    await expect(createPost.first()).toBeVisible();
    await expect(page.locator('.opblock-summary-path', { hasText: '/api/v1/webhooks' }).first()).toBeVisible();
    await expect(page.locator('.opblock-summary-path', { hasText: '/sph/' })).toHaveCount(0);
    await expect(page.locator('.opblock-summary-path', { hasText: '/api/admin' })).toHaveCount(0);
    await shot(page, `/tmp/i38/api-docs-${size.shot}.png`, { fullPage: false });

    // one call opened: its problems are documented as problem details
    await page
      .locator('.opblock-post', { has: page.locator('.opblock-summary-path', { hasText: /^\/api\/v1\/posts$/ }) })
      .locator('.opblock-summary')
      .click();
    const opened = page.locator('.opblock-post.is-open').first();
    await expect(opened.getByText('Idempotency-Key', { exact: false }).first()).toBeVisible();
    await expect(opened.locator('.response[data-code="422"]')).toBeVisible();
    await expect(opened.locator('.response[data-code="422"] option[value="application/problem+json"]')).toBeAttached();
    await shot(page, `/tmp/i38/api-docs-open-${size.shot}.png`, { fullPage: false });
    await expectNoSidewaysScroll(page);
    expect(errors).toEqual([]);
  });
}
