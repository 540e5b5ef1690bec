import { PAY_MSG } from '@virality/domain';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TStripeGateway } from '../../integrations/stripe';
import { MODULES } from '../../modules';
import { buildTestApp, buildUser, call, type TTestApp } from '../../test/helpers';
import { createPaymentsModule } from './module';
import { ledgerOf } from './payments-test-kit';

/** A Stripe stand-in whose answers each test sets: what the service does with Stripe's failures. */
const fake = {
  findPromotion: (async () => null) as TStripeGateway['findPromotion'],
  createCheckout: (async () => {
    throw new Error('not set');
  }) as TStripeGateway['createCheckout'],
};
const gateway: TStripeGateway = {
  catalogPrice: async (p) => `price_${p.lookupKey}`,
  createPromotion: async () => {
    throw new Error('not used');
  },
  listPromotions: async () => [],
  retrievePromotion: async () => null,
  deactivatePromotion: async () => {
    throw new Error('not used');
  },
  createCheckout: (input) => fake.createCheckout(input),
  retrieveCheckout: async () => {
    throw new Error('not used');
  },
  expireCheckout: async () => undefined,
  findPromotion: (code) => fake.findPromotion(code),
  retrieveCoupon: async (id) => ({
    id,
    valid: true,
    percentOff: null,
    amountOff: 500,
    currency: 'usd',
    currencyOptions: { inr: 40000 },
  }),
  verifyEvent: async () => {
    throw new Error('no signature verifies here');
  },
};

let t: TTestApp;
beforeAll(async () => {
  const modules = MODULES.map((m) => (m.name === 'payments' ? createPaymentsModule({ gateway: () => gateway }) : m));
  t = await buildTestApp({}, { modules });
});
afterAll(async () => t?.close());

const stripeError = (statusCode: number, message: string) =>
  Stripe.errors.StripeError.generate({ type: 'invalid_request_error', message, statusCode } as never);

describe('when Stripe refuses or fails', () => {
  it("a coupon Stripe refuses answers 400 with Stripe's reason", async () => {
    fake.findPromotion = async () => {
      throw stripeError(400, 'Invalid string: code must be at most 500 characters');
    };
    const { token } = await buildUser(t, { profileType: 'BUSINESS' });
    const res = await call(t, 'POST', '/api/admin/coupon/verifyCoupon', {
      token,
      body: { priceId: 'price_starter_usd', promoCode: 'X' },
    });
    expect(res).toMatchObject({ status: 400, json: { message: 'Invalid string: code must be at most 500 characters' } });
  });

  it('a refusal of our own keys (401) is not shown as the coupon’s fault', async () => {
    fake.findPromotion = async () => {
      throw stripeError(401, 'Invalid API Key provided: sk_live_****');
    };
    const { token } = await buildUser(t, { profileType: 'BUSINESS' });
    const res = await call(t, 'POST', '/api/admin/coupon/verifyCoupon', {
      token,
      body: { priceId: 'price_starter_usd', promoCode: 'X' },
    });
    expect(res.status).toBe(502);
    expect(res.json.message).not.toContain('API Key');
  });

  it('a coupon for another currency only (no amount in this one) is refused', async () => {
    fake.findPromotion = async (code) => ({
      id: 'promo_1',
      code,
      active: true,
      expiresAt: null,
      maxRedemptions: null,
      timesRedeemed: 0,
      minimumAmount: null,
      minimumAmountCurrency: null,
      coupon: { id: 'USDONLY', valid: true, percentOff: null, amountOff: 500, currency: 'usd', currencyOptions: { inr: 40000 } },
    });
    const { token } = await buildUser(t, { profileType: 'BUSINESS' });
    const gbp = await call(t, 'POST', '/api/admin/coupon/verifyCoupon', {
      token,
      body: { priceId: 'price_starter_gbp', promoCode: 'USDONLY' },
    });
    // currency_options lacks gbp: the coupon is asked for again, and still has none
    expect(gbp).toMatchObject({ status: 400, json: { message: PAY_MSG.couponNotForCurrency } });
    const inr = await call(t, 'POST', '/api/admin/coupon/verifyCoupon', {
      token,
      body: { priceId: 'price_starter_inr', promoCode: 'USDONLY' },
    });
    expect(inr.json.response.discountedAmount).toBe(1099);
  });

  it('a coupon used up or past its date is no longer valid', async () => {
    const base = {
      id: 'promo_2',
      code: 'OLD',
      active: true,
      expiresAt: null as number | null,
      maxRedemptions: null as number | null,
      timesRedeemed: 0,
      minimumAmount: null,
      minimumAmountCurrency: null,
      coupon: { id: 'C', valid: true, percentOff: 10, amountOff: null, currency: null, currencyOptions: {} },
    };
    const { token } = await buildUser(t, { profileType: 'BUSINESS' });
    const check = () =>
      call(t, 'POST', '/api/admin/coupon/verifyCoupon', { token, body: { priceId: 'price_starter_usd', promoCode: 'OLD' } });
    fake.findPromotion = async () => ({ ...base, maxRedemptions: 3, timesRedeemed: 3 });
    expect((await check()).json.message).toBe(PAY_MSG.couponNoLongerValid);
    fake.findPromotion = async () => ({ ...base, expiresAt: Math.floor(t.clock.nowMs() / 1000) - 60 });
    expect((await check()).json.message).toBe(PAY_MSG.couponNoLongerValid);
    fake.findPromotion = async () => ({ ...base, coupon: { ...base.coupon, valid: false } });
    expect((await check()).json.message).toBe(PAY_MSG.couponNoLongerValid);
  });

  it("a checkout Stripe cannot open answers 502 'Something went wrong while navigating to the payment page.' and records nothing", async () => {
    fake.createCheckout = async () => {
      throw new Stripe.errors.StripeConnectionError({ message: 'connect ECONNREFUSED' } as never);
    };
    const { user, token } = await buildUser(t, { profileType: 'BUSINESS' });
    const res = await call(t, 'POST', '/api/payment/createSubscriptionSession', {
      token,
      body: { priceId: 'price_starter_usd', planType: 'Starter' },
    });
    expect(res).toMatchObject({ status: 502, json: { message: PAY_MSG.paymentProviderFailed } });
    expect(await ledgerOf(t, user.id)).toEqual([]);
  });
});
