import { bool, metadataParam, onlyKnown, wholeNumber } from './catalog';
import { invalid, missingParam, noSuch, StripeApiError } from './errors';
import type { TForm, TFormValue } from './form';
import { minorDigits } from './sessions';
import { stripeId } from './settings';
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
  if (coupon.max_redemptions !== null && coupon.times_redeemed >= coupon.max_redemptions) return false;
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

const COUPON_ID = /^[A-Za-z0-9_-]{1,200}$/;
const PROMO_CODE = /^[A-Za-z0-9]{1,500}$/;
const s = (v: TFormValue | undefined): string | undefined => (typeof v === 'string' ? v : undefined);
const o = (v: TFormValue | undefined): Record<string, TFormValue> | undefined =>
  v !== undefined && typeof v === 'object' && !Array.isArray(v) ? v : undefined;

/** POST /v1/coupons: a percentage (0–100] or an amount off in a currency (and others through currency_options). */
export async function createCoupon(store: TStripeStore, params: TForm, nowSec: number): Promise<TCoupon> {
  onlyKnown(params, [
    'id',
    'name',
    'percent_off',
    'amount_off',
    'currency',
    'currency_options',
    'duration',
    'duration_in_months',
    'max_redemptions',
    'redeem_by',
    'metadata',
    'expand',
  ]);
  const percent = s(params.percent_off);
  const amount = params.amount_off;
  if (percent !== undefined && amount !== undefined)
    throw invalid('You may only specify one of these parameters: amount_off, percent_off.', 'amount_off');
  let percentOff: number | null = null;
  let amountOff: number | null = null;
  let currency: string | null = null;
  const currencyOptions: Record<string, { amount_off: number }> = {};
  if (percent !== undefined) {
    const n = Number(percent);
    if (!/^\d{1,3}(\.\d{1,2})?$/.test(percent) || n <= 0 || n > 100)
      throw invalid('Invalid percent_off: must be greater than 0 and at most 100.', 'percent_off');
    percentOff = n;
  } else if (amount !== undefined) {
    amountOff = wholeNumber(amount, 'amount_off', 1);
    currency = s(params.currency)?.toLowerCase() ?? null;
    if (!currency) throw missingParam('currency');
    if (minorDigits(currency) === null) throw invalid(`Invalid currency: ${currency}.`, 'currency');
    currencyOptions[currency] = { amount_off: amountOff };
    for (const [cur, opt] of Object.entries(o(params.currency_options) ?? {})) {
      if (minorDigits(cur) === null) throw invalid(`Invalid currency: ${cur}.`, `currency_options[${cur}]`);
      currencyOptions[cur] = { amount_off: wholeNumber(o(opt)?.amount_off, `currency_options[${cur}][amount_off]`, 1) };
    }
  } else throw invalid('You must pass either amount_off or percent_off.', 'percent_off');
  const duration = s(params.duration) ?? 'once';
  if (duration !== 'once' && duration !== 'repeating' && duration !== 'forever')
    throw invalid('Invalid duration: must be one of forever, once, or repeating', 'duration');
  let months: number | null = null;
  if (duration === 'repeating') {
    if (params.duration_in_months === undefined) throw missingParam('duration_in_months');
    months = wholeNumber(params.duration_in_months, 'duration_in_months', 1);
  } else if (params.duration_in_months !== undefined)
    throw invalid('duration_in_months can only be set when duration is repeating.', 'duration_in_months');
  const maxRedemptions = params.max_redemptions === undefined ? null : wholeNumber(params.max_redemptions, 'max_redemptions', 1);
  const redeemBy = params.redeem_by === undefined ? null : wholeNumber(params.redeem_by, 'redeem_by');
  if (redeemBy !== null && redeemBy <= nowSec) throw invalid('redeem_by must be in the future.', 'redeem_by');
  const given = s(params.id);
  if (given !== undefined && !COUPON_ID.test(given)) throw invalid('Invalid id.', 'id');
  const name = s(params.name);
  if (name !== undefined && name.length > 40) throw invalid('Coupon names can have up to 40 characters.', 'name');
  const coupon: TCoupon = {
    id: given ?? stripeId('', 8).slice(1),
    object: 'coupon',
    amount_off: amountOff,
    created: nowSec,
    currency,
    ...(amountOff !== null ? { currency_options: currencyOptions } : {}),
    duration,
    duration_in_months: months,
    livemode: false,
    max_redemptions: maxRedemptions,
    metadata: metadataParam(params.metadata),
    name: name || null,
    percent_off: percentOff,
    redeem_by: redeemBy,
    times_redeemed: 0,
    valid: true,
  };
  if (!(await store.insert('coupon', coupon.id, coupon)))
    throw new StripeApiError(400, 'invalid_request_error', 'Coupon already exists.', 'resource_already_exists', 'id');
  return coupon;
}

/** POST /v1/promotion_codes: a code people type for a coupon; its code unique among active codes (any case). */
export async function createPromotionCode(store: TStripeStore, params: TForm, nowSec: number): Promise<TPromotionCode> {
  onlyKnown(params, ['promotion', 'code', 'active', 'expires_at', 'max_redemptions', 'restrictions', 'metadata', 'expand']);
  const promotion = o(params.promotion);
  if (!promotion) throw missingParam('promotion');
  if (s(promotion.type) !== 'coupon') throw invalid('Invalid promotion[type]: must be coupon', 'promotion[type]');
  const couponId = s(promotion.coupon);
  if (!couponId) throw missingParam('promotion[coupon]');
  const coupon = await store.get<TCoupon>('coupon', couponId);
  if (!coupon) throw noSuch('coupon', couponId, 'promotion[coupon]');
  const code = s(params.code) ?? stripeId('', 8).slice(1).toUpperCase();
  if (!PROMO_CODE.test(code)) throw invalid('Promotion codes can only contain letters and digits.', 'code');
  const active = bool(params.active, 'active') ?? true;
  const expiresAt = params.expires_at === undefined ? null : wholeNumber(params.expires_at, 'expires_at');
  if (expiresAt !== null && expiresAt <= nowSec) throw invalid('expires_at must be in the future.', 'expires_at');
  if (expiresAt !== null && coupon.redeem_by !== null && expiresAt > coupon.redeem_by)
    throw invalid("The promotion code's expires_at cannot be after the coupon's redeem_by.", 'expires_at');
  const maxRedemptions = params.max_redemptions === undefined ? null : wholeNumber(params.max_redemptions, 'max_redemptions', 1);
  const restrictions = o(params.restrictions) ?? {};
  const minimum =
    restrictions.minimum_amount === undefined ? null : wholeNumber(restrictions.minimum_amount, 'restrictions[minimum_amount]');
  const minimumCurrency = s(restrictions.minimum_amount_currency)?.toLowerCase() ?? null;
  if (minimum !== null && !minimumCurrency) throw missingParam('restrictions[minimum_amount_currency]');
  if (active) {
    const taken = (await store.list<TPromotionCode>('promo')).some(
      (p) => p.active && p.code.toLowerCase() === code.toLowerCase() && (p.expires_at === null || p.expires_at > nowSec),
    );
    if (taken) throw invalid(`An active promotion code with \`code: ${code}\` already exists.`, 'code');
  }
  const promo: TPromotionCode = {
    id: stripeId('promo'),
    object: 'promotion_code',
    active,
    code,
    created: nowSec,
    customer: null,
    customer_account: null,
    expires_at: expiresAt,
    livemode: false,
    max_redemptions: maxRedemptions,
    metadata: metadataParam(params.metadata),
    promotion: { coupon: coupon.id, type: 'coupon' },
    restrictions: {
      first_time_transaction: bool(restrictions.first_time_transaction, 'restrictions[first_time_transaction]') ?? false,
      minimum_amount: minimum,
      minimum_amount_currency: minimum === null ? null : minimumCurrency,
    },
    times_redeemed: 0,
  };
  await store.insert('promo', promo.id, promo);
  return promo;
}

/** POST /v1/promotion_codes/:id: active (a code made inactive can be made active again) and metadata. */
export async function updatePromotionCode(store: TStripeStore, promo: TPromotionCode, params: TForm): Promise<TPromotionCode> {
  onlyKnown(params, ['active', 'metadata', 'restrictions', 'expand']);
  const next: TPromotionCode = { ...promo };
  const active = bool(params.active, 'active');
  if (active !== undefined) next.active = active;
  if (params.metadata !== undefined) next.metadata = { ...promo.metadata, ...metadataParam(params.metadata) };
  await store.put('promo', promo.id, next);
  return next;
}
