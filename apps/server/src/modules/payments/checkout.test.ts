import { MSG, PAY_MSG } from '@virality/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, buildUser, call, type TTestApp } from '../../test/helpers';
import { makeTeam } from '../team/team-test-kit';
import { ledgerOf, ledgerRow, sessionIdOf, startCheckout } from './payments-test-kit';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const verify = (token: string | undefined, body: unknown) => call(t, 'POST', '/api/admin/coupon/verifyCoupon', { token, body });
/** The checkout the emulator holds (as the SDK reads it). */
const emulatorSession = async (id: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/sandbox/stripe/v1/checkout/sessions/${id}`,
      headers: { authorization: 'Bearer sk_test_sandbox' },
    })
  ).json();

describe('POST /api/admin/coupon/verifyCoupon', () => {
  it("checks a percentage code with Stripe: 'Coupon verified successfully' and the price with it", async () => {
    const { token } = await buildUser(t, { profileType: 'BUSINESS' });
    const res = await verify(token, { priceId: 'price_starter_usd', promoCode: 'WELCOME10' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toEqual({
      status: true,
      message: 'Coupon verified successfully',
      response: { couponCode: 'WELCOME10', discountedAmount: 17.1, planId: 'plan_starter' },
    });
  });

  it('computes in minor units: 50 % of ₹3,999.00 is ₹1,999.50', async () => {
    const { token } = await buildUser(t, { profileType: 'INFLUENCER' });
    const res = await verify(token, { priceId: 'price_professional_inr', promoCode: 'HALFOFF' });
    expect(res.json.response.discountedAmount).toBe(1999.5);
  });

  it('an amount off in the price’s own currency (FLAT5: 5.00 off, ₹400 off in rupees)', async () => {
    const { token } = await buildUser(t, { profileType: 'BRANDS' });
    const eur = await verify(token, { priceId: 'price_starter_eur', promoCode: 'FLAT5' });
    expect(eur.json.response.discountedAmount).toBe(12);
    const inr = await verify(token, { priceId: 'price_starter_inr', promoCode: 'flat5' });
    expect(inr.json.response.discountedAmount).toBe(1099);
  });

  it("400 'Invalid coupon code' for a code Stripe does not have, or one that is no longer active", async () => {
    const { token } = await buildUser(t, { profileType: 'BUSINESS' });
    for (const promoCode of ['NOSUCHCODE', 'EXPIRED']) {
      const res = await verify(token, { priceId: 'price_starter_usd', promoCode });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ status: false, message: PAY_MSG.couponInvalid });
    }
  });

  it('400 for an empty code or a missing price; 404 for a price not on sale', async () => {
    const { token } = await buildUser(t, { profileType: 'BUSINESS' });
    expect((await verify(token, { priceId: 'price_starter_usd', promoCode: '' })).status).toBe(400);
    expect((await verify(token, { promoCode: 'WELCOME10' })).status).toBe(400);
    const unknown = await verify(token, { priceId: 'price_nothing', promoCode: 'WELCOME10' });
    expect(unknown).toMatchObject({ status: 404, json: { message: PAY_MSG.priceNotFound } });
  });

  it('401 without a token; 403 for a business manager (managers never buy)', async () => {
    expect((await verify(undefined, { priceId: 'price_starter_usd', promoCode: 'WELCOME10' })).status).toBe(401);
    const { manager } = await makeTeam(t);
    const res = await verify(manager.token, { priceId: 'price_starter_usd', promoCode: 'WELCOME10' });
    expect(res).toMatchObject({ status: 403, json: { message: MSG.forbidden } });
  });
});

describe('POST /api/payment/createSubscriptionSession', () => {
  it('opens a Stripe Checkout at the price list’s price and records the payment as pending', async () => {
    const { user, token } = await buildUser(t, { profileType: 'BUSINESS' });
    // the browser's postLimit (and any amount it might send) is never used
    const res = await startCheckout(t, token, {
      priceId: 'price_professional_gbp',
      planType: 'Professional',
      userId: user.id,
      postLimit: 5,
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const { urlRedirect, orderId } = res.json.response;
    expect(urlRedirect).toMatch(/\/sandbox\/stripe\/pay\/cs_/);
    const session = await emulatorSession(sessionIdOf(urlRedirect));
    expect(session).toMatchObject({
      mode: 'payment',
      currency: 'gbp',
      amount_total: 3900,
      client_reference_id: user.id,
      status: 'open',
      payment_status: 'unpaid',
      metadata: { userId: user.id, planId: 'plan_professional', currency: 'gbp', kind: 'new', orderId },
      success_url: `${t.container.config.publicUrl}/pricing/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${t.container.config.publicUrl}/pricing/payment-failed`,
    });
    expect(await ledgerRow(t, orderId)).toMatchObject({
      userId: user.id,
      planId: 'plan_professional',
      priceId: 'price_professional_gbp',
      currency: 'gbp',
      listAmountMinor: 3900,
      amountDueMinor: 3900,
      status: 'pending',
      kind: 'new',
      stripeSessionId: sessionIdOf(urlRedirect),
    });
  });

  it('applies a verified coupon to the checkout (Stripe takes it off; the ledger expects the discounted amount)', async () => {
    const { token } = await buildUser(t, { profileType: 'IMC' });
    const res = await startCheckout(t, token, { priceId: 'price_starter_usd', planType: 'Starter', COUPON_ID: 'WELCOME10' });
    expect(res.status).toBe(200);
    const session = await emulatorSession(sessionIdOf(res.json.response.urlRedirect));
    expect(session.amount_total).toBe(1710);
    expect((await ledgerRow(t, res.json.response.orderId))?.amountDueMinor).toBe(1710);
    expect((await ledgerRow(t, res.json.response.orderId))?.promotionCode).toBe('WELCOME10');
  });

  it('400 for a coupon that does not verify, and nothing is opened or recorded', async () => {
    const { user, token } = await buildUser(t, { profileType: 'BUSINESS' });
    const res = await startCheckout(t, token, { priceId: 'price_starter_usd', planType: 'Starter', COUPON_ID: 'EXPIRED' });
    expect(res).toMatchObject({ status: 400, json: { message: PAY_MSG.couponInvalid } });
    expect(await ledgerOf(t, user.id)).toEqual([]);
  });

  it('400 for the free tier (never sold), a plan that does not match its price, or a missing price', async () => {
    const { token } = await buildUser(t, { profileType: 'INFLUENCER' });
    const mismatch = await startCheckout(t, token, { priceId: 'price_starter_usd', planType: 'Professional' });
    expect(mismatch).toMatchObject({ status: 400, json: { message: PAY_MSG.planMismatch } });
    const missing = await call(t, 'POST', '/api/payment/createSubscriptionSession', { token, body: { planType: 'Starter' } });
    expect(missing.status).toBe(400);
    const unknown = await startCheckout(t, token, { priceId: 'price_freetier_usd', planType: 'FreeTier' });
    expect(unknown.status).toBe(404);
  });

  it("403 for another user's userId, for a business manager, 401 without a token", async () => {
    const me = await buildUser(t, { profileType: 'BUSINESS' });
    const other = await buildUser(t, { profileType: 'BUSINESS' });
    const res = await startCheckout(t, me.token, { priceId: 'price_starter_usd', planType: 'Starter', userId: other.user.id });
    expect(res).toMatchObject({ status: 403, json: { message: MSG.forbidden } });
    const { manager } = await makeTeam(t);
    const byManager = await startCheckout(t, manager.token, { priceId: 'price_starter_usd', planType: 'Starter' });
    expect(byManager.status).toBe(403);
    const anonymous = await call(t, 'POST', '/api/payment/createSubscriptionSession', {
      body: { priceId: 'price_starter_usd', planType: 'Starter' },
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('without Stripe keys (outside the sandbox)', () => {
  let bare: TTestApp;
  beforeAll(async () => {
    bare = await buildTestApp({ SANDBOX: 'off' });
  });
  afterAll(async () => bare?.close());

  it("the payment calls answer 503 'Payments are not configured'; the price list still answers", async () => {
    const { token } = await buildUser(bare, { profileType: 'BUSINESS' });
    const res = await call(bare, 'POST', '/api/payment/createSubscriptionSession', {
      token,
      body: { priceId: 'price_starter_usd', planType: 'Starter' },
    });
    expect(res).toMatchObject({ status: 503, json: { message: PAY_MSG.paymentsNotConfigured } });
    const hook = await bare.app.inject({
      method: 'POST',
      url: '/api/payment/stripeWebhook',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(hook.statusCode).toBe(503);
    expect((await call(bare, 'GET', '/api/payment/getPriceList?currency=usd')).status).toBe(200);
  });
});
