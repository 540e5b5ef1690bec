import { DAY_STRIP_DAYS } from './insights';
import { postDisplayedAt, type TPostState } from './post-status';

/**
 * The calendar's days: a day is a 'yyyy-MM-dd' date on the wall calendar of a time zone (the browser's), so the
 * arithmetic on days below needs no zone; only placing a moment on a day does. Pure: the current time is passed in.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `s` is a real 'yyyy-MM-dd' day (not 2026-02-30). */
export function isCalendarDay(s: string | null | undefined): s is string {
  const m = s ? DAY_RE.exec(s) : null;
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** A day as a UTC midnight, for arithmetic only. */
const asUtc = (day: string): Date => new Date(`${day}T00:00:00.000Z`);
const fromUtc = (d: Date): string => d.toISOString().slice(0, 10);

/** The day `n` days after `day` (before, when negative). */
export function addDays(day: string, n: number): string {
  return fromUtc(new Date(asUtc(day).getTime() + n * DAY_MS));
}

/** The same day of the month `n` months later, kept inside that month (31 Jan + 1 month is 28 or 29 Feb). */
export function addMonths(day: string, n: number): string {
  const d = asUtc(day);
  const first = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d.getUTCDate(), last));
  return fromUtc(first);
}

/** 0 Sunday … 6 Saturday. */
export function weekdayOf(day: string): number {
  return asUtc(day).getUTCDay();
}

/** Days from `start` to `end`, both included. */
export function daysBetween(start: string, end: string): string[] {
  const out: string[] = [];
  for (let d = start; d <= end; d = addDays(d, 1)) out.push(d);
  return out;
}

/** The week starts on Monday (as the date pickers do). */
export const WEEK_STARTS_ON = 1;

/** The Monday-to-Sunday week that holds `day`. */
export function weekBounds(day: string): { start: string; end: string } {
  const back = (weekdayOf(day) - WEEK_STARTS_ON + 7) % 7;
  const start = addDays(day, -back);
  return { start, end: addDays(start, 6) };
}

/** The days a month grid shows. */
export const MONTH_GRID_DAYS = 42;

/**
 * The 42 days (six full weeks from Monday) of the month grid that holds `day`: the month's days with the end of
 * the month before and the start of the month after. Always six rows, so the grid does not jump in height.
 */
export function monthGrid(day: string): string[] {
  const first = `${day.slice(0, 7)}-01`;
  const { start } = weekBounds(first);
  return Array.from({ length: MONTH_GRID_DAYS }, (_, i) => addDays(start, i));
}

/** The day strip: DAY_STRIP_DAYS days starting on `first`. */
export function dayStrip(first: string): string[] {
  return Array.from({ length: DAY_STRIP_DAYS }, (_, i) => addDays(first, i));
}

/** Parts of a moment on the wall clock of `zone` (an IANA name, e.g. Asia/Kolkata). */
function partsIn(at: Date, zone: string): { day: string; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (t: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === t)?.value ?? '00';
  return { day: `${get('year')}-${get('month')}-${get('day')}`, minutes: Number(get('hour')) * 60 + Number(get('minute')) };
}

/** The day a moment falls on in `zone`. */
export function dayInZone(at: Date, zone: string): string {
  return partsIn(at, zone).day;
}

/** Minutes after midnight of a moment on the wall clock of `zone` (0–1439): where it sits on a time rail. */
export function minutesInZone(at: Date, zone: string): number {
  return partsIn(at, zone).minutes;
}

/** A moment's time on the wall clock of `zone`, 'HH:mm'. */
export function timeInZone(at: Date, zone: string): string {
  const m = minutesInZone(at, zone);
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** The posts of each day in `zone` (by postDisplayedAt), earliest first; a post without a moment is left out. */
export function groupPostsByDay<T extends TPostState>(posts: readonly T[], zone: string): Map<string, T[]> {
  const timed = posts
    .map((post) => ({ post, at: postDisplayedAt(post) }))
    .filter((x): x is { post: T; at: Date } => x.at !== null)
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  const byDay = new Map<string, T[]>();
  for (const { post, at } of timed) {
    const day = dayInZone(at, zone);
    const list = byDay.get(day);
    if (list) list.push(post);
    else byDay.set(day, [post]);
  }
  return byDay;
}

/** Chips a month cell shows; the rest are counted in "+N more". */
export const MONTH_CELL_CHIPS = 3;

/** What a month cell shows of a day's posts: the first MONTH_CELL_CHIPS and how many more there are. */
export function monthCellChips<T>(posts: readonly T[]): { shown: T[]; more: number } {
  return { shown: posts.slice(0, MONTH_CELL_CHIPS), more: Math.max(0, posts.length - MONTH_CELL_CHIPS) };
}
