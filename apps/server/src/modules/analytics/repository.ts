import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { accountFigures, appSettings, targetMetrics } from '../../db/schema';

export type TFiguresRow = typeof accountFigures.$inferSelect;
export type TMetricsRow = typeof targetMetrics.$inferSelect;
/** Where a sweep stopped: the last row it saw, by when it was made (or went out), then id. */
export type TCursor = { at: Date; id: string };

/** The only place that touches account_figures and target_metrics (and the analytics sweeps' cursors). */
export function createAnalyticsRepository(db: TDb) {
  return {
    async figuresOf(accountIds: string[]): Promise<TFiguresRow[]> {
      if (accountIds.length === 0) return [];
      return db.select().from(accountFigures).where(inArray(accountFigures.accountId, accountIds));
    },
    /** Adds a row for each account that has none (read at `nextFetchAt`); an account that has one keeps it. */
    async addFigures(rows: { accountId: string; orgId: string; network: string; nextFetchAt: Date }[]): Promise<void> {
      if (rows.length) await db.insert(accountFigures).values(rows).onConflictDoNothing();
    },
    /** A network's accounts due for a read by `now`: those never read first, then the longest waiting. */
    async dueFigures(network: string, now: Date, limit: number): Promise<TFiguresRow[]> {
      return db
        .select()
        .from(accountFigures)
        .where(and(eq(accountFigures.network, network), lte(accountFigures.nextFetchAt, now)))
        .orderBy(sql`${accountFigures.fetchedAt} is null desc`, asc(accountFigures.nextFetchAt))
        .limit(limit);
    },
    /** Moves the next read of these accounts to `at`. */
    async deferFigures(accountIds: string[], at: Date): Promise<void> {
      if (accountIds.length)
        await db.update(accountFigures).set({ nextFetchAt: at }).where(inArray(accountFigures.accountId, accountIds));
    },
    async updateFigures(accountId: string, patch: Partial<typeof accountFigures.$inferInsert>): Promise<void> {
      await db.update(accountFigures).set(patch).where(eq(accountFigures.accountId, accountId));
    },

    /** The figures of these targets: one array parameter however many (a busy organization's months are tens of thousands). */
    async metricsOf(targetIds: string[]): Promise<TMetricsRow[]> {
      if (targetIds.length === 0) return [];
      return db
        .select()
        .from(targetMetrics)
        .where(sql`${targetMetrics.targetId} = ANY(${sql.param(targetIds)}::text[])`);
    },
    /** Adds a row for each published target that has none (read at `nextFetchAt`); one that has a row keeps it. */
    async addMetrics(rows: { targetId: string; postId: string; orgId: string; nextFetchAt: Date }[]): Promise<void> {
      if (rows.length) await db.insert(targetMetrics).values(rows).onConflictDoNothing();
    },
    /** Targets due for a read by `now`, the longest waiting first. */
    async dueMetrics(now: Date, limit: number): Promise<TMetricsRow[]> {
      return db
        .select()
        .from(targetMetrics)
        .where(and(isNotNull(targetMetrics.nextFetchAt), lte(targetMetrics.nextFetchAt, now)))
        .orderBy(sql`${targetMetrics.fetchedAt} is null desc`, asc(targetMetrics.nextFetchAt))
        .limit(limit);
    },
    async updateMetrics(targetId: string, patch: Partial<typeof targetMetrics.$inferInsert>): Promise<void> {
      await db.update(targetMetrics).set(patch).where(eq(targetMetrics.targetId, targetId));
    },
    /** Moves the next read of these targets to `at` (null: they are no longer read). */
    async deferMetrics(targetIds: string[], at: Date | null): Promise<void> {
      if (targetIds.length)
        await db.update(targetMetrics).set({ nextFetchAt: at }).where(inArray(targetMetrics.targetId, targetIds));
    },

    /** A sweep's cursor, kept in the settings so that it survives restarts and is shared by every process. */
    async cursor(name: string): Promise<TCursor | null> {
      const [row] = await db
        .select()
        .from(appSettings)
        .where(eq(appSettings.key, `analytics_cursor_${name}`));
      const v = row?.value as { at?: string; id?: string } | undefined;
      return v?.at && typeof v.id === 'string' ? { at: new Date(v.at), id: v.id } : null;
    },
    async saveCursor(name: string, cursor: TCursor): Promise<void> {
      const value = { at: cursor.at.toISOString(), id: cursor.id };
      await db
        .insert(appSettings)
        .values({ key: `analytics_cursor_${name}`, value })
        .onConflictDoUpdate({ target: appSettings.key, set: { value } });
    },
  };
}
export type TAnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
