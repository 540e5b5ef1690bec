import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { queueDefaults, queueSchedules } from '../../db/schema';

export type TQueueScheduleRow = typeof queueSchedules.$inferSelect;
export type TQueueDefaultRow = typeof queueDefaults.$inferSelect;

/** The only place that touches queue_schedules and queue_defaults. */
export function createQueueRepository(db: TDb) {
  return {
    async ofAccounts(orgId: string, accountIds: readonly string[]): Promise<TQueueScheduleRow[]> {
      if (accountIds.length === 0) return [];
      return db
        .select()
        .from(queueSchedules)
        .where(and(eq(queueSchedules.orgId, orgId), inArray(queueSchedules.accountId, [...accountIds])));
    },
    async defaultOf(orgId: string): Promise<TQueueDefaultRow | null> {
      const [row] = await db.select().from(queueDefaults).where(eq(queueDefaults.orgId, orgId));
      return row ?? null;
    },
    async upsert(row: TQueueScheduleRow): Promise<void> {
      await db
        .insert(queueSchedules)
        .values(row)
        .onConflictDoUpdate({
          target: queueSchedules.accountId,
          set: { timeZone: row.timeZone, paused: row.paused, slots: row.slots, updatedAt: row.updatedAt },
        });
    },
    async remove(orgId: string, accountId: string): Promise<void> {
      await db.delete(queueSchedules).where(and(eq(queueSchedules.orgId, orgId), eq(queueSchedules.accountId, accountId)));
    },
    async upsertDefault(row: TQueueDefaultRow): Promise<void> {
      await db
        .insert(queueDefaults)
        .values(row)
        .onConflictDoUpdate({
          target: queueDefaults.orgId,
          set: { timeZone: row.timeZone, slots: row.slots, updatedAt: row.updatedAt },
        });
    },
    /**
     * Holds an account's queue until the unit of work ends: two posts added to one queue at once take their slots
     * one after the other (a transaction-scoped advisory lock on the account's id: it needs no row to exist).
     */
    async lockQueue(accountId: string): Promise<void> {
      await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`queue:${accountId}`}))`);
    },
  };
}
export type TQueueRepository = ReturnType<typeof createQueueRepository>;
