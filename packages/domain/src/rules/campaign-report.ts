import { z } from 'zod';
import { engagementOf } from '../contracts/insights';
import { DELIVERY_STATES, type TDeliverableProgress } from './campaign-terms';

/**
 * A campaign's report: what the money bought. Each published post of the campaign (one row per account it went out
 * on) with its figures as the analytics job last read them; per influencer their deliverables (done, due, late), posts,
 * figures and what they were paid; the campaign's sums (always the sums of its rows), spend, cost per engagement and
 * per 1,000 views; and a day-by-day series for the chart.
 */

const zCount = z.number().int();

/** A post's figures in the report: views and reach where the network gives them (null where it does not). */
export const zReportFigures = z.object({
  views: zCount.nullable(),
  reach: zCount.nullable(),
  likes: zCount,
  comments: zCount,
  shares: zCount,
  /** likes, comments, shares and saves */
  engagement: zCount,
});
export type TReportFigures = z.infer<typeof zReportFigures>;

export const zReportPost = zReportFigures.extend({
  postId: z.string(),
  influencerId: z.string(),
  influencer: z.string(),
  network: z.string(),
  accountName: z.string(),
  format: z.string(),
  url: z.string().nullable(),
  caption: z.string(),
  publishedAt: z.string(),
  /** When the analytics job last read its figures (null: not read yet: its figures are 0). */
  figuresAt: z.string().nullable(),
});
export type TReportPost = z.infer<typeof zReportPost>;

const zDeliverableCounts = z.object({ done: zCount, due: zCount, late: zCount });

/** Sums of figures, spend and what they cost. */
export const zReportTotals = z.object({
  posts: zCount,
  views: zCount,
  reach: zCount,
  likes: zCount,
  comments: zCount,
  shares: zCount,
  engagement: zCount,
  /** Completed payments, USD. */
  spent: z.number(),
  /** spent / engagement, USD (null: no engagement yet). */
  costPerEngagement: z.number().nullable(),
  /** spent / views × 1,000, USD (null: no views yet). */
  costPerThousandViews: z.number().nullable(),
  deliverables: zDeliverableCounts,
});
export type TReportTotals = z.infer<typeof zReportTotals>;

export const zReportInfluencer = zReportTotals.extend({
  influencerId: z.string(),
  name: z.string(),
  /** The agreed fee, USD; null without terms. */
  fee: z.number().nullable(),
});
export type TReportInfluencer = z.infer<typeof zReportInfluencer>;

export const zReportDay = z.object({ date: z.string(), views: zCount, engagement: zCount, spent: z.number() });

/** GET campaigns/:id/report */
export const zCampaignReport = z.object({
  campaign: z.object({
    id: z.string(),
    name: z.string(),
    owner: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    /** USD */
    budget: z.number(),
    currency: z.literal('USD'),
  }),
  generatedAt: z.string(),
  totals: zReportTotals,
  influencers: z.array(zReportInfluencer),
  posts: z.array(zReportPost),
  /**
   * Day by day over the campaign's days (UTC) up to today: views and engagement of the posts published that day,
   * spend paid.
   */
  days: z.array(zReportDay),
});
export type TCampaignReport = z.infer<typeof zCampaignReport>;

export const REPORT_MSG = {
  read: 'Campaign report',
  empty: 'No post of this campaign has gone out yet',
} as const;

/** Figures as the report counts them, from a post's metrics as read (absent: not read yet). */
export function reportFigures(m: Partial<Record<string, number>> | null): TReportFigures {
  const n = (v: number | undefined) => (typeof v === 'number' && Number.isFinite(v) ? Math.round(v) : 0);
  return {
    views: m && typeof m.views === 'number' ? n(m.views) : null,
    reach: m && typeof m.reach === 'number' ? n(m.reach) : null,
    likes: n(m?.likes),
    comments: n(m?.comments),
    shares: n(m?.shares),
    engagement: m ? engagementOf(m) : 0,
  };
}

const cents = (usd: number) => Math.round(usd * 100) / 100;

/** The sums of some rows, their spend and what each view and engagement cost. */
export function reportTotals(
  rows: readonly TReportFigures[],
  spentUsd: number,
  deliverables: readonly Pick<TDeliverableProgress, 'state'>[],
): TReportTotals {
  const sum = (k: keyof TReportFigures) => rows.reduce((s, r) => s + (r[k] ?? 0), 0);
  const views = sum('views');
  const engagement = sum('engagement');
  const counts = Object.fromEntries(DELIVERY_STATES.map((s) => [s, deliverables.filter((d) => d.state === s).length]));
  return {
    posts: rows.length,
    views,
    reach: sum('reach'),
    likes: sum('likes'),
    comments: sum('comments'),
    shares: sum('shares'),
    engagement,
    spent: cents(spentUsd),
    costPerEngagement: engagement > 0 ? Math.round((spentUsd / engagement) * 10_000) / 10_000 : null,
    costPerThousandViews: views > 0 ? cents((spentUsd / views) * 1000) : null,
    deliverables: counts as TReportTotals['deliverables'],
  };
}

/** The columns of the report's CSV (one row per post and account, then the total). */
export const REPORT_CSV_COLUMNS = [
  'Influencer',
  'Network',
  'Account',
  'Format',
  'Published (UTC)',
  'Views',
  'Reach',
  'Likes',
  'Comments',
  'Shares',
  'Engagement',
  'Link',
  'Caption',
] as const;

/**
 * A value as a CSV cell: quoted when it holds a comma, quote or line break, and a text that a spreadsheet would run
 * as a formula (=, +, -, @, a tab or a carriage return first) led by an apostrophe so it is shown, never run.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The report as CSV: a header, a row per post and account, and the total (CRLF line ends, as RFC 4180). */
export function reportCsv(report: TCampaignReport): string {
  const lines = [REPORT_CSV_COLUMNS.join(',')];
  for (const p of report.posts)
    lines.push(
      [
        p.influencer,
        p.network,
        p.accountName,
        p.format,
        p.publishedAt.slice(0, 16).replace('T', ' '),
        p.views,
        p.reach,
        p.likes,
        p.comments,
        p.shares,
        p.engagement,
        p.url,
        p.caption,
      ]
        .map(csvCell)
        .join(','),
    );
  const t = report.totals;
  lines.push(
    ['Total', '', '', '', '', t.views, t.reach, t.likes, t.comments, t.shares, t.engagement, '', `Spent ${t.spent} USD`]
      .map(csvCell)
      .join(','),
  );
  return `${lines.join('\r\n')}\r\n`;
}
