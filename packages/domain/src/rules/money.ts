import { z } from 'zod';
import { ID_MAX, tooLong } from './limits';

/**
 * Money between brands and influencers, in US cents everywhere inside (USD with 2 decimals on the wire): a brand
 * pays a tagged influencer through PayPal (a transfer), the influencer's wallet holds it, and a withdrawal (a payout
 * to the PayPal id on the profile) takes it out. Every movement is a pair of ledger entries that sums to zero.
 */

/** A brand's payment: made (waiting for the brand's approval), capture pending at PayPal, completed, or not. */
export const TRANSFER_STATES = ['CREATED', 'PENDING', 'COMPLETED', 'DECLINED', 'VOIDED', 'FAILED'] as const;
export type TTransferState = (typeof TRANSFER_STATES)[number];

/** A withdrawal: on its way, paid, or back in the wallet (failed, returned by PayPal, or unclaimed for 30 days). */
export const PAYOUT_STATES = ['PENDING', 'COMPLETED', 'FAILED', 'RETURNED', 'UNCLAIMED'] as const;
export type TPayoutState = (typeof PAYOUT_STATES)[number];
/** A payout's money is back in the wallet in these states. */
export const PAYOUT_RETURNED_STATES: readonly TPayoutState[] = ['FAILED', 'RETURNED', 'UNCLAIMED'];
/** An unclaimed payout is cancelled and its money put back this many days after it was sent. */
export const PAYOUT_UNCLAIMED_DAYS = 30;

/** The kinds of ledger movement: a brand's capture credited, a payout held from the wallet, paid out, put back. */
export const LEDGER_MOVEMENT_KINDS = ['capture', 'payout_hold', 'payout_paid', 'payout_return'] as const;
export type TLedgerMovementKind = (typeof LEDGER_MOVEMENT_KINDS)[number];

/** The platform's fee on a brand's payment, in basis points (0: none yet). */
export const PLATFORM_FEE_BPS = 0;

export const PAYMENT_MIN_USD = 1;
export const PAYMENT_MAX_USD = 10_000;
export const WITHDRAW_MIN_USD = 1;
/** Transactions are listed this many a page. */
export const TRANSACTION_PAGE_SIZE = 10;

/** The list's filters: everything, or the last month, 3 or 6 months up to today. */
export const TRANSACTION_FILTERS = ['All', 'lastMonth', '3Months', '6Months'] as const;
export type TTransactionFilter = (typeof TRANSACTION_FILTERS)[number];
export const TRANSACTION_FILTER_LABELS: Record<TTransactionFilter, string> = {
  All: 'All',
  lastMonth: 'Last month',
  '3Months': '3 months',
  '6Months': '6 months',
};
export const TRANSACTION_FILTER_MONTHS: Record<TTransactionFilter, number | null> = {
  All: null,
  lastMonth: 1,
  '3Months': 3,
  '6Months': 6,
};

/** How a list row's status reads: PENDING, CREATED and COMPLETED as they are, anything else as failed. */
export function transactionStatusLabel(status: string): 'Pending' | 'Created' | 'Completed' | 'Failed' {
  if (status === 'PENDING') return 'Pending';
  if (status === 'CREATED') return 'Created';
  if (status === 'COMPLETED') return 'Completed';
  return 'Failed';
}

export const MONEY_MSG = {
  amountRequired: 'Please enter an amount',
  amountInvalid: 'Amount must be in USD with at most 2 decimals',
  paymentMin: `Amount must be at least ${PAYMENT_MIN_USD} USD`,
  paymentMax: `Amount can be at most ${PAYMENT_MAX_USD.toLocaleString('en-US')} USD`,
  withdrawMin: `Minimum withdrawal amount is ${WITHDRAW_MIN_USD} USD`,
  overBalance: 'Amount is more than your wallet balance',
  noPaypalId: 'Please enter your paypal id by going to profile > user profile',
  overBudget: 'This payment is more than what is left of the campaign budget',
  notAccepted: 'You can pay an influencer once they have accepted the campaign',
  orderNotFound: 'Payment not found',
  notApproved: 'The payment has not been approved on PayPal yet',
  declined: 'PayPal declined this payment. Please try another payment method.',
  paypalUnavailable: 'PayPal is not available right now. Please try again in a few minutes.',
  captureMismatch: 'PayPal took a different amount than this payment, so nothing was credited. Our team will look into it.',
  notConfigured: 'Payments through PayPal are not set up on this server',
  paymentOk: 'Payment successful',
  withdrawOk: 'Your withdrawal is on its way to your PayPal account',
  transactionNotFound: 'Transaction not found',
  badFilter: `Filter must be one of ${TRANSACTION_FILTERS.join(', ')}`,
  badDate: 'Please give a date as yyyy-MM-dd',
  badPage: 'Page must be a whole number from 1',
  badTimeZone: 'Unknown time zone',
  empty: 'No Data Found',
  success: 'Transaction Successful',
  receiverNotOpen: 'This influencer’s account is closed or deactivated, so they cannot be paid',
  closeWithBalance: (usd: string) =>
    `Your wallet holds ${usd}. Withdraw it to your PayPal account before you close your account.`,
  closeWithPayout: 'A withdrawal from your wallet is still on its way. Close your account once it has been paid.',
  closeWithPayment:
    'A payment to you is still on its way. Close your account once it has reached your wallet and you have withdrawn it.',
} as const;

/** What the server tells users about their money (notifications). */
export const MONEY_NOTICE = {
  paymentReceived: 'Payment received',
  paymentReceivedBody: (usd: string, campaign: string) => `You received ${usd} for the campaign ${campaign}.`,
  paymentSent: 'Payment sent',
  paymentSentBody: (usd: string, campaign: string) => `Your payment of ${usd} for the campaign ${campaign} is complete.`,
  payoutCompleted: 'Withdrawal paid',
  payoutCompletedBody: (usd: string) => `Your withdrawal of ${usd} has been paid to your PayPal account.`,
  payoutReturned: 'Withdrawal returned to your wallet',
  payoutReturnedBody: (usd: string, why: string) =>
    `Your withdrawal of ${usd} was not paid: ${why} The money is back in your wallet.`,
} as const;

/** Why a withdrawal came back, in words, from PayPal's word for the item and its error. */
export function payoutReturnReason(providerStatus: string, errorName: string | null): string {
  switch (errorName) {
    case 'RECEIVER_UNREGISTERED':
      return 'there is no PayPal account for your PayPal id.';
    case 'RECEIVER_UNCONFIRMED':
      return 'your PayPal account is not confirmed yet.';
    case 'RECEIVER_ACCOUNT_LOCKED':
      return 'your PayPal account is locked or inactive.';
    case 'RECEIVER_INVALID':
    case 'RECEIVER_ID_INVALID':
    case 'VALIDATION_ERROR':
      return 'your PayPal id is not valid. Please check it in your profile.';
  }
  switch (providerStatus) {
    case 'UNCLAIMED':
      return `it was not claimed on PayPal within ${PAYOUT_UNCLAIMED_DAYS} days.`;
    case 'RETURNED':
      return 'PayPal returned it.';
    case 'BLOCKED':
      return 'PayPal blocked it.';
    case 'DENIED':
      return 'PayPal denied it.';
    case 'REFUNDED':
    case 'REVERSED':
      return 'PayPal refunded it.';
    case 'CANCELED':
      return 'it was cancelled on PayPal.';
    default:
      return 'PayPal could not pay it.';
  }
}

/** A payment's or a withdrawal's amount: USD as a number or text. */
const zUsd = z.union([z.number(), z.string().max(16, MONEY_MSG.amountInvalid)], { error: MONEY_MSG.amountRequired });
const zId = z.string().trim().min(1).max(ID_MAX, tooLong('id'));

/** POST payments/createOrder {campaignId, influencerId, amount}: a brand starts paying a tagged influencer. */
export const zCreateTransfer = z.object({ campaignId: zId, influencerId: zId, amount: zUsd });
/** POST payments/paycapture {orderId} (or {token}, as PayPal names it on the way back). */
export const zPayCapture = z
  .object({ orderId: zId.optional(), token: zId.optional() })
  .refine((v) => !!(v.orderId ?? v.token), { message: MONEY_MSG.orderNotFound });
/** POST payments/payout {amount} */
export const zPayout = z.object({ amount: zUsd });
