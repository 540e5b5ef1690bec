import http from 'node:http';
import { paypalSandboxRoutes, paypalStore } from '@virality/sandbox/testing';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, SANDBOX_PAYPAL } from '../../config';
import { createPayPalGateway, isPayPalError, type PayPalError, type TPayPalGateway } from '../../integrations/paypal';
import { buildTestApp, inProcessFetch, type TTestApp } from '../../test/helpers';

type TDelivery = { headers: Record<string, string>; body: string };

/**
 * The emulator on an app of its own, on the test app's database and clock, delivering its webhooks to a receiver
 * the test controls (answering `hookStatuses` in turn, then 200) instead of the product's webhook route.
 */
async function harness(t: TTestApp, opts: { tickMs?: number } = {}) {
  const { config } = t.container;
  const hookUrl = `${config.publicUrl}/test/paypal-hook`;
  const received: TDelivery[] = [];
  const state = { hookStatuses: [] as number[] };
  const viaEmulator = inProcessFetch(config.publicUrl);
  const deliver: typeof fetch = async (input, init) => {
    if (String(input) !== hookUrl) return viaEmulator.fetch(input, init);
    received.push({ headers: Object.fromEntries(new Headers(init?.headers).entries()), body: String(init?.body) });
    return new Response('{}', { status: state.hookStatuses.shift() ?? 200 });
  };
  const app = Fastify({ logger: false });
  await app.register(
    paypalSandboxRoutes({
      config,
      db: t.container.db,
      clock: t.clock,
      fetch: deliver,
      log: app.log,
      webhookUrl: hookUrl,
      retryDelaysMs: [30, 60, 90],
      tickMs: opts.tickMs ?? 0,
    }),
  );
  await app.ready();
  viaEmulator.bind(app as never);
  const gateway = (over: Partial<Parameters<typeof createPayPalGateway>[0]> = {}) =>
    createPayPalGateway({
      baseUrl: `${config.publicUrl}/sandbox/paypal`,
      clientId: SANDBOX_PAYPAL.clientId,
      clientSecret: SANDBOX_PAYPAL.clientSecret,
      webhookId: SANDBOX_PAYPAL.webhookId,
      fetch: viaEmulator.fetch,
      ...over,
    });
  return { app, received, state, gateway, fetch: viaEmulator.fetch };
}

/** Waits for a webhook to arrive: up to 25 s, as a loaded machine (the whole suite on PostgreSQL) delivers slowly. */
const waitFor = async (check: () => boolean, ms = 25_000) => {
  const until = Date.now() + ms;
  while (!check() && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
};

/** The error a call throws (fails the test when it does not throw). */
async function failure(p: Promise<unknown>): Promise<PayPalError> {
  try {
    await p;
  } catch (err) {
    if (isPayPalError(err)) return err;
    throw err;
  }
  throw new Error('the call succeeded');
}

let t: TTestApp;
let h: Awaited<ReturnType<typeof harness>>;
let paypal: TPayPalGateway;
let seq = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++seq}`;

beforeAll(async () => {
  t = await buildTestApp();
  h = await harness(t);
  paypal = h.gateway();
});
afterAll(async () => {
  await h?.app.close();
  await t?.close();
});

const newOrder = (over: { amountMinor?: number; requestId?: string } = {}) =>
  paypal.createOrder({
    amountMinor: over.amountMinor ?? 2550,
    currency: 'USD',
    requestId: over.requestId ?? unique('order'),
    returnUrl: 'http://localhost:3000/payment/return',
    cancelUrl: 'http://localhost:3000/payment/cancel',
    brandName: 'Virality',
    customId: 'payment-1',
    description: 'Campaign payment',
  });

/** The payer on the approval page: reads the page, then posts its form (Pay or Cancel). */
async function approve(orderId: string, email = 'brand@example.com', action: 'pay' | 'cancel' = 'pay') {
  const page = await h.app.inject({ method: 'GET', url: `/sandbox/paypal/checkoutnow?token=${orderId}` });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain(`name="token" value="${orderId}"`);
  return h.app.inject({
    method: 'POST',
    url: '/sandbox/paypal/checkoutnow',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token: orderId, email, action }).toString(),
  });
}

describe('the OAuth token', () => {
  it('the emulator’s client id and secret get a bearer token; a wrong secret is invalid_client (401)', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/sandbox/paypal/v1/oauth2/token',
      headers: {
        authorization: `Basic ${Buffer.from(`${SANDBOX_PAYPAL.clientId}:${SANDBOX_PAYPAL.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'grant_type=client_credentials',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ token_type: 'Bearer', expires_in: 32400 });
    const bad = h.gateway({ clientSecret: 'wrong' });
    const err = await failure(bad.getOrder('AAAAAAAAAAAAAAAAA'));
    expect(err).toMatchObject({ status: 401, errorName: 'invalid_client', retryable: false });
  });

  it('an API call without a token is refused (401)', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/sandbox/paypal/v2/checkout/orders/AAAAAAAAAAAAAAAAA' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'invalid_token', error_description: 'Access Token not found in cache' });
    // a payout with no token is not made
    const senderBatchId = unique('notoken');
    const payout = await h.app.inject({
      method: 'POST',
      url: '/sandbox/paypal/v1/payments/payouts',
      headers: { authorization: `Bearer A21AA${'x'.repeat(40)}` },
      payload: {
        sender_batch_header: { sender_batch_id: senderBatchId },
        items: [{ recipient_type: 'EMAIL', amount: { value: '1.00', currency: 'USD' }, receiver: 'nt@example.com' }],
      },
    });
    expect(payout.statusCode).toBe(401);
    expect((await h.app.inject({ method: 'GET', url: `/sandbox/paypal/_payouts/${senderBatchId}` })).statusCode).toBe(404);
  });

  it('the gateway asks for one token and reuses it until it nears its end', async () => {
    let tokenCalls = 0;
    const counting = h.gateway({
      fetch: (input, init) => {
        if (String(input).endsWith('/v1/oauth2/token')) tokenCalls++;
        return h.fetch(input, init);
      },
    });
    const order = await newOrder();
    await counting.getOrder(order.id);
    await counting.getOrder(order.id);
    expect(tokenCalls).toBe(1);
  });
});

describe('orders: create, approve on the page, capture', () => {
  it('an order is created for the amount (2 decimals on the wire) and waits for the payer at its approve link', async () => {
    const order = await newOrder({ amountMinor: 2550 });
    expect(order).toMatchObject({
      status: 'PAYER_ACTION_REQUIRED',
      amountMinor: 2550,
      currency: 'USD',
      customId: 'payment-1',
      captures: [],
    });
    expect(order.approveUrl).toBe(`${t.container.config.publicUrl}/sandbox/paypal/checkoutnow?token=${order.id}`);
    const raw = await h.app.inject({ method: 'GET', url: `/sandbox/paypal/checkoutnow?token=${order.id}` });
    expect(raw.body).toContain('$25.50');
    expect(raw.body).toContain('Virality');
  });

  it('the same PayPal-Request-Id makes no second order', async () => {
    const requestId = unique('same');
    const a = await newOrder({ requestId });
    const b = await newOrder({ requestId });
    expect(b.id).toBe(a.id);
  });

  it('an unapproved order cannot be captured (ORDER_NOT_APPROVED)', async () => {
    const order = await newOrder();
    const err = await failure(paypal.captureOrder(order.id, unique('cap')));
    expect(err).toMatchObject({ status: 422, issue: 'ORDER_NOT_APPROVED', retryable: false });
  });

  it('Pay approves the order and returns to return_url with token and PayerID; the capture completes once', async () => {
    const order = await newOrder({ amountMinor: 1000 });
    const res = await approve(order.id);
    expect(res.statusCode).toBe(303);
    const back = new URL(String(res.headers.location));
    expect(back.pathname).toBe('/payment/return');
    expect(back.searchParams.get('token')).toBe(order.id);
    expect(back.searchParams.get('PayerID')).toMatch(/^[A-Z0-9]{13}$/);
    expect((await paypal.getOrder(order.id)).status).toBe('APPROVED');

    const captured = await paypal.captureOrder(order.id, unique('cap'));
    expect(captured.status).toBe('COMPLETED');
    expect(captured.captures).toHaveLength(1);
    expect(captured.captures[0]).toMatchObject({ status: 'COMPLETED', amountMinor: 1000, currency: 'USD', finalCapture: true });

    const again = await failure(paypal.captureOrder(order.id, unique('cap')));
    expect(again).toMatchObject({ status: 422, issue: 'ORDER_ALREADY_CAPTURED' });
    const read = await paypal.getOrder(order.id);
    expect(read.captures.map((c) => c.id)).toEqual([captured.captures[0].id]);
  });

  it('a capture repeated with the same PayPal-Request-Id answers the same capture', async () => {
    const order = await newOrder();
    await approve(order.id);
    const requestId = unique('cap');
    const first = await paypal.captureOrder(order.id, requestId);
    const second = await paypal.captureOrder(order.id, requestId);
    expect(second.captures[0].id).toBe(first.captures[0].id);
  });

  it('a payer whose address says "declined" is approved, then the capture is INSTRUMENT_DECLINED and nothing is captured', async () => {
    const order = await newOrder();
    await approve(order.id, 'declined.payer@example.com');
    const err = await failure(paypal.captureOrder(order.id, unique('cap')));
    expect(err).toMatchObject({ status: 422, errorName: 'UNPROCESSABLE_ENTITY', issue: 'INSTRUMENT_DECLINED', retryable: false });
    expect((await paypal.getOrder(order.id)).captures).toEqual([]);
  });

  it('Cancel returns to cancel_url with the token and leaves the order unapproved', async () => {
    const order = await newOrder();
    const res = await approve(order.id, '', 'cancel');
    expect(res.statusCode).toBe(303);
    const back = new URL(String(res.headers.location));
    expect(back.pathname).toBe('/payment/cancel');
    expect(back.searchParams.get('token')).toBe(order.id);
    expect((await paypal.getOrder(order.id)).status).toBe('PAYER_ACTION_REQUIRED');
  });

  it('Pay without a valid e-mail shows the page again with the error; the order stays unapproved', async () => {
    const order = await newOrder();
    const res = await approve(order.id, 'not-an-address');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('role="alert"');
    expect((await paypal.getOrder(order.id)).status).toBe('PAYER_ACTION_REQUIRED');
  });

  it('an order left unapproved for three hours (product clock) is gone: its page says so and PayPal answers 404', async () => {
    const order = await newOrder();
    t.clock.advance(3 * 3600_000 + 1000);
    const page = await h.app.inject({ method: 'GET', url: `/sandbox/paypal/checkoutnow?token=${order.id}` });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('This payment has expired.');
    expect(await failure(paypal.getOrder(order.id))).toMatchObject({ status: 404, errorName: 'RESOURCE_NOT_FOUND' });
  });

  it('an approved order does not expire: it can be captured hours later', async () => {
    const order = await newOrder();
    await approve(order.id);
    t.clock.advance(5 * 3600_000);
    expect((await paypal.captureOrder(order.id, unique('cap'))).status).toBe('COMPLETED');
  });

  it('a bad amount is refused (400) and an unknown order is RESOURCE_NOT_FOUND (404)', async () => {
    const bad = await failure(newOrder({ amountMinor: 0 }));
    expect(bad).toMatchObject({ status: 400, errorName: 'INVALID_REQUEST' });
    const missing = await failure(paypal.getOrder('ZZZZZZZZZZZZZZZZZ'));
    expect(missing).toMatchObject({ status: 404, errorName: 'RESOURCE_NOT_FOUND' });
  });
});

describe('webhooks: signed, retried, verified', () => {
  it('a capture sends PAYMENT.CAPTURE.COMPLETED with PayPal’s headers, and the gateway verifies it', async () => {
    const order = await newOrder({ amountMinor: 4200 });
    await approve(order.id);
    const captured = await paypal.captureOrder(order.id, unique('cap'));
    const captureId = captured.captures[0].id;
    await waitFor(() => h.received.some((d) => d.body.includes(captureId)));
    const delivery = h.received.find((d) => d.body.includes(captureId));
    if (!delivery) throw new Error('no delivery');
    const event = JSON.parse(delivery.body);
    expect(event).toMatchObject({
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource_type: 'capture',
      resource: { id: captureId },
    });
    expect(event.resource.amount).toEqual({ currency_code: 'USD', value: '42.00' });
    for (const header of [
      'paypal-transmission-id',
      'paypal-transmission-time',
      'paypal-transmission-sig',
      'paypal-cert-url',
      'paypal-auth-algo',
    ])
      expect(delivery.headers[header]).toBeTruthy();
    expect(await paypal.verifyWebhookSignature(delivery.headers, delivery.body)).toBe(true);
  });

  it('a forged delivery (made-up transmission) and an altered body both verify as FAILURE', async () => {
    const order = await newOrder({ amountMinor: 1500 });
    await approve(order.id);
    const captured = await paypal.captureOrder(order.id, unique('cap'));
    await waitFor(() => h.received.some((d) => d.body.includes(captured.captures[0].id)));
    const real = h.received.find((d) => d.body.includes(captured.captures[0].id));
    if (!real) throw new Error('no delivery');

    const altered = real.body.replace('"15.00"', '"1500.00"');
    expect(altered).not.toBe(real.body);
    expect(await paypal.verifyWebhookSignature(real.headers, altered)).toBe(false);

    const forged = { ...real.headers, 'paypal-transmission-id': crypto.randomUUID() };
    expect(await paypal.verifyWebhookSignature(forged, real.body)).toBe(false);
    const badSig = { ...real.headers, 'paypal-transmission-sig': Buffer.from('x'.repeat(32)).toString('base64') };
    expect(await paypal.verifyWebhookSignature(badSig, real.body)).toBe(false);
    const { 'paypal-transmission-sig': _, ...unsigned } = real.headers;
    expect(await paypal.verifyWebhookSignature(unsigned, real.body)).toBe(false);
    // the real one still verifies (same event, re-spaced)
    expect(await paypal.verifyWebhookSignature(real.headers, JSON.stringify(JSON.parse(real.body), null, 2))).toBe(true);
  });

  it('a delivery the endpoint refuses is retried with backoff, each retry a new transmission that verifies', async () => {
    h.state.hookStatuses = [500, 503];
    const order = await newOrder({ amountMinor: 700 });
    await approve(order.id);
    const captured = await paypal.captureOrder(order.id, unique('cap'));
    const id = captured.captures[0].id;
    await waitFor(() => h.received.filter((d) => d.body.includes(id)).length >= 3);
    const attempts = h.received.filter((d) => d.body.includes(id));
    expect(attempts).toHaveLength(3);
    expect(new Set(attempts.map((a) => a.headers['paypal-transmission-id'])).size).toBe(3);
    expect(await paypal.verifyWebhookSignature(attempts[2].headers, attempts[2].body)).toBe(true);
  });
});

describe('payouts', () => {
  const payout = (senderBatchId: string, receiver: string, amountMinor = 1234) =>
    paypal.createPayout({
      senderBatchId,
      items: [{ receiver, amountMinor, currency: 'USD', senderItemId: `${senderBatchId}-1`, note: 'Your Virality earnings' }],
    });

  it.each([
    ['influencer@example.com', 'SUCCESS', 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED', null],
    ['will.fail@example.com', 'FAILED', 'PAYMENT.PAYOUTS-ITEM.FAILED', 'RECEIVER_ACCOUNT_LOCKED'],
    ['returned@example.com', 'RETURNED', 'PAYMENT.PAYOUTS-ITEM.RETURNED', 'RECEIVER_UNCONFIRMED'],
    ['unclaimed@example.com', 'UNCLAIMED', 'PAYMENT.PAYOUTS-ITEM.UNCLAIMED', 'RECEIVER_UNREGISTERED'],
  ])(
    'a payout to %s stays PENDING, then a minute later by the product clock is %s, with its webhook',
    async (receiver, status, eventType, errorName) => {
      const created = await payout(unique('batch'), receiver);
      expect(created.alreadyExisted).toBe(false);
      expect(created.status).toBe('PENDING');
      const pending = await paypal.getPayoutBatch(created.batchId);
      expect(pending.items).toHaveLength(1);
      expect(pending.items[0]).toMatchObject({ status: 'PENDING', amountMinor: 1234, currency: 'USD' });

      t.clock.advance(61_000);
      const done = await paypal.getPayoutBatch(created.batchId);
      expect(done.status).toBe('SUCCESS');
      const item = await paypal.getPayoutItem(pending.items[0].itemId);
      expect(item).toMatchObject({ status, batchId: created.batchId, errorName });
      expect(item.transactionId).toMatch(/^[A-Z0-9]{17}$/);

      await waitFor(() => h.received.some((d) => d.body.includes(item.itemId) && d.body.includes(eventType)));
      const delivery = h.received.find((d) => d.body.includes(item.itemId) && d.body.includes(eventType));
      expect(delivery).toBeDefined();
      if (delivery) expect(await paypal.verifyWebhookSignature(delivery.headers, delivery.body)).toBe(true);
      await waitFor(() =>
        h.received.some((d) => d.body.includes('PAYMENT.PAYOUTSBATCH.SUCCESS') && d.body.includes(created.batchId)),
      );
      expect(h.received.some((d) => d.body.includes('PAYMENT.PAYOUTSBATCH.SUCCESS') && d.body.includes(created.batchId))).toBe(
        true,
      );
      // UNCLAIMED stays UNCLAIMED as time goes on
      t.clock.advance(3600_000);
      expect((await paypal.getPayoutItem(item.itemId)).status).toBe(status);
    },
    60_000,
  );

  it('a payout nobody reads still finishes on time: the emulator’s ticker settles it and sends its webhooks', async () => {
    const ticking = await harness(t, { tickMs: 20 });
    try {
      const created = await ticking.gateway().createPayout({
        senderBatchId: unique('batch'),
        items: [{ receiver: 'ticker@example.com', amountMinor: 300, currency: 'USD', senderItemId: 't-1', note: 'n' }],
      });
      await new Promise((r) => setTimeout(r, 100));
      expect(ticking.received.some((d) => d.body.includes(created.batchId))).toBe(false);
      t.clock.advance(61_000);
      // the item's and the batch's webhooks are sent side by side, so either may arrive first (as with PayPal)
      const typesSent = () =>
        ticking.received.filter((d) => d.body.includes(created.batchId)).map((d) => JSON.parse(d.body).event_type);
      await waitFor(() => typesSent().length >= 2);
      const types = typesSent();
      expect(types).toEqual(expect.arrayContaining(['PAYMENT.PAYOUTS-ITEM.SUCCEEDED', 'PAYMENT.PAYOUTSBATCH.SUCCESS']));
    } finally {
      await ticking.app.close();
    }
  });

  it('a repeated sender_batch_id pays nothing twice: PayPal refuses it and the gateway answers the first batch', async () => {
    const senderBatchId = unique('batch');
    const first = await payout(senderBatchId, 'twice@example.com', 500);
    const raw = await h.app.inject({
      method: 'POST',
      url: '/sandbox/paypal/v1/payments/payouts',
      headers: { authorization: `Bearer ${await token()}`, 'content-type': 'application/json' },
      payload: {
        sender_batch_header: { sender_batch_id: senderBatchId },
        items: [{ recipient_type: 'EMAIL', receiver: 'twice@example.com', amount: { value: '5.00', currency: 'USD' } }],
      },
    });
    expect(raw.statusCode).toBe(400);
    expect(raw.json()).toMatchObject({ name: 'USER_BUSINESS_ERROR', details: [{ field: 'sender_batch_id' }] });

    // the gateway sends the sender_batch_id as the PayPal-Request-Id too: the repeat answers the first batch
    const second = await payout(senderBatchId, 'twice@example.com', 500);
    expect(second).toMatchObject({ batchId: first.batchId, senderBatchId });
    const batches = await paypalStore(t.container.db).list<{
      batch_header: { sender_batch_header: { sender_batch_id: string } };
    }>('batch');
    expect(batches.filter((b) => b.batch_header.sender_batch_header.sender_batch_id === senderBatchId)).toHaveLength(1);
  });

  it('/_payouts says whether PayPal holds a sender_batch_id (404 until the payout is taken), and its batch’s state', async () => {
    const senderBatchId = unique('batch');
    const before = await h.app.inject({ method: 'GET', url: `/sandbox/paypal/_payouts/${senderBatchId}` });
    expect(before.statusCode).toBe(404);
    const created = await payout(senderBatchId, 'held@example.com', 700);
    const after = await h.app.inject({ method: 'GET', url: `/sandbox/paypal/_payouts/${senderBatchId}` });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ payout_batch_id: created.batchId, batch_status: 'PENDING' });
  });

  it('only an UNCLAIMED item can be cancelled: it becomes RETURNED, with PAYMENT.PAYOUTS-ITEM.CANCELED', async () => {
    const unclaimed = await payout(unique('batch'), 'unclaimed.cancel@example.com', 700);
    const paid = await payout(unique('batch'), 'paid.cancel@example.com', 700);
    const pending = (await paypal.getPayoutBatch(paid.batchId)).items[0];
    expect(await failure(paypal.cancelPayoutItem(pending.itemId))).toMatchObject({ status: 422, issue: 'ITEM_NOT_UNCLAIMED' });
    t.clock.advance(61_000);
    const item = (await paypal.getPayoutBatch(unclaimed.batchId)).items[0];
    expect(item.status).toBe('UNCLAIMED');
    const cancelled = await paypal.cancelPayoutItem(item.itemId);
    expect(cancelled).toMatchObject({ itemId: item.itemId, status: 'RETURNED' });
    expect((await paypal.getPayoutItem(item.itemId)).status).toBe('RETURNED');
    await waitFor(() => h.received.some((d) => d.body.includes('PAYMENT.PAYOUTS-ITEM.CANCELED') && d.body.includes(item.itemId)));
    const delivery = h.received.find((d) => d.body.includes('PAYMENT.PAYOUTS-ITEM.CANCELED') && d.body.includes(item.itemId));
    expect(delivery).toBeDefined();
    expect(await failure(paypal.cancelPayoutItem(item.itemId))).toMatchObject({ status: 422 });
    expect(await failure(paypal.cancelPayoutItem((await paypal.getPayoutBatch(paid.batchId)).items[0].itemId))).toMatchObject({
      status: 422,
      issue: 'ITEM_NOT_UNCLAIMED',
    });
    expect(await failure(paypal.cancelPayoutItem('ZZZZZZZZZZZZZ'))).toMatchObject({ status: 404 });
  });

  it('a payout with a bad receiver or amount is refused (VALIDATION_ERROR) and claims no sender_batch_id', async () => {
    const senderBatchId = unique('batch');
    const err = await failure(payout(senderBatchId, 'not an address'));
    expect(err).toMatchObject({ status: 400, errorName: 'VALIDATION_ERROR' });
    const ok = await payout(senderBatchId, 'fine@example.com');
    expect(ok.alreadyExisted).toBe(false);
  });
});

async function token() {
  const res = await h.app.inject({
    method: 'POST',
    url: '/sandbox/paypal/v1/oauth2/token',
    headers: {
      authorization: `Basic ${Buffer.from(`${SANDBOX_PAYPAL.clientId}:${SANDBOX_PAYPAL.clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: 'grant_type=client_credentials',
  });
  return res.json().access_token as string;
}

describe('failures asked for through /_control', () => {
  it('a 5xx takes no effect and is retryable; the retry with the same request id makes the order', async () => {
    await h.app.inject({ method: 'POST', url: '/sandbox/paypal/_control', payload: { fail: 1 } });
    const requestId = unique('order');
    const err = await failure(newOrder({ requestId }));
    expect(err).toMatchObject({ status: 500, retryable: true });
    const order = await newOrder({ requestId });
    expect(order.status).toBe('PAYER_ACTION_REQUIRED');
  });

  it('a lost capture answer: the capture happened; the retry with the same request id finds that same capture', async () => {
    const order = await newOrder();
    await approve(order.id);
    await h.app.inject({ method: 'POST', url: '/sandbox/paypal/_control', payload: { lose_answers: 1 } });
    const requestId = unique('cap');
    const err = await failure(paypal.captureOrder(order.id, requestId));
    expect(err).toMatchObject({ status: 504, retryable: true });
    const read = await paypal.getOrder(order.id);
    expect(read.status).toBe('COMPLETED');
    const retried = await paypal.captureOrder(order.id, requestId);
    expect(retried.captures.map((c) => c.id)).toEqual(read.captures.map((c) => c.id));
  });

  it('a lost payout answer: the retry with the same sender_batch_id finds the one batch made', async () => {
    const senderBatchId = unique('batch');
    await h.app.inject({ method: 'POST', url: '/sandbox/paypal/_control', payload: { lose_answers: 1 } });
    const items = [{ receiver: 'lost@example.com', amountMinor: 900, currency: 'USD' as const, senderItemId: 'w-1', note: 'n' }];
    const err = await failure(paypal.createPayout({ senderBatchId, items }));
    expect(err.retryable).toBe(true);
    const retried = await paypal.createPayout({ senderBatchId, items });
    expect(retried).toMatchObject({ senderBatchId });
    expect((await h.app.inject({ method: 'GET', url: `/sandbox/paypal/_payouts/${senderBatchId}` })).json().payout_batch_id).toBe(
      retried.batchId,
    );
    // the create call's answer carries no items (PayPal's does not): the batch has the one made
    const batch = await paypal.getPayoutBatch(retried.batchId);
    expect(batch.items).toHaveLength(1);
    expect(batch.items[0].amountMinor).toBe(900);
  });

  it('a slow answer: the call takes effect at once and answers latency_ms later (a caller dying meanwhile never hears)', async () => {
    const set = await h.app.inject({ method: 'POST', url: '/sandbox/paypal/_control', payload: { latency_ms: 300 } });
    expect(set.json()).toMatchObject({ pending: { latency_ms: 300 } });
    const senderBatchId = unique('slow');
    const items = [{ receiver: 'slow@example.com', amountMinor: 500, currency: 'USD' as const, senderItemId: 's-1', note: 'n' }];
    const started = Date.now();
    const sending = paypal.createPayout({ senderBatchId, items });
    await new Promise((r) => setTimeout(r, 150));
    // before the answer arrives the batch is there: a second send is refused as a repeat of it
    const again = await paypal.createPayout({ senderBatchId, items });
    const first = await sending;
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(first.batchId).toBe(again.batchId);
    await h.app.inject({ method: 'POST', url: '/sandbox/paypal/_control', payload: { clear: true } });
  });

  it('a failure asked for (fail) takes no effect, even when its caller dies while the slow answer waits', async () => {
    // over a real connection, as the product's workers call it; the caller goes away before the 500 reaches it
    const address = await h.app.listen({ port: 0, host: '127.0.0.1' });
    const basic = Buffer.from(`${SANDBOX_PAYPAL.clientId}:${SANDBOX_PAYPAL.clientSecret}`).toString('base64');
    const token = (
      await h.app.inject({
        method: 'POST',
        url: '/sandbox/paypal/v1/oauth2/token',
        headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'grant_type=client_credentials',
      })
    ).json().access_token as string;
    await h.app.inject({ method: 'POST', url: '/sandbox/paypal/_control', payload: { latency_ms: 300, fail: 1 } });
    const senderBatchId = unique('failslow');
    await new Promise<void>((resolve) => {
      const req = http.request(`${address}/sandbox/paypal/v1/payments/payouts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      });
      req.on('error', () => resolve());
      req.end(
        JSON.stringify({
          sender_batch_header: { sender_batch_id: senderBatchId, email_subject: 'Your payout' },
          items: [{ recipient_type: 'EMAIL', amount: { value: '4.00', currency: 'USD' }, receiver: 'fs@example.com' }],
        }),
      );
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 100);
    });
    await new Promise((r) => setTimeout(r, 500));
    const held = await h.app.inject({ method: 'GET', url: `/sandbox/paypal/_payouts/${senderBatchId}` });
    expect(held.statusCode).toBe(404);
    await h.app.inject({ method: 'POST', url: '/sandbox/paypal/_control', payload: { clear: true } });
  });

  it('lose_payout_answers loses only the answers of payouts made: other calls answer', async () => {
    await h.app.inject({ method: 'POST', url: '/sandbox/paypal/_control', payload: { lose_payout_answers: 1 } });
    const order = await newOrder();
    expect(order.status).toBe('PAYER_ACTION_REQUIRED');
    const senderBatchId = unique('lostpay');
    const items = [{ receiver: 'lp@example.com', amountMinor: 700, currency: 'USD' as const, senderItemId: 'lp-1', note: 'n' }];
    const err = await failure(paypal.createPayout({ senderBatchId, items }));
    expect(err).toMatchObject({ status: 504, retryable: true });
    const again = await paypal.createPayout({ senderBatchId, items });
    expect((await h.app.inject({ method: 'GET', url: `/sandbox/paypal/_payouts/${senderBatchId}` })).json().payout_batch_id).toBe(
      again.batchId,
    );
    const left = await h.app.inject({ method: 'POST', url: '/sandbox/paypal/_control', payload: {} });
    expect(left.json()).toMatchObject({ pending: { lose_payout_answers: 0 } });
  });

  it('_control refuses what it cannot do (400)', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/sandbox/paypal/_control', payload: { fail: 0 } });
    expect(res.statusCode).toBe(400);
    const slow = await h.app.inject({ method: 'POST', url: '/sandbox/paypal/_control', payload: { latency_ms: 60_000 } });
    expect(slow.statusCode).toBe(400);
  });
});

describe('the emulator is part of the sandbox only', () => {
  it('the sandbox app routes /sandbox/paypal and builds the PayPal gateway on it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sandbox/paypal/checkoutnow?token=AAAAAAAAAAAAAAAAA' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('This payment does not exist.');
    expect(t.container.config.paypal).toMatchObject({
      emulated: true,
      baseUrl: `${t.container.config.publicUrl}/sandbox/paypal`,
    });
    expect(t.services.paypal).not.toBeNull();
  });

  it('a production start without the sandbox has no /sandbox/paypal and no PayPal gateway unless configured', async () => {
    const env = {
      NODE_ENV: 'production',
      SANDBOX: 'off',
      SMTP_URL: 'smtp://127.0.0.1:1',
      TWILIO_ACCOUNT_SID: 'AC1',
      TWILIO_AUTH_TOKEN: 'secret',
      TWILIO_FROM: '+15550001111',
      GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com',
    };
    const prod = await buildTestApp(env);
    try {
      for (const [method, url] of [
        ['POST', '/sandbox/paypal/v1/oauth2/token'],
        ['GET', '/sandbox/paypal/checkoutnow?token=AAAAAAAAAAAAAAAAA'],
        ['POST', '/sandbox/paypal/v1/payments/payouts'],
      ] as const) {
        const res = await prod.app.inject({ method, url });
        expect(res.statusCode, url).toBe(404);
      }
      expect(prod.container.config.paypal).toMatchObject({
        emulated: false,
        clientId: null,
        baseUrl: 'https://api-m.paypal.com',
      });
      expect(prod.services.paypal).toBeNull();
    } finally {
      await prod.close();
    }
  });

  it('real PayPal is used when its settings are given', () => {
    const config = loadConfig({
      SANDBOX: 'true',
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_CLIENT_SECRET: 'secret',
      PAYPAL_WEBHOOK_ID: 'WH-1',
      PAYPAL_BASE_URL: 'https://api-m.sandbox.paypal.com',
    });
    expect(config.paypal).toMatchObject({ emulated: false, clientId: 'id', baseUrl: 'https://api-m.sandbox.paypal.com' });
  });
});
