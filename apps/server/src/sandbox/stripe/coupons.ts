import { invalid, StripeApiError } from './errors';
import type { TStripeStore } from './store';

/** A coupon as Stripe keeps it; `currency_options` is only shown when asked for (`expand[]=currency_options`). */
export type TCoupon = {
  id: string;
  object: 'coupon';
  amount_off: number | null;
  created: number;
  currency: string | null;
  currency_options?: Record<string, { amount_off: number }>;
  duration: 'forever' | 'once' | 'repeating';
  duration_in_months: number | null;
  livemode: false;
  max_redemptions: number | null;
  metadata: Record<string, string>;
  name: string | null;
  percent_off: number | null;
  redeem_by: number | null;
  times_redeemed: number;
  valid: boolean;
};

/** A promotion code as Stripe keeps it: `promotion.coupon` holds the coupon's id until expanded. */
export type TPromotionCode = {
  id: string;
  object: 'promotion_code';
  active: boolean;
  code: string;
  created: number;
  customer: null;
  customer_account: null;
  expires_at: number | null;
  livemode: false;
  max_redemptions: number | null;
  metadata: Record<string, string>;
  promotion: { coupon: string | TCoupon | null; type: 'coupon' };
  restrictions: {
    first_time_transaction: boolean;
    minimum_amount: number | null;
    minimum_amount_currency: string | null;
  };
  times_redeemed: number;
};

/** 2024-01-01T00:00:00Z: when the EXPIRED code stopped working. */
const LONG_AGO = 1_704_067_200;

type TSeed = {
  coupon: Omit<
    TCoupon,
    | 'object'
    | 'created'
    | 'livemode'
    | 'metadata'
    | 'times_redeemed'
    | 'valid'
    | 'duration_in_months'
    | 'max_redemptions'
    | 'redeem_by'
  >;
  code: string;
  active: boolean;
  expiresAt: number | null;
};

/**
 * The promotion codes the sandbox starts with (the README lists them): amounts in minor units, a fixed amount
 * only in the currencies it names.
 */
export const SEEDED_PROMOTION_CODES: readonly TSeed[] = [
  {
    code: 'WELCOME10',
    active: true,
    expiresAt: null,
    coupon: { id: 'welcome10', name: '10% off', percent_off: 10, amount_off: null, currency: null, duration: 'forever' },
  },
  {
    code: 'HALFOFF',
    active: true,
    expiresAt: null,
    coupon: { id: 'halfoff', name: '50% off', percent_off: 50, amount_off: null, currency: null, duration: 'once' },
  },
  {
    code: 'FLAT5',
    active: true,
    expiresAt: null,
    coupon: {
      id: 'flat5',
      name: '5.00 off',
      percent_off: null,
      amount_off: 500,
      currency: 'usd',
      currency_options: {
        usd: { amount_off: 500 },
        eur: { amount_off: 500 },
        gbp: { amount_off: 500 },
        inr: { amount_off: 40_000 },
      },
      duration: 'once',
    },
  },
  {
    code: 'EXPIRED',
    active: false,
    expiresAt: LONG_AGO,
    coupon: {
      id: 'expired10',
      name: '10% off (expired)',
      percent_off: 10,
      amount_off: null,
      currency: null,
      duration: 'forever',
    },
  },
];

const promoIdOf = (code: string) => `promo_sandbox${code}`;

/** Adds the seeded coupons and codes that are missing (a restart, or a second process, changes nothing). */
export async function seedPromotionCodes(store: TStripeStore): Promise<void> {
  for (const seed of SEEDED_PROMOTION_CODES) {
    const coupon: TCoupon = {
      object: 'coupon',
      created: LONG_AGO,
      livemode: false,
      metadata: {},
      times_redeemed: 0,
      valid: true,
      duration_in_months: null,
      max_redemptions: null,
      redeem_by: null,
      ...seed.coupon,
    };
    const promo: TPromotionCode = {
      id: promoIdOf(seed.code),
      object: 'promotion_code',
      active: seed.active,
      code: seed.code,
      created: LONG_AGO,
      customer: null,
      customer_account: null,
      expires_at: seed.expiresAt,
      livemode: false,
      max_redemptions: null,
      metadata: {},
      promotion: { coupon: coupon.id, type: 'coupon' },
      restrictions: { first_time_transaction: false, minimum_amount: null, minimum_amount_currency: null },
      times_redeemed: 0,
    };
    await store.insert('coupon', coupon.id, coupon);
    await store.insert('promo', promo.id, promo);
  }
}

/** A coupon as the API shows it: without `currency_options` unless that was expanded. */
export function showCoupon(coupon: TCoupon, expand: string[]): TCoupon {
  if (expand.includes('currency_options')) return coupon;
  const { currency_options: _, ...rest } = coupon;
  return rest;
}

/** The expand paths under `prefix.` (`data.promotion.coupon` under `data` is `promotion.coupon`). */
export function under(expand: string[], prefix: string): string[] {
  return expand.filter((p) => p.startsWith(`${prefix}.`)).map((p) => p.slice(prefix.length + 1));
}

/** A promotion code as the API shows it, its coupon expanded when asked (`promotion.coupon`). */
export async function showPromotionCode(store: TStripeStore, promo: TPromotionCode, expand: string[]): Promise<TPromotionCode> {
  const couponId = typeof promo.promotion.coupon === 'string' ? promo.promotion.coupon : (promo.promotion.coupon?.id ?? null);
  if (!expand.some((p) => p === 'promotion.coupon' || p.startsWith('promotion.coupon.')) || !couponId) return promo;
  const coupon = await store.get<TCoupon>('coupon', couponId);
  return {
    ...promo,
    promotion: { ...promo.promotion, coupon: coupon ? showCoupon(coupon, under(expand, 'promotion.coupon')) : couponId },
  };
}

/** A code may be redeemed: active, not past its expiry (by the product clock), under its limit, its coupon valid. */
export function redeemable(promo: TPromotionCode, coupon: TCoupon, nowSec: number): boolean {
  if (!promo.active || !coupon.valid) return false;
  if (promo.expires_at !== null && promo.expires_at <= nowSec) return false;
  if (coupon.redeem_by !== null && coupon.redeem_by <= nowSec) return false;
  if (promo.max_redemptions !== null && promo.times_redeemed >= promo.max_redemptions) return false;
  return true;
}

/**
 * What a coupon takes off a subtotal in `currency` (minor units): a percentage rounded to the nearest unit, or a
 * fixed amount in that currency, never more than the subtotal. A fixed amount with no value in that currency is
 * refused as Stripe refuses it.
 */
export function discountAmount(coupon: TCoupon, currency: string, subtotal: number, via: 'promotion code' | 'coupon'): number {
  if (coupon.percent_off !== null) return Math.min(subtotal, Math.round((subtotal * coupon.percent_off) / 100));
  const amount = coupon.currency === currency ? coupon.amount_off : (coupon.currency_options?.[currency]?.amount_off ?? null);
  if (amount === null)
    throw invalid(
      `The ${via} default currency (${coupon.currency}) does not match the line item currency (${currency}).`,
      'discounts',
    );
  return Math.min(subtotal, amount);
}

export const inactivePromotionCode = (code: string) =>
  new StripeApiError(
    400,
    'invalid_request_error',
    `This promotion code cannot be redeemed: ${code} is not active.`,
    undefined,
    'discounts',
  );
