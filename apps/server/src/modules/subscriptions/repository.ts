import { and, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { subscriptions } from '../../db/schema';
import { createCache } from '../../lib/cache';
import type { TChanges } from '../../lib/changes';

export type TSubscriptionRow = typeof subscriptions.$inferSelect;

export function createSubscriptionsRepository(db: TDb, changes: TChanges) {
  // a user's plan is read on every getUserStatus; a write of it is heard by every process (lib/cache)
  const byUser = createCache<TSubscriptionRow>(changes, {
    ttlMs: 30_000,
    max: 50_000,
    tags: (row) => [['subscription', row.userId]],
    // most users have no plan: that is remembered too, until one is inserted
    missTags: (userId) => [['subscription', userId]],
  });
  return {
    findByUser(userId: string): Promise<TSubscriptionRow | null> {
      return byUser.get(userId, async () => {
        const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
        return row ?? null;
      });
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
      await changes.changed('subscription', row.userId);
      return row;
    },
    /**
     * Counts one post against the plan, only while it is under its limit (no limit: always): the row as counted,
     * or null when the limit is reached. One statement, so two posts at once never both take the last one.
     */
    async consumePost(userId: string): Promise<TSubscriptionRow | null> {
      const [row] = await db
        .update(subscriptions)
        .set({ postCount: sql`${subscriptions.postCount} + 1` })
        .where(
          and(
            eq(subscriptions.userId, userId),
            sql`(${subscriptions.postLimit} IS NULL OR ${subscriptions.postCount} < ${subscriptions.postLimit})`,
          ),
        )
        .returning();
      if (row) await changes.changed('subscription', userId);
      return row ?? null;
    },
    /** Gives a counted post back (a scheduled post deleted before it went out). */
    async givePostBack(userId: string): Promise<void> {
      await db
        .update(subscriptions)
        .set({ postCount: sql`GREATEST(${subscriptions.postCount} - 1, 0)` })
        .where(eq(subscriptions.userId, userId));
      await changes.changed('subscription', userId);
    },
    /** Inserts once per user; a second call returns the existing record. */
    async insertOnce(row: typeof subscriptions.$inferInsert): Promise<TSubscriptionRow> {
      await db.insert(subscriptions).values(row).onConflictDoNothing({ target: subscriptions.userId });
      const [found] = await db.select().from(subscriptions).where(eq(subscriptions.userId, row.userId));
      await changes.changed('subscription', row.userId);
      return found;
    },
  };
}
