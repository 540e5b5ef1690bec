import type { TProfileType } from '../enums';
import { PAY_MSG } from '../messages';
import { FREE_TIER_PLAN } from './post';

/** The plan whose 19th post warns that one post is left. */
export const STARTER_PLAN = 'Starter';
/** The plan a Starter user is offered as an Upgrade. */
export const PROFESSIONAL_PLAN = 'Professional';
/** On Starter, at this many posts in the period the user is told the next post is the last. */
export const STARTER_POST_THRESHOLD = 19;
/** A plan's badge counts its days down when fewer than this many are left. */
export const PLAN_WARNING_DAYS = 4;
/** An active plan with fewer than this many days left is offered as Renew. */
export const PLAN_RENEW_DAYS = 2;
/** The plan priced at this amount is not offered in dollars. */
export const HIDDEN_DOLLAR_PLAN_AMOUNT = 17499;
/** Profile types that see the subscription gate instead of the dashboard until a plan is active. */
export const PLAN_GATED_TYPES: readonly TProfileType[] = ['BRANDS', 'BUSINESS', 'IMC'];

const DAY_MS = 86_400_000;

/** The texts of the pricing pages and the plan display. */
export const PLAN_MSG = {
  badgeExpired: 'expired',
  badgeExpiringToday: 'Expiring today',
  badgeCurrent: 'current plan',
  badgeDaysLeft: (days: number) => `${days} days remaining`,
  subscribe: 'Subscribe',
  upgrade: 'Upgrade',
  renew: 'Renew',
  couponVerified: PAY_MSG.couponVerified,
  navigatingToPayment: 'Please wait... We are navigating to payment',
  paymentSessionFailed: PAY_MSG.paymentProviderFailed,
  paymentFailed: 'Payment Failed !!.',
  paymentUpdateFailed: PAY_MSG.paymentUpdateFailed,
  hubExpiringToday: 'expiring Today',
  hubExpired: PAY_MSG.planExpired,
  pricingEntry: 'Pricing',
  freeTierPricingEntry: 'Switch to Business',
  starterLastPost: (count: number, limit: number) =>
    `You have used ${count} of your ${limit} Starter posts: your next post is the last of this period. Upgrade to Professional for unlimited posts.`,
} as const;

/** A plan as the price list shows it. */
export type TPlanCard = {
  planId: string;
  planName: string;
  planLevel: number;
  planAmount: number;
  planType: string;
};

/** What the plan display reads of the user's subscription (subscriptionDetails). */
export type TPlanHolding = {
  planType: string;
  planStatus: string;
  planEndDate: string | null;
  postLimit: number | null;
  postCount: number;
};

const same = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

/** Whether the subscription is on the free tier. */
export const isFreeTier = (sub: Pick<TPlanHolding, 'planType'> | null | undefined): boolean =>
  same(sub?.planType, FREE_TIER_PLAN);

/** A plan nobody pays for (the free tier): never offered as a card to buy. */
export const isFreePlan = (plan: Pick<TPlanCard, 'planType' | 'planAmount'>): boolean =>
  same(plan.planType, FREE_TIER_PLAN) || plan.planAmount <= 0;

/** Expired when its status says EXPIRED or its end date has passed. */
export function isSubscriptionExpired(sub: Pick<TPlanHolding, 'planStatus' | 'planEndDate'>, now: Date): boolean {
  if (sub.planStatus.toUpperCase() === 'EXPIRED') return true;
  if (!sub.planEndDate) return false;
  return new Date(sub.planEndDate).getTime() < now.getTime();
}

/** Whole days until the plan ends (0 on its last day, counted down from the end moment); null without an end. */
export function daysToPlanEnd(planEndDate: string | null, now: Date): number | null {
  if (!planEndDate) return null;
  const ms = new Date(planEndDate).getTime() - now.getTime();
  return Math.max(0, Math.floor(ms / DAY_MS));
}

/** Posts left in the period; null when the plan has no post limit. */
export function postsLeft(sub: Pick<TPlanHolding, 'postLimit' | 'postCount'>): number | null {
  if (sub.postLimit === null) return null;
  return Math.max(0, sub.postLimit - sub.postCount);
}

/** Whether the subscription is an active paid plan (not the free tier, not expired). */
export function hasActivePaidPlan(sub: TPlanHolding | null | undefined, now: Date): sub is TPlanHolding {
  return !!sub && !isFreeTier(sub) && sub.planStatus.toUpperCase() === 'ACTIVE' && !isSubscriptionExpired(sub, now);
}

/**
 * The badge on a plan card: only the user's own plan has one. 'expired' once it has ended, 'Expiring today'
 * on its last day, 'N days remaining' with fewer than 4 days left, else 'current plan'. The free tier renews
 * by itself, so it only ever reads 'current plan'.
 */
export function planBadge(plan: Pick<TPlanCard, 'planType'>, sub: TPlanHolding | null | undefined, now: Date): string | null {
  if (!sub || !same(plan.planType, sub.planType)) return null;
  if (isFreeTier(sub)) return PLAN_MSG.badgeCurrent;
  if (isSubscriptionExpired(sub, now)) return PLAN_MSG.badgeExpired;
  const days = daysToPlanEnd(sub.planEndDate, now);
  if (days === null) return PLAN_MSG.badgeCurrent;
  if (days === 0) return PLAN_MSG.badgeExpiringToday;
  if (days < PLAN_WARNING_DAYS) return PLAN_MSG.badgeDaysLeft(days);
  return PLAN_MSG.badgeCurrent;
}

/** The kind of a plan card's badge, for its colour. */
export type TPlanBadgeTone = 'expired' | 'warning' | 'current';
export function planBadgeTone(badge: string): TPlanBadgeTone {
  if (badge === PLAN_MSG.badgeExpired) return 'expired';
  if (badge === PLAN_MSG.badgeCurrent) return 'current';
  return 'warning';
}

/**
 * The button of a plan card: Upgrade for an active paid plan viewing a plan of a higher level (a Starter user
 * viewing Professional), Renew on one's own active plan with fewer than 2 days left, otherwise Subscribe.
 * `currentLevel` is the level of the user's plan in the same price list (null when it is not in it).
 */
export function planButtonLabel(
  plan: Pick<TPlanCard, 'planType' | 'planLevel'>,
  sub: TPlanHolding | null | undefined,
  currentLevel: number | null,
  now: Date,
): string {
  if (!hasActivePaidPlan(sub, now)) return PLAN_MSG.subscribe;
  if (same(plan.planType, sub.planType)) {
    const days = daysToPlanEnd(sub.planEndDate, now);
    return days !== null && days < PLAN_RENEW_DAYS ? PLAN_MSG.renew : PLAN_MSG.subscribe;
  }
  if (currentLevel !== null && plan.planLevel > currentLevel) return PLAN_MSG.upgrade;
  return PLAN_MSG.subscribe;
}

/**
 * Whether a plan is below the user's active paid plan: it can be bought only once that plan has ended (the server
 * refuses it before), so its button is disabled.
 */
export function isBelowActivePlan(
  plan: Pick<TPlanCard, 'planLevel'>,
  sub: TPlanHolding | null | undefined,
  currentLevel: number | null,
  now: Date,
): boolean {
  return hasActivePaidPlan(sub, now) && currentLevel !== null && plan.planLevel < currentLevel;
}

/**
 * The plans offered as cards, by level: never the free tier, never the plan priced 17499 when the currency is
 * dollars, and to an influencer on the free tier only the first of them.
 */
export function visiblePlans<T extends TPlanCard>(
  plans: readonly T[],
  viewer: { currency: string; profileType: TProfileType | null; sub: Pick<TPlanHolding, 'planType'> | null | undefined },
): T[] {
  const dollars = viewer.currency.toLowerCase() === 'usd';
  const offered = [...plans]
    .filter((p) => !isFreePlan(p))
    .filter((p) => !(dollars && p.planAmount === HIDDEN_DOLLAR_PLAN_AMOUNT))
    .sort((a, b) => a.planLevel - b.planLevel);
  if (viewer.profileType === 'INFLUENCER' && isFreeTier(viewer.sub)) return offered.slice(0, 1);
  return offered;
}

/** Business managers never see pricing; everyone else does (every gated type must be able to pay). */
export const maySeePricing = (profileType: TProfileType): boolean => profileType !== 'BUSINESS_MANAGER';

/** The profile hub's Pricing entry: 'Switch to Business' for a free-tier influencer, hidden from managers. */
export function pricingEntryLabel(
  profileType: TProfileType,
  sub: Pick<TPlanHolding, 'planType'> | null | undefined,
): string | null {
  if (!maySeePricing(profileType)) return null;
  return profileType === 'INFLUENCER' && isFreeTier(sub) ? PLAN_MSG.freeTierPricingEntry : PLAN_MSG.pricingEntry;
}

/**
 * The subscription gate: BRANDS, BUSINESS and IMC users without payment, or whose plan is not ACTIVE (or has
 * ended), see it instead of the dashboard. Influencers (free tier) and managers never do.
 */
export function isPlanGated(
  user: { profileType: TProfileType; paymentStatus: boolean; subscriptionDetails: TPlanHolding | null },
  now: Date,
): boolean {
  if (!PLAN_GATED_TYPES.includes(user.profileType)) return false;
  if (!user.paymentStatus) return true;
  const sub = user.subscriptionDetails;
  if (!sub) return true;
  return sub.planStatus.toUpperCase() !== 'ACTIVE' || isSubscriptionExpired(sub, now);
}

/** What the profile hub says about the subscription. */
export type TSubscriptionSummary =
  | { kind: 'none' }
  | { kind: 'expired'; planType: string }
  | { kind: 'today'; planType: string; postsLeft: number | null }
  | { kind: 'active'; planType: string; days: number; postsLeft: number | null; free: boolean };

/**
 * The hub's subscription line: a free-tier influencer sees the days to renewal and posts left; an active plan
 * its days left, and posts left on Starter (not for a BUSINESS without payment); 'expiring Today' with 0 days;
 * 'Your Subscription is Expired' once it has ended. Managers have no plan of their own.
 */
export function subscriptionSummary(
  user: { profileType: TProfileType; paymentStatus: boolean; subscriptionDetails: TPlanHolding | null },
  now: Date,
): TSubscriptionSummary {
  const sub = user.subscriptionDetails;
  if (!sub || user.profileType === 'BUSINESS_MANAGER') return { kind: 'none' };
  const free = isFreeTier(sub);
  if (!free && isSubscriptionExpired(sub, now)) return { kind: 'expired', planType: sub.planType };
  const days = daysToPlanEnd(sub.planEndDate, now);
  const showPosts = free || (same(sub.planType, STARTER_PLAN) && !(user.profileType === 'BUSINESS' && !user.paymentStatus));
  const left = showPosts ? postsLeft(sub) : null;
  if (days === null) return { kind: 'active', planType: sub.planType, days: 0, postsLeft: left, free };
  if (days === 0) return { kind: 'today', planType: sub.planType, postsLeft: left };
  return { kind: 'active', planType: sub.planType, days, postsLeft: left, free };
}

/** Starter warns once its 19th post is used: the next post is the last of the period. */
export function starterLimitWarning(sub: TPlanHolding | null | undefined, now: Date): string | null {
  if (!sub || !same(sub.planType, STARTER_PLAN) || isSubscriptionExpired(sub, now)) return null;
  if (sub.postLimit === null || sub.postCount < STARTER_POST_THRESHOLD || sub.postCount >= sub.postLimit) return null;
  return PLAN_MSG.starterLastPost(sub.postCount, sub.postLimit);
}

/** A price in a currency, as a card shows it: '$12', '₹1,499', '€9.50'. */
export function formatPlanPrice(amount: number, currency: string, locale = 'en'): string {
  const whole = Number.isInteger(amount);
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: currency.toUpperCase(),
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: 2,
    }).format(amount);
  } catch {
    return `${amount.toFixed(whole ? 0 : 2)} ${currency.toUpperCase()}`;
  }
}
