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
  return `Engagement over the last ${days} days: ${figureText(p.Engagement)} in all${bestText}; ${figureText(p.Published)} published to accounts, ${figureText(p.Views)} views.`;
}

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** A figure on the chart's axis, short enough to fit it whole: 950, 22k, 1.5M (thousands as 'k'). */
export const axisFigure = (value: number): string => compact.format(value).replace('K', 'k');

/** A 12 px figure's width (Inter's digits are about 7.4 px), and what the axis keeps right of its labels (recharts
 * draws them 10 px left of the tick's place, itself 8 px left of the plot), with room to spare. */
const AXIS_CHAR_PX = 8;
const AXIS_GAP_PX = 24;

/**
 * The value axis's marks: from 0 in even steps of 1, 2, 2.5 or 5 times a power of ten (whole numbers only: these
 * are counts), about five of them, the last at or above the highest figure. Chosen here rather than by the chart,
 * so that every label is known before it is drawn and the axis is made wide enough for the longest.
 */
export function axisTicks(values: readonly number[]): number[] {
  const top = Math.max(0, ...values);
  if (top <= 0) return [0, 1];
  const rough = top / 5;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step =
    [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= rough && Number.isInteger(s)) ?? Math.max(1, 10 * magnitude);
  const count = Math.ceil(top / step);
  return Array.from({ length: count + 1 }, (_, i) => i * step);
}

/** How wide the value axis must be to draw its longest label whole. */
export function axisWidth(ticks: readonly number[]): number {
  const longest = Math.max(...ticks.map((t) => axisFigure(t).length));
  return Math.ceil(longest * AXIS_CHAR_PX) + AXIS_GAP_PX;
}
