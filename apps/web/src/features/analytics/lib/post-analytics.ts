import {
  accountDisplayName,
  FIGURES_READING,
  INSIGHTS_MSG,
  METRIC_LABELS,
  POST_METRICS,
  socialNetwork,
  type TAnalyticsItem,
  type TPostMetric,
  type TSocialNetworkKey,
} from '@virality/domain';

/**
 * How a post's analytics items read on screen: each account's figures or the message that stands in for them,
 * and the chart (and its table) that compares the accounts figure by figure. Pure.
 */

export type TFigure = { metric: TPostMetric; label: string; value: number };

/** The figures an account has, in the figures' order: only those its network gives (a null one it does not). */
export function figuresOf(item: Pick<TAnalyticsItem, 'Metrics'>): TFigure[] {
  return POST_METRICS.flatMap((metric) => {
    const value = item.Metrics[metric];
    return typeof value === 'number' ? [{ metric, label: METRIC_LABELS[metric], value }] : [];
  });
}

/** Why no figures are shown, as the account's card says it (tone picks its icon and colour). */
export type TAnalyticsMessageTone = 'story' | 'reading' | 'locked' | 'error' | 'empty';

export type TAnalyticsView =
  | { kind: 'figures'; figures: TFigure[]; warning: string | null }
  | { kind: 'message'; tone: TAnalyticsMessageTone; text: string };

/** The error text the server sent for a failed read, or plain words when it sent none. */
const READ_FAILED = 'The figures could not be read';

/**
 * What an account's card shows: its figures (with the last read's error beside them when the latest read
 * failed but earlier figures are kept), or the message of its case: a story's rule, no Analytics access, figures
 * still being read, or the network's error.
 */
export function analyticsView(item: TAnalyticsItem): TAnalyticsView {
  switch (item.code) {
    case 'no_access':
      return { kind: 'message', tone: 'locked', text: INSIGHTS_MSG.noAccess };
    case 'story_waiting':
      return { kind: 'message', tone: 'story', text: item.error || INSIGHTS_MSG.storyWaiting };
    case 'story_expired':
      return { kind: 'message', tone: 'story', text: item.error || INSIGHTS_MSG.storyExpired };
    case 'not_yet_read':
      return { kind: 'message', tone: 'reading', text: FIGURES_READING };
  }
  const figures = figuresOf(item);
  if (item.ResponseCode === 200 && figures.length > 0)
    return { kind: 'figures', figures, warning: item.code ? item.error || READ_FAILED : null };
  if (item.ResponseCode === 200 && !item.code) return { kind: 'message', tone: 'empty', text: INSIGHTS_MSG.noAnalytics };
  return { kind: 'message', tone: 'error', text: item.error || READ_FAILED };
}

/** Whether every account's card would only say 'No access to view Analytics' (a manager without the module). */
export const allLocked = (items: readonly TAnalyticsItem[]) => items.length > 0 && items.every((i) => i.code === 'no_access');

/** Each network's chart colour: its brand colour, darkened where needed to stand apart and show on white. */
export const CHART_COLORS: Record<TSocialNetworkKey, string> = {
  instagram: '#C13584',
  facebook: '#0866FF',
  youtube: '#FF0000',
  linkedin: '#004182',
  tiktok: '#00A19B',
  twitter: '#1A1E2B',
  threads: '#8C94A5',
};

/** An account as the chart and its table name it: its network, its name and its colour. */
export type TChartSeries = { name: string; label: string; network: string; account: string; color: string };

/** One row per figure: its label, and each account's value under the series' name (absent: not given). */
export type TChartRow = { metric: string } & Record<string, number | string>;

export type TAnalyticsChart = { series: TChartSeries[]; rows: TChartRow[]; summary: string };

const number = new Intl.NumberFormat('en-US');

/** The name an account goes by: @handle for a network of handles, its page's name otherwise. */
export function accountName(item: Pick<TAnalyticsItem, 'SocialMediaID' | 'UserName'>): string {
  const n = socialNetwork(item.SocialMediaID);
  return n ? accountDisplayName(n.key, 'profile', item.UserName) : item.UserName;
}

/**
 * The chart comparing the accounts that have figures, figure by figure (a group of bars per figure, a bar per
 * account in its network's colour), the rows its table shows, and a summary a screen reader reads instead.
 * Null when no account has figures yet.
 */
export function analyticsChart(items: readonly TAnalyticsItem[]): TAnalyticsChart | null {
  const shown = items.flatMap((item) => {
    const view = analyticsView(item);
    return view.kind === 'figures' ? [{ item, figures: view.figures }] : [];
  });
  if (shown.length === 0) return null;
  const series: TChartSeries[] = shown.map(({ item }, i) => {
    const n = socialNetwork(item.SocialMediaID);
    const account = accountName(item);
    const network = n?.label ?? item.SocialMediaName;
    return {
      name: `account${i}`,
      label: `${network} ${account}`,
      network,
      account,
      color: n ? CHART_COLORS[n.key] : CHART_COLORS.threads,
    };
  });
  const rows: TChartRow[] = POST_METRICS.flatMap((metric) => {
    const values = shown.map(({ figures }) => figures.find((f) => f.metric === metric)?.value);
    if (values.every((v) => v === undefined)) return [];
    const row: TChartRow = { metric: METRIC_LABELS[metric] };
    values.forEach((v, i) => {
      if (v !== undefined) row[series[i].name] = v;
    });
    return [row];
  });
  const summary = `Figures by account. ${rows
    .map(
      (row) =>
        `${row.metric}: ${series
          .filter((s) => row[s.name] !== undefined)
          .map((s) => `${s.label} ${number.format(Number(row[s.name]))}`)
          .join(', ')}.`,
    )
    .join(' ')}`;
  return { series, rows, summary };
}

/** When the newest figures were read (null: none read yet), for the section's "Updated N min ago". */
export function lastRead(items: readonly Pick<TAnalyticsItem, 'UpdatedAt'>[]): string | null {
  const times = items.flatMap((i) => (i.UpdatedAt && !Number.isNaN(Date.parse(i.UpdatedAt)) ? [i.UpdatedAt] : []));
  if (times.length === 0) return null;
  return times.reduce((a, b) => (Date.parse(a) >= Date.parse(b) ? a : b));
}

/** A figure as a card shows it (12,345). */
export const figureText = (value: number) => number.format(value);
