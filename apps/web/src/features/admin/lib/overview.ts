import {
  CURRENCIES,
  SOCIAL_NETWORKS,
  type TAdminOverview,
  type TCurrency,
  type TSocialNetworkKey,
  toMajorUnits,
} from '@virality/domain';
import { money } from '../../admin-billing/format';

/** A month of the overview ('2031-03') as the tables name it: 'March 2031' (UTC: the months are UTC months). */
export const monthName = (month: string): string =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A month as a chart's axis names it: "Mar '31". */
export const monthTick = (month: string): string =>
  `${new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en', { month: 'short', timeZone: 'UTC' })} '${month.slice(2, 4)}`;

const count = new Intl.NumberFormat('en');
export const countText = (n: number): string => count.format(n);

/** An amount in minor units of `currency` as money: '$1,234.50', '₹1,499'. */
export const moneyText = (amountMinor: number, currency: TCurrency): string => money(toMajorUnits(amountMinor), currency);

export const networkLabel = (key: TSocialNetworkKey): string => SOCIAL_NETWORKS.find((n) => n.key === key)?.label ?? key;

/** A row of the month charts: the month's tick and name, and its figures (revenue in major units per currency). */
export type TMonthRow = { month: string; tick: string; name: string; signUps: number; activeSubscriptions: number } & Record<
  TCurrency,
  number
>;

export function monthRows(o: TAdminOverview): TMonthRow[] {
  return o.months.map((m) => {
    const revenue = Object.fromEntries(CURRENCIES.map((c) => [c, 0])) as Record<TCurrency, number>;
    for (const r of m.revenue) revenue[r.currency] = toMajorUnits(r.amountMinor);
    return {
      month: m.month,
      tick: monthTick(m.month),
      name: monthName(m.month),
      signUps: m.signUps,
      activeSubscriptions: m.activeSubscriptions,
      ...revenue,
    };
  });
}

/** The currencies anything was paid in over the months, in the currencies' order. */
export const paidCurrencies = (o: TAdminOverview): TCurrency[] =>
  CURRENCIES.filter((c) => o.months.some((m) => m.revenue.some((r) => r.currency === c && r.amountMinor > 0)));

/** A currency's total over the months, in minor units. */
export const revenueTotal = (o: TAdminOverview, currency: TCurrency): number =>
  o.months.reduce((sum, m) => sum + (m.revenue.find((r) => r.currency === currency)?.amountMinor ?? 0), 0);

/** Nothing happened in the whole period: no sign-up, subscription, payment or post on any network. */
export const overviewIsEmpty = (o: TAdminOverview): boolean =>
  o.months.every((m) => m.signUps === 0 && m.activeSubscriptions === 0 && m.revenue.every((r) => r.amountMinor === 0)) &&
  o.networks.every((n) => n.published === 0 && n.failed === 0);

const span = (o: TAdminOverview) =>
  o.months.length ? `from ${monthName(o.months[0].month)} to ${monthName(o.months[o.months.length - 1].month)}` : '';

/** What the sign-ups chart shows, in words (its screen-reader summary). */
export function signUpsSummary(o: TAdminOverview): string {
  const total = o.months.reduce((s, m) => s + m.signUps, 0);
  const last = o.months[o.months.length - 1];
  return `Sign-ups by month ${span(o)}: ${countText(total)} in all, ${countText(last?.signUps ?? 0)} this month.`;
}

export function subscriptionsSummary(o: TAdminOverview): string {
  const last = o.months[o.months.length - 1];
  const peak = o.months.reduce((best, m) => (m.activeSubscriptions > best.activeSubscriptions ? m : best), o.months[0]);
  return `Active subscriptions at the end of each month ${span(o)}: ${countText(last?.activeSubscriptions ?? 0)} now${
    peak && peak.activeSubscriptions > 0 ? `, most in ${monthName(peak.month)} (${countText(peak.activeSubscriptions)})` : ''
  }.`;
}

export function revenueSummary(o: TAdminOverview, currency: TCurrency): string {
  return `Revenue in ${currency.toUpperCase()} by month ${span(o)}: ${moneyText(revenueTotal(o, currency), currency)} in all.`;
}

export function networksSummary(o: TAdminOverview): string {
  const active = o.networks.filter((n) => n.published + n.failed > 0);
  if (active.length === 0) return 'No posts were published or failed on any network in the last 30 days.';
  return `Posts in the last 30 days by network: ${active
    .map((n) => `${networkLabel(n.network)} ${countText(n.published)} published, ${countText(n.failed)} failed`)
    .join('; ')}.`;
}
