import type { TPerformance } from '@virality/domain';
import dayjs from 'dayjs';
import { figureText } from './post-analytics';

/** A figure against the period before: up, down or level, and by how much in percent (null: nothing to compare to). */
export type TDelta = { direction: 'up' | 'down' | 'level'; percent: number | null };

export function deltaOf(now: number, before: number): TDelta {
  if (now === before) return { direction: 'level', percent: before === 0 ? null : 0 };
  const direction = now > before ? 'up' : 'down';
  return { direction, percent: before === 0 ? null : Math.round((Math.abs(now - before) / before) * 100) };
}

/** How a delta reads: "+12% vs previous 7 days", "New this period", "Same as previous 7 days". */
export function deltaText(delta: TDelta, days: number): string {
  if (delta.direction === 'level') return `Same as previous ${days} days`;
  if (delta.percent === null) return `Up from none in the previous ${days} days`;
  return `${delta.direction === 'up' ? '+' : '−'}${delta.percent}% vs previous ${days} days`;
}

/** The chart's rows: a day label and its figures. */
export type TPerformanceRow = { day: string; label: string; Engagement: number; Views: number; Published: number };

export function performanceRows(p: TPerformance): TPerformanceRow[] {
  return p.Days.map((d) => ({
    day: d.Date,
    label: dayjs(d.Date).format('D MMM'),
    Engagement: d.Engagement,
    Views: d.Views,
    Published: d.Published,
  }));
}

/** What the chart shows, in a sentence, for a screen reader. */
export function performanceSummary(p: TPerformance, days: number): string {
  if (p.Published === 0) return `No posts went out in the last ${days} days.`;
  const best = p.Days.reduce((a, b) => (b.Engagement > a.Engagement ? b : a));
  const bestText = best.Engagement > 0 ? `, most on ${dayjs(best.Date).format('D MMMM')} (${figureText(best.Engagement)})` : '';
  return `Engagement over the last ${days} days: ${figureText(p.Engagement)} in all${bestText}; ${figureText(p.Published)} account posts published, ${figureText(p.Views)} views.`;
}
