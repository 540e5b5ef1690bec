import {
  POST_TYPE_LABELS,
  socialNetwork,
  type TCampaignReport,
  type TPostFormat,
  type TReportPost,
  type TReportTotals,
} from '@virality/domain';
import { figureText } from '../../analytics/lib/post-analytics';
import { usd } from './campaign-view';

/** The report's two files. */
export type TReportFile = 'csv' | 'pdf';

/** What a figure shows where the report has none: never a 0 it did not count. */
export const NONE = '—';

/**
 * The file name a download's Content-Disposition gives (`filename*=UTF-8''…` first, then `filename="…"`), without
 * any folder in it; `fallback` when it gives none.
 */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  let name: string | null = null;
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  if (encoded) {
    try {
      name = decodeURIComponent(encoded.trim());
    } catch {
      name = null;
    }
  }
  name ??= /filename\s*=\s*"([^"]*)"/.exec(header)?.[1] ?? /filename\s*=\s*([^;\s]+)/.exec(header)?.[1] ?? null;
  const bare = name?.split(/[/\\]/).pop()?.trim();
  return bare ? bare : fallback;
}

/** A count as the report writes it (12,345), a dash where none was given. */
export const countText = (value: number | null): string => (value === null ? NONE : figureText(value));

/**
 * A cost per one engagement or 1,000 views: in cents ($0.42), or to the hundredth of a cent when it is less than a
 * cent ($0.0042), so a small cost never reads as free; a dash where there is nothing to divide by.
 */
export function costText(value: number | null): string {
  if (value === null) return NONE;
  if (value === 0 || value >= 0.01) return usd(value);
  return `$${value.toFixed(4)}`;
}

/** Whether the analytics job has read the post's figures (until then they are not known: not 0). */
export const figuresKnown = (p: Pick<TReportPost, 'figuresAt'>): boolean => p.figuresAt !== null;

export type TReportCard = { key: string; label: string; value: string; hint: string };

/** Views or reach in all, or a dash with why, when no post's network has given it. */
function givenSum(posts: readonly TReportPost[], key: 'views' | 'reach', total: number, hint: string) {
  if (posts.some((p) => p[key] !== null)) return { value: figureText(total), hint };
  if (posts.length === 0) return { value: NONE, hint: 'No posts yet' };
  if (!posts.some(figuresKnown)) return { value: NONE, hint: 'Not read yet' };
  return { value: NONE, hint: 'Not given by these networks' };
}

/** How a set of deliverables stands: '2 of 3', and what is left ('1 due · 1 late', 'All delivered'). */
export function deliverablesText(d: TReportTotals['deliverables']): { value: string; hint: string } | null {
  const all = d.done + d.due + d.late;
  if (all === 0) return null;
  const left = [d.due ? `${d.due} due` : '', d.late ? `${d.late} late` : ''].filter(Boolean).join(' · ');
  return { value: `${d.done} of ${all}`, hint: left || 'All delivered' };
}

/**
 * The report's summary cards: posts, views, reach, engagement, spend, cost per engagement and per 1,000 views, and
 * the deliverables done. A figure no post has given reads as a dash, with a line saying why.
 */
export function reportCards(report: TCampaignReport): TReportCard[] {
  const { totals, posts } = report;
  const read = posts.some(figuresKnown);
  const deliverables = deliverablesText(totals.deliverables);
  return [
    { key: 'posts', label: 'Posts', value: figureText(totals.posts), hint: 'Published, counted per account' },
    { key: 'views', label: 'Views', ...givenSum(posts, 'views', totals.views, 'As the networks count them') },
    { key: 'reach', label: 'Reach', ...givenSum(posts, 'reach', totals.reach, 'Accounts reached, where given') },
    {
      key: 'engagement',
      label: 'Engagement',
      value: read ? figureText(totals.engagement) : NONE,
      hint: read ? 'Likes, comments, shares and saves' : posts.length === 0 ? 'No posts yet' : 'Not read yet',
    },
    { key: 'spent', label: 'Spent', value: usd(totals.spent), hint: `of ${usd(report.campaign.budget)} budget` },
    {
      key: 'cpe',
      label: 'Cost per engagement',
      value: costText(totals.costPerEngagement),
      hint: totals.costPerEngagement === null ? 'No engagement yet' : 'Spent ÷ engagement',
    },
    {
      key: 'cpm',
      label: 'Cost per 1,000 views',
      value: costText(totals.costPerThousandViews),
      hint: totals.costPerThousandViews === null ? 'No views yet' : 'Spent ÷ views × 1,000',
    },
    {
      key: 'deliverables',
      label: 'Deliverables done',
      value: deliverables?.value ?? NONE,
      hint: deliverables?.hint ?? (report.influencers.length === 0 ? 'No influencer has accepted yet' : 'No terms set'),
    },
  ];
}

/** A network's name as people know it: 'X', 'Instagram'. */
export const networkName = (key: string): string => socialNetwork(key)?.label ?? key;

/** A post's kind in words: 'X post', 'Instagram reel'. */
export function postKind(p: Pick<TReportPost, 'network' | 'format'>): string {
  const format = POST_TYPE_LABELS[p.format as TPostFormat]?.one ?? 'post';
  return `${networkName(p.network)} ${format}`;
}

/** The figures of a post row, as written (dashes until they are read, and where its network gives none). */
export type TPostFigureKey = 'views' | 'reach' | 'likes' | 'comments' | 'shares' | 'engagement';
export const POST_FIGURES: { key: TPostFigureKey; label: string }[] = [
  { key: 'views', label: 'Views' },
  { key: 'reach', label: 'Reach' },
  { key: 'likes', label: 'Likes' },
  { key: 'comments', label: 'Comments' },
  { key: 'shares', label: 'Shares' },
  { key: 'engagement', label: 'Engagement' },
];

export function postFigureText(p: TReportPost, key: TPostFigureKey): string {
  return figuresKnown(p) ? countText(p[key]) : NONE;
}

/** The total row's figures: the report's sums, views and reach a dash where no post gave them. */
export function totalFigureText(report: TCampaignReport, key: TPostFigureKey): string {
  if (key === 'views' || key === 'reach') return givenSum(report.posts, key, report.totals[key], '').value;
  return report.posts.some(figuresKnown) ? figureText(report.totals[key]) : NONE;
}

const DAY_LABEL = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const DAY_LONG = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });
const utcDay = (day: string) => new Date(`${day.slice(0, 10)}T00:00:00Z`);

/** The chart's rows: a day of the campaign (UTC, 'Dec 5') and the engagement, views and spend of that day. */
export type TReportChartRow = { day: string; label: string; Engagement: number; Views: number; Spent: number };

export function reportChartRows(report: Pick<TCampaignReport, 'days'>): TReportChartRow[] {
  return report.days.map((d) => ({
    day: d.date,
    label: DAY_LABEL.format(utcDay(d.date)),
    Engagement: d.engagement,
    Views: d.views,
    Spent: d.spent,
  }));
}

/** What the chart shows, in a sentence, for a screen reader. */
export function reportChartSummary(report: Pick<TCampaignReport, 'days'>): string {
  const { days } = report;
  if (days.length === 0) return 'No days to show.';
  const total = days.reduce((n, d) => n + d.engagement, 0);
  const span = `${DAY_LONG.format(utcDay(days[0].date))} to ${DAY_LONG.format(utcDay(days[days.length - 1].date))}`;
  if (total === 0) return `Engagement by the day posts went out, ${span}: none read yet.`;
  const best = days.reduce((a, b) => (b.engagement > a.engagement ? b : a));
  return `Engagement by the day posts went out, ${span}: ${figureText(total)} in all, most on ${DAY_LONG.format(utcDay(best.date))} (${figureText(best.engagement)}).`;
}

/** An influencer's posts and figures in a line: '2 posts · 5,600 views · 340 engagement'. */
export function influencerLine(report: Pick<TCampaignReport, 'posts'>, influencerId: string): string {
  const theirs = report.posts.filter((p) => p.influencerId === influencerId);
  if (theirs.length === 0) return 'No posts yet';
  const count = `${figureText(theirs.length)} ${theirs.length === 1 ? 'post' : 'posts'}`;
  const read = theirs.filter(figuresKnown);
  if (read.length === 0) return `${count} · figures not read yet`;
  const parts = [count];
  if (read.some((p) => p.views !== null)) parts.push(`${figureText(read.reduce((n, p) => n + (p.views ?? 0), 0))} views`);
  parts.push(`${figureText(read.reduce((n, p) => n + p.engagement, 0))} engagement`);
  return parts.join(' · ');
}

/** When the newest figures were read (null: none yet), for 'Updated 5 min ago'. */
export function lastFiguresAt(report: Pick<TCampaignReport, 'posts'>): string | null {
  const times = report.posts.flatMap((p) => (p.figuresAt ? [p.figuresAt] : []));
  return times.length ? times.reduce((a, b) => (Date.parse(a) >= Date.parse(b) ? a : b)) : null;
}
