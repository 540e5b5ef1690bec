import { LEVEL_MONTHS, LEVELS, type TLevel } from '@virality/domain';
import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { pointsLedger, posts, users } from '../../db/schema';
import type { TChanges } from '../../lib/changes';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const asDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));

/** A level's name by its rank (0 Maker, 1 Trailblazer, 2 Visionary). */
const levelAt = (rank: number): TLevel => LEVELS[Math.max(0, Math.min(LEVELS.length - 1, rank))]!.name;
const MONTHS = sql.raw(`interval '${LEVEL_MONTHS} months'`);
const TWICE = sql.raw(`interval '${LEVEL_MONTHS * 2} months'`);
/** The rank a count of points gives, in SQL (the thresholds of LEVELS, highest first). */
const rankOf = (count: SQL) =>
  sql.join(
    [
      sql`CASE`,
      ...LEVELS.map((l, i) => ({ l, i }))
        .reverse()
        .filter(({ i }) => i > 0)
        .map(({ l, i }) => sql`WHEN ${count} >= ${l.minPoints} THEN ${i}`),
      sql`ELSE 0 END`,
    ],
    sql` `,
  );

export type TEarningRow = {
  id: string;
  points: number;
  earnedAt: Date;
  postId: string | null;
  network: string | null;
  caption: string | null;
};

/**
 * The points ledger as the wallet reads it (written by the publishing engine), and the level each user holds. Every
 * figure is computed in the database: sums, pages and chart bars, never a user's whole history in memory.
 */
export function createPointsRepository(db: TDb, changes: TChanges) {
  /** The period's condition on the ledger (both ends in moments; none for everything). */
  const inPeriod = (userId: string, period: { from: Date; to: Date } | null) =>
    and(
      eq(pointsLedger.userId, userId),
      ...(period ? [gte(pointsLedger.earnedAt, period.from), lt(pointsLedger.earnedAt, period.to)] : []),
    );

  return {
    /**
     * The level held at `now`: the highest level reached at an earning within the last 12 months, where an earning
     * reaches the level that the points earned in the 12 months up to it give; and when that level was last
     * reached. `exclude`: ledger rows left out (the level held just before they were earned).
     */
    async heldLevel(
      userId: string,
      now: Date,
      exclude: readonly string[] = [],
    ): Promise<{ level: TLevel; reachedAt: Date | null }> {
      const result = await db.execute(sql`
        WITH recent AS (
          SELECT ${pointsLedger.earnedAt} AS earned_at, ${pointsLedger.points} AS points
          FROM ${pointsLedger}
          WHERE ${pointsLedger.userId} = ${userId}
            AND ${pointsLedger.earnedAt} > ${now.toISOString()}::timestamptz - ${TWICE}
            AND ${pointsLedger.earnedAt} <= ${now.toISOString()}::timestamptz
            ${
              exclude.length
                ? sql`AND ${pointsLedger.id} <> ALL(${sql.raw('ARRAY[')}${sql.join(
                    exclude.map((id) => sql`${id}`),
                    sql`, `,
                  )}${sql.raw(']::text[]')})`
                : sql``
            }
        ), counted AS (
          SELECT earned_at, sum(points) OVER (ORDER BY earned_at RANGE BETWEEN ${MONTHS} PRECEDING AND CURRENT ROW) AS n
          FROM recent
        )
        SELECT ${rankOf(sql`n`)} AS rank, earned_at
        FROM counted
        WHERE earned_at > ${now.toISOString()}::timestamptz - ${MONTHS}
        ORDER BY 1 DESC, earned_at DESC
        LIMIT 1`);
      const [row] = rowsOf<{ rank: number | string; earned_at: unknown }>(result);
      const rank = row ? Number(row.rank) : 0;
      return rank === 0 ? { level: 'Maker', reachedAt: null } : { level: levelAt(rank), reachedAt: asDate(row!.earned_at) };
    },

    /** Points earned in the 12 months up to `now`: what the level counts. */
    async levelPoints(userId: string, now: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`coalesce(sum(${pointsLedger.points}), 0)::int` })
        .from(pointsLedger)
        .where(
          and(
            eq(pointsLedger.userId, userId),
            sql`${pointsLedger.earnedAt} > ${now.toISOString()}::timestamptz - ${MONTHS}`,
            lte(pointsLedger.earnedAt, now),
          ),
        );
      return Number(row?.n ?? 0);
    },

    /** The user's stored figures: total points, the level kept and when it was reached. */
    async standing(userId: string) {
      const [row] = await db
        .select({ totalPoints: users.totalPoints, level: users.viralityLevel, reachedAt: users.levelReachedAt })
        .from(users)
        .where(eq(users.id, userId));
      return row ?? null;
    },

    /**
     * Adds the given earnings to the user's total, each once: those not in it yet are marked in the same unit of
     * work as the total grows, so a settle run again (after a crash, by another process) adds nothing twice. Returns
     * the earnings added now and the user's figures after.
     */
    async addToTotal(userId: string, ids: readonly string[]) {
      if (ids.length === 0) return null;
      const added = await db
        .update(pointsLedger)
        .set({ inTotal: true })
        .where(and(eq(pointsLedger.userId, userId), inArray(pointsLedger.id, [...ids]), eq(pointsLedger.inTotal, false)))
        .returning({ id: pointsLedger.id, points: pointsLedger.points, earnedAt: pointsLedger.earnedAt });
      if (added.length === 0) return null;
      const [stored] = await db
        .update(users)
        .set({ totalPoints: sql`${users.totalPoints} + ${added.reduce((n, r) => n + r.points, 0)}` })
        .where(eq(users.id, userId))
        .returning({ totalPoints: users.totalPoints, level: users.viralityLevel, reachedAt: users.levelReachedAt });
      await changes.changed('user', userId);
      return stored ? { added, stored } : null;
    },

    /** Keeps the level a user holds (and when it was reached); the user's row is re-read everywhere. */
    async setLevel(userId: string, level: TLevel, reachedAt: Date | null): Promise<void> {
      await db.update(users).set({ viralityLevel: level, levelReachedAt: reachedAt }).where(eq(users.id, userId));
      await changes.changed('user', userId);
    },

    /** Users whose kept level may have run out by `now` (reached 12 months ago or more, or a level with no date). */
    async levelsToCheck(now: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(
          or(
            and(isNotNull(users.levelReachedAt), sql`${users.levelReachedAt} <= ${now.toISOString()}::timestamptz - ${MONTHS}`),
            and(isNull(users.levelReachedAt), ne(users.viralityLevel, 'Maker')),
          ),
        )
        .orderBy(users.id)
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /** What a post earned on each network (the rows of one post), with the networks. */
    async earnedByPost(
      postId: string,
    ): Promise<{ id: string; network: string | null; points: number; earnedAt: Date; inTotal: boolean }[]> {
      return db
        .select({
          id: pointsLedger.id,
          network: pointsLedger.network,
          points: pointsLedger.points,
          earnedAt: pointsLedger.earnedAt,
          inTotal: pointsLedger.inTotal,
        })
        .from(pointsLedger)
        .where(eq(pointsLedger.postId, postId))
        .orderBy(pointsLedger.earnedAt);
    },

    /** How many earnings and points fall in a period. */
    async periodTotals(userId: string, period: { from: Date; to: Date } | null): Promise<{ count: number; points: number }> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int`, points: sql<number>`coalesce(sum(${pointsLedger.points}), 0)::int` })
        .from(pointsLedger)
        .where(inPeriod(userId, period));
      return { count: Number(row?.count ?? 0), points: Number(row?.points ?? 0) };
    },

    /** One page of a period's earnings, newest first, with the post's caption while the post is there. */
    async earnings(userId: string, period: { from: Date; to: Date } | null, page: number, size: number): Promise<TEarningRow[]> {
      const rows = await db
        .select({
          id: pointsLedger.id,
          points: pointsLedger.points,
          earnedAt: pointsLedger.earnedAt,
          postId: pointsLedger.postId,
          network: pointsLedger.network,
          caption: sql<string | null>`CASE WHEN ${posts.isActive} THEN left(${posts.caption}, 140) END`,
        })
        .from(pointsLedger)
        .leftJoin(posts, eq(posts.id, pointsLedger.postId))
        .where(inPeriod(userId, period))
        .orderBy(desc(pointsLedger.earnedAt), desc(pointsLedger.id))
        .limit(size)
        .offset((page - 1) * size);
      return rows.map((r) => ({ ...r, earnedAt: asDate(r.earnedAt) }));
    },

    /** The points of each bar of a chart (each bar from `from`, included, to `to`, excluded), in the bars' order. */
    async pointsPerBar(userId: string, bars: { from: Date; to: Date }[]): Promise<number[]> {
      if (bars.length === 0) return [];
      const values = sql.join(
        bars.map((b, i) => sql`(${i}::int, ${b.from.toISOString()}::timestamptz, ${b.to.toISOString()}::timestamptz)`),
        sql`, `,
      );
      const result = await db.execute(sql`
        SELECT b.i, coalesce(sum(${pointsLedger.points}), 0)::int AS n
        FROM (VALUES ${values}) AS b(i, f, t)
        LEFT JOIN ${pointsLedger}
          ON ${pointsLedger.userId} = ${userId} AND ${pointsLedger.earnedAt} >= b.f AND ${pointsLedger.earnedAt} < b.t
        GROUP BY b.i
        ORDER BY b.i`);
      const out = new Array<number>(bars.length).fill(0);
      for (const r of rowsOf<{ i: number | string; n: number | string }>(result)) out[Number(r.i)] = Number(r.n);
      return out;
    },

    /** When the user first earned, if ever (where an all-time chart starts). */
    async firstEarning(userId: string): Promise<Date | null> {
      const [row] = await db
        .select({ at: sql<unknown>`min(${pointsLedger.earnedAt})` })
        .from(pointsLedger)
        .where(eq(pointsLedger.userId, userId));
      return row?.at ? asDate(row.at) : null;
    },

    /** Says an earning happened, for the user's open pages (the congratulation toast); heard once the unit commits. */
    announceEarning: (userId: string, postId: string, points: number, total: number) =>
      changes.announce('points', `${userId}.${postId}.${points}.${total}`),
  };
}
export type TPointsRepository = ReturnType<typeof createPointsRepository>;
