import type { Page } from '@playwright/test';
import { apiCall, createCompletedInfluencer, loginInBrowser } from './support/api';
import { CARDS, payInBrowser, planStatus, subscribeByApi } from './support/billing';
import { expect, installClock, test } from './support/fixtures';
import { expectNoSidewaysScroll } from './support/layout';
import { createUnpaidBusinessOwner } from './support/team';

// Plans and subscriptions in the browser: the public price list, the subscription gate of a business without a plan,
// buying Starter with a coupon through the sandbox's hosted checkout (the signed webhook activates it, the success page
// confirms it and opens the dashboard), a declined card that activates nothing, the free tier's single plan, and the
// badges and Renew / Upgrade labels as the days go by. At a desktop and a phone width.

const SIZES = [
  ['on a desktop', { width: 1280, height: 800 }],
  ['at 390 px wide', { width: 390, height: 844 }],
] as const;
const DAY_MS = 86_400_000;

const card = (page: Page, plan: string) => page.getByRole('article', { name: plan, exact: true });
const planNames = (page: Page) => page.getByRole('article').getByRole('heading', { level: 2 }).allTextContents();

for (const [label, viewport] of SIZES) {
  test.describe(label, () => {
    test.use({ viewport });

    test('a visitor sees the plans in dollars without the 17499 plan, and Subscribe leads to sign-up', async ({
      page,
      expectNoSeriousA11y,
    }) => {
      await page.goto('/');
      if (viewport.width < 576) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('menuitem', { name: 'Pricing' }).click();
      } else {
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
      }
      await expect(page).toHaveURL(/\/pricing$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(card(page, 'Starter')).toBeVisible();
      expect(await planNames(page)).toEqual(['Starter', 'Professional']);
      await expect(card(page, 'Starter').getByText('$19', { exact: true })).toBeVisible();
      await expect(page.getByText(/Prices per month in US dollars/)).toBeVisible();
      await expectNoSeriousA11y();
      await expectNoSidewaysScroll(page);
      await card(page, 'Professional').getByRole('button', { name: 'Subscribe Professional' }).click();
      await expect(page).toHaveURL(/\/selectprofiletype$/);
    });

    test('a business meets the gate, subscribes to Starter with a coupon on the checkout page and lands on its dashboard', async ({
      page,
      request,
      expectNoSeriousA11y,
    }) => {
      test.setTimeout(120_000);
      const owner = await createUnpaidBusinessOwner(request);
      await loginInBrowser(page, owner);
      await page.goto('/home');
      // the gate instead of the dashboard; without payment the navigation has only Profile (News waits for its page)
      await expect(page.getByRole('heading', { name: 'Choose a plan to open your dashboard', level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: `Welcome, ${owner.name}` })).toHaveCount(0);
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: 'Profile' })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Home' })).toHaveCount(0);
      await expectNoSeriousA11y();
      await page.getByRole('link', { name: 'See plans' }).click();

      await expect(page).toHaveURL(/\/profile\/pricing$/);
      await expect(card(page, 'Starter')).toBeVisible();
      expect(await planNames(page)).toEqual(['Starter', 'Professional']);
      await expectNoSeriousA11y();
      await expectNoSidewaysScroll(page);
      await card(page, 'Starter').getByRole('button', { name: 'Subscribe Starter' }).click();

      const dialog = page.getByRole('dialog', { name: 'Subscribe to Starter' });
      const verify = dialog.getByRole('button', { name: 'Verify' });
      await expect(verify).toBeDisabled();
      await dialog.getByLabel('Coupon code').fill('WELCOME10');
      await verify.click();
      await expect(dialog.getByText('Coupon verified successfully')).toBeVisible();
      // 10 % off $19
      await expect(dialog.getByText('$17.10')).toBeVisible();
      await expectNoSeriousA11y();
      await dialog.getByRole('button', { name: 'Continue to payment' }).click();

      // the sandbox's hosted checkout page, with the discount
      await expect(page).toHaveURL(/\/sandbox\/stripe\/pay\/cs_/, { timeout: 20_000 });
      await expect(page.getByRole('button', { name: 'Pay $17.10' })).toBeVisible();
      await payInBrowser(page, CARDS.ok);

      await expect(page).toHaveURL(/\/pricing\/success\?session_id=cs_/);
      await expect(page).toHaveURL(/\/home$/, { timeout: 20_000 });
      await expect(page.getByRole('heading', { name: `Welcome, ${owner.name}`, level: 1 })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
      // the dashboard's side column tells the plan too
      await expect(page.getByRole('region', { name: 'Subscription' }).getByText('Starter', { exact: true })).toBeVisible();
      const status = await planStatus(request, owner);
      expect(status.paymentStatus).toBe(true);
      expect(status.subscriptionDetails).toMatchObject({ planType: 'Starter', planStatus: 'ACTIVE' });

      // the hub tells the plan, its days and the posts left
      await nav.getByRole('link', { name: 'Profile' }).click();
      const sub = page.getByRole('region', { name: 'Subscription' });
      await expect(sub.getByText('Starter', { exact: true })).toBeVisible();
      await expect(sub.getByText(/^\d+ days left\. 20 posts left in this period\.$/)).toBeVisible();
      await expect(page.getByRole('link', { name: /^Pricing/ })).toHaveAttribute('href', '/profile/pricing');
      await expectNoSidewaysScroll(page);
    });

    test('a free-tier influencer is offered only the first plan', async ({ page, request, expectNoSeriousA11y }) => {
      const influencer = await createCompletedInfluencer(request);
      // what finishing the interests step does in the browser: the free tier
      await apiCall(request, 'POST', 'subscription/AddInfSubs', { token: influencer.token, data: { userId: influencer.userId } });
      await loginInBrowser(page, influencer);
      await page.goto('/profile');
      const sub = page.getByRole('region', { name: 'Subscription' });
      await expect(sub.getByText('Free plan', { exact: true })).toBeVisible();
      await expect(sub.getByText(/^Renews in \d+ days?\. 5 posts left in this period\.$/)).toBeVisible();
      await page.getByRole('link', { name: /Switch to Business/ }).click();
      await expect(page).toHaveURL(/\/profile\/pricing$/);
      await expect(card(page, 'Starter')).toBeVisible();
      expect(await planNames(page)).toEqual(['Starter']);
      await expect(card(page, 'Starter').getByRole('button', { name: 'Subscribe Starter' })).toBeEnabled();
      await expectNoSeriousA11y();
      await expectNoSidewaysScroll(page);
    });
  });
}

test('a declined card reaches /pricing/payment-failed by the Back link and activates nothing', async ({
  page,
  request,
  expectNoSeriousA11y,
}) => {
  test.setTimeout(90_000);
  const owner = await createUnpaidBusinessOwner(request);
  await loginInBrowser(page, owner);
  await page.goto('/profile/pricing');
  // the answer is held back a moment, so the page's waiting text can be seen
  await page.route('**/api/payment/createSubscriptionSession', async (route) => {
    await new Promise((r) => setTimeout(r, 1000));
    await route.continue();
  });
  await card(page, 'Professional').getByRole('button', { name: 'Subscribe Professional' }).click();
  await page
    .getByRole('dialog', { name: 'Subscribe to Professional' })
    .getByRole('button', { name: 'Continue to payment' })
    .click();
  await expect(page.getByText('Please wait... We are navigating to payment')).toBeVisible();
  await payInBrowser(page, CARDS.declined);
  await expect(page.getByRole('alert')).toContainText('Your card was declined.');
  await page.getByRole('link', { name: 'Back' }).click();

  await expect(page).toHaveURL(/\/pricing\/payment-failed$/);
  await expect(page.getByRole('heading', { name: 'Payment Failed !!.', level: 1 })).toBeVisible();
  await expectNoSeriousA11y();
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Choose a plan to open your dashboard' })).toBeVisible();
  const status = await planStatus(request, owner);
  expect(status.paymentStatus).toBe(false);
  expect(status.subscriptionDetails?.planStatus ?? null).not.toBe('ACTIVE');
});

test.describe('as the days go by (the browser’s clock moved)', () => {
  for (const [label, viewport] of SIZES) {
    test(`badges and Renew / Upgrade labels at the right days, ${label}`, async ({ page, request }) => {
      test.setTimeout(120_000);
      const owner = await createUnpaidBusinessOwner(request);
      await subscribeByApi(request, owner, 'Starter');
      const end = new Date((await planStatus(request, owner)).subscriptionDetails!.planEndDate!).getTime();
      await page.setViewportSize(viewport);
      await loginInBrowser(page, owner);

      // the page's clock at a moment before the plan's end
      const at = async (msBeforeEnd: number) => {
        await page.clock.setSystemTime(new Date(end - msBeforeEnd));
        await page.goto('/profile/pricing');
        await expect(card(page, 'Starter')).toBeVisible();
      };
      await installClock(page, new Date(end - 20 * DAY_MS));

      await at(20 * DAY_MS);
      await expect(card(page, 'Starter').getByTestId('plan-badge')).toHaveText('current plan');
      await expect(card(page, 'Professional').getByRole('button', { name: 'Upgrade Professional' })).toBeVisible();
      await expect(card(page, 'Starter').getByRole('button', { name: 'Subscribe Starter' })).toBeVisible();

      await at(3 * DAY_MS + 3_600_000);
      await expect(card(page, 'Starter').getByTestId('plan-badge')).toHaveText('3 days remaining');

      await at(DAY_MS + 3_600_000);
      await expect(card(page, 'Starter').getByTestId('plan-badge')).toHaveText('1 days remaining');
      await expect(card(page, 'Starter').getByRole('button', { name: 'Renew Starter' })).toBeVisible();
      await expect(card(page, 'Professional').getByRole('button', { name: 'Upgrade Professional' })).toBeVisible();

      await at(3_600_000);
      await expect(card(page, 'Starter').getByTestId('plan-badge')).toHaveText('Expiring today');
      await page.goto('/profile');
      await expect(page.getByRole('region', { name: 'Subscription' }).getByText('expiring Today')).toBeVisible();

      await at(-DAY_MS);
      await expect(card(page, 'Starter').getByTestId('plan-badge')).toHaveText('expired');
      await expect(card(page, 'Professional').getByRole('button', { name: 'Subscribe Professional' })).toBeVisible();
      await page.goto('/profile');
      await expect(page.getByRole('region', { name: 'Subscription' }).getByText('Your Subscription is Expired')).toBeVisible();
      // an ended plan closes the dashboard again
      await page.goto('/home');
      await expect(page.getByRole('heading', { name: 'Your Subscription is Expired', level: 1 })).toBeVisible();
    });
  }
});
