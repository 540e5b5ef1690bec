import { CAMPAIGN_MSG, dayInZone, MONEY_MSG, MSG, PAY_MSG } from '@virality/domain';
import { paypalStore } from '@virality/sandbox/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transfers } from '../../db/schema';
import { buildTestApp, call, type TTestApp } from '../../test/helpers';
import { MODULES } from '..';
import { createMoneyModule } from './module';
import {
  approvedOrder,
  campaignWithInfluencer,
  countTransfers,
  createOrder,
  delivered,
  lastDelivery,
  movementsOf,
  noticesOf,
  payCapture,
  paypalControl,
  person,
  postWebhook,
  transferRow,
  waitFor,
  walletOf,
} from './money-test-kit';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

/** After the capture's webhook has come and gone: what a completed transfer must look like, exactly once. */
async function expectCreditedOnce(c: Awaited<ReturnType<typeof campaignWithInfluencer>>, transferId: string, cents: number) {
  const row = await transferRow(t, transferId);
  expect(row.status).toBe('COMPLETED');
  await delivered(t, 'PAYMENT.CAPTURE.COMPLETED', row.paypalCaptureId!);
  expect(await walletOf(t, c.influencer.user.id)).toBe(cents);
  const moves = await movementsOf(t, transferId);
  expect(moves).toHaveLength(1);
  expect(moves[0].id).toBe(`capture:${row.paypalCaptureId}`);
  expect(moves[0].entries).toEqual(
    expect.arrayContaining([
      { account: 'paypal:received', amountMinor: -cents },
      { account: `wallet:${c.influencer.user.id}`, amountMinor: cents },
    ]),
  );
  expect(moves[0].entries).toHaveLength(2);
  expect(await noticesOf(t, c.influencer.user.id, 'PAYMENT_RECEIVED')).toHaveLength(1);
  expect(await noticesOf(t, c.brand.user.id, 'PAYMENT_SENT')).toHaveLength(1);
}

describe('POST payments/createOrder', () => {
  it('the campaign’s owner gets a PayPal order for the amount: the transfer is CREATED first, then holds the order', async () => {
    const c = await campaignWithInfluencer(t, { budget: 300 });
    const res = await createOrder(t, c.brand.token, {
      campaignId: c.campaignId,
      influencerId: c.influencer.user.id,
      amount: '25.50',
    });
    expect(res.status).toBe(200);
    const { _id, orderId, approveUrl } = res.json.response;
    expect(approveUrl).toBe(`${t.container.config.publicUrl}/sandbox/paypal/checkoutnow?token=${orderId}`);
    expect(await transferRow(t, _id)).toMatchObject({
      status: 'CREATED',
      amountMinor: 2550,
      feeMinor: 0,
      payerId: c.brand.user.id,
      receiverId: c.influencer.user.id,
      paypalOrderId: orderId,
    });
    const order = await t.services.paypal!.getOrder(orderId);
    expect(order).toMatchObject({ amountMinor: 2550, currency: 'USD', customId: _id });
    const stored = await paypalStore(t.container.db).get<{ returnUrl: string; cancelUrl: string }>('order', orderId);
    expect(stored?.returnUrl).toBe(`${t.container.config.publicUrl}/payment/return?via=paypal`);
    expect(stored?.cancelUrl).toBe(`${t.container.config.publicUrl}/campaign/${c.campaignId}`);
  });

  it('an IMC that owns the campaign may pay too', async () => {
    const c = await campaignWithInfluencer(t, { ownerType: 'IMC' });
    const res = await createOrder(t, c.brand.token, { campaignId: c.campaignId, influencerId: c.influencer.user.id, amount: 10 });
    expect(res.status).toBe(200);
  });

  it.each([
    [0.5, MONEY_MSG.paymentMin],
    [10_000.01, MONEY_MSG.paymentMax],
    ['1.234', MONEY_MSG.amountInvalid],
    ['ten', MONEY_MSG.amountInvalid],
    [-5, MONEY_MSG.amountInvalid],
  ])('an amount of %s is refused in words (400) and nothing is written', async (amount, message) => {
    const c = await campaignWithInfluencer(t);
    const before = await countTransfers(t);
    const res = await createOrder(t, c.brand.token, { campaignId: c.campaignId, influencerId: c.influencer.user.id, amount });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(message);
    expect(await countTransfers(t)).toBe(before);
  });

  it('no amount is refused (400) with its words', async () => {
    const c = await campaignWithInfluencer(t);
    const res = await createOrder(t, c.brand.token, { campaignId: c.campaignId, influencerId: c.influencer.user.id });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(MONEY_MSG.amountRequired);
  });

  it('the budget holds completed, pending and open orders: a payment past what is left is refused until an order expires', async () => {
    const c = await campaignWithInfluencer(t, { budget: 100 });
    const body = (amount: number) => ({ campaignId: c.campaignId, influencerId: c.influencer.user.id, amount });
    expect((await createOrder(t, c.brand.token, body(60))).status).toBe(200);
    const before = await countTransfers(t);
    const over = await createOrder(t, c.brand.token, body(50));
    expect(over.status).toBe(400);
    expect(over.json.message).toBe(MONEY_MSG.overBudget);
    expect(await countTransfers(t)).toBe(before);
    expect((await createOrder(t, c.brand.token, body(40))).status).toBe(200);
    // three hours on, the unapproved orders are gone at PayPal and hold nothing
    t.clock.advance(3 * 3600_000 + 1000);
    const token = (await t.services.auth.issueSession(c.brand.user)).accessToken;
    expect((await createOrder(t, token, body(100))).status).toBe(200);
  });

  it('an influencer (not an owner) is refused (403); another brand’s campaign is not found (404); nothing is written', async () => {
    const c = await campaignWithInfluencer(t);
    const other = await person(t, 'BRANDS');
    const before = await countTransfers(t);
    const body = { campaignId: c.campaignId, influencerId: c.influencer.user.id, amount: 10 };
    expect((await createOrder(t, c.influencer.token, body)).status).toBe(403);
    const foreign = await createOrder(t, other.token, body);
    expect(foreign.status).toBe(404);
    expect(foreign.json.message).toBe(CAMPAIGN_MSG.notFound);
    expect((await createOrder(t, '', body)).status).toBe(401);
    expect(await countTransfers(t)).toBe(before);
  });

  it('an influencer who has not accepted the campaign cannot be paid (400)', async () => {
    const c = await campaignWithInfluencer(t);
    const invited = await person(t, 'INFLUENCER', 'x@example.com');
    await call(t, 'POST', `/api/campaigns/${c.campaignId}/tag`, {
      token: c.brand.token,
      body: { influencerIds: [invited.user.id] },
    });
    const res = await createOrder(t, c.brand.token, { campaignId: c.campaignId, influencerId: invited.user.id, amount: 10 });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(MONEY_MSG.notAccepted);
  });

  it('PayPal down: 503 in words, and the transfer is marked FAILED (it holds no budget)', async () => {
    const c = await campaignWithInfluencer(t, { budget: 50 });
    const before = await countTransfers(t);
    await paypalControl(t, { fail: 1 });
    const res = await createOrder(t, c.brand.token, { campaignId: c.campaignId, influencerId: c.influencer.user.id, amount: 50 });
    expect(res.status).toBe(503);
    expect(res.json.message).toBe(MONEY_MSG.paypalUnavailable);
    expect(await countTransfers(t)).toBe(before + 1);
    const list = await call(t, 'GET', '/api/payments/list', { token: c.brand.token });
    expect(list.json.response.docs[0]).toMatchObject({ paymentStatus: 'FAILED', amount: 50 });
    expect(
      (await createOrder(t, c.brand.token, { campaignId: c.campaignId, influencerId: c.influencer.user.id, amount: 50 })).status,
    ).toBe(200);
  });
});

describe('POST payments/paycapture', () => {
  it('the payer back from PayPal: captured, the influencer credited once, both told once; a second call moves nothing', async () => {
    const c = await campaignWithInfluencer(t);
    const order = await approvedOrder(t, c, '42.00');
    expect(order.back.pathname).toBe('/payment/return');
    expect(order.back.searchParams.get('via')).toBe('paypal');
    const res = await payCapture(t, c.brand.token, { token: order.back.searchParams.get('token') });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe(MONEY_MSG.paymentOk);
    expect(res.json.response).toMatchObject({
      _id: order._id,
      amount: 42,
      paymentStatus: 'COMPLETED',
      paymentType: 'transaction',
      payerId: { _id: c.brand.user.id },
      recieverId: { _id: c.influencer.user.id },
      campaign: { _id: c.campaignId, name: 'Summer launch' },
      orderId: order.orderId,
    });
    await expectCreditedOnce(c, order._id, 4200);

    const again = await payCapture(t, c.brand.token, { orderId: order.orderId });
    expect(again.status).toBe(200);
    expect(again.json.response).toEqual(res.json.response);
    await expectCreditedOnce(c, order._id, 4200);
    const me = await call(t, 'GET', '/api/user/getUserStatus', { token: c.influencer.token });
    expect(me.json.response.result.paymentWallet).toEqual({ amount: 42, currency: 'USD' });
  });

  it('a lost capture answer: PayPal is read back, or the next paycapture finds the same capture; credited once', async () => {
    const c = await campaignWithInfluencer(t);
    const order = await approvedOrder(t, c, 15);
    // the capture is made and its answer lost, and the read back is lost too: the call cannot know
    await paypalControl(t, { lose_answers: 2 });
    const first = await payCapture(t, c.brand.token, { orderId: order.orderId });
    // (unless the capture's webhook got there first)
    if (first.status !== 200) {
      expect(first.status).toBe(503);
      expect(first.json.message).toBe(MONEY_MSG.paypalUnavailable);
    }
    const second = await payCapture(t, c.brand.token, { orderId: order.orderId });
    expect(second.status).toBe(200);
    expect(second.json.response.paymentStatus).toBe('COMPLETED');
    await expectCreditedOnce(c, order._id, 1500);
    const captured = await t.services.paypal!.getOrder(order.orderId);
    expect(captured.captures).toHaveLength(1);
    expect((await transferRow(t, order._id)).paypalCaptureId).toBe(captured.captures[0].id);
  });

  it('a lost capture answer read back at once: the same call answers COMPLETED', async () => {
    const c = await campaignWithInfluencer(t);
    const order = await approvedOrder(t, c, 7);
    await paypalControl(t, { lose_answers: 1 });
    const res = await payCapture(t, c.brand.token, { orderId: order.orderId });
    expect(res.status).toBe(200);
    expect(res.json.response.paymentStatus).toBe('COMPLETED');
    await expectCreditedOnce(c, order._id, 700);
  });

  it('a declined payment method: DECLINED with PayPal’s words (400) and nothing credited', async () => {
    const c = await campaignWithInfluencer(t);
    const order = await approvedOrder(t, c, 20, 'declined.card@example.com');
    const res = await payCapture(t, c.brand.token, { orderId: order.orderId });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(MONEY_MSG.declined);
    expect(await transferRow(t, order._id)).toMatchObject({ status: 'DECLINED', failureReason: MONEY_MSG.declined });
    expect(await walletOf(t, c.influencer.user.id)).toBe(0);
    expect(await movementsOf(t, order._id)).toHaveLength(0);
    expect((await payCapture(t, c.brand.token, { orderId: order.orderId })).status).toBe(400);
  });

  it('an order not approved yet: 400 in words and nothing changes', async () => {
    const c = await campaignWithInfluencer(t);
    const res = await createOrder(t, c.brand.token, { campaignId: c.campaignId, influencerId: c.influencer.user.id, amount: 5 });
    const capture = await payCapture(t, c.brand.token, { orderId: res.json.response.orderId });
    expect(capture.status).toBe(400);
    expect(capture.json.message).toBe(MONEY_MSG.notApproved);
    expect((await transferRow(t, res.json.response._id)).status).toBe('CREATED');
  });

  it('only the payer: the influencer or another user gets 404 and nothing is captured; no order id is 400', async () => {
    const c = await campaignWithInfluencer(t);
    const order = await approvedOrder(t, c, 9);
    const stranger = await person(t, 'BRANDS');
    for (const token of [c.influencer.token, stranger.token]) {
      const res = await payCapture(t, token, { orderId: order.orderId });
      expect(res.status).toBe(404);
      expect(res.json.message).toBe(MONEY_MSG.orderNotFound);
    }
    expect((await payCapture(t, c.brand.token, {})).status).toBe(400);
    expect((await payCapture(t, '', { orderId: order.orderId })).status).toBe(401);
    expect((await t.services.paypal!.getOrder(order.orderId)).status).toBe('APPROVED');
    expect((await transferRow(t, order._id)).status).toBe('CREATED');
  });
});

describe('POST payments/paypal/webhook', () => {
  it('a forged or altered delivery is refused (400) and changes nothing; a replayed one is taken once', async () => {
    const c = await campaignWithInfluencer(t);
    const order = await approvedOrder(t, c, 11);
    await payCapture(t, c.brand.token, { orderId: order.orderId });
    const captureId = (await transferRow(t, order._id)).paypalCaptureId!;
    const event = await delivered(t, 'PAYMENT.CAPTURE.COMPLETED', captureId);
    const real = await lastDelivery(t, event);

    const altered = real.body.replace('"11.00"', '"1100.00"');
    expect(altered).not.toBe(real.body);
    const forged = await postWebhook(t, real.headers, altered);
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(PAY_MSG.webhookSignatureInvalid);
    const madeUp = await postWebhook(t, { ...real.headers, 'paypal-transmission-id': crypto.randomUUID() }, real.body);
    expect(madeUp.statusCode).toBe(400);
    const unsigned = await postWebhook(t, { 'content-type': 'application/json' }, real.body);
    expect(unsigned.statusCode).toBe(400);

    const replay = await postWebhook(t, real.headers, real.body);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().response).toEqual({ received: true });
    await expectCreditedOnce(c, order._id, 1100);
  });

  it('a forged event for an order nobody captured credits nothing', async () => {
    const c = await campaignWithInfluencer(t);
    const res = await createOrder(t, c.brand.token, { campaignId: c.campaignId, influencerId: c.influencer.user.id, amount: 30 });
    const body = JSON.stringify({
      id: 'WH-FORGED000000001',
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource: {
        id: 'CAPTUREFORGED0001',
        status: 'COMPLETED',
        custom_id: res.json.response._id,
        amount: { value: '30.00', currency_code: 'USD' },
      },
    });
    const forged = await postWebhook(
      t,
      {
        'content-type': 'application/json',
        'paypal-transmission-id': crypto.randomUUID(),
        'paypal-transmission-time': new Date().toISOString(),
        'paypal-transmission-sig': 'c2lnbmF0dXJl',
        'paypal-cert-url': 'https://example.com/cert',
        'paypal-auth-algo': 'SHA256withRSA',
      },
      body,
    );
    expect(forged.statusCode).toBe(400);
    expect((await transferRow(t, res.json.response._id)).status).toBe('CREATED');
    expect(await walletOf(t, c.influencer.user.id)).toBe(0);
  });

  it('a capture PayPal answers PENDING is recorded PENDING; its COMPLETED webhook completes it through the same path', async () => {
    const c = await campaignWithInfluencer(t);
    const order = await approvedOrder(t, c, 18);
    const paypal = t.services.paypal!;
    const realCapture = paypal.captureOrder;
    const realVerify = paypal.verifyWebhookSignature;
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    // PayPal says the capture is pending (an eCheck, a review); the webhook that follows waits until the test lets it
    paypal.captureOrder = async (id, requestId) => {
      const o = await realCapture(id, requestId);
      return { ...o, captures: o.captures.map((x) => ({ ...x, status: 'PENDING' })) };
    };
    paypal.verifyWebhookSignature = async (h, raw) => {
      await held;
      return realVerify(h, raw);
    };
    try {
      const res = await payCapture(t, c.brand.token, { orderId: order.orderId });
      expect(res.status).toBe(200);
      expect(res.json.response.paymentStatus).toBe('PENDING');
      expect(await walletOf(t, c.influencer.user.id)).toBe(0);
      expect(await noticesOf(t, c.influencer.user.id, 'PAYMENT_RECEIVED')).toHaveLength(0);
    } finally {
      paypal.captureOrder = realCapture;
      release();
      paypal.verifyWebhookSignature = realVerify;
    }
    await waitFor('the webhook completes the transfer', async () => (await transferRow(t, order._id)).status === 'COMPLETED');
    await expectCreditedOnce(c, order._id, 1800);
    const read = await payCapture(t, c.brand.token, { orderId: order.orderId });
    expect(read.json.response.paymentStatus).toBe('COMPLETED');
  });

  it('a capture of another amount than the payment credits nothing and says so', async () => {
    const c = await campaignWithInfluencer(t);
    const order = await approvedOrder(t, c, 12);
    const paypal = t.services.paypal!;
    const realCapture = paypal.captureOrder;
    paypal.captureOrder = async (id, requestId) => {
      const o = await realCapture(id, requestId);
      return { ...o, captures: o.captures.map((x) => ({ ...x, amountMinor: x.amountMinor - 100 })) };
    };
    try {
      const res = await payCapture(t, c.brand.token, { orderId: order.orderId });
      expect(res.json.response.paymentStatus).toBe('FAILED');
      expect(res.json.response.failureReason).toBe(MONEY_MSG.captureMismatch);
    } finally {
      paypal.captureOrder = realCapture;
    }
    expect(await walletOf(t, c.influencer.user.id)).toBe(0);
    expect(await movementsOf(t, order._id)).toHaveLength(0);
    expect(await noticesOf(t, c.influencer.user.id, 'PAYMENT_RECEIVED')).toHaveLength(0);
  });

  it('PAYMENT.CAPTURE.DENIED fails a pending transfer and credits nothing', async () => {
    const c = await campaignWithInfluencer(t);
    const res = await createOrder(t, c.brand.token, { campaignId: c.campaignId, influencerId: c.influencer.user.id, amount: 3 });
    const id = res.json.response._id;
    // set-up: a capture PayPal holds for review (the emulator completes every capture, so the state is written here)
    await t.container.db.update(transfers).set({ status: 'PENDING' }).where(eq(transfers.id, id));
    const paypal = t.services.paypal!;
    const realVerify = paypal.verifyWebhookSignature;
    paypal.verifyWebhookSignature = async () => true;
    try {
      const denied = await postWebhook(
        t,
        { 'content-type': 'application/json' },
        JSON.stringify({
          id: `WH-DENIED${Date.now()}`,
          event_type: 'PAYMENT.CAPTURE.DENIED',
          resource: { id: 'CAPTUREDENIED0001', status: 'DECLINED', custom_id: id },
        }),
      );
      expect(denied.statusCode).toBe(200);
    } finally {
      paypal.verifyWebhookSignature = realVerify;
    }
    expect(await transferRow(t, id)).toMatchObject({ status: 'FAILED', failureReason: MONEY_MSG.declined });
    expect(await walletOf(t, c.influencer.user.id)).toBe(0);
    expect(await movementsOf(t, id)).toHaveLength(0);
  });
});

describe('the reconcile pass', () => {
  it('a payer who approved and never came back: the pass captures and credits once', async () => {
    const c = await campaignWithInfluencer(t);
    const order = await approvedOrder(t, c, 12);
    t.clock.advance(16 * 60_000);
    await t.services.money.reconcileTransfers();
    await expectCreditedOnce(c, order._id, 1200);
  });
});

describe('GET payments/list and payments/detail/:id', () => {
  it('each side sees its own: the payer and the receiver the payment, a stranger nothing; newest first, 10 a page', async () => {
    const c = await campaignWithInfluencer(t, { budget: 1000 });
    const ids: string[] = [];
    for (let i = 1; i <= 11; i++) {
      const res = await createOrder(t, c.brand.token, {
        campaignId: c.campaignId,
        influencerId: c.influencer.user.id,
        amount: i,
      });
      ids.push(res.json.response._id);
      t.clock.advance(1000);
    }
    const order = await approvedOrder(t, c, 2.5);
    await payCapture(t, c.brand.token, { orderId: order.orderId });
    const first = await call(t, 'GET', '/api/payments/list?page=1', { token: c.brand.token });
    expect(first.status).toBe(200);
    expect(first.json.response).toMatchObject({ page: 1, pages: 2, total: 12 });
    expect(first.json.response.docs).toHaveLength(10);
    expect(first.json.response.docs[0]).toMatchObject({ _id: order._id, amount: 2.5, paymentStatus: 'COMPLETED' });
    expect(first.json.response.docs[1]._id).toBe(ids[10]);
    const second = await call(t, 'GET', '/api/payments/list?page=2', { token: c.brand.token });
    expect(second.json.response.docs.map((d: { _id: string }) => d._id)).toEqual([ids[1], ids[0]]);

    // the influencer sees what they received (orders never approved are there too, as the brand's)
    const theirs = await call(t, 'GET', '/api/payments/list', { token: c.influencer.token });
    expect(theirs.json.response.total).toBe(12);
    const stranger = await person(t, 'INFLUENCER');
    const none = await call(t, 'GET', '/api/payments/list', { token: stranger.token });
    expect(none.json.response).toMatchObject({ docs: [], total: 0 });
    expect(none.json.message).toBe(MONEY_MSG.empty);

    for (const token of [c.brand.token, c.influencer.token]) {
      const d = await call(t, 'GET', `/api/payments/detail/${order._id}`, { token });
      expect(d.status).toBe(200);
      expect(d.json.response).toMatchObject({ _id: order._id, paymentStatus: 'COMPLETED', currency: 'USD' });
    }
    const hidden = await call(t, 'GET', `/api/payments/detail/${order._id}`, { token: stranger.token });
    expect(hidden.status).toBe(404);
    expect(hidden.json.message).toBe(MONEY_MSG.transactionNotFound);
    expect((await call(t, 'GET', `/api/payments/detail/${order._id}`, {})).status).toBe(401);
  });

  it('the list is the wallet’s: every type but IMC may read it (an IMC has no wallet: 403), nobody without a session', async () => {
    const c = await campaignWithInfluencer(t, { ownerType: 'IMC' });
    await createOrder(t, c.brand.token, { campaignId: c.campaignId, influencerId: c.influencer.user.id, amount: 3 });
    const refused = await call(t, 'GET', '/api/payments/list', { token: c.brand.token });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe(MSG.forbidden);
    for (const type of ['INFLUENCER', 'BRANDS', 'BUSINESS', 'BUSINESS_MANAGER'] as const) {
      const someone = await person(t, type);
      expect((await call(t, 'GET', '/api/payments/list', { token: someone.token })).status, type).toBe(200);
    }
    expect((await call(t, 'GET', '/api/payments/list', { token: c.influencer.token })).json.response.total).toBe(1);
    expect((await call(t, 'GET', '/api/payments/list', {})).status).toBe(401);
  });

  it('a day in the caller’s zone and the last month filter; bad filter, date, page or zone are 400 in words', async () => {
    const c = await campaignWithInfluencer(t);
    const made = await createOrder(t, c.brand.token, { campaignId: c.campaignId, influencerId: c.influencer.user.id, amount: 4 });
    const today = dayInZone(t.clock.now(), 'Asia/Kolkata');
    const onDay = await call(t, 'GET', `/api/payments/list?date=${today}&timeZone=Asia/Kolkata`, { token: c.brand.token });
    expect(onDay.json.response.docs.map((d: { _id: string }) => d._id)).toEqual([made.json.response._id]);
    const otherDay = await call(t, 'GET', '/api/payments/list?date=2020-01-01', { token: c.brand.token });
    expect(otherDay.json.response.total).toBe(0);
    const month = await call(t, 'GET', '/api/payments/list?filter=lastMonth', { token: c.brand.token });
    expect(month.json.response.total).toBe(1);
    t.clock.advance(40 * 86_400_000);
    const token = (await t.services.auth.issueSession(c.brand.user)).accessToken;
    expect((await call(t, 'GET', '/api/payments/list?filter=lastMonth', { token })).json.response.total).toBe(0);
    expect((await call(t, 'GET', '/api/payments/list?filter=3Months', { token })).json.response.total).toBe(1);
    expect((await call(t, 'GET', '/api/payments/list?filter=All', { token })).json.response.total).toBe(1);

    for (const [query, message] of [
      ['filter=Weekly', MONEY_MSG.badFilter],
      ['date=2024-13-01', MONEY_MSG.badDate],
      ['date=yesterday', MONEY_MSG.badDate],
      ['page=0', MONEY_MSG.badPage],
      ['page=x', MONEY_MSG.badPage],
      ['timeZone=Mars/Olympus', MONEY_MSG.badTimeZone],
    ]) {
      const res = await call(t, 'GET', `/api/payments/list?${query}`, { token });
      expect(res.status, query).toBe(400);
      expect(res.json.message, query).toBe(message);
    }
  });
});

describe('what the campaigns module reads', () => {
  it('spent counts completed payments per campaign and influencer; payments lists those that reached PayPal', async () => {
    const c = await campaignWithInfluencer(t);
    const order = await approvedOrder(t, c, 8);
    await payCapture(t, c.brand.token, { orderId: order.orderId });
    await createOrder(t, c.brand.token, { campaignId: c.campaignId, influencerId: c.influencer.user.id, amount: 1 });
    const port = t.services.money.campaignPort();
    const spent = await port.spent([c.campaignId, 'none']);
    expect(spent.get(c.campaignId)?.spentMinor).toBe(800);
    expect(spent.get(c.campaignId)?.byInfluencer.get(c.influencer.user.id)).toBe(800);
    expect(spent.has('none')).toBe(false);
    const payments = await port.payments(c.campaignId, null);
    expect(payments).toEqual([
      expect.objectContaining({
        _id: order._id,
        amount: 8,
        paymentStatus: 'COMPLETED',
        receiver: expect.objectContaining({ _id: c.influencer.user.id }),
      }),
    ]);
    expect(await port.payments(c.campaignId, 'someone-else')).toEqual([]);
  });
});

describe('the platform’s fee', () => {
  let f: TTestApp;
  beforeAll(async () => {
    f = await buildTestApp({}, { modules: MODULES.map((m) => (m.name === 'money' ? createMoneyModule({ feeBps: 250 }) : m)) });
  });
  afterAll(async () => f?.close());

  it('a fee set in basis points goes to platform:fees; the influencer gets the rest, and the ledger adds up', async () => {
    const c = await campaignWithInfluencer(f);
    const order = await approvedOrder(f, c, 40);
    expect((await transferRow(f, order._id)).feeMinor).toBe(100);
    const res = await payCapture(f, c.brand.token, { orderId: order.orderId });
    expect(res.json.response).toMatchObject({ amount: 40, paymentStatus: 'COMPLETED' });
    expect(await walletOf(f, c.influencer.user.id)).toBe(3900);
    const [move] = await movementsOf(f, order._id);
    expect(move.entries).toEqual(
      expect.arrayContaining([
        { account: 'paypal:received', amountMinor: -4000 },
        { account: `wallet:${c.influencer.user.id}`, amountMinor: 3900 },
        { account: 'platform:fees', amountMinor: 100 },
      ]),
    );
    expect(move.entries).toHaveLength(3);
    expect((await f.services.money.checkLedger()).ok).toBe(true);
  });
});
