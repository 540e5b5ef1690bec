/**
 * Points and levels: the three levels and their thresholds, how long a level is held, the wallet's progress bar,
 * its filters and their date ranges in the user's time zone, and the custom range's rules. No clock: `today` (a
 * day in the user's zone) and moments are passed in.
 */
import { addDays, addMonths } from './calendar';
import { isTimeZone, zoneDayStart } from './insights';

// ── Levels ─────────────────────────────────────────────────────────────────────────────────────────

export const LEVELS = [
  { name: 'Maker', minPoints: 0, maxPoints: 143 },
  { name: 'Trailblazer', minPoints: 144, maxPoints: 287 },
  { name: 'Visionary', minPoints: 288, maxPoints: null },
] as const;
export type TLevel = (typeof LEVELS)[number]['name'];
export const LEVEL_NAMES: readonly TLevel[] = LEVELS.map((l) => l.name);

/** The months a level counts points over, and holds once reached. */
export const LEVEL_MONTHS = 12;

/** The level a count of points (earned within LEVEL_MONTHS) gives: Maker 0–143, Trailblazer 144–287, Visionary 288+. */
export function levelForPoints(points: number): TLevel {
  let level: TLevel = 'Maker';
  for (const l of LEVELS) if (points >= l.minPoints) level = l.name;
  return level;
}

/** 0 Maker, 1 Trailblazer, 2 Visionary; anything unknown counts as Maker. */
export const levelRank = (level: string | null | undefined): number => Math.max(0, LEVEL_NAMES.indexOf(level as TLevel));

export const isLevel = (value: unknown): value is TLevel => LEVEL_NAMES.includes(value as TLevel);

// ── The wallet's standing: every figure of it, from one computation ──────────────────────────────

/** The progress bar runs from 0 to the top level's threshold (Visionary, 288 points within 12 months). */
export const PROGRESS_POINTS: number = LEVELS[LEVELS.length - 1].minPoints;

/** What a user earns towards next: a level above the one held, or (at the top) keeping the top level. */
export type TPointsGoal = {
  /** The level aimed at. */
  name: TLevel;
  /** Its threshold (points within 12 months). */
  minPoints: number;
  /** The points still to earn within 12 months to reach it (at least 1). */
  pointsToGo: number;
  /** The level is held already (reached earlier): earning this keeps it beyond its end. */
  keeps: boolean;
};

export type TPointsStanding = {
  /** The level shown: the one held, or the one the 12 months' points give if that is higher. */
  level: TLevel;
  /** The points of the last 12 months (what levels count), a whole number from 0. */
  levelPoints: number;
  /** The next thing to earn, or null when the top level is held and the 12 months' points reach it. */
  goal: TPointsGoal | null;
  /** The bar: levelPoints out of `outOf` (the top level's threshold), as a share from 0 to 100 (1 decimal). */
  outOf: number;
  percent: number;
  /** Where each level above the first starts on the bar (0 to 100). */
  marks: { name: TLevel; minPoints: number; percent: number }[];
  /** The wire's marker words ('Achieved' once the top level is held, else the points still to earn to reach it). */
  visionaryMarker: string;
};

const shareOf = (points: number) => Math.min(100, Math.round((points / PROGRESS_POINTS) * 1000) / 10);

/**
 * The wallet's standing from the level held and the points of the last 12 months: the level, what to earn next and
 * how many points that takes, the bar's share and its level marks, and the marker's words. Every figure the wallet
 * shows (and the server answers) comes from here, so they always agree: the bar counts the same 12 months' points
 * that the levels count, against the same thresholds.
 */
export function pointsStanding(input: { levelPoints: number; level: string | null | undefined }): TPointsStanding {
  const levelPoints = Math.max(0, Math.floor(Number.isFinite(input.levelPoints) ? input.levelPoints : 0));
  const rank = Math.max(levelRank(input.level), levelRank(levelForPoints(levelPoints)));
  const level = LEVELS[rank].name;
  const above = LEVELS[rank + 1];
  const top = LEVELS[LEVELS.length - 1];
  let goal: TPointsGoal | null = null;
  if (above) goal = { name: above.name, minPoints: above.minPoints, pointsToGo: above.minPoints - levelPoints, keeps: false };
  else if (levelPoints < top.minPoints)
    goal = { name: top.name, minPoints: top.minPoints, pointsToGo: top.minPoints - levelPoints, keeps: true };
  const topHeld = level === top.name;
  return {
    level,
    levelPoints,
    goal,
    outOf: PROGRESS_POINTS,
    percent: shareOf(levelPoints),
    marks: LEVELS.slice(1).map((l) => ({ name: l.name, minPoints: l.minPoints, percent: shareOf(l.minPoints) })),
    visionaryMarker: topHeld ? POINTS_MSG.achieved : POINTS_MSG.earnMore(top.minPoints - levelPoints),
  };
}

/** The wire's progress (GET wallet/getUserWallet): the bar's share and the marker's words, from pointsStanding. */
export function pointsProgress(input: { levelPoints: number; level: string | null | undefined }): {
  percent: number;
  visionaryMarker: string;
} {
  const { percent, visionaryMarker } = pointsStanding(input);
  return { percent, visionaryMarker };
}

/** The goal in words: 'Earn 139 more points within 12 months to reach Trailblazer.' (null: the top is reached). */
export function goalText(goal: TPointsGoal | null): string | null {
  if (!goal) return null;
  const points = `${goal.pointsToGo} more ${goal.pointsToGo === 1 ? 'point' : 'points'}`;
  return goal.keeps
    ? `Earn ${points} within ${LEVEL_MONTHS} months to keep ${goal.name} for another ${LEVEL_MONTHS} months.`
    : `Earn ${points} within ${LEVEL_MONTHS} months to reach ${goal.name}.`;
}

// ── Filters and ranges ─────────────────────────────────────────────────────────────────────────────

export const WALLET_FILTERS = ['Weekly', 'Monthly', '3-Months', '6-Months', 'One-Year', 'Custom'] as const;
export type TWalletFilter = (typeof WALLET_FILTERS)[number];

/** The earliest day a custom range may start. */
export const WALLET_MIN_DATE = '2022-01-01';
/** Earned points are listed this many a page. */
export const WALLET_PAGE_SIZE = 10;

export const POINTS_MSG = {
  achieved: 'Achieved',
  /** The wire's marker words while the top level is still to reach. */
  earnMore: (points: number) => `Earn ${points} Points more`,
  empty: 'No points earned data available',
  startAfterToday: 'Start date cannot be greater than the current date',
  startBeforeMin: 'Start date cannot be below minimum date',
  endAfterToday: 'End date cannot be greater than the current date',
  endBeforeStart: 'End date must be greater than the start date',
  startRequired: 'Please select a start date',
  endRequired: 'Please select an end date',
  badDate: 'Please give a date as yyyy-MM-dd',
  badFilter: `Filter type must be one of ${WALLET_FILTERS.join(', ')}`,
  badTimeZone: 'Unknown time zone',
  badPage: 'Page must be a whole number from 1',
  /** The congratulation toast and the notification of points earned. */
  earnedTitle: (points: number) => `Congratulations! You earned ${points} ${points === 1 ? 'point' : 'points'}`,
  earnedText: (points: number, networks: readonly string[], total: number) =>
    `Your post${networks.length ? ` on ${networks.join(', ')}` : ''} earned ${points} ${points === 1 ? 'point' : 'points'}. You have ${total} ${total === 1 ? 'point' : 'points'} in all.`,
  levelTitle: (level: string) => `You reached ${level}`,
  levelText: (level: string) =>
    `You are a ${level} now. The level is yours for ${LEVEL_MONTHS} months, and each time your points reach it again the months start over.`,
  viewWallet: 'View your points',
} as const;

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
/** Whether `day` is a real calendar day written yyyy-MM-dd. */
export function isDay(day: string): boolean {
  if (!DAY_RE.test(day)) return false;
  const d = new Date(`${day}T00:00:00.000Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day;
}

/**
 * The custom range's rules, field → message (empty when the range may be applied). Both days are needed; neither
 * after `today` (the user's day), the start not before WALLET_MIN_DATE, the end not before the start (one day, start
 * and end the same, is a range).
 */
export function customRangeIssues(
  range: { startDate?: string | null; endDate?: string | null },
  today: string,
): Partial<Record<'startDate' | 'endDate', string>> {
  const issues: Partial<Record<'startDate' | 'endDate', string>> = {};
  const start = range.startDate?.trim() || '';
  const end = range.endDate?.trim() || '';
  if (!start) issues.startDate = POINTS_MSG.startRequired;
  else if (!isDay(start)) issues.startDate = POINTS_MSG.badDate;
  else if (start > today) issues.startDate = POINTS_MSG.startAfterToday;
  else if (start < WALLET_MIN_DATE) issues.startDate = POINTS_MSG.startBeforeMin;
  if (!end) issues.endDate = POINTS_MSG.endRequired;
  else if (!isDay(end)) issues.endDate = POINTS_MSG.badDate;
  else if (end > today) issues.endDate = POINTS_MSG.endAfterToday;
  else if (!issues.startDate && end < start) issues.endDate = POINTS_MSG.endBeforeStart;
  return issues;
}

/**
 * The days a filter covers, both included, in the user's zone, ending today: Weekly the last 7 days, Monthly since
 * the same day a month ago (the day after it), and so on for 3 and 6 months and a year; Custom the days chosen. No
 * filter: null (everything).
 */
export function walletDays(
  filter: TWalletFilter | null | undefined,
  today: string,
  custom?: { startDate: string; endDate: string },
): { startDay: string; endDay: string } | null {
  switch (filter) {
    case 'Weekly':
      return { startDay: addDays(today, -6), endDay: today };
    case 'Monthly':
      return { startDay: addDays(addMonths(today, -1), 1), endDay: today };
    case '3-Months':
      return { startDay: addDays(addMonths(today, -3), 1), endDay: today };
    case '6-Months':
      return { startDay: addDays(addMonths(today, -6), 1), endDay: today };
    case 'One-Year':
      return { startDay: addDays(addMonths(today, -12), 1), endDay: today };
    case 'Custom':
      return custom ? { startDay: custom.startDate, endDay: custom.endDate } : null;
    default:
      return null;
  }
}

/** A run of days as moments: from the first day's start to the start of the day after the last, in `zone`. */
export function daysAsMoments(days: { startDay: string; endDay: string }, zone: string): { from: Date; to: Date } {
  return { from: zoneDayStart(days.startDay, zone), to: zoneDayStart(addDays(days.endDay, 1), zone) };
}

export type TChartUnit = 'day' | 'week' | 'month';

/**
 * The chart's bars over a run of days: a bar a day up to 31 days, a bar a week (from the first day) up to 190,
 * else a bar a month (the first from the first day, then each calendar month). Each bar: its first day and the day
 * after its last.
 */
export function chartBuckets(days: { startDay: string; endDay: string }): {
  unit: TChartUnit;
  buckets: { startDay: string; untilDay: string }[];
} {
  const span = Math.round((Date.parse(days.endDay) - Date.parse(days.startDay)) / 86_400_000) + 1;
  const after = addDays(days.endDay, 1);
  const buckets: { startDay: string; untilDay: string }[] = [];
  const unit: TChartUnit = span <= 31 ? 'day' : span <= 190 ? 'week' : 'month';
  let at = days.startDay;
  while (at < after && buckets.length < 400) {
    const next = unit === 'day' ? addDays(at, 1) : unit === 'week' ? addDays(at, 7) : addMonths(`${at.slice(0, 7)}-01`, 1);
    const end = next < after ? next : after;
    buckets.push({ startDay: at, untilDay: end });
    at = end;
  }
  return { unit, buckets };
}

/** The zone a wallet call reads days in: the one sent, if real, else UTC; null for a zone that is not real. */
export function walletZone(zone: string | null | undefined): string | null {
  const z = zone?.trim();
  if (!z) return 'UTC';
  return isTimeZone(z) ? z : null;
}
