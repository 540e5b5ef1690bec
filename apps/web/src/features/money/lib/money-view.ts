import { formatUsd, MONEY_MSG, type TTransaction, transactionStatusLabel, usdToMinor, WITHDRAW_MIN_USD } from '@virality/domain';

/** USD as the wire carries it (25, 19.99) as the screens show it: '$25.00'. */
export const usd = (amount: number): string => formatUsd(Math.round(amount * 100));

/** A payment or withdrawal still on its way: it may change, so the list asks about it again. */
export const isSettled = (status: string): boolean => status !== 'PENDING' && status !== 'CREATED';

export type TStatusTone = 'ok' | 'waiting' | 'failed';

/** How a status looks: Completed is good news, Pending and Created are waiting, anything else failed. */
export function statusTone(status: string): TStatusTone {
  const label = transactionStatusLabel(status);
  return label === 'Completed' ? 'ok' : label === 'Failed' ? 'failed' : 'waiting';
}

type TParty = NonNullable<TTransaction['payerId']>;

/** Who a row is about, seen by the caller: the PayPal id a withdrawal went to, whom a payment went to or came from. */
export type TCounterpart =
  | { kind: 'withdrawal'; label: 'Withdrawal to PayPal'; paypalId: string | null }
  | { kind: 'sent'; label: 'Sent to'; party: TParty | null }
  | { kind: 'received'; label: 'Received from'; party: TParty | null };

/**
 * A withdrawal reads as one; a payment the caller made reads "Sent to" its receiver and one they got "Received from"
 * its payer. The payer's id says which; without it, a brand (who pays) sent it and anyone else received it.
 */
export function counterpart(t: TTransaction, viewer: { _id: string; profileType: string }): TCounterpart {
  if (t.paymentType === 'self') return { kind: 'withdrawal', label: 'Withdrawal to PayPal', paypalId: t.receiverPaypalId };
  const sent = t.payerId ? t.payerId._id === viewer._id : viewer.profileType === 'BRANDS';
  return sent
    ? { kind: 'sent', label: 'Sent to', party: t.recieverId }
    : { kind: 'received', label: 'Received from', party: t.payerId };
}

/** A moment in the browser's own time zone: 'May 10, 2026, 2:30 PM'. */
export const momentText = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
};

/** The keys a money field refuses: a sign or an exponent is never part of an amount. */
export const BLOCKED_AMOUNT_KEYS = new Set(['-', '+', 'e', 'E']);

/**
 * What is wrong with a withdrawal's amount before it is sent, in the server's own words: none given, not USD with
 * at most 2 decimals, under the minimum, or more than the wallet holds (`balance` in USD). Null when it may go.
 */
export function withdrawIssue(value: string | number, balance: number): string | null {
  if (value === '' || value === null || value === undefined) return MONEY_MSG.amountRequired;
  const minor = usdToMinor(value);
  if (minor === null) return MONEY_MSG.amountInvalid;
  if (minor < WITHDRAW_MIN_USD * 100) return MONEY_MSG.withdrawMin;
  if (minor > Math.round(balance * 100)) return MONEY_MSG.overBalance;
  return null;
}
