import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createStripeGateway, STRIPE_API_VERSION, stripeFetch } from './stripe';

type TSeen = { url: string; method: string; headers: Headers; body: string };

/** Stripe's API as recorded: each request is kept, and answered with the documented object for its path. */
function recordedStripe(answers: Record<string, { status?: number; body: unknown }>) {
  const seen: TSeen[] = [];
  const fetchFn: typeof fetch = async (input, init) => {
    const url = typeof input === 'string' || input instanceof URL ? input.toString() : input.url;
    const body = typeof init?.body === 'string' ? init.body : '';
    seen.push({ url, method: init?.method ?? 'GET', headers: new Headers(init?.headers), body });
    const path = new URL(url).pathname;
    const key = Object.keys(answers).find((k) => path === k || path.startsWith(`${k}/`));
    const answer = key
      ? answers[key]
      : { status: 404, body: { error: { type: 'invalid_request_error', message: 'No such path' } } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json', 'request-id': 'req_test' },
    });
  };
  return { seen, fetch: fetchFn };
}

const SESSION = {
  id: 'cs_test_a1B2c3',
  object: 'checkout.session',
  amount_subtotal: 1900,
  amount_total: 1710,
  client_reference_id: 'user_1',
  currency: 'usd',
  customer_email: 'owner@example.com',
  metadata: { userId: 'user_1', planId: 'plan_starter', currency: 'usd', kind: 'new', orderId: 'order_1' },
  mode: 'payment',
  payment_intent: null,
  payment_status: 'unpaid',
  status: 'open',
  success_url: 'https://app.example.com/pricing/success?session_id={CHECKOUT_SESSION_ID}',
  cancel_url: 'https://app.example.com/pricing/payment-failed',
  url: 'https://checkout.stripe.com/c/pay/cs_test_a1B2c3',
  expires_at: 1_900_000_000,
  livemode: false,
};

const PROMOTION_LIST = {
  object: 'list',
  url: '/v1/promotion_codes',
  has_more: false,
  data: [
    {
      id: 'promo_1Welcome',
      object: 'promotion_code',
      active: true,
      code: 'WELCOME10',
      created: 1_700_000_000,
      customer: null,
      expires_at: null,
      livemode: false,
      max_redemptions: null,
      metadata: {},
      promotion: {
        type: 'coupon',
        coupon: {
          id: 'WELCOME10',
          object: 'coupon',
          amount_off: null,
          currency: null,
          duration: 'forever',
          name: 'Welcome',
          percent_off: 10,
          valid: true,
        },
      },
      restrictions: { first_time_transaction: false, minimum_amount: null, minimum_amount_currency: null },
      times_redeemed: 3,
    },
  ],
};

const gatewayOn = (fetchFn: typeof fetch, apiBase = 'https://api.stripe.com') =>
  createStripeGateway({ secretKey: 'sk_test_123', webhookSecret: 'whsec_test', apiBase, fetch: fetchFn });

describe('the Stripe adapter, against responses in Stripe’s documented shapes', () => {
  it('opens a Checkout session: one price_data line, the success and cancel pages, metadata, the promotion code', async () => {
    const api = recordedStripe({ '/v1/checkout/sessions': { body: SESSION } });
    const session = await gatewayOn(api.fetch).createCheckout({
      orderId: 'order_1',
      currency: 'usd',
      amountMinor: 1900,
      productName: 'Starter plan (1 month)',
      successUrl: SESSION.success_url,
      cancelUrl: SESSION.cancel_url,
      clientReferenceId: 'user_1',
      customerEmail: 'owner@example.com',
      metadata: SESSION.metadata,
      promotionCodeId: 'promo_1Welcome',
    });
    expect(session).toMatchObject({ id: 'cs_test_a1B2c3', url: SESSION.url, status: 'open', paymentStatus: 'unpaid' });
    const [req] = api.seen;
    expect(req.url).toBe('https://api.stripe.com/v1/checkout/sessions');
    expect(req.method).toBe('POST');
    expect(req.headers.get('authorization')).toBe('Bearer sk_test_123');
    expect(req.headers.get('stripe-version')).toBe(STRIPE_API_VERSION);
    expect(req.headers.get('idempotency-key')).toBe('checkout-order_1');
    const form = new URLSearchParams(req.body);
    expect(Object.fromEntries(form)).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '1900',
      'line_items[0][price_data][product_data][name]': 'Starter plan (1 month)',
      success_url: 'https://app.example.com/pricing/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://app.example.com/pricing/payment-failed',
      client_reference_id: 'user_1',
      customer_email: 'owner@example.com',
      'metadata[planId]': 'plan_starter',
      'metadata[kind]': 'new',
      'discounts[0][promotion_code]': 'promo_1Welcome',
    });
  });

  it('finds an active promotion code with its coupon expanded (under promotion.coupon)', async () => {
    const api = recordedStripe({ '/v1/promotion_codes': { body: PROMOTION_LIST } });
    const promo = await gatewayOn(api.fetch).findPromotion('WELCOME10');
    expect(promo).toMatchObject({
      id: 'promo_1Welcome',
      code: 'WELCOME10',
      active: true,
      coupon: { id: 'WELCOME10', percentOff: 10, amountOff: null, valid: true },
    });
    const url = new URL(api.seen[0].url);
    expect(url.pathname).toBe('/v1/promotion_codes');
    expect(url.searchParams.get('code')).toBe('WELCOME10');
    expect(url.searchParams.get('active')).toBe('true');
    expect(url.searchParams.get('limit')).toBe('1');
    // the SDK numbers list items: expand[0]=...
    expect(url.searchParams.get('expand[0]')).toBe('data.promotion.coupon');
    expect(url.searchParams.get('expand[1]')).toBe('data.promotion.coupon.currency_options');
  });

  it('an unknown code is an empty list: null', async () => {
    const api = recordedStripe({ '/v1/promotion_codes': { body: { ...PROMOTION_LIST, data: [] } } });
    expect(await gatewayOn(api.fetch).findPromotion('NOPE')).toBeNull();
  });

  it("reads a coupon's amounts per currency", async () => {
    const api = recordedStripe({
      '/v1/coupons/FLAT5': {
        body: {
          id: 'FLAT5',
          object: 'coupon',
          amount_off: 500,
          currency: 'usd',
          currency_options: { eur: { amount_off: 500 }, inr: { amount_off: 40000 } },
          duration: 'once',
          percent_off: null,
          valid: true,
        },
      },
    });
    const coupon = await gatewayOn(api.fetch).retrieveCoupon('FLAT5');
    expect(coupon).toEqual({
      id: 'FLAT5',
      valid: true,
      percentOff: null,
      amountOff: 500,
      currency: 'usd',
      currencyOptions: { eur: 500, inr: 40000 },
    });
    expect(new URL(api.seen[0].url).searchParams.get('expand[0]')).toBe('currency_options');
  });

  it('surfaces Stripe’s error with its message and status (no retry of a 4xx)', async () => {
    const api = recordedStripe({
      '/v1/checkout/sessions': {
        status: 401,
        body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_***123' } },
      },
    });
    const err = await gatewayOn(api.fetch)
      .retrieveCheckout('cs_x')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect((err as Error).message).toContain('Invalid API Key');
    expect(api.seen).toHaveLength(1);
  });

  it('checks a webhook’s signature over the raw body with the endpoint secret', async () => {
    const gateway = gatewayOn(recordedStripe({}).fetch);
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: SESSION },
    });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_test' });
    expect((await gateway.verifyEvent(Buffer.from(payload), header)).id).toBe('evt_1');
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    await expect(gateway.verifyEvent(Buffer.from(payload), forged)).rejects.toThrow();
    await expect(gateway.verifyEvent(Buffer.from(`${payload} `), header)).rejects.toThrow();
    await expect(gateway.verifyEvent(Buffer.from(payload), undefined)).rejects.toThrow();
  });
});

describe('stripeFetch: where the SDK’s requests go', () => {
  const target = () => {
    const urls: string[] = [];
    const f: typeof fetch = async (input) => {
      urls.push(String(input));
      return new Response('{}');
    };
    return { urls, f };
  };

  it('to Stripe itself unchanged', async () => {
    const { urls, f } = target();
    await stripeFetch('https://api.stripe.com', f)('https://api.stripe.com:443/v1/coupons/X?expand[]=a');
    expect(urls).toEqual(['https://api.stripe.com:443/v1/coupons/X?expand[]=a']);
  });

  it('to the sandbox emulator under the server’s own address', async () => {
    const { urls, f } = target();
    await stripeFetch('http://localhost:3000/sandbox/stripe', f)('https://api.stripe.com:443/v1/checkout/sessions?x=1');
    expect(urls).toEqual(['http://localhost:3000/sandbox/stripe/v1/checkout/sessions?x=1']);
  });
});

describe('where the product reaches Stripe (config.stripe)', () => {
  const base = { NODE_ENV: 'test', PUBLIC_URL: 'https://app.example.com' };

  it('in the sandbox without keys: the emulator under /sandbox/stripe, with its own keys', () => {
    expect(loadConfig({ ...base, SANDBOX: 'on' }).stripe).toEqual({
      secretKey: 'sk_test_sandbox',
      webhookSecret: 'whsec_sandbox',
      apiBase: 'https://app.example.com/sandbox/stripe',
      emulated: true,
    });
  });

  it('with a real key: Stripe itself, sandbox or not', () => {
    const keys = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    for (const SANDBOX of ['on', 'off'])
      expect(loadConfig({ ...base, SANDBOX, ...keys }).stripe).toEqual({
        secretKey: 'sk_live_x',
        webhookSecret: 'whsec_x',
        apiBase: 'https://api.stripe.com',
        emulated: false,
      });
  });

  it('outside the sandbox without keys: none (the payment calls answer 503)', () => {
    expect(loadConfig({ ...base, SANDBOX: 'off' }).stripe).toMatchObject({ secretKey: null, webhookSecret: null });
  });
});
