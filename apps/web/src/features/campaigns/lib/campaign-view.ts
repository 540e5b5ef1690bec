import {
  formatUsd,
  MONEY_MSG,
  PAYMENT_MAX_USD,
  PAYMENT_MIN_USD,
  type TCampaign,
  type TCampaignDetail,
  type TCampaignInfluencer,
  type TCampaignInfluencerState,
  type TDeliverableProgress,
  type TDelivery,
  transactionStatusLabel,
  usdToMinor,
} from '@virality/domain';

/** USD as the wire carries it (25, 19.99) as screens write it: '$25.00'. */
export const usd = (amount: number): string => formatUsd(Math.round(amount * 100));

const MONTH_DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const MONTH_DAY_YEAR = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const asDay = (day: string) => new Date(`${day.slice(0, 10)}T00:00:00Z`);

/** A campaign's days: 'Dec 1 – Dec 31, 2026', or with both years when they differ ('Dec 20, 2026 – Jan 5, 2027'). */
export function campaignDates(startDate: string, endDate: string): string {
  const start = asDay(startDate);
  const end = asDay(endDate);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return '';
  if (start.getUTCFullYear() === end.getUTCFullYear()) return `${MONTH_DAY.format(start)} – ${MONTH_DAY_YEAR.format(end)}`;
  return `${MONTH_DAY_YEAR.format(start)} – ${MONTH_DAY_YEAR.format(end)}`;
}

/** One day as lists write it: 'Dec 1, 2026'. A moment (an ISO time) is read in the browser's zone. */
export function dayText(value: string): string {
  const at = value.length <= 10 ? asDay(value) : new Date(value);
  if (Number.isNaN(at.getTime())) return '';
  return value.length <= 10
    ? MONTH_DAY_YEAR.format(at)
    : new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(at);
}

export type TCampaignPhase = 'Upcoming' | 'Running' | 'Ended';

/**
 * Where a campaign stands on `today` (yyyy-MM-dd in the browser's zone): before its first day, in its days, after;
 * a campaign whose owner closed their account has ended, whatever its days.
 */
export function campaignPhase(
  c: Pick<TCampaign, 'startDate' | 'endDate'> & { endedAt?: string | null },
  today: string,
): TCampaignPhase {
  if (c.endedAt) return 'Ended';
  if (today < c.startDate.slice(0, 10)) return 'Upcoming';
  if (today > c.endDate.slice(0, 10)) return 'Ended';
  return 'Running';
}

/** How much of the budget is spent, 0–100. */
export const spentPercent = (c: Pick<TCampaign, 'budget' | 'spent'>): number =>
  c.budget > 0 ? Math.min(100, Math.max(0, (c.spent / c.budget) * 100)) : 0;

export const INFLUENCER_STATE_LABEL: Record<TCampaignInfluencerState, string> = {
  invited: 'Invited',
  accepted: 'Accepted',
  declined: 'Declined',
};

/** A payment's status as its label says it, and its colour family: completed, pending (or created), failed. */
export function paymentLook(status: string): { label: string; tone: 'ok' | 'pending' | 'failed' } {
  const label = transactionStatusLabel(status);
  return { label, tone: label === 'Completed' ? 'ok' : label === 'Failed' ? 'failed' : 'pending' };
}

/** The most a payment may be: what is left of the budget, and never more than one payment's limit. */
export const payCeiling = (left: number): number => Math.min(Math.max(0, left), PAYMENT_MAX_USD);

/** The words for a payment amount that cannot be sent (null when it can): USD, 2 decimals, from 1 to what is left. */
export function payAmountIssue(value: string, left: number): string | null {
  const text = value.trim();
  if (text === '') return MONEY_MSG.amountRequired;
  const minor = usdToMinor(text);
  if (minor === null) return MONEY_MSG.amountInvalid;
  if (minor < PAYMENT_MIN_USD * 100) return MONEY_MSG.paymentMin;
  if (minor > Math.round(left * 100)) return MONEY_MSG.overBudget;
  if (minor > PAYMENT_MAX_USD * 100) return MONEY_MSG.paymentMax;
  return null;
}

/** An influencer who delivered everything and is still owed some of the agreed fee: what is due, and what can be paid now. */
export type TFeeDue = { influencer: TCampaignInfluencer; due: number; payable: number };

/**
 * The fees to pay now: each accepted influencer whose deliverables are all published with some of the fee unpaid,
 * the amount within what is left of the budget. None when less than a payment's minimum is left (nothing can be paid).
 */
export function feesDue(c: Pick<TCampaignDetail, 'influencers' | 'left'>): TFeeDue[] {
  if (c.left < PAYMENT_MIN_USD) return [];
  return c.influencers.flatMap((influencer) => {
    const { delivery } = influencer;
    if (influencer.status !== 'accepted' || !delivery?.complete || delivery.feeDue <= 0) return [];
    return [{ influencer, due: delivery.feeDue, payable: Math.min(delivery.feeDue, payCeiling(c.left)) }];
  });
}

/**
 * How an influencer's deliverables stand, as the owner's row and the influencer's own terms say it: 'All delivered'
 * once every one is done, else how many are done of how many, and how many are late ('1 of 2 done', with 1 late).
 */
export function deliveryStanding(delivery: Pick<TDelivery, 'items' | 'complete'>): {
  complete: boolean;
  words: string;
  late: number;
} {
  const late = delivery.items.filter((i) => i.state === 'late').length;
  if (delivery.complete) return { complete: true, words: 'All delivered', late: 0 };
  const done = delivery.items.filter((i) => i.state === 'done').length;
  return { complete: false, words: `${done} of ${delivery.items.length} done`, late };
}

/** One deliverable's posts published so far, of those agreed: '1 of 2 done'. */
export const deliverableDoneWords = (item: Pick<TDeliverableProgress, 'done' | 'count'>): string =>
  `${Math.min(item.done, item.count)} of ${item.count} done`;
