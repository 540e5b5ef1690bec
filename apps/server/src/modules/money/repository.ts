import type { TLedgerMovementKind } from '@virality/domain';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { campaigns, ledgerEntries, ledgerMovements, payouts, paypalEvents, transfers, users } from '../../db/schema';
import type { TChanges } from '../../lib/changes';
import { newId } from '../../lib/ids';

export type TTransferRow = typeof transfers.$inferSelect;
export type TNewTransfer = typeof transfers.$inferInsert;
export type TPayoutRow = typeof payouts.$inferSelect;
export type TNewPayout = typeof payouts.$inferInsert;

/** One entry of a movement: what an account gained (positive) or gave (negative), in cents. */
export type TEntry = { account: string; amountMinor: number };

/** The platform's own ledger accounts; a user's wallet is `wallet:<userId>`. */
export const ACCOUNTS = {
  received: 'paypal:received',
  fees: 'platform:fees',
  inFlight: 'payouts:in_flight',
  paidOut: 'paypal:paid_out',
} as const;
export const walletAccount = (userId: string) => `wallet:${userId}`;

/** A row of the caller's list: a transfer they paid or received, or one of their payouts. */
export type TTransactionRow = {
  kind: 'transfer' | 'payout';
  id: string;
  amountMinor: number;
  status: string;
  failureReason: string | null;
  payerId: string | null;
  payerName: string | null;
  payerImage: string | null;
  receiverId: string | null;
  receiverName: string | null;
  receiverImage: string | null;
  receiverPaypalId: string | null;
  campaignId: string | null;
  campaignName: string | null;
  ref: string | null;
  createdAt: Date;
};

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
const date = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));

/** The rows every list reads, as one set: the user's transfers (either side) and payouts, with names. */
function transactionsOf(userId: string, from: Date | null, until: Date | null): SQL {
  const when = (column: SQL) =>
    sql.join(
      [
        from ? sql` AND ${column} >= ${from.toISOString()}::timestamptz` : sql``,
        until ? sql` AND ${column} < ${until.toISOString()}::timestamptz` : sql``,
      ],
      sql``,
    );
  return sql`
    SELECT 'transfer' AS kind, t.id, t.amount_minor, t.status, t.failure_reason,
      t.payer_id, pu.name AS payer_name, pu.profile_image AS payer_image,
      t.receiver_id, ru.name AS receiver_name, ru.profile_image AS receiver_image,
      NULL::text AS receiver_paypal_id, t.campaign_id, c.name AS campaign_name, t.paypal_order_id AS ref, t.created_at
    FROM transfers t
    JOIN users pu ON pu.id = t.payer_id
    JOIN users ru ON ru.id = t.receiver_id
    JOIN campaigns c ON c.id = t.campaign_id
    WHERE (t.payer_id = ${userId} OR t.receiver_id = ${userId})${when(sql`t.created_at`)}
    UNION ALL
    SELECT 'payout' AS kind, p.id, p.amount_minor, p.status, p.failure_reason,
      NULL::text, NULL::text, NULL::text,
      p.user_id, u.name, u.profile_image,
      p.receiver, NULL::text, NULL::text, p.paypal_batch_id, p.created_at
    FROM payouts p
    JOIN users u ON u.id = p.user_id
    WHERE p.user_id = ${userId}${when(sql`p.created_at`)}`;
}

type TRawTransaction = {
  kind: 'transfer' | 'payout';
  id: string;
  amount_minor: number | string;
  status: string;
  failure_reason: string | null;
  payer_id: string | null;
  payer_name: string | null;
  payer_image: string | null;
  receiver_id: string | null;
  receiver_name: string | null;
  receiver_image: string | null;
  receiver_paypal_id: string | null;
  campaign_id: string | null;
  campaign_name: string | null;
  ref: string | null;
  created_at: Date | string;
};

const transactionOf = (r: TRawTransaction): TTransactionRow => ({
  kind: r.kind,
  id: r.id,
  amountMinor: num(r.amount_minor),
  status: r.status,
  failureReason: r.failure_reason,
  payerId: r.payer_id,
  payerName: r.payer_name,
  payerImage: r.payer_image,
  receiverId: r.receiver_id,
  receiverName: r.receiver_name,
  receiverImage: r.receiver_image,
  receiverPaypalId: r.receiver_paypal_id,
  campaignId: r.campaign_id,
  campaignName: r.campaign_name,
  ref: r.ref,
  createdAt: date(r.created_at),
});

/**
 * Money: brands' payments (transfers), withdrawals (payouts), the ledger that explains every cent, the wallets
 * (users.wallet_minor, only ever changed here and only together with the ledger entries that explain it), and the
 * PayPal events already handled.
 */
export function createMoneyRepository(db: TDb, changes: TChanges) {
  /** A wallet moved: every process's cached user row (the DTO shows the wallet) is forgotten. */
  const walletChanged = (userId: string) => changes.changed('user', userId);

  return {
    async insertTransfer(row: TNewTransfer): Promise<TTransferRow> {
      const [saved] = await db.insert(transfers).values(row).returning();
      return saved;
    },
    async updateTransfer(id: string, patch: Partial<TNewTransfer>): Promise<TTransferRow> {
      const [row] = await db.update(transfers).set(patch).where(eq(transfers.id, id)).returning();
      return row;
    },
    async transferById(id: string): Promise<TTransferRow | null> {
      const [row] = await db.select().from(transfers).where(eq(transfers.id, id));
      return row ?? null;
    },
    async transferByOrder(orderId: string): Promise<TTransferRow | null> {
      const [row] = await db.select().from(transfers).where(eq(transfers.paypalOrderId, orderId));
      return row ?? null;
    },
    /** The transfer locked until the unit of work ends (a capture being recorded). */
    async lockTransfer(id: string): Promise<TTransferRow | null> {
      const [row] = await db.select().from(transfers).where(eq(transfers.id, id)).for('update');
      return row ?? null;
    },
    /**
     * Serializes the budget checks of one campaign until the unit of work ends (two payments asked at once are
     * checked one after the other). A transaction-scoped advisory lock: nothing to clean up.
     */
    async lockCampaignPayments(campaignId: string): Promise<void> {
      await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`money:campaign:${campaignId}`}))`);
    },
    /** What the campaign's budget already carries: completed and pending payments, and orders opened since `openSince`. */
    async committedMinor(campaignId: string, openSince: Date): Promise<number> {
      const [row] = await db
        .select({ sum: sql<string | null>`sum(${transfers.amountMinor})` })
        .from(transfers)
        .where(
          and(
            eq(transfers.campaignId, campaignId),
            or(
              inArray(transfers.status, ['COMPLETED', 'PENDING']),
              and(eq(transfers.status, 'CREATED'), gt(transfers.createdAt, openSince)),
            ),
          ),
        );
      return num(row?.sum);
    },
    /** Transfers waiting on PayPal (a pending capture, or an order made before `before` not captured yet). */
    async transfersToReconcile(before: Date, limit: number): Promise<TTransferRow[]> {
      return db
        .select()
        .from(transfers)
        .where(
          and(
            inArray(transfers.status, ['CREATED', 'PENDING']),
            isNotNull(transfers.paypalOrderId),
            lt(transfers.updatedAt, before),
          ),
        )
        .orderBy(asc(transfers.updatedAt))
        .limit(limit);
    },

    /**
     * Writes a movement and its entries once: its id is its once-only key ('capture:<captureId>',
     * 'payout_hold:<payoutId>', ...), and (kind, ref) is unique too, so a second try (a replayed webhook, a job run
     * again) finds it and writes nothing. True when it was written now.
     */
    async insertMovement(
      movement: { id: string; kind: TLedgerMovementKind; refId: string },
      entries: readonly TEntry[],
      now: Date,
    ): Promise<boolean> {
      const { id, kind, refId } = movement;
      const sum = entries.reduce((s, e) => s + e.amountMinor, 0);
      if (sum !== 0) throw new Error(`ledger movement ${id} does not sum to zero`);
      const inserted = await db
        .insert(ledgerMovements)
        .values({ id, kind, refId, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: ledgerMovements.id });
      if (inserted.length === 0) return false;
      const rows = entries
        .filter((e) => e.amountMinor !== 0)
        .map((e) => ({ id: newId(), movementId: id, account: e.account, amountMinor: e.amountMinor, createdAt: now }));
      await db.insert(ledgerEntries).values(rows);
      return true;
    },
    /** Adds to (or, negative, takes from) a wallet; only beside the movement that explains it. */
    async addToWallet(userId: string, deltaMinor: number): Promise<void> {
      await db
        .update(users)
        .set({ walletMinor: sql`${users.walletMinor} + ${deltaMinor}` })
        .where(eq(users.id, userId));
      await walletChanged(userId);
    },
    /** The user's wallet and PayPal id, the row locked until the unit of work ends (a withdrawal being made). */
    async lockUser(userId: string): Promise<{ walletMinor: number; paypalId: string | null } | null> {
      const [row] = await db
        .select({ walletMinor: users.walletMinor, paypalId: users.paypalId })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      return row ?? null;
    },
    /** Whether money may go to the user: an account neither closed nor deactivated. */
    async isOpen(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ active: users.userStatus, closedAt: users.deletedAt })
        .from(users)
        .where(eq(users.id, userId));
      return !!row && row.active && row.closedAt === null;
    },
    /** What of the user's money is still moving: their withdrawals not settled, payments to them not settled. */
    async inFlightFor(userId: string): Promise<{ payouts: number; transfers: number }> {
      const [p] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(payouts)
        .where(and(eq(payouts.userId, userId), eq(payouts.status, 'PENDING')));
      const [t] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(transfers)
        .where(and(eq(transfers.receiverId, userId), inArray(transfers.status, ['CREATED', 'PENDING'])));
      return { payouts: Number(p?.n ?? 0), transfers: Number(t?.n ?? 0) };
    },
    async walletOf(userId: string): Promise<number> {
      const [row] = await db.select({ w: users.walletMinor }).from(users).where(eq(users.id, userId));
      return row?.w ?? 0;
    },

    async insertPayout(row: TNewPayout): Promise<TPayoutRow> {
      const [saved] = await db.insert(payouts).values(row).returning();
      return saved;
    },
    async payoutById(id: string): Promise<TPayoutRow | null> {
      const [row] = await db.select().from(payouts).where(eq(payouts.id, id));
      return row ?? null;
    },
    async payoutByItem(itemId: string): Promise<TPayoutRow | null> {
      const [row] = await db.select().from(payouts).where(eq(payouts.paypalItemId, itemId));
      return row ?? null;
    },
    async payoutByBatch(batchId: string): Promise<TPayoutRow | null> {
      const [row] = await db.select().from(payouts).where(eq(payouts.paypalBatchId, batchId));
      return row ?? null;
    },
    async lockPayout(id: string): Promise<TPayoutRow | null> {
      const [row] = await db.select().from(payouts).where(eq(payouts.id, id)).for('update');
      return row ?? null;
    },
    async updatePayout(id: string, patch: Partial<TNewPayout>): Promise<TPayoutRow> {
      const [row] = await db.update(payouts).set(patch).where(eq(payouts.id, id)).returning();
      return row;
    },
    /**
     * Pending payouts PayPal has taken, to ask about: all but the unclaimed ones, which are asked about again only
     * once their time to be claimed (`unclaimedBefore`: sent before it) has run out. The least recently read first.
     */
    async payoutsToPoll(unclaimedBefore: Date, limit: number): Promise<TPayoutRow[]> {
      return db
        .select()
        .from(payouts)
        .where(
          and(
            eq(payouts.status, 'PENDING'),
            isNotNull(payouts.paypalBatchId),
            or(isNull(payouts.providerStatus), ne(payouts.providerStatus, 'UNCLAIMED'), lte(payouts.sentAt, unclaimedBefore)),
          ),
        )
        .orderBy(asc(payouts.updatedAt))
        .limit(limit);
    },
    /** Pending payouts never sent (no batch) since before `before`: their job was lost or their worker killed. */
    async unsentPayouts(before: Date, limit: number): Promise<{ id: string }[]> {
      return db
        .select({ id: payouts.id })
        .from(payouts)
        .where(and(eq(payouts.status, 'PENDING'), isNull(payouts.paypalBatchId), lt(payouts.updatedAt, before)))
        .orderBy(asc(payouts.createdAt))
        .limit(limit);
    },

    /** Takes a PayPal event by its id, once: true the first time, false for a replay (inside the unit that applies it). */
    async takeEvent(id: string, type: string, now: Date): Promise<boolean> {
      const rows = await db
        .insert(paypalEvents)
        .values({ id, type, receivedAt: now })
        .onConflictDoNothing({ target: paypalEvents.id })
        .returning({ id: paypalEvents.id });
      return rows.length > 0;
    },

    /** A page of the user's transactions (newest first) and how many there are, both counted by the database. */
    async transactions(
      userId: string,
      range: { from: Date | null; until: Date | null },
      offset: number,
      limit: number,
    ): Promise<{ rows: TTransactionRow[]; total: number }> {
      const all = transactionsOf(userId, range.from, range.until);
      const page = await db.execute(sql`
        SELECT * FROM (${all}) AS x ORDER BY created_at DESC, id DESC LIMIT ${limit} OFFSET ${offset}`);
      const [count] = rowsOf<{ n: number | string }>(await db.execute(sql`SELECT count(*) AS n FROM (${all}) AS x`));
      return { rows: rowsOf<TRawTransaction>(page).map(transactionOf), total: num(count?.n) };
    },
    /** One of the user's transactions by id (a transfer they paid or received, or their payout); null otherwise. */
    async transaction(userId: string, id: string): Promise<TTransactionRow | null> {
      const [row] = rowsOf<TRawTransaction>(
        await db.execute(sql`SELECT * FROM (${transactionsOf(userId, null, null)}) AS x WHERE id = ${id} LIMIT 1`),
      );
      return row ? transactionOf(row) : null;
    },

    /** Completed payments per campaign: the sum and the sum per receiver. */
    async spent(campaignIds: readonly string[]) {
      if (campaignIds.length === 0) return [];
      return db
        .select({
          campaignId: transfers.campaignId,
          receiverId: transfers.receiverId,
          sum: sql<string>`sum(${transfers.amountMinor})`,
        })
        .from(transfers)
        .where(and(inArray(transfers.campaignId, [...campaignIds]), eq(transfers.status, 'COMPLETED')))
        .groupBy(transfers.campaignId, transfers.receiverId);
    },
    /** A campaign's payments that reached PayPal (not orders never approved or voided), newest first. */
    async campaignPayments(campaignId: string, receiverId: string | null) {
      return db
        .select({
          id: transfers.id,
          amountMinor: transfers.amountMinor,
          status: transfers.status,
          createdAt: transfers.createdAt,
          receiverId: transfers.receiverId,
          name: users.name,
          userName: users.userName,
          profileImage: users.profileImage,
        })
        .from(transfers)
        .innerJoin(users, eq(users.id, transfers.receiverId))
        .where(
          and(
            eq(transfers.campaignId, campaignId),
            notInArray(transfers.status, ['CREATED', 'VOIDED']),
            receiverId ? eq(transfers.receiverId, receiverId) : undefined,
          ),
        )
        .orderBy(desc(transfers.createdAt), desc(transfers.id));
    },
    /** A campaign's name (for the words of a notification). */
    async campaignName(campaignId: string): Promise<string | null> {
      const [row] = await db.select({ name: campaigns.name }).from(campaigns).where(eq(campaigns.id, campaignId));
      return row?.name ?? null;
    },

    // --- the ledger check: each query returns only what is wrong ---

    /** Movements whose entries do not sum to zero (or that have none). */
    async unbalancedMovements(): Promise<{ id: string; sum: number }[]> {
      const rows = rowsOf<{ id: string; sum: string | number | null }>(
        await db.execute(sql`
          SELECT m.id, coalesce(sum(e.amount_minor), 0) AS sum, count(e.id) AS n
          FROM ledger_movements m LEFT JOIN ledger_entries e ON e.movement_id = m.id
          GROUP BY m.id HAVING coalesce(sum(e.amount_minor), 0) <> 0 OR count(e.id) = 0`),
      );
      return rows.map((r) => ({ id: r.id, sum: num(r.sum) }));
    },
    /** Users whose wallet is not the sum of their wallet account's entries (and entries of no user). */
    async walletMismatches(): Promise<{ userId: string; walletMinor: number; ledgerMinor: number }[]> {
      const rows = rowsOf<{ user_id: string; wallet_minor: number | string; ledger_minor: number | string }>(
        await db.execute(sql`
          WITH ledger AS (
            SELECT substr(account, 8) AS user_id, sum(amount_minor) AS total
            FROM ledger_entries WHERE account LIKE 'wallet:%' GROUP BY account
          )
          SELECT coalesce(u.id, l.user_id) AS user_id, coalesce(u.wallet_minor, 0) AS wallet_minor,
            coalesce(l.total, 0) AS ledger_minor
          FROM users u FULL JOIN ledger l ON l.user_id = u.id
          WHERE coalesce(u.wallet_minor, 0) <> coalesce(l.total, 0)`),
      );
      return rows.map((r) => ({ userId: r.user_id, walletMinor: num(r.wallet_minor), ledgerMinor: num(r.ledger_minor) }));
    },
    /** Transfers whose capture movements are not what their state says: one if COMPLETED, none otherwise. */
    async transferMismatches(): Promise<{ transferId: string; status: string; captures: number }[]> {
      const rows = rowsOf<{ id: string; status: string; n: number | string }>(
        await db.execute(sql`
          SELECT t.id, t.status, count(m.id) AS n
          FROM transfers t LEFT JOIN ledger_movements m ON m.kind = 'capture' AND m.ref_id = t.id
          GROUP BY t.id, t.status
          HAVING count(m.id) <> CASE WHEN t.status = 'COMPLETED' THEN 1 ELSE 0 END`),
      );
      return rows.map((r) => ({ transferId: r.id, status: r.status, captures: num(r.n) }));
    },
    /** Capture movements that belong to no transfer. */
    async orphanCaptures(): Promise<{ movementId: string }[]> {
      const rows = rowsOf<{ id: string }>(
        await db.execute(sql`
          SELECT m.id FROM ledger_movements m LEFT JOIN transfers t ON t.id = m.ref_id
          WHERE m.kind = 'capture' AND t.id IS NULL`),
      );
      return rows.map((r) => ({ movementId: r.id }));
    },
    /**
     * Payouts whose movements are not what their state says: one hold each; COMPLETED one paid and no return;
     * returned ones one return and no paid; PENDING neither. Also movements of a payout that does not exist.
     */
    async payoutMismatches(): Promise<{ payoutId: string; status: string; hold: number; paid: number; returned: number }[]> {
      const counts = sql`
        SELECT ref_id,
          count(*) FILTER (WHERE kind = 'payout_hold') AS hold,
          count(*) FILTER (WHERE kind = 'payout_paid') AS paid,
          count(*) FILTER (WHERE kind = 'payout_return') AS ret
        FROM ledger_movements WHERE kind IN ('payout_hold', 'payout_paid', 'payout_return') GROUP BY ref_id`;
      const rows = rowsOf<{ id: string; status: string; hold: number | string; paid: number | string; ret: number | string }>(
        await db.execute(sql`
          SELECT p.id, p.status, coalesce(c.hold, 0) AS hold, coalesce(c.paid, 0) AS paid, coalesce(c.ret, 0) AS ret
          FROM payouts p LEFT JOIN (${counts}) c ON c.ref_id = p.id
          WHERE coalesce(c.hold, 0) <> 1
            OR coalesce(c.paid, 0) <> CASE WHEN p.status = 'COMPLETED' THEN 1 ELSE 0 END
            OR coalesce(c.ret, 0) <> CASE WHEN p.status IN ('FAILED', 'RETURNED', 'UNCLAIMED') THEN 1 ELSE 0 END
          UNION ALL
          SELECT c.ref_id, 'MISSING', c.hold, c.paid, c.ret
          FROM (${counts}) c WHERE NOT EXISTS (SELECT 1 FROM payouts p WHERE p.id = c.ref_id)`),
      );
      return rows.map((r) => ({ payoutId: r.id, status: r.status, hold: num(r.hold), paid: num(r.paid), returned: num(r.ret) }));
    },
  };
}
export type TMoneyRepository = ReturnType<typeof createMoneyRepository>;
