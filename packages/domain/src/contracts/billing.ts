import { z } from 'zod';
import { CURRENCIES } from '../rules/plans';

/** An id or code in a request: bounded, never empty. */
const zRef = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(200, `${name} is too long`);

/** A currency code of the price list, in any case (`USD` reads as `usd`). */
export const zCurrencyCode = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.enum(CURRENCIES, { error: `Currency must be one of ${CURRENCIES.join(', ')}` }),
);

/** GET payment/getPriceList?currency= (optional: else the visitor's, by address). */
export const zPriceListQuery = z.object({ currency: zCurrencyCode.optional() });

/** A plan of the price list, priced in the list's currency (planAmount in major units). */
export const zPlanOffer = z.object({
  planId: z.string(),
  planName: z.string(),
  planLevel: z.number(),
  planAmount: z.number(),
  planCurrency: z.string(),
  planFeature: z.array(z.string()),
  /** Posts a period; null: no limit. */
  PlanPostLimit: z.number().nullable(),
  planType: z.string(),
  /** The price of this plan in this currency: what verifyCoupon and createSubscriptionSession name. */
  priceId: z.string(),
});
export type TPlanOffer = z.infer<typeof zPlanOffer>;

export const zPriceList = z.object({
  currency: z.string(),
  symbol: z.string(),
  plans: z.array(zPlanOffer),
});
export type TPriceList = z.infer<typeof zPriceList>;

/** POST admin/coupon/verifyCoupon. */
export const zVerifyCouponBody = z.object({
  priceId: zRef('priceId'),
  promoCode: zRef('promoCode').max(64, 'promoCode is too long'),
});
/** The code as verified, what the plan costs with it (major units), and the plan. */
export const zCouponCheck = z.object({ couponCode: z.string(), discountedAmount: z.number(), planId: z.string() });
export type TCouponCheck = z.infer<typeof zCouponCheck>;

/**
 * POST payment/createSubscriptionSession. The price and plan come from the server's price list: `postLimit` is
 * accepted for older clients and never used.
 */
export const zSubscriptionSessionBody = z.object({
  priceId: zRef('priceId'),
  planType: zRef('planType'),
  userId: zRef('userId').optional(),
  postLimit: z.union([z.number(), z.string().max(20), z.null()]).optional(),
  /** A promotion code verified with verifyCoupon (the code people type). */
  COUPON_ID: z.string().trim().max(64, 'COUPON_ID is too long').optional().nullable(),
});
export const zSubscriptionSession = z.object({ urlRedirect: z.string(), orderId: z.string() });

/** What the card processor's signed message said about a checkout. */
export const PAYMENT_STATES = ['pending', 'paid', 'failed'] as const;
export type TPaymentState = (typeof PAYMENT_STATES)[number];

/** POST payment/verifyPaymentSuccess {session_id} (or {token} from older clients: the session or the order). */
export const zVerifyPaymentBody = z
  .object({ session_id: z.string().trim().max(200).optional(), token: z.string().trim().max(200).optional() })
  .refine((b) => Boolean(b.session_id || b.token), { message: 'session_id is required' });
export const zPaymentCheck = z.object({
  status: z.enum(PAYMENT_STATES),
  orderId: z.string(),
  planType: z.string().nullable(),
  planEndDate: z.string().nullable(),
});

/** GET payment/orderConfirmation?orderId= */
export const zOrderQuery = z.object({ orderId: zRef('orderId') });
/** A recorded payment, as its payer reads it (amount in major units). */
export const zOrder = z.object({
  orderId: z.string(),
  planType: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(PAYMENT_STATES),
  createdAt: z.string(),
});
export type TOrder = z.infer<typeof zOrder>;

/** POST payment/updatePayment {session_id}: 200 once the payment is recorded as paid, 202 while it is not yet. */
export const zUpdatePaymentBody = z.object({ session_id: zRef('session_id') });
export const zPaymentUpdate = z.object({ status: z.enum(PAYMENT_STATES), orderId: z.string() });

/** POST payment/stripeWebhook: the event was taken (or had been already). */
export const zWebhookReceived = z.object({ received: z.literal(true) });

/** The answers of the plan and payment calls (merged into API_RESPONSES). */
export const BILLING_RESPONSES = {
  'GET /payment/getPriceList': zPriceList,
  'POST /admin/coupon/verifyCoupon': zCouponCheck,
  'POST /payment/createSubscriptionSession': zSubscriptionSession,
  'POST /payment/stripeWebhook': zWebhookReceived,
  'POST /payment/verifyPaymentSuccess': zPaymentCheck,
  'GET /payment/orderConfirmation': zOrder,
  'POST /payment/updatePayment': zPaymentUpdate,
} as const;
