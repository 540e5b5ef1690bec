import { LEDGER_MOVEMENT_KINDS, PAYOUT_STATES, TRANSFER_STATES } from '@virality/domain';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns';
import { oneOf, users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A brand paying a tagged influencer for a campaign, through a PayPal order the brand approves. Only a
 * COMPLETED capture credits the influencer's wallet (once: the capture id is unique, and so is its ledger movement).
 */
export const transfers = pgTable(
  'transfers',
  {
    id: text('id').primaryKey(),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    payerId: text('payer_id')
      .notNull()
      .references(() => users.id),
    receiverId: text('receiver_id')
      .notNull()
      .references(() => users.id),
    /** What the brand pays, and the platform's part of it (0 for now); the influencer gets the difference. */
    amountMinor: integer('amount_minor').notNull(),
    feeMinor: integer('fee_minor').notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    status: text('status').notNull(),
    /** The PayPal-Request-Id the order was made with: a retried create makes no second order. */
    requestId: text('request_id').notNull(),
    paypalOrderId: text('paypal_order_id'),
    paypalCaptureId: text('paypal_capture_id'),
    failureReason: text('failure_reason'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    completedAt: ts('completed_at'),
  },
  (t) => [
    uniqueIndex('transfers_request_uq').on(t.requestId),
    uniqueIndex('transfers_order_uq').on(t.paypalOrderId),
    uniqueIndex('transfers_capture_uq').on(t.paypalCaptureId),
    index('transfers_payer_idx').on(t.payerId, t.createdAt),
    index('transfers_receiver_idx').on(t.receiverId, t.createdAt),
    index('transfers_campaign_idx').on(t.campaignId),
    check('transfers_status_ck', oneOf('status', TRANSFER_STATES)),
    check('transfers_currency_ck', sql`currency = 'USD'`),
    check('transfers_amounts_ck', sql`amount_minor > 0 AND fee_minor >= 0 AND fee_minor <= amount_minor`),
  ],
);

/**
 * A withdrawal from a wallet to the user's PayPal account. Its id is the PayPal `sender_batch_id`: a retry after a
 * lost answer sends the same id, and PayPal refuses a second batch with it, so the money goes out once.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull().default('USD'),
    /** The PayPal id (e-mail or payer id) on the profile when the payout was asked for. */
    receiver: text('receiver').notNull(),
    status: text('status').notNull().default('PENDING'),
    /** PayPal's own word for the item (SUCCESS, UNCLAIMED, ...), as last read. */
    providerStatus: text('provider_status'),
    paypalBatchId: text('paypal_batch_id'),
    paypalItemId: text('paypal_item_id'),
    attempts: integer('attempts').notNull().default(0),
    failureReason: text('failure_reason'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    /** When PayPal took the batch (null until then). */
    sentAt: ts('sent_at'),
    settledAt: ts('settled_at'),
  },
  (t) => [
    uniqueIndex('payouts_batch_uq').on(t.paypalBatchId),
    uniqueIndex('payouts_item_uq').on(t.paypalItemId),
    index('payouts_user_idx').on(t.userId, t.createdAt),
    index('payouts_pending_idx').on(t.createdAt).where(sql`status = 'PENDING'`),
    check('payouts_status_ck', oneOf('status', PAYOUT_STATES)),
    check('payouts_currency_ck', sql`currency = 'USD'`),
    check('payouts_amount_ck', sql`amount_minor > 0`),
  ],
);

/**
 * One movement of money: its id is its once-only key ('capture:<captureId>', 'payout_hold:<payoutId>', ...), so a
 * replayed webhook or a retried job finds it there and moves nothing. Its entries sum to zero.
 */
export const ledgerMovements = pgTable(
  'ledger_movements',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    /** The transfer or payout it belongs to. */
    refId: text('ref_id').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('ledger_movements_kind_ref_uq').on(t.kind, t.refId),
    check('ledger_movements_kind_ck', oneOf('kind', LEDGER_MOVEMENT_KINDS)),
  ],
);

/** The entries of a movement, in US cents: what an account gained (positive) or gave (negative). */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: text('id').primaryKey(),
    movementId: text('movement_id')
      .notNull()
      .references(() => ledgerMovements.id),
    /** 'wallet:<userId>' for a user's wallet; the platform's own accounts by name ('paypal:received', ...). */
    account: text('account').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('USD'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('ledger_entries_movement_idx').on(t.movementId),
    index('ledger_entries_account_idx').on(t.account),
    check('ledger_entries_amount_ck', sql`amount_minor <> 0`),
  ],
);

/** PayPal webhook events already handled, by their id: a replayed event changes nothing. */
export const paypalEvents = pgTable('paypal_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: ts('received_at').notNull(),
});
