import { describe, expect, it } from 'vitest';
import {
  addUtcMonths,
  bufferEndOf,
  carryOverMs,
  currencyForCountry,
  currentPostPeriodStart,
  discountedMinor,
  isCurrency,
  postAllowance,
  purchasedPeriod,
  purchaseKind,
  toMajorUnits,
  toMinorUnits,
} from './plans';

const d = (iso: string) => new Date(iso);
const DAY = 86_400_000;

describe('currency by country', () => {
  it.each([
    ['IN', 'inr'],
    ['GB', 'gbp'],
    ['FR', 'eur'],
    ['DE', 'eur'],
    ['ES', 'eur'],
    ['IT', 'eur'],
    ['US', 'usd'],
    ['NL', 'usd'],
    ['gb', 'gbp'],
    [null, 'usd'],
    ['', 'usd'],
  ])('%s pays in %s', (country, currency) => {
    expect(currencyForCountry(country)).toBe(currency);
  });

  it('knows only usd, inr, gbp and eur', () => {
    expect(['usd', 'inr', 'gbp', 'eur'].every(isCurrency)).toBe(true);
    expect(isCurrency('jpy')).toBe(false);
    expect(isCurrency('USD')).toBe(false);
  });
});

describe('money in minor units', () => {
  it('converts both ways without floating-point dust', () => {
    expect(toMinorUnits(19.99)).toBe(1999);
    expect(toMinorUnits(17499)).toBe(1_749_900);
    expect(toMajorUnits(1999)).toBe(19.99);
    expect(toMajorUnits(toMinorUnits(0.1 + 0.2))).toBe(0.3);
  });

  it('applies a percentage coupon rounded to the nearest minor unit', () => {
    expect(discountedMinor(1900, { percentOff: 10, amountOffMinor: null })).toBe(1710);
    expect(discountedMinor(1999, { percentOff: 50, amountOffMinor: null })).toBe(1000);
    expect(discountedMinor(1900, { percentOff: 100, amountOffMinor: null })).toBe(0);
  });

  it('applies an amount coupon, never below zero', () => {
    expect(discountedMinor(1900, { percentOff: null, amountOffMinor: 500 })).toBe(1400);
    expect(discountedMinor(300, { percentOff: null, amountOffMinor: 500 })).toBe(0);
    expect(discountedMinor(300, { percentOff: null, amountOffMinor: null })).toBe(300);
  });
});

describe('grace after a plan ends', () => {
  it('bufferEndDate is planEndDate + 7 days', () => {
    expect(bufferEndOf(d('2026-03-01T10:00:00.000Z')).toISOString()).toBe('2026-03-08T10:00:00.000Z');
  });
});

describe('what a purchase does to the subscription', () => {
  const now = d('2026-05-10T12:00:00.000Z');
  const starter = { planType: 'Starter', paid: true, planStatus: 'ACTIVE', planEndDate: d('2026-05-25T12:00:00.000Z') };

  it('no plan, the free tier or an expired plan: a new month from now', () => {
    expect(purchaseKind(null, 'Starter', now)).toBe('new');
    expect(purchaseKind({ ...starter, planType: 'FreeTier', paid: false }, 'Starter', now)).toBe('new');
    expect(purchaseKind({ ...starter, planEndDate: d('2026-05-01T00:00:00.000Z') }, 'Starter', now)).toBe('new');
    expect(purchaseKind({ ...starter, planStatus: 'EXPIRED' }, 'Starter', now)).toBe('new');
    const p = purchasedPeriod('new', null, now, { oldAmountMinor: 0, newAmountMinor: 1900 });
    expect(p).toEqual({ periodStart: now, planEndDate: d('2026-06-10T12:00:00.000Z'), carriedMs: 0 });
  });

  it('the same plan while active: Renew adds a month to the current end and keeps the period in progress', () => {
    expect(purchaseKind(starter, 'Starter', now)).toBe('renew');
    const p = purchasedPeriod('renew', starter, now, { oldAmountMinor: 1900, newAmountMinor: 1900 });
    expect(p).toEqual({ periodStart: null, planEndDate: d('2026-06-25T12:00:00.000Z'), carriedMs: 0 });
  });

  it('another plan while active: Upgrade starts now, with the unused days carried over at their value', () => {
    expect(purchaseKind(starter, 'Professional', now)).toBe('upgrade');
    // 15 days left of Starter (19.00) become 15 × 19/49 days of Professional (49.00)
    const p = purchasedPeriod('upgrade', starter, now, { oldAmountMinor: 1900, newAmountMinor: 4900 });
    const carried = Math.floor((15 * DAY * 19) / 49 / 1000) * 1000;
    expect(p.carriedMs).toBe(carried);
    expect(p.periodStart).toEqual(now);
    expect(p.planEndDate.getTime()).toBe(d('2026-06-10T12:00:00.000Z').getTime() + carried);
    expect(carried / DAY).toBeCloseTo(5.816, 2);
  });

  it('carries nothing over when nothing is left or a price is zero', () => {
    expect(carryOverMs(-5, 1900, 4900)).toBe(0);
    expect(carryOverMs(DAY, 0, 4900)).toBe(0);
    expect(carryOverMs(DAY, 1900, 0)).toBe(0);
    expect(carryOverMs(10 * DAY, 4900, 4900)).toBe(10 * DAY);
  });
});

describe('post-count periods of a paid plan', () => {
  const start = d('2026-01-31T09:00:00.000Z');
  it('is monthly from the period start, the last one ending at the plan end', () => {
    const end = addUtcMonths(start, 2);
    expect(currentPostPeriodStart(start, end, d('2026-02-10T00:00:00.000Z'))).toEqual(start);
    expect(currentPostPeriodStart(start, end, d('2026-03-01T00:00:00.000Z'))).toEqual(d('2026-02-28T09:00:00.000Z'));
    // past the end nothing new starts
    expect(currentPostPeriodStart(start, end, d('2026-05-01T00:00:00.000Z'))).toEqual(d('2026-02-28T09:00:00.000Z'));
  });
  it('an upgrade’s carried-over days make one more short period', () => {
    const end = new Date(addUtcMonths(start, 1).getTime() + 5 * DAY);
    expect(currentPostPeriodStart(start, end, d('2026-03-02T00:00:00.000Z'))).toEqual(d('2026-02-28T09:00:00.000Z'));
  });
});

describe('whether a plan lets its owner post once more', () => {
  const now = d('2026-05-10T12:00:00.000Z');
  const plan = { planStatus: 'ACTIVE', planEndDate: d('2026-05-20T00:00:00.000Z'), postLimit: 20, postCount: 0 };

  it.each([
    [0, 'ok'],
    [19, 'ok'],
    [20, 'limit'],
    [21, 'limit'],
  ] as const)('Starter (20) with %i posts used: %s', (postCount, verdict) => {
    expect(postAllowance({ ...plan, postCount }, 'BUSINESS', now)).toBe(verdict);
  });

  it('no limit (Professional) is never reached', () => {
    expect(postAllowance({ ...plan, postLimit: null, postCount: 10_000 }, 'BUSINESS', now)).toBe('ok');
  });

  it('a plan that is not ACTIVE is expired', () => {
    expect(postAllowance({ ...plan, planStatus: 'CANCELLED' }, 'BUSINESS', now)).toBe('expired');
  });

  it('influencers stop at planEndDate; others may go on until bufferEndDate (7 days of grace)', () => {
    const ended = { ...plan, planStatus: 'EXPIRED', planEndDate: d('2026-05-05T00:00:00.000Z') };
    expect(postAllowance(ended, 'INFLUENCER', now)).toBe('expired');
    expect(postAllowance(ended, 'BUSINESS', now)).toBe('ok');
    expect(postAllowance(ended, 'BUSINESS', d('2026-05-12T00:00:00.000Z'))).toBe('expired');
    expect(postAllowance({ ...ended, planStatus: 'ACTIVE' }, 'IMC', d('2026-05-11T23:59:59.000Z'))).toBe('ok');
  });
});
