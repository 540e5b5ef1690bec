import type { TAdminCoupon } from '@virality/domain';
import { describe, expect, it } from 'vitest';
import { couponState, discountOf, durationOf, money, usesOf } from './format';

const coupon = (over: Partial<TAdminCoupon> = {}): TAdminCoupon => ({
  couponId: 'promo_1',
  code: 'SPRING25',
  name: null,
  active: true,
  percentOff: 25,
  amountOff: null,
  currency: null,
  duration: 'once',
  durationInMonths: null,
  maxRedemptions: null,
  timesRedeemed: 0,
  expiresAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});
const NOW = Date.parse('2026-06-01T00:00:00Z');

describe('the console shows money and coupons in plain words', () => {
  it('prices: whole amounts without decimals, others with two, in the currency’s sign', () => {
    expect(money(19, 'usd')).toBe('$19');
    expect(money(42.5, 'gbp')).toBe('£42.50');
    expect(money(1499, 'inr')).toBe('₹1,499');
  });

  it('a discount, how long it lasts and how often it was used', () => {
    expect(discountOf(coupon())).toBe('25% off');
    expect(discountOf(coupon({ percentOff: null, amountOff: 500, currency: 'inr' }))).toBe('₹500 off');
    expect(durationOf(coupon())).toBe('First payment');
    expect(durationOf(coupon({ duration: 'repeating', durationInMonths: 1 }))).toBe('1 month');
    expect(durationOf(coupon({ duration: 'repeating', durationInMonths: 3 }))).toBe('3 months');
    expect(durationOf(coupon({ duration: 'forever' }))).toBe('Every payment');
    expect(usesOf(coupon({ timesRedeemed: 2 }))).toBe('2 (no limit)');
    expect(usesOf(coupon({ timesRedeemed: 2, maxRedemptions: 5 }))).toBe('2 of 5');
  });

  it('a code that no longer works says why: inactive, expired or used up', () => {
    expect(couponState(coupon(), NOW)).toBe('Active');
    expect(couponState(coupon({ active: false }), NOW)).toBe('Inactive');
    expect(couponState(coupon({ expiresAt: '2026-05-31T23:59:59Z' }), NOW)).toBe('Expired');
    expect(couponState(coupon({ active: false, expiresAt: '2024-01-01T00:00:00Z' }), NOW)).toBe('Expired');
    expect(couponState(coupon({ maxRedemptions: 3, timesRedeemed: 3 }), NOW)).toBe('Used up');
  });
});
