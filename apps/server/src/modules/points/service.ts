import {
  addDays,
  addUtcMonths,
  chartBuckets,
  customRangeIssues,
  dayInZone,
  daysAsMoments,
  LEVEL_MONTHS,
  LEVELS,
  levelForPoints,
  levelRank,
  MSG,
  POINTS_MSG,
  pointsProgress,
  pointsStanding,
  socialNetwork,
  type TLevel,
  type TPointsEarned,
  type TWallet,
  type TWalletFilterInput,
  type TWalletPage,
  WALLET_PAGE_SIZE,
  walletDays,
  walletZone,
  zoneDayStart,
} from '@virality/domain';
import type { Clock } from '../../clock';
import { badRequest, forbidden } from '../../errors';
import type { TAuthContext } from '../auth/service';
import type { TNotificationsService } from '../notifications/service';
import type { TEarningRow, TPointsRepository } from './repository';

/** A call that names a user (`?userId=`, body `userId`) may only name the caller. */
const assertSelf = (a: TAuthContext, userId: string | undefined) => {
  if (userId && userId !== a.userId) throw forbidden(MSG.forbidden);
};

const zoneOf = (timeZone: string | undefined): string => {
  const zone = walletZone(timeZone);
  if (!zone) throw badRequest(POINTS_MSG.badTimeZone, { errors: { timeZone: POINTS_MSG.badTimeZone } });
  return zone;
};

const earningDto = (r: TEarningRow): TPointsEarned => ({
  _id: r.id,
  points: r.points,
  earnDate: r.earnedAt.toISOString(),
  postId: r.postId,
  network: r.network ? (socialNetwork(r.network)?.key ?? r.network) : null,
  caption: r.caption,
});

const pagesOf = (count: number) => Math.ceil(count / WALLET_PAGE_SIZE);

/**
 * Points and levels. A post's points are recorded by the publishing engine (one ledger row per post and network);
 * this service, inside the engine's unit of work, keeps the level each user holds and says what was earned
 * (a notification per settle, a level notification per level reached, the live event behind the toast). The
 * level rule: an earning reaches the level that the points of the 12 months up to it give; the level held is the
 * highest one reached within the last 12 months (so it is held for 12 months from when it was last reached,
 * whatever the count does after). A daily job drops what ran out; reads never show a level that ran out.
 */
export function createPointsService(deps: { repo: TPointsRepository; notifications: TNotificationsService; clock: Clock }) {
  const { repo, notifications, clock } = deps;

  /** The level to show for a user's stored figures at `now`: the stored one while held, else worked out again. */
  async function shownLevel(
    userId: string,
    stored: { level: string; reachedAt: Date | null },
    now: Date,
    /** An earning left out when the level has to be worked out again from the ledger. */
    exclude: readonly string[] = [],
  ): Promise<{ level: TLevel; reachedAt: Date | null }> {
    if (stored.level === 'Maker' && !stored.reachedAt) return { level: 'Maker', reachedAt: null };
    const held = stored.reachedAt && stored.reachedAt.getTime() > addUtcMonths(now, -LEVEL_MONTHS).getTime();
    if (held && LEVELS.some((l) => l.name === stored.level))
      return { level: stored.level as TLevel, reachedAt: stored.reachedAt };
    return repo.heldLevel(userId, now, exclude);
  }

  /** Whether two level standings differ (the level, or when it was reached). */
  const differ = (a: { level: string; reachedAt: Date | null }, b: { level: string; reachedAt: Date | null }) =>
    a.level !== b.level || (a.reachedAt?.getTime() ?? null) !== (b.reachedAt?.getTime() ?? null);

  /** Works out the level again and keeps it; true when it changed. */
  async function refreshLevel(userId: string, now: Date) {
    const held = await repo.heldLevel(userId, now);
    const stored = await repo.standing(userId);
    if (!stored) return { held, changed: false };
    const changed = differ(stored, held);
    if (changed) await repo.setLevel(userId, held.level, held.reachedAt);
    return { held, changed };
  }

  /**
   * Inside the unit of work that settles a post (or records points another way): the given ledger rows not yet in
   * the user's total are added to it, once, and the level they reach is kept; a level higher than the one held just
   * before them is announced, once per level per time reached. Returns the user's total after, or null when there
   * was nothing to add.
   */
  async function counted(userId: string, ids: readonly string[]): Promise<number | null> {
    const result = await repo.addToTotal(userId, ids);
    if (!result) return null;
    const { added, stored } = result;
    // the newest of them reaches the level the points of the 12 months up to it give (the earlier ones reach no
    // higher: points only add up); reaching the level held (or a higher one) holds it for 12 months from then, a
    // lower one leaves the held one as it is
    const last = added.reduce((a, r) => (r.earnedAt.getTime() > a.getTime() ? r.earnedAt : a), added[0]!.earnedAt);
    // the level held before them: the one kept while it holds (else worked out without them)
    const before = await shownLevel(
      userId,
      stored,
      last,
      added.map((r) => r.id),
    );
    const reached = levelRank(levelForPoints(await repo.levelPoints(userId, last)));
    const held =
      reached > 0 && reached >= levelRank(before.level) ? { level: LEVELS[reached]!.name as TLevel, reachedAt: last } : before;
    if (differ(held, stored)) await repo.setLevel(userId, held.level, held.reachedAt);
    if (levelRank(held.level) > levelRank(before.level) && held.reachedAt) {
      await notifications.notify(userId, {
        type: 'LEVEL_REACHED',
        title: POINTS_MSG.levelTitle(held.level),
        description: POINTS_MSG.levelText(held.level),
        payload: null,
        dedupeKey: `level:${held.level}:${held.reachedAt.toISOString()}`,
      });
    }
    return stored.totalPoints;
  }

  return {
    counted,

    /**
     * Inside the unit of work that settles a post: what the post earned since `roundStart` (when it was sent, or
     * sent again) is told once, as one notification for the whole post (not one per network), and to the user's
     * open pages (the congratulation toast). A settle that earned nothing says nothing.
     */
    async settled(userId: string, postId: string, roundStart: Date): Promise<void> {
      const rows = await repo.earnedByPost(postId);
      // what the post earned that is not in the user's total yet goes in now, with the level it reaches
      const totalNow = await counted(
        userId,
        rows.filter((r) => !r.inTotal).map((r) => r.id),
      );
      const round = rows.filter((r) => r.earnedAt.getTime() >= roundStart.getTime());
      if (round.length === 0) return;
      const points = round.reduce((n, r) => n + r.points, 0);
      const postTotal = rows.reduce((n, r) => n + r.points, 0);
      // in the networks' own order (Instagram, Facebook, YouTube, LinkedIn, TikTok, X, Threads)
      const order = (r: { network: string | null }) => Number(socialNetwork(r.network)?.id ?? 99);
      const networks = [
        ...new Set([...round].sort((x, y) => order(x) - order(y)).map((r) => socialNetwork(r.network)?.label ?? r.network ?? '')),
      ].filter(Boolean);
      const total = totalNow ?? (await repo.standing(userId))?.totalPoints ?? points;
      const written = await notifications.notify(userId, {
        type: 'POINTS_EARNED',
        title: POINTS_MSG.earnedTitle(points),
        description: POINTS_MSG.earnedText(points, networks, total),
        payload: { payloadId: postId },
        dedupeKey: `points:${postId}:${postTotal}`,
      });
      if (written) await repo.announceEarning(userId, postId, points, total);
    },

    /** The level to show for a user row (every read of a user: a level that ran out is never shown). */
    async levelOf(row: { id: string; viralityLevel: string; levelReachedAt: Date | null }): Promise<TLevel> {
      return (await shownLevel(row.id, { level: row.viralityLevel, reachedAt: row.levelReachedAt }, clock.now())).level;
    },

    /** GET wallet/getUserWallet: the total, the level held and until when, the achievements, progress, first page. */
    async wallet(a: TAuthContext, query: { userId?: string; timeZone?: string }): Promise<TWallet> {
      assertSelf(a, query.userId);
      zoneOf(query.timeZone);
      const now = clock.now();
      const stored = await repo.standing(a.userId);
      const totalPoints = stored?.totalPoints ?? 0;
      const held = await shownLevel(a.userId, { level: stored?.level ?? 'Maker', reachedAt: stored?.reachedAt ?? null }, now);
      const [levelPoints, totals, first] = await Promise.all([
        repo.levelPoints(a.userId, now),
        repo.periodTotals(a.userId, null),
        repo.earnings(a.userId, null, 1, WALLET_PAGE_SIZE),
      ]);
      // the level, what is reached and the bar all come from the one shared standing
      const rank = levelRank(pointsStanding({ levelPoints, level: held.level }).level);
      return {
        user: {
          _id: a.userId,
          totalPoints,
          viralityLevel: held.level,
          levelPoints,
          levelReachedAt: held.reachedAt?.toISOString() ?? null,
          levelHeldUntil: held.reachedAt ? addUtcMonths(held.reachedAt, LEVEL_MONTHS).toISOString() : null,
        },
        achievements: LEVELS.map((l, i) => ({
          name: l.name,
          minPoints: l.minPoints,
          maxPoints: l.maxPoints,
          achieved: i <= rank,
          current: i === rank,
        })),
        // the bar and its marker count what the level counts (the 12 months' points), from the shared standing
        progress: pointsProgress({ levelPoints, level: held.level }),
        pointsEarned: first.map(earningDto),
        totalPages: pagesOf(totals.count),
      };
    },

    /**
     * GET and POST wallet/getUserFillterWallet: one page (10) of the earnings of a period, the period's sum and a
     * chart of it, in the caller's zone. Custom needs both days, checked by the shared rule (400 with its words).
     */
    async filtered(a: TAuthContext, input: TWalletFilterInput): Promise<TWalletPage> {
      assertSelf(a, input.userId);
      const zone = zoneOf(input.timeZone);
      const now = clock.now();
      const today = dayInZone(now, zone);
      const filter = input.filterType ?? null;
      let custom: { startDate: string; endDate: string } | undefined;
      if (filter === 'Custom') {
        const issues = customRangeIssues({ startDate: input.startDate, endDate: input.endDate }, today);
        const first = Object.values(issues)[0];
        if (first) throw badRequest(first, { errors: issues });
        custom = { startDate: input.startDate!.trim(), endDate: input.endDate!.trim() };
      }
      const days = walletDays(filter, today, custom);
      const period = days ? daysAsMoments(days, zone) : null;
      const page = input.page ?? 1;
      const [totals, rows] = await Promise.all([
        repo.periodTotals(a.userId, period),
        repo.earnings(a.userId, period, page, WALLET_PAGE_SIZE),
      ]);
      // the chart covers the period, or (everything) from the first earning's day to today, a week at least
      let chartDays = days;
      if (!chartDays) {
        const firstAt = await repo.firstEarning(a.userId);
        const weekAgo = addDays(today, -6);
        const firstDay = firstAt ? dayInZone(firstAt, zone) : weekAgo;
        chartDays = { startDay: firstDay < weekAgo ? firstDay : weekAgo, endDay: today };
      }
      const { unit, buckets } = chartBuckets(chartDays);
      const perBar = await repo.pointsPerBar(
        a.userId,
        buckets.map((b) => ({ from: zoneDayStart(b.startDay, zone), to: zoneDayStart(b.untilDay, zone) })),
      );
      return {
        filterType: filter,
        startDate: days?.startDay ?? null,
        endDate: days?.endDay ?? null,
        timeZone: zone,
        page,
        totalPages: pagesOf(totals.count),
        totalCount: totals.count,
        periodPoints: totals.points,
        pointsEarned: rows.map(earningDto),
        chart: { unit, points: buckets.map((b, i) => ({ startDate: b.startDay, points: perBar[i] ?? 0 })) },
      };
    },

    /** The daily pass: every level that ran out is worked out again (dropped, or to a lower level still held). */
    async dropExpiredLevels(): Promise<{ checked: number; changed: number }> {
      const now = clock.now();
      let checked = 0;
      let changed = 0;
      for (let round = 0; round < 1_000; round++) {
        const ids = await repo.levelsToCheck(now, 500);
        if (ids.length === 0) break;
        for (const id of ids) {
          checked++;
          if ((await refreshLevel(id, now)).changed) changed++;
        }
        if (ids.length < 500) break;
      }
      return { checked, changed };
    },
  };
}
export type TPointsService = ReturnType<typeof createPointsService>;
