import {
  escapeHtml as esc,
  SANDBOX_STRIPE_SECRET_KEY,
  SANDBOX_STRIPE_WEBHOOK_SECRET,
  STRIPE_API_VERSION,
  stripeSandboxRoutes,
  stripeStore,
} from '@virality/sandbox/testing';
import Fastify from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, inProcessFetch, type TTestApp } from '../../test/helpers';

/** An SDK client whose requests to api.stripe.com go to the emulator under /sandbox/stripe, as the product sends them. */
function sdk(fetchFn: typeof fetch, publicUrl: string, key = SANDBOX_STRIPE_SECRET_KEY) {
  const toEmulator: typeof fetch = (input, init) => {
    const u = new URL(String(input));
    return fetchFn(`${publicUrl}/sandbox/stripe${u.pathname}${u.search}`, init);
  };
  return new Stripe(key, { httpClient: Stripe.createFetchHttpClient(toEmulator), maxNetworkRetries: 0 });
}

type TDelivery = { signature: string; body: string };

/**
 * The emulator on an app of its own, on the test app's database and clock, delivering its webhooks to a receiver
 * the test controls (answering `hookStatus`) instead of the product's webhook route.
 */
async function harness(t: TTestApp) {
  const { config } = t.container;
  const hookUrl = `${config.publicUrl}/test/stripe-hook`;
  const received: TDelivery[] = [];
  const state = { hookStatuses: [] as number[] };
  const viaEmulator = inProcessFetch(config.publicUrl);
  const deliver: typeof fetch = async (input, init) => {
    if (String(input) !== hookUrl) return viaEmulator.fetch(input, init);
    const headers = new Headers(init?.headers);
    received.push({ signature: headers.get('stripe-signature') ?? '', body: String(init?.body) });
    return new Response('{}', { status: state.hookStatuses.shift() ?? 200 });
  };
  const app = Fastify({ logger: false });
  await app.register(
    stripeSandboxRoutes({
      config,
      db: t.container.db,
      clock: t.clock,
      fetch: deliver,
      log: app.log,
      webhookUrl: hookUrl,
      retryDelaysMs: [30, 60, 90],
    }),
  );
  await app.ready();
  viaEmulator.bind(app as never);
  return { app, received, state, stripe: sdk(viaEmulator.fetch, config.publicUrl) };
}

const LINE = (name: string, currency: string, unitAmount: number) => ({
  price_data: { currency, unit_amount: unitAmount, product_data: { name } },
  quantity: 1,
});

function sessionParams(opts: { currency?: string; amount?: number; promo?: string; name?: string } = {}) {
  return {
    mode: 'payment' as const,
    line_items: [LINE(opts.name ?? 'Starter', opts.currency ?? 'usd', opts.amount ?? 900)],
    success_url: 'http://localhost:3000/pricing/success?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://localhost:3000/pricing/payment-failed',
    client_reference_id: 'user-1',
    metadata: { planId: 'starter', userId: 'user-1' },
    customer_email: 'buyer@example.com',
    ...(opts.promo ? { discounts: [{ promotion_code: opts.promo }] } : {}),
  };
}

const CARD = { email: 'buyer@example.com', cardExpiry: '12 / 40', cardCvc: '123', billingName: 'Bea Buyer' };
const pay = (app: { inject: TTestApp['app']['inject'] }, id: string, cardNumber: string) =>
  app.inject({
    method: 'POST',
    url: `/sandbox/stripe/pay/${id}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...CARD, cardNumber }).toString(),
  });

const waitFor = async (check: () => boolean, ms = 10_000) => {
  const until = Date.now() + ms;
  while (!check() && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
};

let t: TTestApp;
let stripe: Stripe;
let publicUrl: string;
let promoIds: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp();
  publicUrl = t.container.config.publicUrl;
  stripe = sdk(t.container.fetch, publicUrl);
  const codes = await stripe.promotionCodes.list({ limit: 100 });
  promoIds = Object.fromEntries(codes.data.map((p) => [p.code, p.id]));
});
afterAll(async () => {
  await t?.close();
});

describe('the Stripe sandbox speaks the pinned API version of the installed SDK', () => {
  it('answers in the shapes of the SDK’s default API version', () => {
    expect(STRIPE_API_VERSION).toBe(Stripe.API_VERSION);
  });
});

describe('checkout sessions through the official SDK', () => {
  it('a session is created and read back: amounts in minor units, currency, 24-hour expiry by the product clock, page url', async () => {
    t.clock.advance(3 * 24 * 3600 * 1000);
    const created = await stripe.checkout.sessions.create(sessionParams());
    const now = Math.floor(t.clock.nowMs() / 1000);
    expect(created.id).toMatch(/^cs_test_/);
    expect(created).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      mode: 'payment',
      currency: 'usd',
      amount_subtotal: 900,
      amount_total: 900,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      discounts: [],
      client_reference_id: 'user-1',
      customer_email: 'buyer@example.com',
      metadata: { planId: 'starter', userId: 'user-1' },
      payment_intent: null,
      url: `${publicUrl}/sandbox/stripe/pay/${created.id}`,
      success_url: 'http://localhost:3000/pricing/success?session_id={CHECKOUT_SESSION_ID}',
      livemode: false,
    });
    expect(Math.abs(created.created - now)).toBeLessThanOrEqual(2);
    expect(created.expires_at).toBe(created.created + 24 * 3600);

    const read = await stripe.checkout.sessions.retrieve(created.id, { expand: ['line_items'] });
    expect(read).toMatchObject({ id: created.id, amount_total: 900, status: 'open' });
    expect(read.line_items?.data[0]).toMatchObject({ description: 'Starter', amount_total: 900, quantity: 1, currency: 'usd' });
    const lines = await stripe.checkout.sessions.listLineItems(created.id);
    expect(lines.data).toHaveLength(1);
  });

  it('an unknown session is a 404 resource_missing; a field that cannot be expanded is a 400', async () => {
    const err = await stripe.checkout.sessions.retrieve('cs_test_nope').catch((e) => e);
    expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(err).toMatchObject({ statusCode: 404, code: 'resource_missing', message: "No such checkout.session: 'cs_test_nope'" });
    const s = await stripe.checkout.sessions.create(sessionParams());
    const bad = await stripe.checkout.sessions.retrieve(s.id, { expand: ['payment_intent'] }).catch((e) => e);
    expect(bad).toMatchObject({ statusCode: 400, message: 'This property cannot be expanded (payment_intent).' });
  });

  it('bad parameters are refused with Stripe’s messages, and nothing is kept', async () => {
    const before = (await stripeStore(t.container.db).list('session')).length;
    const attempts: [Record<string, unknown>, RegExp][] = [
      [{ ...sessionParams(), line_items: undefined }, /^Missing required param: line_items\.$/],
      [{ ...sessionParams(), mode: undefined }, /^Missing required param: mode\.$/],
      [{ ...sessionParams(), colour: 'red' }, /^Received unknown parameter: colour$/],
      [{ ...sessionParams(), line_items: [LINE('Starter', 'xx1', 900)] }, /^Invalid currency: xx1\.$/],
      [{ ...sessionParams(), line_items: [LINE('Starter', 'usd', -5)] }, /greater than or equal to 0/],
      [{ ...sessionParams(), success_url: 'javascript:alert(1)' }, /^Not a valid URL$/],
      [{ ...sessionParams(), customer_email: 'nope' }, /^Invalid email address: nope$/],
      [{ ...sessionParams(), line_items: [{ price: 'price_123', quantity: 1 }] }, /^No such price: 'price_123'$/],
      [{ ...sessionParams({ promo: 'promo_missing' }) }, /^No such promotion code: 'promo_missing'$/],
    ];
    for (const [params, message] of attempts) {
      const err = await stripe.checkout.sessions.create(params as never).catch((e) => e);
      expect(err, String(message)).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(err.message).toMatch(message);
    }
    expect((await stripeStore(t.container.db).list('session')).length).toBe(before);
  });

  it('expire closes an open session (url gone) and refuses a session that is not open', async () => {
    const s = await stripe.checkout.sessions.create(sessionParams());
    const expired = await stripe.checkout.sessions.expire(s.id);
    expect(expired).toMatchObject({ id: s.id, status: 'expired', url: null, payment_status: 'unpaid' });
    const again = await stripe.checkout.sessions.expire(s.id).catch((e) => e);
    expect(again).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(again.message).toBe(
      'Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of `expired`.',
    );
  });

  it('a session left open past its 24 hours (product clock) reads as expired', async () => {
    const s = await stripe.checkout.sessions.create(sessionParams());
    t.clock.advance((24 * 3600 + 1) * 1000);
    expect((await stripe.checkout.sessions.retrieve(s.id)).status).toBe('expired');
  });
});

describe('the secret key', () => {
  it('a wrong key is refused with 401 in Stripe’s shape, and nothing is created', async () => {
    const wrong = sdk(t.container.fetch, publicUrl, 'sk_test_wrongwrongwrong1234');
    const err = await wrong.checkout.sessions.create(sessionParams()).catch((e) => e);
    expect(err).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(err.statusCode).toBe(401);
    expect(err.message).toMatch(/^Invalid API Key provided: sk_test_\**1234$/);
    expect(err.message).not.toContain('wrongwrong');
  });

  it('the key is also accepted as the Basic user name, as curl -u sends it', async () => {
    const basic = Buffer.from(`${SANDBOX_STRIPE_SECRET_KEY}:`).toString('base64');
    const res = await t.app.inject({
      method: 'GET',
      url: '/sandbox/stripe/v1/coupons/halfoff',
      headers: { authorization: `Basic ${basic}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: 'halfoff', percent_off: 50 });
  });

  it('no key is refused with 401 and says how to send one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sandbox/stripe/v1/coupons/flat5' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: { type: 'invalid_request_error', message: expect.stringMatching(/^You did not provide an API key/) },
    });
  });

  it('an unknown API path is a 404 in Stripe’s shape', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/sandbox/stripe/v1/customers',
      headers: { authorization: `Bearer ${SANDBOX_STRIPE_SECRET_KEY}` },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toMatch(/^Unrecognized request URL \(GET: \/v1\/customers\)/);
  });
});

describe('idempotent POSTs', () => {
  it('the same Idempotency-Key and body answer the same session again and make no second one', async () => {
    const store = stripeStore(t.container.db);
    const before = (await store.list('session')).length;
    const first = await stripe.checkout.sessions.create(sessionParams(), { idempotencyKey: 'same-key-1' });
    const second = await stripe.checkout.sessions.create(sessionParams(), { idempotencyKey: 'same-key-1' });
    expect(second.id).toBe(first.id);
    // the SDK's fetch client keeps the answer's own Headers
    expect((second.lastResponse.headers as unknown as Headers).get('idempotent-replayed')).toBe('true');
    expect((await store.list('session')).length).toBe(before + 1);
  });

  it('the same key with other parameters is refused as an idempotency error', async () => {
    await stripe.checkout.sessions.create(sessionParams(), { idempotencyKey: 'same-key-2' });
    const err = await stripe.checkout.sessions
      .create(sessionParams({ amount: 1900 }), { idempotencyKey: 'same-key-2' })
      .catch((e) => e);
    expect(err).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(err.message).toMatch(/^Keys for idempotent requests can only be used with the same parameters/);
  });
});

describe('promotion codes and coupons', () => {
  it('a code is found by code with its coupon expanded under promotion.coupon', async () => {
    const list = await stripe.promotionCodes.list({
      code: 'WELCOME10',
      active: true,
      limit: 1,
      expand: ['data.promotion.coupon'],
    });
    expect(list.data).toHaveLength(1);
    const [promo] = list.data;
    expect(promo).toMatchObject({ object: 'promotion_code', code: 'WELCOME10', active: true, promotion: { type: 'coupon' } });
    expect(promo.promotion.coupon).toMatchObject({
      object: 'coupon',
      id: 'welcome10',
      percent_off: 10,
      amount_off: null,
      duration: 'forever',
      valid: true,
    });
    // not expanded: the coupon's id
    const plain = await stripe.promotionCodes.list({ code: 'welcome10', limit: 1 });
    expect(plain.data[0].promotion.coupon).toBe('welcome10');
  });

  it('the seeded codes: HALFOFF once, FLAT5 a fixed amount per currency in minor units, EXPIRED inactive', async () => {
    const half = await stripe.promotionCodes.list({ code: 'HALFOFF', active: true, limit: 1, expand: ['data.promotion.coupon'] });
    expect(half.data[0].promotion.coupon).toMatchObject({ percent_off: 50, duration: 'once' });
    const flat = await stripe.coupons.retrieve('flat5');
    expect(flat).toMatchObject({ amount_off: 500, currency: 'usd', percent_off: null });
    expect(flat.currency_options).toBeUndefined();
    const withOptions = await stripe.coupons.retrieve('flat5', { expand: ['currency_options'] });
    expect(withOptions.currency_options).toEqual({
      usd: { amount_off: 500 },
      eur: { amount_off: 500 },
      gbp: { amount_off: 500 },
      inr: { amount_off: 40000 },
    });
    const listed = await stripe.promotionCodes.list({
      code: 'FLAT5',
      limit: 1,
      expand: ['data.promotion.coupon.currency_options'],
    });
    expect(listed.data[0].promotion.coupon).toMatchObject({ currency_options: { inr: { amount_off: 40000 } } });
    expect((await stripe.promotionCodes.list({ code: 'EXPIRED', active: true, limit: 1 })).data).toEqual([]);
    expect((await stripe.promotionCodes.list({ code: 'EXPIRED', limit: 1 })).data[0]).toMatchObject({ active: false });
  });

  it('an unknown coupon is a 404', async () => {
    const err = await stripe.coupons.retrieve('nope').catch((e) => e);
    expect(err).toMatchObject({ statusCode: 404, code: 'resource_missing', message: "No such coupon: 'nope'" });
  });

  it('a session with a promotion code carries the discount: percent off rounded, fixed amount in its currency', async () => {
    const ten = await stripe.checkout.sessions.create(sessionParams({ promo: promoIds.WELCOME10, amount: 1999 }));
    expect(ten).toMatchObject({
      amount_subtotal: 1999,
      amount_total: 1799,
      total_details: { amount_discount: 200 },
      discounts: [{ promotion_code: promoIds.WELCOME10, coupon: null }],
    });
    const inr = await stripe.checkout.sessions.create(sessionParams({ promo: promoIds.FLAT5, currency: 'inr', amount: 149900 }));
    expect(inr).toMatchObject({ currency: 'inr', amount_total: 109900, total_details: { amount_discount: 40000 } });
    const gbp = await stripe.checkout.sessions.create(sessionParams({ promo: promoIds.FLAT5, currency: 'gbp', amount: 300 }));
    expect(gbp).toMatchObject({ amount_total: 0, total_details: { amount_discount: 300 } });
    const expanded = await stripe.checkout.sessions.retrieve(ten.id, { expand: ['discounts.promotion_code'] });
    expect(expanded.discounts?.[0].promotion_code).toMatchObject({ code: 'WELCOME10' });
  });

  it('a fixed-amount code in a currency it has no amount for is refused, as is an inactive code', async () => {
    const aud = await stripe.checkout.sessions.create(sessionParams({ promo: promoIds.FLAT5, currency: 'aud' })).catch((e) => e);
    expect(aud).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(aud.message).toBe('The promotion code default currency (usd) does not match the line item currency (aud).');
    const inactive = await stripe.checkout.sessions.create(sessionParams({ promo: promoIds.EXPIRED })).catch((e) => e);
    expect(inactive).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(inactive.message).toMatch(/EXPIRED is not active/);
  });
});

describe('products and prices', () => {
  const stripeError = async (run: () => Promise<unknown>) => {
    try {
      await run();
    } catch (err) {
      return err as Stripe.errors.StripeError;
    }
    throw new Error('Stripe answered without an error');
  };

  it('a price takes a lookup key from another only with transfer_lookup_key, and a checkout charges a catalog price', async () => {
    const product = await stripe.products.create({ id: 'prod_emulator_plan', name: 'Emulator plan (1 month)' });
    expect(await stripe.products.retrieve(product.id)).toMatchObject({ object: 'product', name: 'Emulator plan (1 month)' });
    const first = await stripe.prices.create({
      product: product.id,
      currency: 'eur',
      unit_amount: 1700,
      lookup_key: 'emulator_eur',
    });
    const taken = await stripeError(() =>
      stripe.prices.create({ product: product.id, currency: 'eur', unit_amount: 1900, lookup_key: 'emulator_eur' }),
    );
    expect(taken).toMatchObject({ statusCode: 400, param: 'lookup_key' });
    const second = await stripe.prices.create({
      product: product.id,
      currency: 'eur',
      unit_amount: 1900,
      lookup_key: 'emulator_eur',
      transfer_lookup_key: true,
    });
    const found = await stripe.prices.list({ lookup_keys: ['emulator_eur'], active: true });
    expect(found.data.map((p) => p.id)).toEqual([second.id]);
    expect(await stripe.prices.retrieve(first.id)).toMatchObject({ lookup_key: null, unit_amount: 1700 });

    const session = await stripe.checkout.sessions.create({
      ...sessionParams(),
      line_items: [{ price: second.id, quantity: 1 }],
      expand: ['line_items'],
    });
    expect(session).toMatchObject({ amount_total: 1900, currency: 'eur' });
    expect(session.line_items?.data[0]).toMatchObject({ description: 'Emulator plan (1 month)', price: { id: second.id } });

    // an inactive price cannot be bought
    await stripe.prices.update(first.id, { active: false });
    const inactive = await stripeError(() =>
      stripe.checkout.sessions.create({ ...sessionParams(), line_items: [{ price: first.id, quantity: 1 }] }),
    );
    expect(inactive).toMatchObject({ statusCode: 400, param: 'line_items[0][price]' });
    expect(inactive.message).toBe('The price specified is inactive. This field only accepts active prices.');
    const missing = await stripeError(() => stripe.prices.create({ product: 'prod_nosuch', currency: 'usd', unit_amount: 1 }));
    expect(missing).toMatchObject({ statusCode: 404 });
  });
});

describe('making coupons and promotion codes', () => {
  it('a coupon and its code: active codes are unique in any case, a code made inactive stops checkouts', async () => {
    const coupon = await stripe.coupons.create({
      percent_off: 30,
      duration: 'repeating',
      duration_in_months: 2,
      max_redemptions: 1,
    });
    expect(coupon).toMatchObject({
      object: 'coupon',
      percent_off: 30,
      duration: 'repeating',
      duration_in_months: 2,
      valid: true,
    });
    const promo = await stripe.promotionCodes.create({ promotion: { type: 'coupon', coupon: coupon.id }, code: 'Thirty30' });
    expect(promo).toMatchObject({ code: 'Thirty30', active: true, times_redeemed: 0 });
    await expect(
      stripe.promotionCodes.create({ promotion: { type: 'coupon', coupon: coupon.id }, code: 'THIRTY30' }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'code' });
    await expect(stripe.coupons.create({ duration: 'once' })).rejects.toMatchObject({ statusCode: 400 });
    await expect(stripe.coupons.create({ amount_off: 500, duration: 'once' })).rejects.toMatchObject({ param: 'currency' });

    const listed = await stripe.coupons.list({ limit: 100 });
    expect(listed.data.map((c) => c.id)).toContain(coupon.id);

    const off = await stripe.promotionCodes.update(promo.id, { active: false });
    expect(off.active).toBe(false);
    await expect(stripe.checkout.sessions.create(sessionParams({ promo: promo.id }))).rejects.toMatchObject({
      statusCode: 400,
      param: 'discounts',
    });
  });
});

describe('the hosted checkout page', () => {
  it('shows the plan, the amount in the session’s currency, the discount, and a labelled field for each entry', async () => {
    const s = await stripe.checkout.sessions.create(sessionParams({ promo: promoIds.HALFOFF, currency: 'eur', amount: 900 }));
    const res = await t.app.inject({ method: 'GET', url: new URL(s.url as string).pathname });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    expect(html).toMatch(/<title>Pay €4\.50 for Starter/);
    expect(html).toContain('<h1>Starter</h1>');
    expect(html).toContain('Discount (HALFOFF)');
    expect(html).toContain('−€4.50');
    expect(html).toContain('Pay €4.50</button>');
    expect(html).toContain('value="buyer@example.com"');
    expect(html).toContain('width=device-width');
    for (const [id, label] of [
      ['email', 'Email'],
      ['cardNumber', 'Card number'],
      ['cardExpiry', 'Expiry (MM / YY)'],
      ['cardCvc', 'CVC'],
      ['billingName', 'Name on card'],
    ])
      expect(html).toContain(`<label for="${id}">${label}</label><input id="${id}"`);
    // nothing fetched from elsewhere
    expect(html).not.toMatch(/<script|<link|src=|url\(/);
  });

  it('an unknown session shows a not-found page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sandbox/stripe/pay/cs_test_unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('This checkout page does not exist.');
  });

  it('an expired session shows a clear message and no form', async () => {
    const s = await stripe.checkout.sessions.create(sessionParams());
    await stripe.checkout.sessions.expire(s.id);
    const res = await t.app.inject({ method: 'GET', url: `/sandbox/stripe/pay/${s.id}` });
    expect(res.body).toContain('This checkout session has expired.');
    expect(res.body).not.toContain('<form');
    expect((await pay(t.app, s.id, '4242 4242 4242 4242')).statusCode).toBe(409);
  });
});

describe('paying on the hosted page', () => {
  let h: Awaited<ReturnType<typeof harness>>;
  beforeAll(async () => {
    h = await harness(t);
  });
  afterAll(async () => {
    await h?.app.close();
  });

  it('4242 completes the session, delivers one signed event before redirecting to success_url with the id', async () => {
    const s = await h.stripe.checkout.sessions.create(sessionParams({ promo: promoIds.WELCOME10 }));
    const res = await pay(h.app, s.id, '4242 4242 4242 4242');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`http://localhost:3000/pricing/success?session_id=${s.id}`);
    // delivered before the redirect was answered
    expect(h.received).toHaveLength(1);
    const [delivery] = h.received;
    const verifier = new Stripe(SANDBOX_STRIPE_SECRET_KEY);
    const event = verifier.webhooks.constructEvent(delivery.body, delivery.signature, SANDBOX_STRIPE_WEBHOOK_SECRET);
    expect(event.type).toBe('checkout.session.completed');
    expect(event.api_version).toBe(STRIPE_API_VERSION);
    const paid = event.data.object as Stripe.Checkout.Session;
    expect(paid).toMatchObject({
      id: s.id,
      status: 'complete',
      payment_status: 'paid',
      amount_total: 810,
      currency: 'usd',
      client_reference_id: 'user-1',
      metadata: { planId: 'starter', userId: 'user-1' },
      customer_details: { email: 'buyer@example.com', name: 'Bea Buyer' },
    });
    expect(paid.payment_intent).toMatch(/^pi_/);
    // a signature made with another secret is not accepted
    expect(() => verifier.webhooks.constructEvent(delivery.body, delivery.signature, 'whsec_other')).toThrow();

    const read = await h.stripe.checkout.sessions.retrieve(s.id);
    expect(read).toMatchObject({ status: 'complete', payment_status: 'paid', url: null, payment_intent: paid.payment_intent });
    const events = await h.app.inject({ method: 'GET', url: `/sandbox/stripe/events?session=${s.id}` });
    expect(events.json().data).toEqual([
      expect.objectContaining({ id: event.id, type: 'checkout.session.completed', state: 'delivered', session: s.id }),
    ]);
    const promo = await h.stripe.promotionCodes.retrieve(promoIds.WELCOME10);
    expect(promo.times_redeemed).toBeGreaterThanOrEqual(1);
  });

  it('two payments of one session at once: one completes it, the other is told it is complete; one event', async () => {
    const s = await h.stripe.checkout.sessions.create(sessionParams());
    const count = h.received.length;
    const answers = await Promise.all([pay(h.app, s.id, '4242424242424242'), pay(h.app, s.id, '4242424242424242')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([303, 409]);
    expect(h.received.length).toBe(count + 1);
  });

  it('a completed session cannot be paid twice: a clear message, no form, no second event', async () => {
    const s = await h.stripe.checkout.sessions.create(sessionParams());
    expect((await pay(h.app, s.id, '4242424242424242')).statusCode).toBe(303);
    const count = h.received.length;
    const again = await pay(h.app, s.id, '4242424242424242');
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('This payment is already complete.');
    expect(again.body).not.toContain('<form');
    const page = await h.app.inject({ method: 'GET', url: `/sandbox/stripe/pay/${s.id}` });
    expect(page.body).toContain('This payment is already complete.');
    expect(h.received.length).toBe(count);
  });

  it('the declined test card shows the decline and a way back, leaves the session open and sends nothing', async () => {
    const s = await h.stripe.checkout.sessions.create(sessionParams());
    const count = h.received.length;
    const res = await pay(h.app, s.id, '4000 0000 0000 0002');
    expect(res.statusCode).toBe(402);
    expect(res.body).toContain('Your card was declined.');
    expect(res.body).toContain('<a href="http://localhost:3000/pricing/payment-failed">Back</a>');
    // another card may still be tried
    expect(res.body).toContain('<form');
    expect(res.body).toContain('value="Bea Buyer"');
    expect(res.body).not.toMatch(/id="cardNumber"[^>]*value=/);
    expect((await h.stripe.checkout.sessions.retrieve(s.id)).status).toBe('open');
    expect(h.received.length).toBe(count);
    const events = await h.app.inject({ method: 'GET', url: `/sandbox/stripe/events?session=${s.id}` });
    expect(events.json().data).toEqual([]);
  });

  it.each([
    ['any other card number', { cardNumber: '5555 5555 5555 4444' }, 'Your card number is invalid.'],
    [
      'an expiry in the past',
      { cardNumber: '4242424242424242', cardExpiry: '01 / 20' },
      "Your card's expiration date is in the past.",
    ],
    ['no CVC', { cardNumber: '4242424242424242', cardCvc: '' }, "Your card's security code is incomplete."],
    ['no e-mail', { cardNumber: '4242424242424242', email: '' }, 'Your email is incomplete.'],
  ])('%s is refused with its message and the session stays open', async (_what, fields, message) => {
    const s = await h.stripe.checkout.sessions.create(sessionParams());
    const res = await h.app.inject({
      method: 'POST',
      url: `/sandbox/stripe/pay/${s.id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...CARD, ...fields }).toString(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(esc(message));
    expect(res.body).toContain('aria-invalid="true"');
    expect((await h.stripe.checkout.sessions.retrieve(s.id)).status).toBe('open');
  });

  it('a failed delivery is retried in the background while the browser still returns to the product', async () => {
    const s = await h.stripe.checkout.sessions.create(sessionParams());
    const count = h.received.length;
    h.state.hookStatuses.push(500, 503);
    const res = await pay(h.app, s.id, '4242424242424242');
    expect(res.statusCode).toBe(303);
    // the log records each attempt once its answer is in
    const logged = async () =>
      (await h.app.inject({ method: 'GET', url: `/sandbox/stripe/events?session=${s.id}` })).json().data[0];
    const until = Date.now() + 10_000;
    while ((await logged())?.attempts.length < 3 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    const sent = h.received.slice(count);
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((d) => JSON.parse(d.body).id)).size).toBe(1);
    const record = await logged();
    expect(record.state).toBe('delivered');
    expect(record.attempts.map((a: { kind: string; status: number }) => [a.kind, a.status])).toEqual([
      ['first', 500],
      ['retry', 503],
      ['retry', 200],
    ]);
  });

  it('a sent event can be resent: the same event id, signed afresh (a replay)', async () => {
    const s = await h.stripe.checkout.sessions.create(sessionParams());
    await pay(h.app, s.id, '4242424242424242');
    const first = h.received.at(-1) as TDelivery;
    const id = JSON.parse(first.body).id;
    const res = await h.app.inject({ method: 'POST', url: `/sandbox/stripe/events/${id}/resend` });
    expect(res.json()).toEqual({ id, delivered: true, status: 200, error: null });
    const replay = h.received.at(-1) as TDelivery;
    const event = new Stripe(SANDBOX_STRIPE_SECRET_KEY).webhooks.constructEvent(
      replay.body,
      replay.signature,
      SANDBOX_STRIPE_WEBHOOK_SECRET,
    );
    expect(event.id).toBe(id);
    expect(replay.body).toBe(first.body);
    const unknown = await h.app.inject({ method: 'POST', url: '/sandbox/stripe/events/evt_unknown/resend' });
    expect(unknown.statusCode).toBe(404);
  });

  it('an expiry is sent as checkout.session.expired', async () => {
    const s = await h.stripe.checkout.sessions.create(sessionParams());
    await h.stripe.checkout.sessions.expire(s.id);
    await waitFor(() => h.received.some((d) => JSON.parse(d.body).data.object.id === s.id));
    const sent = h.received.filter((d) => JSON.parse(d.body).data.object.id === s.id);
    expect(sent.map((d) => JSON.parse(d.body).type)).toEqual(['checkout.session.expired']);
  });

  it('sessions are kept in the database: another process (the product app) reads and shows one this one made', async () => {
    const s = await h.stripe.checkout.sessions.create(sessionParams());
    expect((await stripe.checkout.sessions.retrieve(s.id)).id).toBe(s.id);
    const page = await t.app.inject({ method: 'GET', url: `/sandbox/stripe/pay/${s.id}` });
    expect(page.statusCode).toBe(200);
  });
});

describe('outside sandbox mode', () => {
  it('/sandbox/stripe is not served at all', async () => {
    const off = await buildTestApp({ SANDBOX: 'false' });
    try {
      for (const url of ['/sandbox/stripe/v1/coupons/flat5', '/sandbox/stripe/pay/cs_test_x', '/sandbox/stripe/events']) {
        const res = await off.app.inject({
          method: 'GET',
          url,
          headers: { authorization: `Bearer ${SANDBOX_STRIPE_SECRET_KEY}` },
        });
        expect(res.statusCode, url).toBe(404);
        expect(res.json().code).toBe('ROUTE_NOT_FOUND');
      }
    } finally {
      await off.close();
    }
  });
});
