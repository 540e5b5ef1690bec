import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, ledgerMovements, payouts, transfers, users } from '../../db/schema';
import { buildTestApp, type TTestApp } from '../../test/helpers';
import { LEDGER_CHECK_QUEUE, PAYOUT_SEND_QUEUE } from './jobs';
import { approvedOrder, campaignWithInfluencer, payCapture, payoutRow, waitFor, withdraw } from './money-test-kit';

const lines: Record<string, unknown>[] = [];
let t: TTestApp;
let influencerId: string;
let brandEmail: string;
let paidTransferId: string;
let payoutIds: string[];

beforeAll(async () => {
  t = await buildTestApp({}, { logger: { level: 'error', stream: { write: (s: string) => lines.push(JSON.parse(s)) } } });
  // a ledger with every kind of movement: a capture, a payout paid, one returned, one on its way
  const c = await campaignWithInfluencer(t, { budget: 1000 });
  influencerId = c.influencer.user.id;
  brandEmail = c.brand.email;
  const order = await approvedOrder(t, c, 100);
  paidTransferId = order._id;
  expect((await payCapture(t, c.brand.token, { orderId: order.orderId })).json.response.paymentStatus).toBe('COMPLETED');
  const paid = (await withdraw(t, c.influencer.token, 30)).json.response._id;
  await t.runDueJobs(PAYOUT_SEND_QUEUE);
  await t.container.db.update(users).set({ paypalId: 'will.fail@example.com' }).where(eq(users.id, influencerId));
  const failed = (await withdraw(t, c.influencer.token, 20)).json.response._id;
  await t.runDueJobs(PAYOUT_SEND_QUEUE);
  t.clock.advance(61_000);
  await t.services.money.pollPayouts();
  await waitFor('payouts settled', async () => (await payoutRow(t, paid)).status === 'COMPLETED');
  await waitFor('payout failed', async () => (await payoutRow(t, failed)).status === 'FAILED');
  const pending = (await withdraw(t, await t.services.auth.issueSession(c.influencer.user).then((s) => s.accessToken), 10)).json
    .response._id;
  payoutIds = [paid, failed, pending];
});
afterAll(async () => t?.close());

describe('the ledger check', () => {
  it('a clean ledger: every movement sums to zero, wallets match, each transfer and payout has its movements', async () => {
    const report = await t.services.money.checkLedger();
    expect(report).toMatchObject({
      ok: true,
      unbalancedMovements: [],
      walletMismatches: [],
      transferMismatches: [],
      orphanCaptures: [],
      payoutMismatches: [],
    });
    const [wallet] = await t.container.db.select({ w: users.walletMinor }).from(users).where(eq(users.id, influencerId));
    expect(wallet.w).toBe(10_000 - 3000 - 1000);
    // the daily job runs the same check
    await t.container.enqueue(LEDGER_CHECK_QUEUE, {});
    const ran = await t.runDueJobs(LEDGER_CHECK_QUEUE);
    expect(ran.map((j) => j.error ?? 'ok')).toEqual(['ok']);
    expect(lines.filter((l) => l.msg === 'ledger-check: the ledger does not add up')).toHaveLength(0);
  });

  it('a wallet changed without its entries is found, and logged at error level with ids only', async () => {
    await t.container.db
      .update(users)
      .set({ walletMinor: sql`${users.walletMinor} + 1` })
      .where(eq(users.id, influencerId));
    try {
      const report = await t.services.money.checkLedger();
      expect(report.ok).toBe(false);
      expect(report.walletMismatches).toEqual([{ userId: influencerId, walletMinor: 6001, ledgerMinor: 6000 }]);
      const logged = lines.filter((l) => l.msg === 'ledger-check: the ledger does not add up');
      expect(logged.length).toBeGreaterThanOrEqual(1);
      expect(logged.at(-1)?.level).toBe(50);
      const text = JSON.stringify(logged);
      expect(text).toContain(influencerId);
      expect(text).not.toContain(brandEmail);
      expect(text).not.toContain('example.com');
    } finally {
      await t.container.db
        .update(users)
        .set({ walletMinor: sql`${users.walletMinor} - 1` })
        .where(eq(users.id, influencerId));
    }
    expect((await t.services.money.checkLedger()).ok).toBe(true);
  });

  it('a deleted entry is found: its movement no longer sums to zero and the wallet no longer matches', async () => {
    const [entry] = await t.container.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.account, `wallet:${influencerId}`))
      .limit(1);
    await t.container.db.delete(ledgerEntries).where(eq(ledgerEntries.id, entry.id));
    const report = await t.services.money.checkLedger();
    expect(report.ok).toBe(false);
    expect(report.unbalancedMovements).toEqual([{ id: entry.movementId, sum: -entry.amountMinor }]);
    expect(report.walletMismatches.map((w) => w.userId)).toEqual([influencerId]);
    await t.container.db.insert(ledgerEntries).values(entry);
    expect((await t.services.money.checkLedger()).ok).toBe(true);
  });

  it('a completed transfer without its capture, and a payout whose state its movements do not explain, are found', async () => {
    const [capture] = await t.container.db.select().from(ledgerMovements).where(eq(ledgerMovements.refId, paidTransferId));
    const entries = await t.container.db.select().from(ledgerEntries).where(eq(ledgerEntries.movementId, capture.id));
    await t.container.db.delete(ledgerEntries).where(eq(ledgerEntries.movementId, capture.id));
    await t.container.db.delete(ledgerMovements).where(eq(ledgerMovements.id, capture.id));
    const [pending] = payoutIds.slice(2);
    await t.container.db.update(payouts).set({ status: 'COMPLETED' }).where(eq(payouts.id, pending));
    try {
      const report = await t.services.money.checkLedger();
      expect(report.ok).toBe(false);
      expect(report.transferMismatches).toEqual([{ transferId: paidTransferId, status: 'COMPLETED', captures: 0 }]);
      expect(report.payoutMismatches).toEqual([{ payoutId: pending, status: 'COMPLETED', hold: 1, paid: 0, returned: 0 }]);
      // a capture recorded for a transfer that is not completed is found too
      await t.container.db.insert(ledgerMovements).values(capture);
      await t.container.db.insert(ledgerEntries).values(entries);
      await t.container.db.update(transfers).set({ status: 'PENDING' }).where(eq(transfers.id, paidTransferId));
      expect((await t.services.money.checkLedger()).transferMismatches).toEqual([
        { transferId: paidTransferId, status: 'PENDING', captures: 1 },
      ]);
    } finally {
      await t.container.db.update(transfers).set({ status: 'COMPLETED' }).where(eq(transfers.id, paidTransferId));
      await t.container.db.update(payouts).set({ status: 'PENDING' }).where(eq(payouts.id, pending));
    }
    expect((await t.services.money.checkLedger()).ok).toBe(true);
  });
});
