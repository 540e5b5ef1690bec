import { and, eq } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { subscriptions } from '../../db/schema';

export type TSubscriptionRow = typeof subscriptions.$inferSelect;

export function createSubscriptionsRepository(db: TDb) {
  return {
    async findByUser(userId: string): Promise<TSubscriptionRow | null> {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
      return row ?? null;
    },
    /** Moves a plan to its next period; only the first of concurrent callers (same old end date) writes. */
    async renew(
      id: string,
      oldEnd: Date,
      patch: Pick<TSubscriptionRow, 'planStartDate' | 'planEndDate' | 'postCount' | 'planStatus'>,
    ): Promise<TSubscriptionRow> {
      await db
        .update(subscriptions)
        .set(patch)
        .where(and(eq(subscriptions.id, id), eq(subscriptions.planEndDate, oldEnd)));
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
      return row;
    },
    /** Inserts once per user; a second call returns the existing record. */
    async insertOnce(row: typeof subscriptions.$inferInsert): Promise<TSubscriptionRow> {
      await db.insert(subscriptions).values(row).onConflictDoNothing({ target: subscriptions.userId });
      const [found] = await db.select().from(subscriptions).where(eq(subscriptions.userId, row.userId));
      return found;
    },
  };
}
