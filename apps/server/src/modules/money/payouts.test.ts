import { MONEY_MSG, MSG, PAYOUT_UNCLAIMED_DAYS } from '@virality/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, freshToken, type TTestApp } from '../../test/helpers';
import { PAYOUT_SEND_QUEUE } from './jobs';
import {
  approvedOrder,
  batchesFor,
  campaignWithInfluencer,
  countPayouts,
  delivered,
  movementsOf,
  noticesOf,
  payCapture,
  payoutRow,
  paypalControl,
  person,
  waitFor,
  walletOf,
  withdraw,
} from './money-test-kit';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

/** An influencer whose wallet holds `usd`, paid by a brand through PayPal as the product does it. */
async function fundedInfluencer(usd: number, paypalId: string | null = 'influencer@example.com') {
  const c = await campaignWithInfluencer(t, { budget: 10_000, influencerPaypalId: paypalId });
  const order = await approvedOrder(t, c, usd);
  const paid = await payCapture(t, c.brand.token, { orderId: order.orderId });
  expect(paid.json.response.paymentStatus).toBe('COMPLETED');
  expect(await walletOf(t, c.influencer.user.id)).toBe(usd * 100);
  return { ...c.influencer, brand: c.brand };
}

/** Runs the due send jobs (other tests' too): how those of payout `id` ended ('ok', or the error). */
async function sendJobsOf(id: string): Promise<string[]> {
  return (await t.runDueJobs(PAYOUT_SEND_QUEUE))
    .filter((j) => (j.data as { payoutId: string }).payoutId === id)
    .map((j) => j.error ?? 'ok');
}

/** Withdraws and runs the send job: the payout row once PayPal has its batch. */
async function withdrawnAndSent(who: { token: string }, usd: number) {
  const res = await withdraw(t, who.token, usd);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  expect(await sendJobsOf(res.json.response._id)).toEqual(['ok']);
  const row = await payoutRow(t, res.json.response._id);
  expect(row.paypalBatchId).toMatch(/^[A-Z0-9]{13}$/);
  return row;
}

/** A minute on (product clock) PayPal has settled the item; the poll (or its webhook) records it. */
async function settled(payoutId: string, expected: string) {
  t.clock.advance(61_000);
  await t.services.money.pollPayouts();
  await waitFor(`payout ${expected}`, async () => (await payoutRow(t, payoutId)).status === expected);
  return payoutRow(t, payoutId);
}

describe('POST payments/payout', () => {
  it('an influencer withdraws: the wallet is held in one go, the job sends the payout once, PayPal pays it, told once', async () => {
    const inf = await fundedInfluencer(50);
    const res = await withdraw(t, inf.token, '20.00');
    expect(res.status).toBe(200);
    expect(res.json.message).toBe(MONEY_MSG.withdrawOk);
    expect(res.json.response).toMatchObject({
      amount: 20,
      withdrawAmount: 20,
      paymentType: 'self',
      paymentStatus: 'PENDING',
      receiverPaypalId: 'influencer@example.com',
      recieverId: { _id: inf.user.id },
      orderId: null,
    });
    const id = res.json.response._id;
    expect(await walletOf(t, inf.user.id)).toBe(3000);
    expect(await movementsOf(t, id)).toEqual([
      {
        id: `payout_hold:${id}`,
        kind: 'payout_hold',
        entries: expect.arrayContaining([
          { account: `wallet:${inf.user.id}`, amountMinor: -2000 },
          { account: 'payouts:in_flight', amountMinor: 2000 },
        ]),
      },
    ]);

    expect(await sendJobsOf(id)).toEqual(['ok']);
    const sent = await payoutRow(t, id);
    expect(sent).toMatchObject({ status: 'PENDING', attempts: 1, receiver: 'influencer@example.com' });
    expect(sent.sentAt).not.toBeNull();
    expect(await batchesFor(t, id)).toHaveLength(1);
    // the job again finds the batch and sends nothing
    await t.services.money.sendPayout(id);
    expect(await batchesFor(t, id)).toHaveLength(1);

    const paid = await settled(id, 'COMPLETED');
    expect(paid.providerStatus).toBe('SUCCESS');
    await delivered(t, 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED', paid.paypalItemId!);
    await t.services.money.pollPayouts();
    const moves = await movementsOf(t, id);
    expect(moves.map((m) => m.id).sort()).toEqual([`payout_hold:${id}`, `payout_paid:${id}`]);
    expect(moves.find((m) => m.kind === 'payout_paid')?.entries).toEqual(
      expect.arrayContaining([
        { account: 'payouts:in_flight', amountMinor: -2000 },
        { account: 'paypal:paid_out', amountMinor: 2000 },
      ]),
    );
    expect(await walletOf(t, inf.user.id)).toBe(3000);
    expect(await noticesOf(t, inf.user.id, 'PAYOUT_COMPLETED')).toHaveLength(1);
    const detail = await call(t, 'GET', `/api/payments/detail/${id}`, { token: await freshToken(t, inf.user) });
    expect(detail.json.response).toMatchObject({ paymentStatus: 'COMPLETED', orderId: paid.paypalBatchId });
  });

  it.each([
    [0.5, MONEY_MSG.withdrawMin],
    ['abc', MONEY_MSG.amountInvalid],
    [1.005, MONEY_MSG.amountInvalid],
    [60, MONEY_MSG.overBalance],
  ])('%s is refused in words (400): nothing is held or sent', async (amount, message) => {
    const inf = await fundedInfluencer(10);
    const before = await countPayouts(t);
    const res = await withdraw(t, inf.token, amount);
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(message);
    expect(await walletOf(t, inf.user.id)).toBe(1000);
    expect(await countPayouts(t)).toBe(before);
    expect(await t.runDueJobs(PAYOUT_SEND_QUEUE)).toEqual([]);
  });

  it('no PayPal id on the profile: 400 in words, nothing held', async () => {
    const inf = await fundedInfluencer(10, null);
    const res = await withdraw(t, inf.token, 5);
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(MONEY_MSG.noPaypalId);
    expect(await walletOf(t, inf.user.id)).toBe(1000);
  });

  it('a brand or an IMC cannot withdraw (403); no session is 401', async () => {
    for (const type of ['BRANDS', 'IMC', 'BUSINESS'] as const) {
      const other = await person(t, type);
      const res = await withdraw(t, other.token, 5);
      expect(res.status).toBe(403);
      expect(res.json.message).toBe(MSG.forbidden);
    }
    expect((await withdraw(t, '', 5)).status).toBe(401);
  });

  it('two withdrawals of the whole balance at once: exactly one wins, the other is 400 over balance', async () => {
    const inf = await fundedInfluencer(30);
    const before = await countPayouts(t);
    const [a, b] = await Promise.all([withdraw(t, inf.token, 30), withdraw(t, inf.token, 30)]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    expect([a, b].find((r) => r.status === 400)?.json.message).toBe(MONEY_MSG.overBalance);
    expect(await walletOf(t, inf.user.id)).toBe(0);
    expect(await countPayouts(t)).toBe(before + 1);
  });

  it('a payout whose answer from PayPal is lost is sent again by the retry, and PayPal pays it once', async () => {
    const inf = await fundedInfluencer(12);
    await t.runDueJobs(PAYOUT_SEND_QUEUE);
    const res = await withdraw(t, inf.token, 12);
    const id = res.json.response._id;
    await paypalControl(t, { lose_answers: 1 });
    expect(await sendJobsOf(id)).toEqual(['PayPal answered 504']);
    expect((await payoutRow(t, id)).paypalBatchId).toBeNull();
    expect(await batchesFor(t, id)).toHaveLength(1);
    // pg-boss retries after its backoff (product clock)
    t.clock.advance(90_000);
    expect(await sendJobsOf(id)).toEqual(['ok']);
    const row = await payoutRow(t, id);
    expect(row.paypalBatchId).not.toBeNull();
    expect(row.attempts).toBe(2);
    expect(await batchesFor(t, id)).toHaveLength(1);
    await t.services.money.pollPayouts();
    await waitFor('paid', async () => (await payoutRow(t, id)).status === 'COMPLETED');
    expect(await walletOf(t, inf.user.id)).toBe(0);
  });

  it('PayPal down when the job runs: it fails and is retried with backoff; nothing is paid twice', async () => {
    const inf = await fundedInfluencer(6);
    await t.runDueJobs(PAYOUT_SEND_QUEUE);
    const id = (await withdraw(t, inf.token, 6)).json.response._id;
    await paypalControl(t, { fail: 1 });
    expect(await sendJobsOf(id)).toEqual(['An internal server error occurred.']);
    expect(await batchesFor(t, id)).toHaveLength(0);
    expect(await sendJobsOf(id)).toEqual([]);
    t.clock.advance(90_000);
    expect(await sendJobsOf(id)).toEqual(['ok']);
    expect(await batchesFor(t, id)).toHaveLength(1);
  });

  it('a worker killed before sending: the poll gives the payout its job again a few minutes later', async () => {
    const inf = await fundedInfluencer(4);
    await t.runDueJobs(PAYOUT_SEND_QUEUE);
    const id = (await withdraw(t, inf.token, 4)).json.response._id;
    // a worker takes the job and dies with it
    const taken = await t.container.boss.fetch(PAYOUT_SEND_QUEUE);
    expect(taken).toHaveLength(1);
    expect(await sendJobsOf(id)).toEqual([]);
    // not yet a few minutes: the job may still be running somewhere
    t.clock.advance(60_000);
    expect((await t.services.money.pollPayouts()).resent).toBe(0);
    t.clock.advance(5 * 60_000);
    expect((await t.services.money.pollPayouts()).resent).toBe(1);
    expect((await t.services.money.pollPayouts()).resent).toBe(0);
    expect(await sendJobsOf(id)).toEqual(['ok']);
    expect(await batchesFor(t, id)).toHaveLength(1);
    expect((await payoutRow(t, id)).paypalBatchId).not.toBeNull();
  });

  it('a receiver PayPal refuses outright: the payout FAILED at once and the money back, told why', async () => {
    const inf = await fundedInfluencer(9, 'not a paypal id');
    const id = (await withdraw(t, inf.token, 9)).json.response._id;
    expect(await walletOf(t, inf.user.id)).toBe(0);
    expect(await sendJobsOf(id)).toEqual(['ok']);
    expect(await payoutRow(t, id)).toMatchObject({ status: 'FAILED', paypalBatchId: null });
    expect(await walletOf(t, inf.user.id)).toBe(900);
    const [notice] = await noticesOf(t, inf.user.id, 'PAYOUT_RETURNED');
    expect(notice.description).toContain('your PayPal id is not valid');
  });

  it.each([
    ['will.fail@example.com', 'FAILED', 'PAYMENT.PAYOUTS-ITEM.FAILED', 'locked or inactive'],
    ['returned@example.com', 'RETURNED', 'PAYMENT.PAYOUTS-ITEM.RETURNED', 'not confirmed'],
  ])(
    'a payout to %s ends %s: the money is back in the wallet once, and the user is told why',
    async (paypalId, state, eventType, why) => {
      const inf = await fundedInfluencer(25, paypalId);
      const row = await withdrawnAndSent(inf, 25);
      expect(await walletOf(t, inf.user.id)).toBe(0);
      const done = await settled(row.id, state);
      expect(done.failureReason).toContain(why);
      await delivered(t, eventType, done.paypalItemId!);
      await t.services.money.pollPayouts();
      expect(await walletOf(t, inf.user.id)).toBe(2500);
      const moves = await movementsOf(t, row.id);
      expect(moves.map((m) => m.kind).sort()).toEqual(['payout_hold', 'payout_return']);
      expect(moves.find((m) => m.kind === 'payout_return')?.entries).toEqual(
        expect.arrayContaining([
          { account: 'payouts:in_flight', amountMinor: -2500 },
          { account: `wallet:${inf.user.id}`, amountMinor: 2500 },
        ]),
      );
      const notices = await noticesOf(t, inf.user.id, 'PAYOUT_RETURNED');
      expect(notices).toHaveLength(1);
      expect(notices[0].description).toContain(why);
      const list = await call(t, 'GET', '/api/payments/list', { token: await freshToken(t, inf.user) });
      expect(list.json.response.docs[0]).toMatchObject({ _id: row.id, paymentStatus: state, failureReason: done.failureReason });
    },
  );

  it(`an unclaimed payout waits ${PAYOUT_UNCLAIMED_DAYS} days, then is cancelled at PayPal and its money put back`, async () => {
    const inf = await fundedInfluencer(14, 'unclaimed@example.com');
    const row = await withdrawnAndSent(inf, 14);
    t.clock.advance(61_000);
    await t.services.money.pollPayouts();
    await waitFor('unclaimed seen', async () => (await payoutRow(t, row.id)).providerStatus === 'UNCLAIMED');
    expect((await payoutRow(t, row.id)).status).toBe('PENDING');
    expect(await walletOf(t, inf.user.id)).toBe(0);
    // 29 days on: still waiting for the receiver
    t.clock.advance(29 * 86_400_000);
    await t.services.money.pollPayouts();
    expect((await payoutRow(t, row.id)).status).toBe('PENDING');
    t.clock.advance(86_400_000);
    const polled = await t.services.money.pollPayouts();
    expect(polled.cancelled).toBe(1);
    const back = await payoutRow(t, row.id);
    expect(back).toMatchObject({ status: 'UNCLAIMED', providerStatus: 'RETURNED' });
    expect(back.failureReason).toContain(`${PAYOUT_UNCLAIMED_DAYS} days`);
    expect((await t.services.paypal!.getPayoutItem(back.paypalItemId!)).status).toBe('RETURNED');
    expect(await walletOf(t, inf.user.id)).toBe(1400);
    await delivered(t, 'PAYMENT.PAYOUTS-ITEM.CANCELED', back.paypalItemId!);
    expect(await walletOf(t, inf.user.id)).toBe(1400);
    expect(await noticesOf(t, inf.user.id, 'PAYOUT_RETURNED')).toHaveLength(1);
    expect((await movementsOf(t, row.id)).map((m) => m.kind).sort()).toEqual(['payout_hold', 'payout_return']);
  });

  it('another user cannot read a payout (404); only its owner', async () => {
    const inf = await fundedInfluencer(3);
    const id = (await withdraw(t, await freshToken(t, inf.user), 3)).json.response._id;
    const other = await person(t, 'INFLUENCER');
    expect((await call(t, 'GET', `/api/payments/detail/${id}`, { token: other.token })).status).toBe(404);
    const brand = await freshToken(t, inf.brand.user);
    expect((await call(t, 'GET', `/api/payments/detail/${id}`, { token: brand })).status).toBe(404);
  });
});
