import { and, asc, eq, getTableColumns, gt, lte, ne, or, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { subscriptions, users } from '../../db/schema';
import { createCache } from '../../lib/cache';
import type { TChanges } from '../../lib/changes';

export type TSubscriptionRow = typeof subscriptions.$inferSelect;
/** A plan with its owner's profile type (an influencer's paid plan falls back to the free tier when it ends). */
export type TOwnedSubscription = TSubscriptionRow & { profileType: string };
/** What settling or buying may change of a plan. */
export type TSubscriptionPatch = Partial<
  Pick<
    TSubscriptionRow,
    'planType' | 'planStatus' | 'postLimit' | 'postCount' | 'planStartDate' | 'planEndDate' | 'subscriptionVerify'
  >
>;

const owned = { ...getTableColumns(subscriptions), profileType: users.profileType };

export function createSubscriptionsRepository(db: TDb, changes: TChanges) {
  // a user's plan is read on every getUserStatus; a write of it is heard by every process (lib/cache)
  const byUser = createCache<TOwnedSubscription>(changes, {
    ttlMs: 30_000,
    max: 50_000,
    // the owner's profile type rides along: a change of the user's row is heard too
    tags: (row) => [
      ['subscription', row.userId],
      ['user', row.userId],
    ],
    // most users have no plan: that is remembered too, until one is inserted
    missTags: (userId) => [['subscription', userId]],
  });
  const selectOwned = () => db.select(owned).from(subscriptions).innerJoin(users, eq(users.id, subscriptions.userId));
  return {
    findByUser(userId: string): Promise<TOwnedSubscription | null> {
      return byUser.get(userId, async () => {
        const [row] = await selectOwned().where(eq(subscriptions.userId, userId));
        return row ?? null;
      });
    },
    /** The profile type of a user (whether one without a plan may post at all). */
    async profileTypeOf(userId: string): Promise<string | null> {
      const [row] = await db.select({ profileType: users.profileType }).from(users).where(eq(users.id, userId));
      return row?.profileType ?? null;
    },
    /** The plan of `userId`, locked until the unit of work in progress ends (a purchase being recorded). */
    async lockByUser(userId: string): Promise<TOwnedSubscription | null> {
      const [row] = await selectOwned().where(eq(subscriptions.userId, userId)).for('update', { of: subscriptions });
      return row ?? null;
    },
    /**
     * Moves a plan on (a new period, its expiry, the free tier again): only if it is still as it was read, so of
     * concurrent callers only the first writes. The row as it now stands.
     */
    async settle(was: TSubscriptionRow, patch: TSubscriptionPatch): Promise<TOwnedSubscription> {
      await db
        .update(subscriptions)
        .set(patch)
        .where(
          and(
            eq(subscriptions.id, was.id),
            eq(subscriptions.planType, was.planType),
            eq(subscriptions.planStatus, was.planStatus),
            eq(subscriptions.planStartDate, was.planStartDate),
            eq(subscriptions.planEndDate, was.planEndDate),
          ),
        );
      const [row] = await selectOwned().where(eq(subscriptions.id, was.id));
      await changes.changed('subscription', row.userId);
      return row;
    },
    /** The plans a daily pass must move on: ended while ACTIVE, or paid ones whose monthly post period has turned. */
    async dueForSettling(now: Date, limit: number): Promise<TOwnedSubscription[]> {
      return selectOwned()
        .where(
          and(
            eq(subscriptions.planStatus, 'ACTIVE'),
            or(
              lte(subscriptions.planEndDate, now),
              and(
                ne(subscriptions.planType, 'FreeTier'),
                sql`${subscriptions.planStartDate} + interval '1 month' <= ${now.toISOString()}::timestamptz`,
              ),
            ),
          ),
        )
        .limit(limit);
    },
    /**
     * Paid plans still running (ACTIVE) whose end is in (from, until], by end then id, after `after` (the last of
     * the page before): the plans a reminder is due for.
     */
    async paidEndingBetween(
      from: Date,
      until: Date,
      after: { at: Date; id: string } | null,
      limit: number,
    ): Promise<TOwnedSubscription[]> {
      return selectOwned()
        .where(
          and(
            eq(subscriptions.planStatus, 'ACTIVE'),
            ne(subscriptions.planType, 'FreeTier'),
            gt(subscriptions.planEndDate, from),
            lte(subscriptions.planEndDate, until),
            after
              ? or(
                  gt(subscriptions.planEndDate, after.at),
                  and(eq(subscriptions.planEndDate, after.at), gt(subscriptions.id, after.id)),
                )
              : undefined,
          ),
        )
        .orderBy(asc(subscriptions.planEndDate), asc(subscriptions.id))
        .limit(limit);
    },
    /** Writes what a purchase gives: the plan made, or changed (one row per user). */
    async upsert(row: typeof subscriptions.$inferInsert): Promise<void> {
      const { id: _id, userId: _userId, createdAt: _createdAt, ...patch } = row;
      await db.insert(subscriptions).values(row).onConflictDoUpdate({ target: subscriptions.userId, set: patch });
      await changes.changed('subscription', row.userId);
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
    async insertOnce(row: typeof subscriptions.$inferInsert): Promise<TOwnedSubscription> {
      await db.insert(subscriptions).values(row).onConflictDoNothing({ target: subscriptions.userId });
      const [found] = await selectOwned().where(eq(subscriptions.userId, row.userId));
      await changes.changed('subscription', row.userId);
      return found;
    },
  };
}
export type TSubscriptionsRepository = ReturnType<typeof createSubscriptionsRepository>;
