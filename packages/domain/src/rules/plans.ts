/**
 * The rules of plans and payments that the server keeps: which currency a visitor pays in, money in minor
 * units, coupons, how a purchase moves a subscription's dates (new, renew, upgrade with the old plan's unused
 * time carried over pro rata), and whether a plan still lets its owner post. Time is always passed in.
 */

/** The currencies plans are priced in. */
export const CURRENCIES = ['usd', 'inr', 'gbp', 'eur'] as const;
export type TCurrency = (typeof CURRENCIES)[number];

export const CURRENCY_SYMBOLS: Record<TCurrency, string> = { usd: '$', inr: '₹', gbp: '£', eur: '€' };

/** Countries (ISO 3166 alpha-2) that pay in a currency other than dollars. */
const COUNTRY_CURRENCY: Record<string, TCurrency> = { IN: 'inr', GB: 'gbp', FR: 'eur', DE: 'eur', ES: 'eur', IT: 'eur' };

export const isCurrency = (v: string): v is TCurrency => (CURRENCIES as readonly string[]).includes(v);

/** The currency of a visitor's country: IN inr, GB gbp, FR/DE/ES/IT eur, anything else (or unknown) usd. */
export function currencyForCountry(country: string | null | undefined): TCurrency {
  return (country && COUNTRY_CURRENCY[country.toUpperCase()]) || 'usd';
}

/** How many minor units make one major unit (all four currencies have cents or paise). */
export const MINOR_PER_MAJOR = 100;
/** Minor units (what is stored and sent to the card processor) as major units (what people read). */
export const toMajorUnits = (minor: number): number => minor / MINOR_PER_MAJOR;
/** Major units as whole minor units. */
export const toMinorUnits = (major: number): number => Math.round(major * MINOR_PER_MAJOR);

/** Days of grace after a plan's end: others than influencers may still schedule up to planEndDate + 7 days. */
export const PLAN_BUFFER_DAYS = 7;
const DAY_MS = 86_400_000;

/** The end of the grace period of a plan ending at `planEnd`. */
export const bufferEndOf = (planEnd: Date): Date => new Date(planEnd.getTime() + PLAN_BUFFER_DAYS * DAY_MS);

/** A coupon as the card processor describes it: a percentage off, or an amount off (minor units) in its currency. */
export type TCouponTerms = { percentOff: number | null; amountOffMinor: number | null };

/** The price after a coupon, in minor units, never below zero; a percentage is rounded to the nearest minor unit. */
export function discountedMinor(amountMinor: number, coupon: TCouponTerms): number {
  if (coupon.percentOff !== null) return Math.max(0, Math.round((amountMinor * (100 - coupon.percentOff)) / 100));
  if (coupon.amountOffMinor !== null) return Math.max(0, amountMinor - coupon.amountOffMinor);
  return amountMinor;
}

/** `from` plus `months` calendar months (UTC), clamped to the month's last day: 31 Jan + 1 is 28/29 Feb. */
export function addUtcMonths(from: Date, months: number): Date {
  const year = from.getUTCFullYear();
  const month = from.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const d = new Date(from);
  d.setUTCFullYear(year, month, Math.min(from.getUTCDate(), lastDay));
  return d;
}

/**
 * The unused time of the old plan, carried over to the new one at the value it was bought for: unused time
 * × old price ÷ new price, rounded down to the second (none when the new plan is free or nothing is left).
 */
export function carryOverMs(remainingMs: number, oldAmountMinor: number, newAmountMinor: number): number {
  if (remainingMs <= 0 || oldAmountMinor <= 0 || newAmountMinor <= 0) return 0;
  return Math.floor((remainingMs * oldAmountMinor) / newAmountMinor / 1000) * 1000;
}

/** What a purchase does to a subscription. */
export type TPurchaseKind = 'new' | 'renew' | 'upgrade';

/** The subscription as a purchase finds it (null: none; a free plan counts as none). */
export type TCurrentPlan = { planType: string; paid: boolean; planStatus: string; planEndDate: Date } | null;

/**
 * What buying one month of `planType` does, at `now`:
 * - no paid plan active (none, the free tier, expired): `new`, one month from now;
 * - the same plan, active: `renew`, one month more from its current end (the period in progress is kept);
 * - another plan, active: `upgrade`, from now, one month plus the old plan's unused time carried over pro rata.
 */
export function purchaseKind(current: TCurrentPlan, planType: string, now: Date): TPurchaseKind {
  const active = current?.paid && current.planStatus === 'ACTIVE' && current.planEndDate.getTime() > now.getTime();
  if (!active) return 'new';
  return current.planType === planType ? 'renew' : 'upgrade';
}

/**
 * The dates a purchase gives: where the paid time ends, and where a new post-count period starts (null for a
 * renewal: the period in progress goes on, and the next one starts at the old end).
 */
export function purchasedPeriod(
  kind: TPurchaseKind,
  current: TCurrentPlan,
  now: Date,
  prices: { oldAmountMinor: number; newAmountMinor: number },
): { periodStart: Date | null; planEndDate: Date; carriedMs: number } {
  if (kind === 'renew' && current) return { periodStart: null, planEndDate: addUtcMonths(current.planEndDate, 1), carriedMs: 0 };
  const carriedMs =
    kind === 'upgrade' && current
      ? carryOverMs(current.planEndDate.getTime() - now.getTime(), prices.oldAmountMinor, prices.newAmountMinor)
      : 0;
  return { periodStart: now, planEndDate: new Date(addUtcMonths(now, 1).getTime() + carriedMs), carriedMs };
}

/**
 * The post-count period of a paid plan that contains `now`: periods are monthly from `periodStart`, the last one
 * ending at the plan's end (it may be longer or shorter than a month after a renewal or an upgrade).
 */
export function currentPostPeriodStart(periodStart: Date, planEnd: Date, now: Date): Date {
  let start = periodStart;
  for (let k = 1; k < 1200; k++) {
    const next = addUtcMonths(periodStart, k);
    if (next.getTime() > now.getTime() || next.getTime() >= planEnd.getTime()) break;
    start = next;
  }
  return start;
}

/** What a plan says to one more post. */
export type TPostAllowance = 'ok' | 'expired' | 'limit';

/**
 * Whether the plan lets its owner post once more: `expired` when it is not ACTIVE (influencers from their plan's end,
 * everyone else from the end of the grace period, bufferEndDate), `limit` when its posts of the period are used up.
 */
export function postAllowance(
  plan: { planStatus: string; planEndDate: Date; postLimit: number | null; postCount: number },
  profileType: string,
  now: Date,
): TPostAllowance {
  const end = profileType === 'INFLUENCER' ? plan.planEndDate : bufferEndOf(plan.planEndDate);
  const ended = end.getTime() <= now.getTime();
  const graced = profileType !== 'INFLUENCER' && plan.planStatus === 'EXPIRED' && !ended;
  if ((plan.planStatus !== 'ACTIVE' && !graced) || ended) return 'expired';
  if (plan.postLimit !== null && plan.postCount >= plan.postLimit) return 'limit';
  return 'ok';
}
