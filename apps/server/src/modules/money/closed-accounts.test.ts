import { ACCOUNT_DELETED, formatUsd, MONEY_MSG } from '@virality/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, setUserFields, type TTestApp } from '../../test/helpers';
import { PAYOUT_SEND_QUEUE } from './jobs';
import {
  approvedOrder,
  campaignWithInfluencer,
  countTransfers,
  createOrder,
  movementsOf,
  payCapture,
  payoutRow,
  transferRow,
  waitFor,
  walletOf,
  withdraw,
} from './money-test-kit';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const closeAccount = (token: string) => call(t, 'POST', '/api/user/deleteUserDetails', { token, body: { remarks: 'leaving' } });

describe('money goes only to an open account', () => {
  it('a deactivated influencer cannot be paid: createOrder is refused in words and nothing is written', async () => {
    const c = await campaignWithInfluencer(t);
    await setUserFields(t, c.influencer.user.id, { userStatus: false });
    const before = await countTransfers(t);
    const res = await createOrder(t, c.brand.token, { campaignId: c.campaignId, influencerId: c.influencer.user.id, amount: 20 });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(MONEY_MSG.receiverNotOpen);
    expect(await countTransfers(t)).toBe(before);
  });

  it('a closed influencer cannot be paid: createOrder is refused in words and nothing is written', async () => {
    const c = await campaignWithInfluencer(t);
    expect((await closeAccount(c.influencer.token)).json.message).toBe(ACCOUNT_DELETED);
    const before = await countTransfers(t);
    const res = await createOrder(t, c.brand.token, { campaignId: c.campaignId, influencerId: c.influencer.user.id, amount: 20 });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(MONEY_MSG.receiverNotOpen);
    expect(await countTransfers(t)).toBe(before);
  });

  it('an influencer deactivated after the brand approved is not paid: the capture is refused, nothing is taken or credited, and the reconcile pass leaves it', async () => {
    const c = await campaignWithInfluencer(t);
    const order = await approvedOrder(t, c, 30);
    await setUserFields(t, c.influencer.user.id, { userStatus: false });
    const res = await payCapture(t, c.brand.token, { orderId: order.orderId });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(MONEY_MSG.receiverNotOpen);
    const row = await transferRow(t, order._id);
    expect(row).toMatchObject({ status: 'VOIDED', failureReason: MONEY_MSG.receiverNotOpen, paypalCaptureId: null });
    expect(await walletOf(t, c.influencer.user.id)).toBe(0);
    expect(await movementsOf(t, order._id)).toEqual([]);
    // later passes (the account reactivated or not) never capture a voided payment
    await setUserFields(t, c.influencer.user.id, { userStatus: true });
    t.clock.advance(30 * 60_000);
    await t.services.money.reconcileTransfers();
    expect((await transferRow(t, order._id)).status).toBe('VOIDED');
    expect(await walletOf(t, c.influencer.user.id)).toBe(0);
  });
});

describe('an account is never closed with money in it or on its way', () => {
  it('a wallet that holds money: closing is refused with what to do, and the account keeps working', async () => {
    const c = await campaignWithInfluencer(t);
    const order = await approvedOrder(t, c, 42);
    expect((await payCapture(t, c.brand.token, { orderId: order.orderId })).status).toBe(200);
    const res = await closeAccount(c.influencer.token);
    expect(res.status).toBe(409);
    expect(res.json.message).toBe(MONEY_MSG.closeWithBalance(formatUsd(4200)));
    expect((await call(t, 'GET', '/api/user/getUserStatus', { token: c.influencer.token })).status).toBe(200);
    expect(await walletOf(t, c.influencer.user.id)).toBe(4200);
  });

  it('a withdrawal on its way: closing is refused until PayPal has paid it; then the account closes', async () => {
    const c = await campaignWithInfluencer(t);
    const order = await approvedOrder(t, c, 25);
    expect((await payCapture(t, c.brand.token, { orderId: order.orderId })).status).toBe(200);
    const out = await withdraw(t, c.influencer.token, 25);
    expect(out.status).toBe(200);
    const refused = await closeAccount(c.influencer.token);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(MONEY_MSG.closeWithPayout);
    // sent, and a minute later paid by PayPal
    await t.runDueJobs(PAYOUT_SEND_QUEUE);
    t.clock.advance(61_000);
    await t.services.money.pollPayouts();
    await waitFor('the payout paid', async () => (await payoutRow(t, out.json.response._id)).status === 'COMPLETED');
    const closed = await closeAccount(c.influencer.token);
    expect(closed.status).toBe(200);
    expect(closed.json.message).toBe(ACCOUNT_DELETED);
  });

  it('a payment to the influencer not captured yet: closing is refused; once closed first, the payment is never taken', async () => {
    const c = await campaignWithInfluencer(t);
    const order = await approvedOrder(t, c, 15);
    const refused = await closeAccount(c.influencer.token);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(MONEY_MSG.closeWithPayment);
    expect((await payCapture(t, c.brand.token, { orderId: order.orderId })).status).toBe(200);
    expect(await walletOf(t, c.influencer.user.id)).toBe(1500);
  });
});
