import { z } from 'zod';
import { ADMIN_BILLING_MSG } from '../messages';
import { CURRENCIES } from '../rules/plans';

// ── Plans and prices (the console) ─────────────────────────────────────────────────────────────────

/** One price of a plan: its id, currency and monthly amount in major units. */
export const zAdminPlanPrice = z.object({ priceId: z.string(), currency: z.enum(CURRENCIES), amount: z.number() });

/** A plan as the console shows it: its terms and its price in each currency it has one in. */
export const zAdminPlan = z.object({
  planId: z.string(),
  planType: z.string(),
  planName: z.string(),
  planLevel: z.number(),
  /** Posts a month; null: no limit. */
  postLimit: z.number().nullable(),
  features: z.array(z.string()),
  /** False for the free tier: it is given, never sold, and has no price. */
  purchasable: z.boolean(),
  prices: z.array(zAdminPlanPrice),
});
export type TAdminPlan = z.infer<typeof zAdminPlan>;

/** The most a plan's post limit may be, and a monthly price (major units). */
export const POST_LIMIT_MAX = 100_000;
export const PRICE_MAX = 999_999;
export const FEATURES_MAX = 12;
export const FEATURE_MAX_CHARS = 120;

/** A monthly price in major units: more than zero, at most two decimals. */
const zAmount = z
  .number({ error: ADMIN_BILLING_MSG.priceInvalid })
  .positive(ADMIN_BILLING_MSG.priceInvalid)
  .max(PRICE_MAX, ADMIN_BILLING_MSG.priceTooHigh)
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, ADMIN_BILLING_MSG.priceInvalid);

/** PUT admin/plans/:planId: any of its features, post limit (null: no limit) and prices per currency. */
export const zAdminPlanUpdate = z
  .object({
    features: z
      .array(
        z
          .string({ error: ADMIN_BILLING_MSG.featureInvalid })
          .trim()
          .min(1, ADMIN_BILLING_MSG.featureInvalid)
          .max(FEATURE_MAX_CHARS, ADMIN_BILLING_MSG.featureTooLong),
        { error: ADMIN_BILLING_MSG.featuresInvalid },
      )
      .min(1, ADMIN_BILLING_MSG.featuresInvalid)
      .max(FEATURES_MAX, ADMIN_BILLING_MSG.tooManyFeatures)
      .optional(),
    postLimit: z
      .number({ error: ADMIN_BILLING_MSG.postLimitInvalid })
      .int(ADMIN_BILLING_MSG.postLimitInvalid)
      .min(1, ADMIN_BILLING_MSG.postLimitInvalid)
      .max(POST_LIMIT_MAX, ADMIN_BILLING_MSG.postLimitInvalid)
      .nullable()
      .optional(),
    prices: z
      .strictObject(
        { usd: zAmount.optional(), inr: zAmount.optional(), gbp: zAmount.optional(), eur: zAmount.optional() },
        { error: (iss) => (iss.code === 'unrecognized_keys' ? ADMIN_BILLING_MSG.currencyInvalid : undefined) },
      )
      .optional(),
  })
  .refine((b) => b.features !== undefined || b.postLimit !== undefined || (b.prices && Object.keys(b.prices).length > 0), {
    message: ADMIN_BILLING_MSG.nothingToChange,
  });
export type TAdminPlanUpdate = z.infer<typeof zAdminPlanUpdate>;

export const zAdminPlanParams = z.object({ planId: z.string().trim().min(1).max(100) });

// ── Coupons (promotion codes) ───────────────────────────────────────────────────────────────────────

export const COUPON_DURATIONS = ['once', 'repeating', 'forever'] as const;
export type TCouponDuration = (typeof COUPON_DURATIONS)[number];

/** A promotion code as the console lists it, with its coupon's terms and how often it was used. */
export const zAdminCoupon = z.object({
  couponId: z.string(),
  code: z.string(),
  name: z.string().nullable(),
  active: z.boolean(),
  percentOff: z.number().nullable(),
  /** An amount off in major units, in `currency`. */
  amountOff: z.number().nullable(),
  currency: z.string().nullable(),
  duration: z.enum(COUPON_DURATIONS),
  durationInMonths: z.number().nullable(),
  maxRedemptions: z.number().nullable(),
  timesRedeemed: z.number(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TAdminCoupon = z.infer<typeof zAdminCoupon>;

export const COUPON_CODE = /^[A-Za-z0-9]{3,40}$/;

/** POST admin/coupons: a percentage or an amount off in one currency, for how long, how many times, until when. */
export const zAdminCouponCreate = z
  .object({
    code: z
      .string({ error: ADMIN_BILLING_MSG.codeInvalid })
      .trim()
      .max(40, ADMIN_BILLING_MSG.codeInvalid)
      .regex(COUPON_CODE, ADMIN_BILLING_MSG.codeInvalid)
      .transform((s) => s.toUpperCase()),
    name: z.string().trim().max(40, ADMIN_BILLING_MSG.couponNameTooLong).optional(),
    percentOff: z
      .number({ error: ADMIN_BILLING_MSG.percentInvalid })
      .gt(0, ADMIN_BILLING_MSG.percentInvalid)
      .max(100, ADMIN_BILLING_MSG.percentInvalid)
      .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, ADMIN_BILLING_MSG.percentInvalid)
      .nullable()
      .optional(),
    amountOff: zAmount.nullable().optional(),
    currency: z.enum(CURRENCIES, { error: ADMIN_BILLING_MSG.currencyInvalid }).nullable().optional(),
    duration: z.enum(COUPON_DURATIONS, { error: ADMIN_BILLING_MSG.durationInvalid }),
    durationInMonths: z
      .number({ error: ADMIN_BILLING_MSG.monthsInvalid })
      .int(ADMIN_BILLING_MSG.monthsInvalid)
      .min(1, ADMIN_BILLING_MSG.monthsInvalid)
      .max(36, ADMIN_BILLING_MSG.monthsInvalid)
      .nullable()
      .optional(),
    maxRedemptions: z
      .number({ error: ADMIN_BILLING_MSG.maxRedemptionsInvalid })
      .int(ADMIN_BILLING_MSG.maxRedemptionsInvalid)
      .min(1, ADMIN_BILLING_MSG.maxRedemptionsInvalid)
      .max(1_000_000, ADMIN_BILLING_MSG.maxRedemptionsInvalid)
      .nullable()
      .optional(),
    /** When the code stops working (ISO 8601); checked against the product's clock on the server. */
    expiresAt: z.iso
      .datetime({ offset: true, error: ADMIN_BILLING_MSG.expiryInvalid })
      .max(40, ADMIN_BILLING_MSG.expiryInvalid)
      .nullable()
      .optional(),
  })
  .superRefine((b, ctx) => {
    const percent = b.percentOff ?? null;
    const amount = b.amountOff ?? null;
    if ((percent === null) === (amount === null))
      ctx.addIssue({ code: 'custom', path: ['percentOff'], message: ADMIN_BILLING_MSG.discountRequired });
    if (amount !== null && !b.currency)
      ctx.addIssue({ code: 'custom', path: ['currency'], message: ADMIN_BILLING_MSG.currencyRequired });
    if (b.duration === 'repeating' && !b.durationInMonths)
      ctx.addIssue({ code: 'custom', path: ['durationInMonths'], message: ADMIN_BILLING_MSG.monthsRequired });
    if (b.duration !== 'repeating' && b.durationInMonths)
      ctx.addIssue({ code: 'custom', path: ['durationInMonths'], message: ADMIN_BILLING_MSG.monthsOnlyRepeating });
  });
export type TAdminCouponCreate = z.input<typeof zAdminCouponCreate>;

export const zAdminCouponParams = z.object({
  couponId: z
    .string()
    .trim()
    .max(255, ADMIN_BILLING_MSG.couponNotFound)
    .regex(/^[A-Za-z0-9_]{1,255}$/, ADMIN_BILLING_MSG.couponNotFound),
});

/** The answers of the console's plan and coupon calls (merged into API_RESPONSES). */
export const ADMIN_BILLING_RESPONSES = {
  'GET /admin/plans': z.array(zAdminPlan),
  'PUT /admin/plans/:planId': zAdminPlan,
  'GET /admin/coupons': z.array(zAdminCoupon),
  'POST /admin/coupons': zAdminCoupon,
  'POST /admin/coupons/:couponId/deactivate': zAdminCoupon,
} as const;
