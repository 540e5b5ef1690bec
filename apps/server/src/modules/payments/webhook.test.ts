import { addUtcMonths, carryOverMs, PAY_MSG } from '@virality/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, subscriptions } from '../../db/schema';
import { buildTestApp, buildUser, call, freshToken, type TTestApp, withClockAhead } from '../../test/helpers';
import type { TLiveSink } from '../events/service';
import { makeTeam } from '../team/team-test-kit';
import {
  deliver,
  ledgerRow,
  ownerWithCheckout,
  payOnPage,
  sessionObject,
  signedEvent,
  startCheckout,
  statusOf,
} from './payments-test-kit';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const DAY = 86_400_000;
const verifyPayment = (token: string, body: unknown) => call(t, 'POST', '/api/payment/verifyPaymentSuccess', { token, body });
const updatePayment = (token: string, sessionId: string) =>
  call(t, 'POST', '/api/payment/updatePayment', { token, body: { session_id: sessionId } });
const order = (token: string, orderId: string) => call(t, 'GET', `/api/payment/orderConfirmation?orderId=${orderId}`, { token });

/** A completed, paid checkout event for an open checkout, signed as Stripe signs it. */
const paidEvent = (c: { sessionId: string; orderId: string; user: { id: string } }, amount = 1900, id?: string) =>
  signedEvent(
    'checkout.session.completed',
    sessionObject(c.sessionId, { orderId: c.orderId, userId: c.user.id }, { amount_total: amount }),
    {
      id,
    },
  );

describe('a checkout paid on the hosted page (the sandbox’s Stripe)', () => {
  it('the test card pays: the signed webhook activates Starter before the browser lands on /pricing/success', async () => {
    const c = await ownerWithCheckout(t, 'BUSINESS');
    expect((await statusOf(t, c.token)).details).toBeNull();
    const before = t.clock.now();
    const paid = await payOnPage(t, c.urlRedirect);
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`${t.container.config.publicUrl}/pricing/success?session_id=${c.sessionId}`);

    const { details, paymentStatus } = await statusOf(t, c.token);
    expect(paymentStatus).toBe(true);
    expect(details).toMatchObject({ planType: 'Starter', planStatus: 'ACTIVE', postLimit: 20, postCount: 0 });
    const end = new Date(details.planEndDate);
    expect(Math.abs(end.getTime() - addUtcMonths(before, 1).getTime())).toBeLessThan(60_000);
    expect(new Date(details.bufferEndDate).getTime() - end.getTime()).toBe(7 * DAY);

    expect(await ledgerRow(t, c.orderId)).toMatchObject({ status: 'paid', amountPaidMinor: 1900, appliedKind: 'new' });
    const check = await verifyPayment(c.token, { session_id: c.sessionId });
    expect(check.json.response).toEqual({
      status: 'paid',
      orderId: c.orderId,
      planType: 'Starter',
      planEndDate: details.planEndDate,
    });
    expect((await updatePayment(c.token, c.sessionId)).status).toBe(200);
    const confirmation = await order(c.token, c.orderId);
    expect(confirmation.json.response).toMatchObject({
      orderId: c.orderId,
      planType: 'Starter',
      amount: 19,
      currency: 'usd',
      status: 'paid',
    });
  });

  it('a declined card activates nothing: the payment stays pending and updatePayment answers 202', async () => {
    const c = await ownerWithCheckout(t, 'BRANDS');
    const declined = await payOnPage(t, c.urlRedirect, '4000 0000 0000 0002');
    expect(declined.body).toContain('Your card was declined.');
    expect((await statusOf(t, c.token)).details).toBeNull();
    expect((await statusOf(t, c.token)).paymentStatus).toBe(false);
    expect((await ledgerRow(t, c.orderId))?.status).toBe('pending');
    const pending = await updatePayment(c.token, c.sessionId);
    expect(pending.status).toBe(202);
    expect(pending.json.response).toEqual({ status: 'pending', orderId: c.orderId });
  });

  it('a delivery sent again by the emulator (a replay of the same event) changes nothing', async () => {
    const c = await ownerWithCheckout(t, 'IMC');
    await payOnPage(t, c.urlRedirect);
    const first = (await statusOf(t, c.token)).details;
    const events = (await t.app.inject({ method: 'GET', url: '/sandbox/stripe/events' })).json();
    const sent = (events.data as { id: string; session: string }[]).find((e) => e.session === c.sessionId);
    expect(sent, JSON.stringify(events).slice(0, 300)).toBeTruthy();
    const resend = await t.app.inject({ method: 'POST', url: `/sandbox/stripe/events/${sent!.id}/resend` });
    expect(resend.statusCode).toBeLessThan(300);
    expect((await statusOf(t, c.token)).details).toEqual(first);
  });
});

describe('POST /api/payment/stripeWebhook', () => {
  it('400 for an unsigned, a wrongly signed or an altered event: nothing changes', async () => {
    const c = await ownerWithCheckout(t, 'BUSINESS');
    const good = paidEvent(c);
    const unsigned = await deliver(t, good.payload);
    expect(unsigned).toMatchObject({ status: 400, json: { status: false, message: PAY_MSG.webhookSignatureInvalid } });
    const forged = signedEvent('checkout.session.completed', JSON.parse(good.payload).data.object, { secret: 'whsec_guessed' });
    expect((await deliver(t, forged.payload, forged.header)).status).toBe(400);
    const altered = good.payload.replace('"amount_total":1900', '"amount_total":1');
    expect((await deliver(t, altered, good.header)).status).toBe(400);
    expect((await ledgerRow(t, c.orderId))?.status).toBe('pending');
    expect((await statusOf(t, c.token)).details).toBeNull();
    // the genuine event still works afterwards
    expect((await deliver(t, good.payload, good.header)).status).toBe(200);
    expect((await statusOf(t, c.token)).details.planStatus).toBe('ACTIVE');
  });

  it('takes each event once: a replay answers 200 {received: true} and does not extend the plan again', async () => {
    const c = await ownerWithCheckout(t, 'BUSINESS');
    const event = paidEvent(c);
    const first = await deliver(t, event.payload, event.header);
    expect(first).toMatchObject({ status: 200, json: { status: true, response: { received: true } } });
    const once = (await statusOf(t, c.token)).details;
    const again = await deliver(t, event.payload, event.header);
    expect(again).toMatchObject({ status: 200, json: { response: { received: true } } });
    // the same checkout told again under another event id does not pay twice either
    const other = paidEvent(c);
    expect((await deliver(t, other.payload, other.header)).status).toBe(200);
    expect((await statusOf(t, c.token)).details).toEqual(once);
  });

  it('an expired checkout fails its payment, and the success page’s calls say so', async () => {
    const c = await ownerWithCheckout(t, 'BUSINESS');
    const expired = signedEvent(
      'checkout.session.expired',
      sessionObject(c.sessionId, { orderId: c.orderId, userId: c.user.id }, { status: 'expired', payment_status: 'unpaid' }),
    );
    expect((await deliver(t, expired.payload, expired.header)).status).toBe(200);
    expect((await ledgerRow(t, c.orderId))?.status).toBe('failed');
    const update = await updatePayment(c.token, c.sessionId);
    expect(update).toMatchObject({ status: 400, json: { message: PAY_MSG.paymentUpdateFailed } });
    expect((await verifyPayment(c.token, { token: c.orderId })).json.response.status).toBe('failed');
  });

  it('a completed checkout not yet paid (a bank debit) waits for its payment', async () => {
    const c = await ownerWithCheckout(t, 'BUSINESS');
    const unpaid = signedEvent(
      'checkout.session.completed',
      sessionObject(c.sessionId, { orderId: c.orderId, userId: c.user.id }, { payment_status: 'unpaid' }),
    );
    expect((await deliver(t, unpaid.payload, unpaid.header)).status).toBe(200);
    expect((await ledgerRow(t, c.orderId))?.status).toBe('pending');
    const succeeded = signedEvent(
      'checkout.session.async_payment_succeeded',
      sessionObject(c.sessionId, { orderId: c.orderId, userId: c.user.id }),
    );
    expect((await deliver(t, succeeded.payload, succeeded.header)).status).toBe(200);
    expect((await ledgerRow(t, c.orderId))?.status).toBe('paid');
  });

  it('a checkout a coupon made free (no payment required) activates the plan, recorded as 0 paid', async () => {
    const c = await ownerWithCheckout(t, 'BUSINESS');
    // what a verified 100% coupon leaves due (the sandbox's seeded codes take at most half off)
    await t.container.db.update(payments).set({ amountDueMinor: 0, promotionCode: 'FREE100' }).where(eq(payments.id, c.orderId));
    const free = signedEvent(
      'checkout.session.completed',
      sessionObject(
        c.sessionId,
        { orderId: c.orderId, userId: c.user.id },
        { payment_status: 'no_payment_required', amount_total: 0 },
      ),
    );
    expect((await deliver(t, free.payload, free.header)).status).toBe(200);
    expect(await ledgerRow(t, c.orderId)).toMatchObject({ status: 'paid', amountPaidMinor: 0 });
    expect((await statusOf(t, c.token)).details.planStatus).toBe('ACTIVE');
  });

  it('tells the payer’s open page at once (live event payment), and nobody else’s', async () => {
    const c = await ownerWithCheckout(t, 'BUSINESS');
    const stranger = await buildUser(t, { profileType: 'BUSINESS' });
    const open = async (token: string) => {
      const heard: { event: string; data: unknown }[] = [];
      const sink: TLiveSink = {
        send: (event, data) => heard.push({ event, data }),
        heartbeat: () => undefined,
        end: () => undefined,
      };
      const ticket = (await call(t, 'POST', '/api/events/ticket', { token })).json.response.ticket;
      const stream = await t.services.events.open(ticket, sink);
      if (typeof stream === 'string') throw new Error(`the live stream did not open: ${stream}`);
      return { heard, close: () => stream.close() };
    };
    const mine = await open(c.token);
    const theirs = await open(stranger.token);
    try {
      const event = paidEvent(c);
      await deliver(t, event.payload, event.header);
      const deadline = Date.now() + 3000;
      while (!mine.heard.some((e) => e.event === 'payment') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      expect(mine.heard).toContainEqual({ event: 'payment', data: { orderId: c.orderId, status: 'paid' } });
      expect(theirs.heard.some((e) => e.event === 'payment')).toBe(false);
    } finally {
      mine.close();
      theirs.close();
    }
  });
});

describe('a plan is activated only when the amount paid is the amount due', () => {
  const eventFor = (c: { sessionId: string; orderId: string; user: { id: string } }, fields: Record<string, unknown>) =>
    signedEvent(
      'checkout.session.completed',
      sessionObject(c.sessionId, { orderId: c.orderId, userId: c.user.id }, fields as { amount_total?: number }),
    );

  it('a checkout paid for less, for more or in another currency activates nothing; the payment fails with what was charged, and a replay changes nothing', async () => {
    for (const fields of [{ amount_total: 1 }, { amount_total: 1899 }, { amount_total: 3800 }, { currency: 'inr' }]) {
      const c = await ownerWithCheckout(t, 'BUSINESS');
      const event = eventFor(c, fields);
      for (let i = 0; i < 2; i++) {
        expect((await deliver(t, event.payload, event.header)).status).toBe(200);
        expect((await statusOf(t, c.token)).details, JSON.stringify(fields)).toBeNull();
        expect((await statusOf(t, c.token)).paymentStatus).toBe(false);
        expect(await ledgerRow(t, c.orderId)).toMatchObject({
          status: 'failed',
          amountDueMinor: 1900,
          amountPaidMinor: fields.amount_total ?? 1900,
          stripePaymentIntent: 'pi_test_1',
          paidAt: null,
          periodEnd: null,
        });
      }
      expect((await verifyPayment(c.token, { session_id: c.sessionId })).json.response.status).toBe('failed');
      expect((await updatePayment(c.token, c.sessionId)).status).toBe(400);
    }
  });

  it('another checkout naming the order (metadata) activates nothing and leaves the order waiting for its own', async () => {
    const c = await ownerWithCheckout(t, 'BUSINESS');
    const foreign = eventFor({ ...c, sessionId: 'cs_test_not_this_orders' }, {});
    expect((await deliver(t, foreign.payload, foreign.header)).status).toBe(200);
    expect((await ledgerRow(t, c.orderId))?.status).toBe('pending');
    expect((await statusOf(t, c.token)).details).toBeNull();
    // its own checkout, paid in full, still activates the plan, once
    const own = paidEvent(c);
    expect((await deliver(t, own.payload, own.header)).status).toBe(200);
    expect((await deliver(t, own.payload, own.header)).status).toBe(200);
    expect(await ledgerRow(t, c.orderId)).toMatchObject({ status: 'paid', amountPaidMinor: 1900 });
    expect((await statusOf(t, c.token)).details.planStatus).toBe('ACTIVE');
  });

  it('a checkout with a coupon paid on the hosted page (the discounted amount) activates the plan', async () => {
    const owner = await buildUser(t, { profileType: 'BUSINESS' });
    const res = await startCheckout(t, owner.token, {
      priceId: 'price_starter_usd',
      planType: 'Starter',
      COUPON_ID: 'WELCOME10',
    });
    expect(res.status).toBe(200);
    expect((await payOnPage(t, res.json.response.urlRedirect)).status).toBe(303);
    expect(await ledgerRow(t, res.json.response.orderId)).toMatchObject({
      status: 'paid',
      amountDueMinor: 1710,
      amountPaidMinor: 1710,
    });
    expect((await statusOf(t, owner.token)).details.planStatus).toBe('ACTIVE');
  });
});

describe('the browser cannot activate a plan', () => {
  it('the success page’s calls only read: verifyPaymentSuccess, updatePayment and orderConfirmation before the webhook', async () => {
    const c = await ownerWithCheckout(t, 'BUSINESS');
    for (let i = 0; i < 3; i++) {
      expect((await verifyPayment(c.token, { session_id: c.sessionId })).json.response).toMatchObject({
        status: 'pending',
        planEndDate: null,
      });
      expect((await updatePayment(c.token, c.sessionId)).status).toBe(202);
      expect((await order(c.token, c.orderId)).json.response.status).toBe('pending');
    }
    // a forged "paid" body is not a webhook: extra fields are ignored
    await call(t, 'POST', '/api/payment/verifyPaymentSuccess', {
      token: c.token,
      body: { session_id: c.sessionId, status: 'paid', payment_status: 'paid' },
    });
    expect((await statusOf(t, c.token)).details).toBeNull();
    expect((await statusOf(t, c.token)).paymentStatus).toBe(false);
    expect((await ledgerRow(t, c.orderId))?.status).toBe('pending');
  });

  it("another user's checkout reads as not found (404), and a missing id is 400", async () => {
    const c = await ownerWithCheckout(t, 'BUSINESS');
    const other = await buildUser(t, { profileType: 'BUSINESS' });
    expect((await verifyPayment(other.token, { session_id: c.sessionId })).status).toBe(404);
    expect((await updatePayment(other.token, c.sessionId)).status).toBe(404);
    expect((await order(other.token, c.orderId)).status).toBe(404);
    // a business's manager does not read the owner's payments either
    const { manager } = await makeTeam(t);
    expect((await order(manager.token, c.orderId)).status).toBe(404);
    expect((await verifyPayment(c.token, {})).status).toBe(400);
    expect((await call(t, 'GET', '/api/payment/orderConfirmation', { token: c.token })).status).toBe(400);
    expect((await call(t, 'POST', '/api/payment/verifyPaymentSuccess', { body: { session_id: c.sessionId } })).status).toBe(401);
  });
});

describe('Renew and Upgrade', () => {
  /** Sets the posts used (test set-up), telling the caches as a repository would. */
  const setPostCount = async (userId: string, postCount: number) => {
    await t.container.db.update(subscriptions).set({ postCount }).where(eq(subscriptions.userId, userId));
    await t.container.changes.changed('subscription', userId);
  };

  it('Renew buys the next month from the current end, keeping the posts of the period in progress', async () => {
    const c = await ownerWithCheckout(t, 'BUSINESS');
    const e1 = paidEvent(c);
    await deliver(t, e1.payload, e1.header);
    const first = (await statusOf(t, c.token)).details;
    await setPostCount(c.user.id, 7);
    await withClockAhead(t, 29 * DAY, async () => {
      const token = await freshToken(t, c.user);
      const res = await startCheckout(t, token, { priceId: 'price_starter_usd', planType: 'Starter' });
      expect(res.status).toBe(200);
      const renewal = {
        ...c,
        orderId: res.json.response.orderId,
        sessionId: new URL(res.json.response.urlRedirect).pathname.split('/').pop()!,
      };
      expect((await ledgerRow(t, renewal.orderId))?.kind).toBe('renew');
      const e2 = paidEvent(renewal);
      expect((await deliver(t, e2.payload, e2.header)).status).toBe(200);
      const renewed = (await statusOf(t, token)).details;
      expect(renewed.planEndDate).toBe(addUtcMonths(new Date(first.planEndDate), 1).toISOString());
      expect(renewed.postCount).toBe(7);
      expect((await ledgerRow(t, renewal.orderId))?.appliedKind).toBe('renew');
    });
    // a month later the renewed month is a new period: posts back to 0
    await withClockAhead(t, 32 * DAY, async () => {
      const token = await freshToken(t, c.user);
      const details = (await statusOf(t, token)).details;
      expect(details).toMatchObject({ planStatus: 'ACTIVE', postCount: 0 });
    });
  });

  it('Upgrade applies at once: Professional from now, plus the unused Starter days at their value', async () => {
    const c = await ownerWithCheckout(t, 'BUSINESS');
    const e1 = paidEvent(c);
    await deliver(t, e1.payload, e1.header);
    const starter = (await statusOf(t, c.token)).details;
    await setPostCount(c.user.id, 12);
    await withClockAhead(t, 10 * DAY, async () => {
      const token = await freshToken(t, c.user);
      const res = await startCheckout(t, token, { priceId: 'price_professional_usd', planType: 'Professional' });
      expect(res.status).toBe(200);
      const up = {
        ...c,
        orderId: res.json.response.orderId,
        sessionId: new URL(res.json.response.urlRedirect).pathname.split('/').pop()!,
      };
      expect((await ledgerRow(t, up.orderId))?.kind).toBe('upgrade');
      const now = t.clock.now();
      const e2 = paidEvent(up, 4900);
      expect((await deliver(t, e2.payload, e2.header)).status).toBe(200);
      const after = (await statusOf(t, token)).details;
      expect(after).toMatchObject({ planType: 'Professional', planStatus: 'ACTIVE', postLimit: null, postCount: 0 });
      const left = new Date(starter.planEndDate).getTime() - now.getTime();
      const expected = addUtcMonths(now, 1).getTime() + carryOverMs(left, 1900, 4900);
      expect(Math.abs(new Date(after.planEndDate).getTime() - expected)).toBeLessThan(5000);
      // about 21 unused days of Starter are worth a little over 8 days of Professional
      const extraDays = (new Date(after.planEndDate).getTime() - addUtcMonths(now, 1).getTime()) / DAY;
      expect(extraDays).toBeGreaterThan(7.5);
      expect(extraDays).toBeLessThan(9);
    });
  });

  it('a lower plan cannot be bought while a higher one runs (400); after it ends it can', async () => {
    const c = await ownerWithCheckout(t, 'BUSINESS', 'price_professional_usd', 'Professional');
    const e1 = paidEvent(c, 4900);
    await deliver(t, e1.payload, e1.header);
    const res = await startCheckout(t, c.token, { priceId: 'price_starter_usd', planType: 'Starter' });
    expect(res).toMatchObject({ status: 400, json: { message: PAY_MSG.lowerPlanWhileActive } });
    await withClockAhead(t, 40 * DAY, async () => {
      const token = await freshToken(t, c.user);
      expect((await startCheckout(t, token, { priceId: 'price_starter_usd', planType: 'Starter' })).status).toBe(200);
    });
  });
});
