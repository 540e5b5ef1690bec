import { ADMIN_BILLING_MSG, MSG, PAY_MSG, type TProfileType } from '@virality/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, planPrices, plans } from '../../db/schema';
import { buildTestApp, buildUser, call, type TTestApp } from '../../test/helpers';
import { buildAdmin, everyOtherRole, expectAdminOnly } from '../admin/admin-test-kit';
import { ownerWithCheckout, payOnPage, startCheckout } from '../payments/payments-test-kit';

let t: TTestApp;
let admin: { token: string; user: { id: string } };
let others: { role: TProfileType; token: string }[];
beforeAll(async () => {
  t = await buildTestApp();
  admin = await buildAdmin(t);
  others = await everyOtherRole(t);
});
afterAll(async () => t?.close());

/** The sandbox's Stripe as the SDK reads it. */
const emulator = async (path: string) =>
  (
    await t.app.inject({ method: 'GET', url: `/sandbox/stripe/v1${path}`, headers: { authorization: 'Bearer sk_test_sandbox' } })
  ).json();

const auditRows = async (targetId: string) =>
  (await t.container.db.select().from(auditLog).where(eq(auditLog.targetId, targetId))).sort((a, b) => +a.at - +b.at);

const snapshot = async () => ({
  plans: await t.container.db.select().from(plans).orderBy(plans.id),
  prices: await t.container.db.select().from(planPrices).orderBy(planPrices.id),
});

const priceListAmounts = async (currency: string) =>
  Object.fromEntries(
    (await call(t, 'GET', `/api/payment/getPriceList?currency=${currency}`)).json.response.plans.map(
      (p: { planType: string; planAmount: number }) => [p.planType, p.planAmount],
    ),
  );

describe('GET /api/admin/plans', () => {
  it('lists every plan by level with its prices in each currency, the free tier without a price', async () => {
    const res = await call(t, 'GET', '/api/admin/plans', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe(ADMIN_BILLING_MSG.plans);
    const list = res.json.response;
    expect(list.map((p: { planType: string }) => p.planType)).toEqual(['FreeTier', 'Starter', 'Professional', 'Enterprise']);
    expect(list[0]).toMatchObject({ purchasable: false, postLimit: 5, prices: [] });
    expect(list[1]).toMatchObject({ planId: 'plan_starter', postLimit: 20, purchasable: true });
    expect(list[1].prices).toEqual(
      expect.arrayContaining([
        { priceId: 'price_starter_usd', currency: 'usd', amount: 19 },
        { priceId: 'price_starter_inr', currency: 'inr', amount: 1499 },
      ]),
    );
  });

  it('refuses anyone but an admin: 401 without a token, 403 for every other role', async () => {
    await expectAdminOnly(t, 'GET', '/api/admin/plans', undefined, others);
  });
});

describe('PUT /api/admin/plans/:planId', () => {
  it('a new price makes a new Stripe price (the old one deactivated), and the next checkout charges it', async () => {
    // a checkout before the change: the plan's Stripe price at 19.00
    const before = await ownerWithCheckout(t, 'BUSINESS', 'price_professional_gbp', 'Professional');
    const first = await emulator(`/checkout/sessions/${before.sessionId}?expand[]=line_items`);
    expect(first.amount_total).toBe(3900);
    const oldPriceId = first.line_items.data[0].price.id;

    const res = await call(t, 'PUT', '/api/admin/plans/plan_professional', {
      token: admin.token,
      body: { prices: { gbp: 42.5 } },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.message).toBe(ADMIN_BILLING_MSG.planUpdated);
    expect(res.json.response.prices).toContainEqual({ priceId: 'price_professional_gbp', currency: 'gbp', amount: 42.5 });
    expect((await priceListAmounts('gbp')).Professional).toBe(42.5);

    const current = await emulator('/prices?lookup_keys[]=virality_price_professional_gbp');
    expect(current.data).toHaveLength(1);
    expect(current.data[0]).toMatchObject({
      active: true,
      unit_amount: 4250,
      currency: 'gbp',
      product: 'virality_plan_professional',
    });
    expect(await emulator(`/prices/${oldPriceId}`)).toMatchObject({ active: false, lookup_key: null, unit_amount: 3900 });

    const after = await ownerWithCheckout(t, 'BUSINESS', 'price_professional_gbp', 'Professional');
    const next = await emulator(`/checkout/sessions/${after.sessionId}?expand[]=line_items`);
    expect(next.amount_total).toBe(4250);
    expect(next.line_items.data[0].price.id).toBe(current.data[0].id);
    // and it is paid for at that price: the plan is activated
    const paid = await payOnPage(t, after.urlRedirect);
    expect(paid.status).toBe(303);

    const [row] = await auditRows('plan_professional');
    expect(row).toMatchObject({ actorId: admin.user.id, action: 'plan.update', targetType: 'plan' });
    expect((row.before as { prices: Record<string, number> }).prices.gbp).toBe(3900);
    expect((row.after as { prices: Record<string, number> }).prices.gbp).toBe(4250);
  });

  it('changes the features and the post limit (no limit as null), each change audited', async () => {
    const features = ['Unlimited posts', 'Analytics', 'Priority support'];
    const res = await call(t, 'PUT', '/api/admin/plans/plan_enterprise', {
      token: admin.token,
      body: { features, postLimit: 500 },
    });
    expect(res.status).toBe(200);
    expect(res.json.response).toMatchObject({ features, postLimit: 500 });
    const list = (await call(t, 'GET', '/api/payment/getPriceList?currency=usd')).json.response.plans;
    expect(list.find((p: { planType: string }) => p.planType === 'Enterprise')).toMatchObject({
      planFeature: features,
      PlanPostLimit: 500,
    });
    const back = await call(t, 'PUT', '/api/admin/plans/plan_enterprise', { token: admin.token, body: { postLimit: null } });
    expect(back.json.response.postLimit).toBeNull();
    expect((await auditRows('plan_enterprise')).map((r) => r.action)).toEqual(['plan.update', 'plan.update']);
  });

  it.each([
    [{}, ADMIN_BILLING_MSG.nothingToChange],
    [{ features: [] }, ADMIN_BILLING_MSG.featuresInvalid],
    [{ features: ['ok', '  '] }, ADMIN_BILLING_MSG.featureInvalid],
    [{ features: ['x'.repeat(121)] }, ADMIN_BILLING_MSG.featureTooLong],
    [{ postLimit: 0 }, ADMIN_BILLING_MSG.postLimitInvalid],
    [{ postLimit: 2.5 }, ADMIN_BILLING_MSG.postLimitInvalid],
    [{ prices: { usd: -1 } }, ADMIN_BILLING_MSG.priceInvalid],
    [{ prices: { usd: 0 } }, ADMIN_BILLING_MSG.priceInvalid],
    [{ prices: { usd: 10.005 } }, ADMIN_BILLING_MSG.priceInvalid],
    [{ prices: { usd: '20' } }, ADMIN_BILLING_MSG.priceInvalid],
    [{ prices: { jpy: 20 } }, ADMIN_BILLING_MSG.currencyInvalid],
  ])('400 for %j, and nothing changes', async (body, message) => {
    const was = await snapshot();
    const res = await call(t, 'PUT', '/api/admin/plans/plan_starter', { token: admin.token, body });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ status: false, message });
    expect(await snapshot()).toEqual(was);
  });

  it('the free tier has no price and keeps its limit (400); an unknown plan is 404', async () => {
    const was = await snapshot();
    const price = await call(t, 'PUT', '/api/admin/plans/plan_free_tier', { token: admin.token, body: { prices: { usd: 5 } } });
    expect(price).toMatchObject({ status: 400, json: { message: ADMIN_BILLING_MSG.freeTierNoPrice } });
    const limit = await call(t, 'PUT', '/api/admin/plans/plan_free_tier', { token: admin.token, body: { postLimit: 50 } });
    expect(limit).toMatchObject({ status: 400, json: { message: ADMIN_BILLING_MSG.freeTierNoLimitChange } });
    const missing = await call(t, 'PUT', '/api/admin/plans/plan_nope', { token: admin.token, body: { postLimit: 5 } });
    expect(missing).toMatchObject({ status: 404, json: { message: ADMIN_BILLING_MSG.planNotFound } });
    expect(await snapshot()).toEqual(was);
    expect(await auditRows('plan_free_tier')).toEqual([]);
  });

  it('refuses anyone but an admin, and nothing changes', async () => {
    const was = await snapshot();
    await expectAdminOnly(t, 'PUT', '/api/admin/plans/plan_starter', { prices: { usd: 1 } }, others);
    expect(await snapshot()).toEqual(was);
  });
});

describe('coupons: POST /api/admin/coupons, GET /api/admin/coupons, POST /api/admin/coupons/:id/deactivate', () => {
  const coupons = async () => (await call(t, 'GET', '/api/admin/coupons', { token: admin.token })).json.response;

  it('a percentage code made in the console verifies at checkout, is paid with, and its use is counted', async () => {
    const res = await call(t, 'POST', '/api/admin/coupons', {
      token: admin.token,
      body: { code: 'spring25', percentOff: 25, duration: 'repeating', durationInMonths: 3, maxRedemptions: 100 },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.message).toBe(ADMIN_BILLING_MSG.couponCreated);
    const made = res.json.response;
    expect(made).toMatchObject({
      code: 'SPRING25',
      active: true,
      percentOff: 25,
      amountOff: null,
      duration: 'repeating',
      durationInMonths: 3,
      maxRedemptions: 100,
      timesRedeemed: 0,
      expiresAt: null,
    });

    const buyer = await buildUser(t, { profileType: 'BUSINESS' });
    const verified = await call(t, 'POST', '/api/admin/coupon/verifyCoupon', {
      token: buyer.token,
      body: { priceId: 'price_starter_usd', promoCode: 'spring25' },
    });
    expect(verified.json).toMatchObject({ status: true, response: { couponCode: 'SPRING25', discountedAmount: 14.25 } });
    const checkout = await startCheckout(t, buyer.token, {
      priceId: 'price_starter_usd',
      planType: 'Starter',
      COUPON_ID: 'SPRING25',
    });
    expect(checkout.status).toBe(200);
    expect((await payOnPage(t, checkout.json.response.urlRedirect)).status).toBe(303);

    const listed = (await coupons()).find((c: { couponId: string }) => c.couponId === made.couponId);
    expect(listed).toMatchObject({ code: 'SPRING25', timesRedeemed: 1, active: true });
    const [row] = await auditRows(made.couponId);
    expect(row).toMatchObject({ actorId: admin.user.id, action: 'coupon.create', targetType: 'coupon' });
    expect(row.after).toMatchObject({ code: 'SPRING25', percentOff: 25 });
  });

  it('an amount off in rupees with an expiry applies to rupee prices only', async () => {
    const expiresAt = new Date(t.clock.nowMs() + 7 * 86_400_000).toISOString();
    const res = await call(t, 'POST', '/api/admin/coupons', {
      token: admin.token,
      body: { code: 'DIWALI500', amountOff: 500, currency: 'inr', duration: 'once', expiresAt },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.response).toMatchObject({ amountOff: 500, currency: 'inr', percentOff: null });
    expect(Date.parse(res.json.response.expiresAt)).toBe(Math.floor(Date.parse(expiresAt) / 1000) * 1000);
    const buyer = await buildUser(t, { profileType: 'INFLUENCER' });
    const inr = await call(t, 'POST', '/api/admin/coupon/verifyCoupon', {
      token: buyer.token,
      body: { priceId: 'price_starter_inr', promoCode: 'DIWALI500' },
    });
    expect(inr.json.response.discountedAmount).toBe(999);
    const usd = await call(t, 'POST', '/api/admin/coupon/verifyCoupon', {
      token: buyer.token,
      body: { priceId: 'price_starter_usd', promoCode: 'DIWALI500' },
    });
    expect(usd).toMatchObject({ status: 400, json: { message: PAY_MSG.couponNotForCurrency } });
  });

  it('lists the codes with their terms, newest first, the sandbox’s own among them', async () => {
    const list = await coupons();
    expect(list.map((c: { code: string }) => c.code)).toEqual(expect.arrayContaining(['WELCOME10', 'FLAT5', 'SPRING25']));
    expect(list.find((c: { code: string }) => c.code === 'EXPIRED')).toMatchObject({ active: false });
  });

  it.each([
    [{ code: 'AB', percentOff: 10, duration: 'once' }, ADMIN_BILLING_MSG.codeInvalid],
    [{ code: 'NO SPACES', percentOff: 10, duration: 'once' }, ADMIN_BILLING_MSG.codeInvalid],
    [{ code: 'BOTH1', percentOff: 10, amountOff: 5, currency: 'usd', duration: 'once' }, ADMIN_BILLING_MSG.discountRequired],
    [{ code: 'NONE1', duration: 'once' }, ADMIN_BILLING_MSG.discountRequired],
    [{ code: 'PCT101', percentOff: 101, duration: 'once' }, ADMIN_BILLING_MSG.percentInvalid],
    [{ code: 'AMT1', amountOff: 5, duration: 'once' }, ADMIN_BILLING_MSG.currencyRequired],
    [{ code: 'AMT2', amountOff: 5, currency: 'jpy', duration: 'once' }, ADMIN_BILLING_MSG.currencyInvalid],
    [{ code: 'REP1', percentOff: 5, duration: 'repeating' }, ADMIN_BILLING_MSG.monthsRequired],
    [{ code: 'REP2', percentOff: 5, duration: 'once', durationInMonths: 2 }, ADMIN_BILLING_MSG.monthsOnlyRepeating],
    [{ code: 'DUR1', percentOff: 5, duration: 'weekly' }, ADMIN_BILLING_MSG.durationInvalid],
    [{ code: 'MAX1', percentOff: 5, duration: 'once', maxRedemptions: 0 }, ADMIN_BILLING_MSG.maxRedemptionsInvalid],
    [{ code: 'EXP1', percentOff: 5, duration: 'once', expiresAt: 'tomorrow' }, ADMIN_BILLING_MSG.expiryInvalid],
    [{ code: 'EXP2', percentOff: 5, duration: 'once', expiresAt: '2020-01-01T00:00:00Z' }, ADMIN_BILLING_MSG.expiryPast],
  ])('400 for %j, and nothing is made', async (body, message) => {
    const count = (await coupons()).length;
    const res = await call(t, 'POST', '/api/admin/coupons', { token: admin.token, body });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ status: false, message });
    expect((await coupons()).length).toBe(count);
  });

  it('409 for a code an active coupon has, in any case', async () => {
    const count = (await coupons()).length;
    const res = await call(t, 'POST', '/api/admin/coupons', {
      token: admin.token,
      body: { code: 'welcome10', percentOff: 50, duration: 'once' },
    });
    expect(res).toMatchObject({ status: 409, json: { message: ADMIN_BILLING_MSG.codeTaken } });
    expect((await coupons()).length).toBe(count);
  });

  it('a deactivated code stops verifying at once; deactivating it again is 409, an unknown code 404', async () => {
    const made = (
      await call(t, 'POST', '/api/admin/coupons', {
        token: admin.token,
        body: { code: 'SHORTLIVED', percentOff: 15, duration: 'once' },
      })
    ).json.response;
    const res = await call(t, 'POST', `/api/admin/coupons/${made.couponId}/deactivate`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      message: ADMIN_BILLING_MSG.couponDeactivated,
      response: { active: false, code: 'SHORTLIVED' },
    });
    const buyer = await buildUser(t, { profileType: 'BUSINESS' });
    const verify = await call(t, 'POST', '/api/admin/coupon/verifyCoupon', {
      token: buyer.token,
      body: { priceId: 'price_starter_usd', promoCode: 'SHORTLIVED' },
    });
    expect(verify).toMatchObject({ status: 400, json: { message: PAY_MSG.couponInvalid } });
    const again = await call(t, 'POST', `/api/admin/coupons/${made.couponId}/deactivate`, { token: admin.token });
    expect(again).toMatchObject({ status: 409, json: { message: ADMIN_BILLING_MSG.couponAlreadyInactive } });
    const unknown = await call(t, 'POST', '/api/admin/coupons/promo_nosuch/deactivate', { token: admin.token });
    expect(unknown).toMatchObject({ status: 404, json: { message: ADMIN_BILLING_MSG.couponNotFound } });
    const rows = await auditRows(made.couponId);
    expect(rows.map((r) => r.action)).toEqual(['coupon.create', 'coupon.deactivate']);
    expect(rows[1].before).toMatchObject({ active: true });
    expect(rows[1].after).toMatchObject({ active: false });
  });

  it('each coupon call refuses anyone but an admin, and nothing is made or changed', async () => {
    const count = (await coupons()).length;
    await expectAdminOnly(t, 'GET', '/api/admin/coupons', undefined, others);
    await expectAdminOnly(t, 'POST', '/api/admin/coupons', { code: 'SNEAKY', percentOff: 100, duration: 'forever' }, others);
    await expectAdminOnly(t, 'POST', '/api/admin/coupons/promo_sandboxWELCOME10/deactivate', undefined, others);
    expect((await coupons()).length).toBe(count);
    expect((await coupons()).find((c: { code: string }) => c.code === 'WELCOME10')).toMatchObject({ active: true });
    expect(MSG.forbidden).toBeTruthy();
  });
});
