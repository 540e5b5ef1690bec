import { addDays, addMonths, isCalendarDay, monthGrid, weekBounds } from '@virality/domain';
import dayjs from 'dayjs';

export const CALENDAR_VIEWS = ['day', 'week', 'month'] as const;
export type TCalendarView = (typeof CALENDAR_VIEWS)[number];

/** The view and the chosen day a /calender address holds; the Daily view of today when it holds none (or nonsense). */
export function readCalendarParams(params: URLSearchParams, today: string): { view: TCalendarView; day: string } {
  const view = params.get('view');
  const date = params.get('date');
  return {
    view: CALENDAR_VIEWS.includes(view as TCalendarView) ? (view as TCalendarView) : 'day',
    day: isCalendarDay(date) ? date : today,
  };
}

/** The query string that keeps a view and a chosen day, so a reload or a shared link shows the same. */
export function calendarSearch(view: TCalendarView, day: string): string {
  return `?${new URLSearchParams({ view, date: day }).toString()}`;
}

/** The days a view reads in one call: the week of the chosen day (the strip too), or the month grid's 42 days. */
export function rangeOf(view: TCalendarView, day: string): { start: string; end: string } {
  if (view !== 'month') return weekBounds(day);
  const grid = monthGrid(day);
  return { start: grid[0] as string, end: grid[grid.length - 1] as string };
}

/** Where the arrows lead: a day, a week or a month before (-1) or after (1). */
export function stepOf(view: TCalendarView, day: string, dir: 1 | -1): string {
  if (view === 'day') return addDays(day, dir);
  if (view === 'week') return addDays(day, 7 * dir);
  return addMonths(day, dir);
}

const UNIT: Record<TCalendarView, string> = { day: 'day', week: 'week', month: 'month' };
/** The arrows' names: 'Previous month', 'Next day'... */
export const stepLabel = (view: TCalendarView, dir: 1 | -1) => `${dir < 0 ? 'Previous' : 'Next'} ${UNIT[view]}`;

/** The heading of a view: 'Sunday 1 November 2026', '26 Oct – 1 Nov 2026', 'November 2026'. */
export function titleOf(view: TCalendarView, day: string): string {
  if (view === 'day') return dayjs(day).format('dddd D MMMM YYYY');
  if (view === 'month') return dayjs(day).format('MMMM YYYY');
  const { start, end } = weekBounds(day);
  const a = dayjs(start);
  const b = dayjs(end);
  if (a.year() !== b.year()) return `${a.format('D MMM YYYY')} – ${b.format('D MMM YYYY')}`;
  if (a.month() !== b.month()) return `${a.format('D MMM')} – ${b.format('D MMM YYYY')}`;
  return `${a.format('D')} – ${b.format('D MMM YYYY')}`;
}

/** A day's full name for buttons and screen readers: 'Tuesday 10 November 2026'. */
export const dayName = (day: string) => dayjs(day).format('dddd D MMMM YYYY');

/** How many posts, in words. */
export const postsCount = (n: number) => (n === 1 ? '1 post' : `${n} posts`);

/** The time zone the browser shows times in (UTC when it does not say). */
export function browserZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
