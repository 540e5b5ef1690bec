import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { apiCall, type TApiUser } from './api';

/** The sandbox checkout's test cards. */
export const CARDS = { ok: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' } as const;

export type TPlanOffer = {
  planId: string;
  planName: string;
  planLevel: number;
  planAmount: number;
  planCurrency: string;
  PlanPostLimit: number | null;
  planType: string;
  priceId: string;
};

/** GET payment/getPriceList (the server picks the currency from the address unless one is asked for). */
export async function priceList(
  request: APIRequestContext,
  currency?: string,
): Promise<{ currency: string; symbol: string; plans: TPlanOffer[] }> {
  const res = await apiCall<{ currency: string; symbol: string; plans: TPlanOffer[] }>(request, 'GET', 'payment/getPriceList', {
    params: currency ? { currency } : undefined,
  });
  return res.response;
}

/** The plan of `planType` in the price list. */
export async function planOf(request: APIRequestContext, planType: string, currency = 'usd'): Promise<TPlanOffer> {
  const plan = (await priceList(request, currency)).plans.find((p) => p.planType === planType);
  expect(plan, `${planType} in the price list`).toBeTruthy();
  return plan!;
}

/** POST payment/createSubscriptionSession as `user`: the hosted checkout page and the order. */
export async function startCheckoutByApi(
  request: APIRequestContext,
  user: TApiUser,
  planType: string,
  coupon?: string,
): Promise<{ url: string; orderId: string }> {
  const plan = await planOf(request, planType);
  const res = await apiCall<{ urlRedirect: string; orderId: string }>(request, 'POST', 'payment/createSubscriptionSession', {
    token: user.token,
    data: {
      priceId: plan.priceId,
      planType: plan.planType,
      userId: user.userId,
      postLimit: plan.PlanPostLimit,
      ...(coupon ? { COUPON_ID: coupon } : {}),
    },
  });
  return { url: res.response.urlRedirect, orderId: res.response.orderId };
}

/** Sends the hosted checkout page's form as a person would (the sandbox then signs the webhook and redirects). */
export async function payByApi(request: APIRequestContext, url: string, card: string = CARDS.ok): Promise<void> {
  const res = await request.post(url, {
    form: { email: 'payer@example.com', cardNumber: card, cardExpiry: '12 / 39', cardCvc: '123', billingName: 'Pat Payer' },
    maxRedirects: 0,
  });
  expect([200, 302, 303], `paying on ${url} answered ${res.status()}`).toContain(res.status());
}

/** What GET user/getUserStatus says of the user's plan. */
export async function planStatus(
  request: APIRequestContext,
  user: TApiUser,
): Promise<{
  paymentStatus: boolean;
  subscriptionDetails: { planType: string; planStatus: string; planEndDate: string | null } | null;
}> {
  const res = await apiCall<{
    result: {
      paymentStatus: boolean;
      subscriptionDetails: { planType: string; planStatus: string; planEndDate: string | null } | null;
    };
  }>(request, 'GET', 'user/getUserStatus', { token: user.token });
  return res.response.result;
}

/** Buys one month of `planType` for `user` through the sandbox checkout, and waits until the webhook has activated it. */
export async function subscribeByApi(request: APIRequestContext, user: TApiUser, planType = 'Starter'): Promise<void> {
  const { url } = await startCheckoutByApi(request, user, planType);
  await payByApi(request, url);
  await expect
    .poll(
      async () => {
        const s = await planStatus(request, user);
        return s.paymentStatus && s.subscriptionDetails?.planType === planType && s.subscriptionDetails.planStatus === 'ACTIVE';
      },
      { timeout: 20_000 },
    )
    .toBe(true);
}

/**
 * Approves a payment on the sandbox's PayPal approval page (the page the browser is on, reached from the app's
 * Continue to PayPal) as `email`: back in the app, the payment is captured and the payment says it succeeded.
 */
export async function approveOnPaypal(page: Page, email: string): Promise<void> {
  await expect(page).toHaveURL(/\/sandbox\/paypal\/checkoutnow\?token=/);
  await page.getByLabel('PayPal e-mail').fill(email);
  const capture = page.waitForResponse((r) => r.url().includes('/api/payments/paycapture'));
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/payment\/return\?via=paypal/);
  expect((await capture).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
}

/** Types a card on the sandbox's hosted checkout page (the page the browser is on) and presses Pay. */
export async function payInBrowser(page: Page, card: string): Promise<void> {
  await expect(page).toHaveURL(/\/sandbox\/stripe\/pay\//);
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 39');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Pat Payer');
  await page.getByRole('button', { name: /^Pay / }).click();
}
