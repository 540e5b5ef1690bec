import { firstAdmin } from './support/admin';
import { apiCall, loginInBrowser } from './support/api';
import { payByApi, planOf, planStatus, startCheckoutByApi } from './support/billing';
import { expect, test } from './support/fixtures';
import { expectNoSidewaysScroll } from './support/layout';
import { shot } from './support/shots';
import { createUnpaidBusinessOwner } from './support/team';

// The console's Plans and prices and Coupons sections: an admin changes a plan's price (the price list follows), makes
// a coupon with the form (its errors first), a business pays with that code at checkout, the coupon shows its use, and
// the admin deactivates it. At a desktop and a phone width.

const SIZES = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const;
const SHOTS = process.env.E2E_OUTPUT_DIR ?? 'test-results';

for (const [name, viewport] of SIZES) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('an admin changes a price, makes a coupon a business pays with, sees its use and deactivates it', async ({
      page,
      request,
      expectNoSeriousA11y,
    }) => {
      test.setTimeout(120_000);
      const admin = await firstAdmin(request);
      await loginInBrowser(page, admin);
      const was = (await planOf(request, 'Enterprise', 'gbp')).planAmount;
      const next = viewport.width === 1280 ? 171.5 : 172;
      try {
        // ── Plans and prices
        await page.goto('/admin/plans');
        await expect(page.getByRole('heading', { name: 'Plans and prices', level: 1 })).toBeVisible();
        const enterprise = page.getByRole('article', { name: 'Enterprise plan' });
        await expect(enterprise.getByText(`£${was}`, { exact: true })).toBeVisible();
        await expectNoSeriousA11y();
        await expectNoSidewaysScroll(page);
        await shot(page, `${SHOTS}/admin-plans-${name}.png`, { fullPage: true });

        await enterprise.getByRole('button', { name: 'Edit Enterprise' }).click();
        const editor = page.getByRole('dialog', { name: 'Edit Enterprise' });
        const gbp = editor.getByLabel('Monthly price, Pound sterling');
        await gbp.fill('0');
        await editor.getByRole('button', { name: 'Save' }).click();
        await expect(editor.getByText('A price must be more than 0 with at most two decimals')).toBeVisible();
        await gbp.fill(String(next));
        await shot(page, `${SHOTS}/admin-plan-editor-${name}.png`);
        await editor.getByRole('button', { name: 'Save' }).click();
        const confirm = page.getByRole('dialog', { name: 'Change the Enterprise prices?' });
        await expect(confirm.getByText(`Pound sterling: £${was} → £${next.toFixed(next % 1 ? 2 : 0)}`)).toBeVisible();
        await confirm.getByRole('button', { name: 'Change prices' }).click();
        await expect(page.getByText('Plan updated')).toBeVisible();
        await expect(enterprise.getByText(`£${next.toFixed(next % 1 ? 2 : 0)}`, { exact: true })).toBeVisible();
        expect((await planOf(request, 'Enterprise', 'gbp')).planAmount).toBe(next);

        // ── Coupons: the form's errors, then a 20 % code for five uses
        await page.goto('/admin/coupons');
        await expect(page.getByRole('heading', { name: 'Coupons', level: 1 })).toBeVisible();
        await expect(page.getByText('WELCOME10').filter({ visible: true }).first()).toBeVisible();
        await expectNoSeriousA11y();
        await page.getByRole('button', { name: 'New coupon' }).click();
        const form = page.getByRole('dialog', { name: 'New coupon' });
        await form.getByRole('button', { name: 'Create coupon' }).click();
        await expect(form.getByText('The code must be 3 to 40 letters or digits')).toBeVisible();
        const code = `E2E${viewport.width}${Date.now() % 1_000_000}`;
        await form.getByLabel('Code').fill(code);
        await form.getByRole('textbox', { name: 'Percentage off' }).fill('20');
        await form.getByRole('textbox', { name: 'Maximum uses' }).fill('5');
        await shot(page, `${SHOTS}/admin-coupon-form-${name}.png`);
        await form.getByRole('button', { name: 'Create coupon' }).click();
        await expect(page.getByText('Coupon created')).toBeVisible();
        await expect(form).toHaveCount(0);
        const row = page.locator(viewport.width >= 992 ? 'tr' : 'li').filter({ hasText: code });
        await expect(row.getByText('20% off').first()).toBeVisible();
        await expect(row.getByText(/0 of 5/)).toBeVisible();

        // ── a business pays for Starter with it at checkout
        const owner = await createUnpaidBusinessOwner(request);
        const verified = await apiCall<{ discountedAmount: number }>(request, 'POST', 'admin/coupon/verifyCoupon', {
          token: owner.token,
          data: { priceId: (await planOf(request, 'Starter')).priceId, promoCode: code.toLowerCase() },
        });
        expect(verified.response.discountedAmount).toBe(15.2);
        const { url } = await startCheckoutByApi(request, owner, 'Starter', code);
        await payByApi(request, url);
        await expect
          .poll(async () => (await planStatus(request, owner)).subscriptionDetails?.planType, { timeout: 20_000 })
          .toBe('Starter');

        // ── its use shows; deactivate it
        await page.reload();
        await expect(row.getByText(/1 of 5/)).toBeVisible();
        await expectNoSeriousA11y();
        await expectNoSidewaysScroll(page);
        await shot(page, `${SHOTS}/admin-coupons-${name}.png`, { fullPage: true });
        await row.getByRole('button', { name: `Deactivate ${code}` }).click();
        await page
          .getByRole('dialog', { name: `Deactivate ${code}?` })
          .getByRole('button', { name: 'Deactivate' })
          .click();
        await expect(page.getByText('Coupon deactivated')).toBeVisible();
        await expect(row.getByText('Inactive')).toBeVisible();
        await expect(row.getByRole('button', { name: `Deactivate ${code}` })).toHaveCount(0);
      } finally {
        // the price other journeys read goes back
        await apiCall(request, 'PUT', 'admin/plans/plan_enterprise', { token: admin.token, data: { prices: { gbp: was } } });
      }
    });
  });
}
