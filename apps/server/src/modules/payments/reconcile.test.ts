import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCheckoutSession, TStripeGateway } from '../../integrations/stripe';
import { MODULES } from '../../modules';
import { buildTestApp, buildUser, type TTestApp } from '../../test/helpers';
import { PAYMENTS_RECONCILE_QUEUE } from './jobs';
import { createPaymentsModule } from './module';
import { ledgerRow, startCheckout, statusOf } from './payments-test-kit';
import { RECONCILE_AFTER_MS } from './service';

/**
 * A checkout whose webhook never came is not left waiting: a pass every ten minutes asks Stripe about checkouts
 * still pending a while after they were opened, records the paid ones as their webhook would have, closes the
 * expired ones, and never records anything twice. Stripe here is a stand-in whose answer each test sets.
 */
const sessions = new Map<string, Partial<TCheckoutSession> | Error>();
let opened = 0;
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
  createCheckout: async (input) => ({
    id: `cs_reconcile_${++opened}`,
    url: `https://checkout.example/${opened}`,
    status: 'open',
    paymentStatus: 'unpaid',
    amountTotal: input.amountMinor,
    currency: input.currency,
    paymentIntent: null,
    metadata: input.metadata,
    clientReferenceId: input.clientReferenceId,
  }),
  retrieveCheckout: async (id) => {
    const s = sessions.get(id) ?? { status: 'open', paymentStatus: 'unpaid' };
    if (s instanceof Error) throw s;
    return {
      id,
      url: null,
      status: 'open',
      paymentStatus: 'unpaid',
      amountTotal: 1900,
      currency: 'usd',
      paymentIntent: 'pi_reconciled',
      metadata: {},
      clientReferenceId: null,
      ...s,
    };
  },
  expireCheckout: async () => undefined,
  findPromotion: async () => null,
  retrieveCoupon: async () => {
    throw new Error('not used');
  },
  verifyEvent: async () => {
    throw new Error('no webhook here');
  },
};

let t: TTestApp;
/** What the server logged, as JSON lines. */
const logged: Record<string, unknown>[] = [];
beforeAll(async () => {
  const modules = MODULES.map((m) => (m.name === 'payments' ? createPaymentsModule({ gateway: () => gateway }) : m));
  const logger = { level: 'warn', stream: { write: (line: string) => logged.push(JSON.parse(line)) } };
  t = await buildTestApp({}, { modules, logger });
});
afterAll(async () => t?.close());

/** A business with a Starter checkout opened and never heard of again: its order and session. */
async function waitingCheckout() {
  const owner = await buildUser(t, { profileType: 'BUSINESS' });
  const res = await startCheckout(t, owner.token, { priceId: 'price_starter_usd', planType: 'Starter' });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const orderId = res.json.response.orderId as string;
  const sessionId = (await ledgerRow(t, orderId))!.stripeSessionId!;
  return { ...owner, orderId, sessionId };
}

/** Runs the reconcile pass as its schedule would. */
async function reconcile() {
  await t.container.enqueue(PAYMENTS_RECONCILE_QUEUE, {});
  const ran = await t.runDueJobs(PAYMENTS_RECONCILE_QUEUE);
  expect(ran.map((j) => j.error)).toEqual([undefined]);
}

describe('the pass that reconciles checkouts whose webhook never came', () => {
  it('runs every ten minutes, once across all processes', () => {
    expect(t.container.jobs.definition(PAYMENTS_RECONCILE_QUEUE)?.cron).toBe('*/10 * * * *');
  });

  it('a checkout Stripe says is paid is recorded and its plan activated, once, even when the pass runs again', async () => {
    const c = await waitingCheckout();
    sessions.set(c.sessionId, { status: 'complete', paymentStatus: 'paid', amountTotal: 1900 });
    // too soon: the webhook may still be on its way
    await reconcile();
    expect((await ledgerRow(t, c.orderId))!.status).toBe('pending');
    t.clock.advance(RECONCILE_AFTER_MS + 60_000);
    await reconcile();
    const row = (await ledgerRow(t, c.orderId))!;
    expect(row).toMatchObject({ status: 'paid', amountPaidMinor: 1900, stripePaymentIntent: 'pi_reconciled' });
    const status = await statusOf(t, c.token);
    expect(status.paymentStatus).toBe(true);
    expect(status.details).toMatchObject({ planType: 'Starter', planStatus: 'ACTIVE' });
    const end = status.details.planEndDate;
    await reconcile();
    expect((await statusOf(t, c.token)).details.planEndDate).toBe(end);
    expect((await ledgerRow(t, c.orderId))!.paidAt).toEqual(row.paidAt);
  });

  it('a checkout that expired fails its payment and changes no plan; one still open is left for a later pass', async () => {
    const expired = await waitingCheckout();
    const open = await waitingCheckout();
    sessions.set(expired.sessionId, { status: 'expired', paymentStatus: 'unpaid' });
    t.clock.advance(RECONCILE_AFTER_MS + 60_000);
    await reconcile();
    expect((await ledgerRow(t, expired.orderId))!.status).toBe('failed');
    expect((await statusOf(t, expired.token)).paymentStatus).toBe(false);
    expect((await ledgerRow(t, open.orderId))!.status).toBe('pending');
    // paid later: the next pass records it
    sessions.set(open.sessionId, { status: 'complete', paymentStatus: 'paid' });
    await reconcile();
    expect((await ledgerRow(t, open.orderId))!.status).toBe('paid');
  });

  it('a checkout completed but not yet paid (a bank debit) waits; a Stripe that cannot be reached is asked again next time', async () => {
    const debit = await waitingCheckout();
    const unreachable = await waitingCheckout();
    sessions.set(debit.sessionId, { status: 'complete', paymentStatus: 'unpaid' });
    sessions.set(unreachable.sessionId, new Error('connect ECONNREFUSED'));
    t.clock.advance(RECONCILE_AFTER_MS + 60_000);
    await reconcile();
    expect((await ledgerRow(t, debit.orderId))!.status).toBe('pending');
    expect((await ledgerRow(t, unreachable.orderId))!.status).toBe('pending');
    sessions.set(unreachable.sessionId, { status: 'complete', paymentStatus: 'paid' });
    await reconcile();
    expect((await ledgerRow(t, unreachable.orderId))!.status).toBe('paid');
  });

  it('a checkout Stripe says was paid for another amount than was due activates nothing; the log names the order and the amounts, not the payer', async () => {
    const c = await waitingCheckout();
    sessions.set(c.sessionId, { status: 'complete', paymentStatus: 'paid', amountTotal: 100 });
    t.clock.advance(RECONCILE_AFTER_MS + 60_000);
    await reconcile();
    expect(await ledgerRow(t, c.orderId)).toMatchObject({ status: 'failed', amountPaidMinor: 100, amountDueMinor: 1900 });
    expect((await statusOf(t, c.token)).paymentStatus).toBe(false);
    expect((await statusOf(t, c.token)).details).toBeNull();
    const line = logged.find((l) => l.orderId === c.orderId && l.reason === 'amount');
    expect(line).toMatchObject({ dueMinor: 1900, paidMinor: 100, dueCurrency: 'usd' });
    const text = JSON.stringify(line);
    expect(text).not.toContain(c.user.id);
    expect(text).not.toContain(c.email);
    // the next pass leaves it as it is
    await reconcile();
    expect((await ledgerRow(t, c.orderId))!.status).toBe('failed');
  });
});
