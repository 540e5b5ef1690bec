import { z } from 'zod';
import { ID_MAX, tooLong } from '../rules/limits';
import { MONEY_MSG, TRANSACTION_FILTERS } from '../rules/money';

/**
 * The money calls. Amounts in USD with 2 decimals on the wire.
 *
 *   POST payments/createOrder {campaignId, influencerId, amount}  BRANDS, IMC (campaign owner)
 *        → {_id, orderId, approveUrl}: the brand goes to approveUrl, PayPal sends it back to
 *          /payment/return?via=paypal&token=<orderId>&PayerID=…
 *   POST payments/paycapture {orderId | token}   the payer        → zTransaction (COMPLETED, PENDING or failed)
 *   POST payments/payout {amount}                INFLUENCER       → zTransaction (paymentType 'self', PENDING)
 *   GET  payments/list?filter&date&page          all but IMC      → zTransactionList (the caller's, newest first)
 *   GET  payments/detail/:id                     payer or receiver → zTransaction
 *   POST payments/paypal/webhook                 PayPal (verified)
 */

const zParty = z.object({ _id: z.string(), name: z.string().nullable(), profileImage: z.string().nullable() });

/** One row of the list: a brand's payment ('transaction') or a withdrawal ('self'). */
export const zTransaction = z.object({
  _id: z.string(),
  /** USD: what was paid (a transfer) or withdrawn (a payout). */
  amount: z.number(),
  /** A withdrawal's amount (the same as amount), 0 for a transfer. */
  withdrawAmount: z.number(),
  currency: z.literal('USD'),
  paymentType: z.enum(['self', 'transaction']),
  /** PENDING, CREATED, COMPLETED; anything else reads as failed. */
  paymentStatus: z.string(),
  /** Why it failed or came back, in words (null otherwise). */
  failureReason: z.string().nullable(),
  payerId: zParty.nullable(),
  recieverId: zParty.nullable(),
  /** A withdrawal: the PayPal id it goes to. */
  receiverPaypalId: z.string().nullable(),
  campaign: z.object({ _id: z.string(), name: z.string() }).nullable(),
  date: z.string(),
  /** The PayPal order (transfer) or payout batch id. */
  orderId: z.string().nullable(),
});
export type TTransaction = z.infer<typeof zTransaction>;

export const zTransactionList = z.object({
  docs: z.array(zTransaction),
  page: z.number(),
  pages: z.number(),
  total: z.number(),
});
export type TTransactionList = z.infer<typeof zTransactionList>;

export const zOrderCreated = z.object({ _id: z.string(), orderId: z.string(), approveUrl: z.string() });
export type TOrderCreated = z.infer<typeof zOrderCreated>;

export const zTransactionListQuery = z.object({
  filter: z.enum(TRANSACTION_FILTERS, { error: MONEY_MSG.badFilter }).optional(),
  /** One day (yyyy-MM-dd) in the caller's zone, to list only that day. */
  date: z.string().trim().max(10, MONEY_MSG.badDate).optional(),
  page: z.coerce
    .number({ error: MONEY_MSG.badPage })
    .int(MONEY_MSG.badPage)
    .min(1, MONEY_MSG.badPage)
    .max(100_000, MONEY_MSG.badPage)
    .optional(),
  timeZone: z.string().trim().max(64).optional(),
});
export const zTransactionIdParam = z.object({ id: z.string().trim().min(1).max(ID_MAX, tooLong('id')) });

/** POST payments/paypal/webhook: the event was taken (or had been already). */
export const zPayPalWebhookReceived = z.object({ received: z.literal(true) });

export const MONEY_RESPONSES = {
  'POST /payments/createOrder': zOrderCreated,
  'POST /payments/paycapture': zTransaction,
  'POST /payments/payout': zTransaction,
  'GET /payments/list': zTransactionList,
  'GET /payments/detail/:id': zTransaction,
  'POST /payments/paypal/webhook': zPayPalWebhookReceived,
} as const;
