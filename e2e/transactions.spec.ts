import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiCall, createCompletedInfluencer, loginInBrowser, serverNow, type TApiUser } from './support/api';
import { createCompletedImc } from './support/calendar';
import { expect, test } from './support/fixtures';
import { expectNoSidewaysScroll } from './support/layout';
import { shot } from './support/shots';

// Money: an IMC pays an influencer tagged in its campaign through PayPal (the sandbox's approval page, then the
// return page that captures it), sees the payment in its transactions and its details; the influencer's wallet
// holds it, part is withdrawn to their PayPal id, shows Pending, and Completed once PayPal settles the payout (a
// product minute later: the sandbox clock is moved), the wallet lower by what was withdrawn.

const SHOTS = process.env.E2E_OUTPUT_DIR ? `${process.env.E2E_OUTPUT_DIR}/shots` : '/tmp/transactions-shots';
mkdirSync(SHOTS, { recursive: true });

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

/** Puts the PayPal id on the influencer's profile, on Account Details as the influencer does. */
async function setPaypalId(page: Page, user: TApiUser, paypalId: string) {
  await loginInBrowser(page, user);
  await page.goto('/profile/updateprofile');
  await page.getByRole('textbox', { name: 'PayPal id', exact: true }).fill(paypalId);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
}

/** A campaign of the IMC's with the influencer tagged, who accepted it: made through the campaigns calls. */
async function acceptedCampaign(request: APIRequestContext, imc: TApiUser, influencer: TApiUser, name: string) {
  const today = (await serverNow(request)).toISOString().slice(0, 10);
  const created = await apiCall<{ _id: string }>(request, 'POST', 'campaigns/create', {
    token: imc.token,
    data: {
      name,
      brief: 'Show the new range in one post',
      budget: 500,
      startDate: today,
      endDate: today,
      influencerIds: [influencer.userId],
      timeZone: 'UTC',
    },
  });
  const campaignId = created.response._id;
  await apiCall(request, 'POST', `campaigns/${campaignId}/respond`, { token: influencer.token, data: { accept: true } });
  return campaignId;
}

for (const { name, viewport } of SIZES) {
  test.describe(`transactions ${name}`, () => {
    test.use({ viewport });

    test('a payment through PayPal reaches the influencer’s wallet; a withdrawal goes Pending, then Completed', async ({
      page,
      request,
      expectNoSeriousA11y,
    }) => {
      test.setTimeout(180_000);
      const imc = await createCompletedImc(request);
      const influencer = await createCompletedInfluencer(request);
      const paypalId = `quinn.${Date.now().toString(36)}@example.com`;
      await setPaypalId(page, influencer, paypalId);
      const campaign = `Spring launch ${Date.now().toString(36)}`;
      const campaignId = await acceptedCampaign(request, imc, influencer, campaign);

      // the IMC pays 40 USD: PayPal's approval page, then back to the app, which captures the payment once
      const order = await apiCall<{ _id: string; orderId: string; approveUrl: string }>(request, 'POST', 'payments/createOrder', {
        token: imc.token,
        data: { campaignId, influencerId: influencer.userId, amount: 40 },
      });
      await loginInBrowser(page, imc);
      const capture = page.waitForResponse((r) => r.url().includes('/api/payments/paycapture'));
      await page.goto(order.response.approveUrl);
      await page.getByLabel('PayPal e-mail').fill('agency.payer@example.com');
      await page.getByRole('button', { name: /^Pay / }).click();
      await expect(page).toHaveURL(/\/payment\/return\?via=paypal/);
      expect((await capture).status()).toBe(200);
      await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
      await expect(page.getByTestId('paid-amount')).toHaveText('$40.00');
      await expect(page.getByText('Quinn Tester')).toBeVisible();
      await expect(page.getByRole('link', { name: 'View campaign' })).toHaveAttribute('href', `/campaign/${campaignId}`);
      await expectNoSidewaysScroll(page);
      await shot(page, `${SHOTS}/paypal-return-${name}.png`, { fullPage: true });

      // an IMC has no wallet: the payment, completed, is on the campaign's page; its details on their own page
      await expect(page.getByRole('link', { name: 'View transactions' })).toHaveCount(0);
      await page.getByRole('link', { name: 'View campaign' }).click();
      const sent = page.getByTestId('payment').first();
      await expect(sent).toContainText('Quinn Tester');
      await expect(sent).toContainText('$40.00');
      await expect(sent).toContainText('Completed');
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11y();
      await shot(page, `${SHOTS}/transactions-imc-${name}.png`, { fullPage: true });
      await page.goto(`/transactiondetail/${order.response._id}`);
      await expect(page.getByRole('heading', { name: 'Transaction Successful' })).toBeVisible();
      await expect(page.getByTestId('detail-amount')).toHaveText('$40.00');
      await expect(page.getByRole('link', { name: campaign })).toHaveAttribute('href', `/campaign/${campaignId}`);
      await expect(page.getByText(order.response.orderId)).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11y();
      await shot(page, `${SHOTS}/transaction-detail-${name}.png`, { fullPage: true });

      // the influencer's wallet holds the 40 USD; 15 are withdrawn to their PayPal id
      await loginInBrowser(page, influencer);
      const stream = page.waitForResponse((r) => r.url().includes('/api/events?') && r.status() === 200);
      await page.goto('/transactions');
      await stream;
      await expect(page.getByTestId('wallet-amount')).toHaveText('$40.00');
      await expect(page.getByTestId('wallet-paypal')).toHaveText(paypalId);
      const received = page.getByTestId('transaction').first();
      await expect(received).toContainText('Received from');
      await expect(received).toContainText('Reach Agency');
      await expect(received).toContainText('Completed');
      await page.getByRole('button', { name: 'Withdraw' }).click();
      const dialog = page.getByRole('dialog', { name: 'Withdraw' });
      const amount = dialog.getByLabel(/Amount/);
      await amount.pressSequentially('-1e5');
      await expect(amount).toHaveValue('15');
      await amount.fill('0.5');
      await dialog.getByRole('button', { name: 'Proceed' }).click();
      await expect(dialog.getByText('Minimum withdrawal amount is 1 USD')).toBeVisible();
      await amount.fill('15');
      await expectNoSeriousA11y();
      await shot(page, `${SHOTS}/withdraw-dialog-${name}.png`);
      await dialog.getByRole('button', { name: 'Proceed' }).click();
      await expect(page.getByText('Your withdrawal is on its way to your PayPal account')).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('wallet-amount')).toHaveText('$25.00');
      const withdrawal = page.getByTestId('transaction').first();
      await expect(withdrawal).toContainText('Withdrawal to PayPal');
      await expect(withdrawal).toContainText(paypalId);
      await expect(withdrawal.getByTestId('transaction-amount')).toHaveText('$15.00');
      await expect(withdrawal).toContainText('Pending');
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11y();
      await shot(page, `${SHOTS}/transactions-pending-${name}.png`, { fullPage: true });

      // PayPal pays the payout a product minute after it takes it: once the product's send has reached PayPal (a
      // job, moments after the withdrawal), the clock moves, and the open page follows
      const payouts = await apiCall<{ docs: { _id: string; paymentType: string }[] }>(request, 'GET', 'payments/list', {
        token: influencer.token,
      });
      const payoutId = payouts.response.docs.find((d) => d.paymentType === 'self')?._id;
      expect(payoutId).toBeTruthy();
      await expect
        .poll(async () => (await request.get(`/sandbox/paypal/_payouts/${payoutId}`)).status(), { timeout: 30_000 })
        .toBe(200);
      await request.post('/sandbox/clock/advance', { data: { seconds: 90 } });
      await expect(withdrawal).toContainText('Completed', { timeout: 45_000 });
      await expect(page.getByTestId('wallet-amount')).toHaveText('$25.00');
      await shot(page, `${SHOTS}/transactions-completed-${name}.png`, { fullPage: true });

      // the dashboard's wallet says the same
      await page.goto('/home');
      await expect(page.getByTestId('home-wallet-amount')).toHaveText('$25.00');
      await expectNoSidewaysScroll(page);
      await shot(page, `${SHOTS}/home-wallet-${name}.png`, { fullPage: true });
    });
  });
}
