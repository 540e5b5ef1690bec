import { and, asc, eq, isNotNull, lt } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { payments, stripeEvents } from '../../db/schema';
import type { TChanges } from '../../lib/changes';

export type TPaymentRow = typeof payments.$inferSelect;
export type TNewPayment = typeof payments.$inferInsert;

/** The payments ledger and the card processor's events already handled. */
export function createPaymentsRepository(db: TDb, changes: TChanges) {
  return {
    async insert(row: TNewPayment): Promise<TPaymentRow> {
      const [saved] = await db.insert(payments).values(row).returning();
      return saved;
    },
    async findById(id: string): Promise<TPaymentRow | null> {
      const [row] = await db.select().from(payments).where(eq(payments.id, id));
      return row ?? null;
    },
    async findBySession(sessionId: string): Promise<TPaymentRow | null> {
      const [row] = await db.select().from(payments).where(eq(payments.stripeSessionId, sessionId));
      return row ?? null;
    },
    /** A payment locked until the unit of work in progress ends (an event about it being recorded). */
    async lock(by: { sessionId?: string | null; id?: string | null }): Promise<TPaymentRow | null> {
      if (by.sessionId) {
        const [row] = await db.select().from(payments).where(eq(payments.stripeSessionId, by.sessionId)).for('update');
        if (row) return row;
      }
      if (!by.id) return null;
      const [row] = await db.select().from(payments).where(eq(payments.id, by.id)).for('update');
      return row ?? null;
    },
    async update(id: string, patch: Partial<TNewPayment>): Promise<TPaymentRow> {
      const [row] = await db.update(payments).set(patch).where(eq(payments.id, id)).returning();
      return row;
    },
    /** Checkouts still waiting for Stripe's word that were opened before `before`, the oldest first. */
    async pendingBefore(before: Date, limit: number): Promise<TPaymentRow[]> {
      return db
        .select()
        .from(payments)
        .where(and(eq(payments.status, 'pending'), isNotNull(payments.stripeSessionId), lt(payments.createdAt, before)))
        .orderBy(asc(payments.createdAt))
        .limit(limit);
    },
    /**
     * Takes an event by its id, once: true the first time, false for a replay (nothing is to change then).
     * Inside the unit that records what the event says, so a failure takes neither.
     */
    async takeEvent(id: string, type: string, now: Date): Promise<boolean> {
      const rows = await db
        .insert(stripeEvents)
        .values({ id, type, receivedAt: now })
        .onConflictDoNothing({ target: stripeEvents.id })
        .returning({ id: stripeEvents.id });
      return rows.length > 0;
    },
    /** Tells the payer's open pages (the live stream) that a payment was recorded. */
    announce(userId: string, orderId: string, status: string) {
      return changes.changed('payment', `${userId}.${orderId}.${status}`);
    },
  };
}
export type TPaymentsRepository = ReturnType<typeof createPaymentsRepository>;
