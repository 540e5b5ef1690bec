import { describe, expect, it } from 'vitest';
import {
  daysToPlanEnd,
  formatPlanPrice,
  isBelowActivePlan,
  isPlanGated,
  isSubscriptionExpired,
  PLAN_MSG,
  planBadge,
  planButtonLabel,
  postsLeft,
  pricingEntryLabel,
  starterLimitWarning,
  subscriptionSummary,
  type TPlanCard,
  type TPlanHolding,
  visiblePlans,
} from './plan-display';

const NOW = new Date('2026-05-10T12:00:00Z');
const inDays = (days: number, hours = 0) => new Date(NOW.getTime() + days * 86_400_000 + hours * 3_600_000).toISOString();

const plan = (planType: string, planLevel: number, planAmount: number): TPlanCard => ({
  planId: planType.toLowerCase(),
  planName: planType,
  planType,
  planLevel,
  planAmount,
});
const FREE = plan('FreeTier', 0, 0);
const STARTER = plan('Starter', 1, 12);
const PRO = plan('Professional', 2, 29);
const ENTERPRISE = plan('Enterprise', 3, 17499);

const holding = (over: Partial<TPlanHolding> = {}): TPlanHolding => ({
  planType: 'Starter',
  planStatus: 'ACTIVE',
  planEndDate: inDays(20),
  postLimit: 20,
  postCount: 0,
  ...over,
});

describe('isSubscriptionExpired', () => {
  it('is expired when the status says EXPIRED, even before the end date', () => {
    expect(isSubscriptionExpired(holding({ planStatus: 'EXPIRED' }), NOW)).toBe(true);
  });
  it('is expired once the end date has passed', () => {
    expect(isSubscriptionExpired(holding({ planEndDate: inDays(0, -1) }), NOW)).toBe(true);
    expect(isSubscriptionExpired(holding({ planEndDate: inDays(0, 1) }), NOW)).toBe(false);
  });
});

describe('daysToPlanEnd and postsLeft', () => {
  it('counts whole days down to 0 on the last day', () => {
    expect(daysToPlanEnd(inDays(3, 5), NOW)).toBe(3);
    expect(daysToPlanEnd(inDays(0, 23), NOW)).toBe(0);
    expect(daysToPlanEnd(null, NOW)).toBeNull();
  });
  it('leaves the limit minus the count, never below 0, and nothing for an unlimited plan', () => {
    expect(postsLeft({ postLimit: 20, postCount: 19 })).toBe(1);
    expect(postsLeft({ postLimit: 5, postCount: 7 })).toBe(0);
    expect(postsLeft({ postLimit: null, postCount: 40 })).toBeNull();
  });
});

describe('planBadge', () => {
  it('marks only the user’s own plan', () => {
    expect(planBadge(PRO, holding(), NOW)).toBeNull();
    expect(planBadge(STARTER, null, NOW)).toBeNull();
  });
  it('reads current plan with 4 days or more left', () => {
    expect(planBadge(STARTER, holding({ planEndDate: inDays(4, 1) }), NOW)).toBe('current plan');
  });
  it('counts down with "N days remaining" when fewer than 4 days are left', () => {
    expect(planBadge(STARTER, holding({ planEndDate: inDays(3, 1) }), NOW)).toBe('3 days remaining');
    expect(planBadge(STARTER, holding({ planEndDate: inDays(1, 1) }), NOW)).toBe('1 days remaining');
  });
  it('reads Expiring today on the last day and expired after it', () => {
    expect(planBadge(STARTER, holding({ planEndDate: inDays(0, 2) }), NOW)).toBe('Expiring today');
    expect(planBadge(STARTER, holding({ planEndDate: inDays(-1) }), NOW)).toBe('expired');
    expect(planBadge(STARTER, holding({ planStatus: 'EXPIRED' }), NOW)).toBe('expired');
  });
  it('keeps the free tier, which renews by itself, as current plan', () => {
    expect(planBadge(FREE, holding({ planType: 'FreeTier', planEndDate: inDays(1) }), NOW)).toBe('current plan');
  });
});

describe('planButtonLabel', () => {
  it('offers Upgrade to an active Starter user viewing Professional', () => {
    expect(planButtonLabel(PRO, holding(), 1, NOW)).toBe('Upgrade');
  });
  it('offers Renew on an active plan with fewer than 2 days left', () => {
    const pro = holding({ planType: 'Professional', postLimit: null, planEndDate: inDays(1, 2) });
    expect(planButtonLabel(PRO, pro, 2, NOW)).toBe('Renew');
    expect(planButtonLabel(PRO, { ...pro, planEndDate: inDays(2, 1) }, 2, NOW)).toBe('Subscribe');
  });
  it('offers Subscribe otherwise: no plan, an expired plan, the free tier, a lower plan', () => {
    expect(planButtonLabel(PRO, null, null, NOW)).toBe('Subscribe');
    expect(planButtonLabel(PRO, holding({ planStatus: 'EXPIRED' }), 1, NOW)).toBe('Subscribe');
    expect(planButtonLabel(STARTER, holding({ planType: 'FreeTier', postLimit: 5 }), 0, NOW)).toBe('Subscribe');
    expect(planButtonLabel(STARTER, holding({ planType: 'Professional' }), 2, NOW)).toBe('Subscribe');
  });
});

describe('isBelowActivePlan', () => {
  it('holds back a plan below an active paid plan until that plan ends', () => {
    const pro = holding({ planType: 'Professional', postLimit: null });
    expect(isBelowActivePlan(STARTER, pro, 2, NOW)).toBe(true);
    expect(isBelowActivePlan(STARTER, { ...pro, planStatus: 'EXPIRED' }, 2, NOW)).toBe(false);
    expect(isBelowActivePlan(PRO, holding(), 1, NOW)).toBe(false);
  });
});

describe('visiblePlans', () => {
  const all = [ENTERPRISE, PRO, FREE, STARTER];
  it('never offers the free tier and orders by level', () => {
    expect(visiblePlans(all, { currency: 'inr', profileType: 'BUSINESS', sub: null }).map((p) => p.planType)).toEqual([
      'Starter',
      'Professional',
      'Enterprise',
    ]);
  });
  it('hides the plan of amount 17499 when the currency is dollars', () => {
    expect(visiblePlans(all, { currency: 'usd', profileType: null, sub: null }).map((p) => p.planType)).toEqual([
      'Starter',
      'Professional',
    ]);
  });
  it('shows an influencer on the free tier only the first plan', () => {
    const shown = visiblePlans(all, { currency: 'gbp', profileType: 'INFLUENCER', sub: { planType: 'FreeTier' } });
    expect(shown.map((p) => p.planType)).toEqual(['Starter']);
  });
  it('shows an influencer on a paid plan every plan', () => {
    expect(visiblePlans(all, { currency: 'eur', profileType: 'INFLUENCER', sub: { planType: 'Starter' } })).toHaveLength(3);
  });
});

describe('pricing entry and the gate', () => {
  it('hides Pricing from business managers and reads Switch to Business for a free-tier influencer', () => {
    expect(pricingEntryLabel('BUSINESS_MANAGER', null)).toBeNull();
    expect(pricingEntryLabel('INFLUENCER', { planType: 'FreeTier' })).toBe('Switch to Business');
    expect(pricingEntryLabel('BRANDS', null)).toBe('Pricing');
    expect(pricingEntryLabel('IMC', null)).toBe('Pricing');
  });
  it('gates BRANDS, BUSINESS and IMC without payment or without an ACTIVE plan', () => {
    for (const profileType of ['BRANDS', 'BUSINESS', 'IMC'] as const) {
      expect(isPlanGated({ profileType, paymentStatus: false, subscriptionDetails: null }, NOW)).toBe(true);
      expect(
        isPlanGated({ profileType, paymentStatus: true, subscriptionDetails: holding({ planStatus: 'EXPIRED' }) }, NOW),
      ).toBe(true);
      expect(
        isPlanGated({ profileType, paymentStatus: true, subscriptionDetails: holding({ planEndDate: inDays(-1) }) }, NOW),
      ).toBe(true);
      expect(isPlanGated({ profileType, paymentStatus: true, subscriptionDetails: holding() }, NOW)).toBe(false);
    }
  });
  it('never gates influencers or managers', () => {
    expect(isPlanGated({ profileType: 'INFLUENCER', paymentStatus: false, subscriptionDetails: null }, NOW)).toBe(false);
    expect(isPlanGated({ profileType: 'BUSINESS_MANAGER', paymentStatus: false, subscriptionDetails: null }, NOW)).toBe(false);
  });
});

describe('subscriptionSummary', () => {
  const user = (over: Partial<TPlanHolding> | null, profileType = 'BUSINESS' as const, paymentStatus = true) => ({
    profileType,
    paymentStatus,
    subscriptionDetails: over === null ? null : holding(over),
  });
  it('gives a free-tier influencer the days to renewal and posts left', () => {
    const s = subscriptionSummary(
      {
        profileType: 'INFLUENCER',
        paymentStatus: false,
        subscriptionDetails: holding({ planType: 'FreeTier', postLimit: 5, postCount: 2 }),
      },
      NOW,
    );
    expect(s).toEqual({ kind: 'active', planType: 'FreeTier', days: 20, postsLeft: 3, free: true });
  });
  it('gives an active plan its days left, with posts left only on Starter', () => {
    expect(subscriptionSummary(user({ postCount: 4 }), NOW)).toMatchObject({ kind: 'active', days: 20, postsLeft: 16 });
    expect(subscriptionSummary(user({ planType: 'Professional', postLimit: null }), NOW)).toMatchObject({ postsLeft: null });
  });
  it('hides posts left from a BUSINESS without payment', () => {
    expect(subscriptionSummary(user({ postCount: 4 }, 'BUSINESS', false), NOW)).toMatchObject({ postsLeft: null });
  });
  it('says expiring Today with 0 days and expired once it has ended', () => {
    expect(subscriptionSummary(user({ planEndDate: inDays(0, 3) }), NOW).kind).toBe('today');
    expect(subscriptionSummary(user({ planStatus: 'EXPIRED' }), NOW).kind).toBe('expired');
    expect(subscriptionSummary(user(null), NOW).kind).toBe('none');
  });
});

describe('starterLimitWarning', () => {
  it('warns on Starter at the 19-post threshold, before the last post', () => {
    expect(starterLimitWarning(holding({ postCount: 18 }), NOW)).toBeNull();
    expect(starterLimitWarning(holding({ postCount: 19 }), NOW)).toBe(PLAN_MSG.starterLastPost(19, 20));
    expect(starterLimitWarning(holding({ postCount: 20 }), NOW)).toBeNull();
    expect(starterLimitWarning(holding({ planType: 'Professional', postCount: 19 }), NOW)).toBeNull();
  });
});

describe('formatPlanPrice', () => {
  it('writes the amount in its currency', () => {
    expect(formatPlanPrice(12, 'usd')).toBe('$12');
    expect(formatPlanPrice(9.5, 'eur')).toBe('€9.50');
    expect(formatPlanPrice(1499, 'inr')).toBe('₹1,499');
  });
});
