import { CURRENCIES, PAYMENT_STATES } from '@virality/domain';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { oneOf, users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The plans on offer (seeded by the migration that made this table; admins may edit them). */
export const plans = pgTable(
  'plans',
  {
    /** planId, as clients see it ('plan_starter'). */
    id: text('id').primaryKey(),
    /** What a subscription records as its planType ('FreeTier', 'Starter', ...). */
    planType: text('plan_type').notNull(),
    planName: text('plan_name').notNull(),
    planLevel: integer('plan_level').notNull(),
    /** Posts a period; null: no limit. */
    postLimit: integer('post_limit'),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    /** False for the free tier: it is given, never bought. */
    purchasable: boolean('purchasable').notNull().default(true),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('plans_plan_type_uq').on(t.planType),
    check('plans_post_limit_ck', sql`post_limit IS NULL OR post_limit >= 0`),
  ],
);

/** A plan's monthly price in one currency, in minor units (cents, paise, pence). */
export const planPrices = pgTable(
  'plan_prices',
  {
    /** priceId, as clients see it ('price_starter_usd'). */
    id: text('id').primaryKey(),
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    amountMinor: integer('amount_minor').notNull(),
  },
  (t) => [
    uniqueIndex('plan_prices_plan_currency_uq').on(t.planId, t.currency),
    check('plan_prices_currency_ck', oneOf('currency', CURRENCIES)),
    check('plan_prices_amount_ck', sql`amount_minor >= 0`),
  ],
);

/**
 * The payments ledger: one row per checkout, in minor units, kept for the records. A row is made pending when
 * the checkout starts and becomes paid or failed only through the card processor's signed messages.
 */
export const payments = pgTable(
  'payments',
  {
    /** orderId, as clients see it. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    priceId: text('price_id').notNull(),
    /** What the purchase was meant to be when it started ('new', 'renew', 'upgrade'); `appliedKind` what it did. */
    kind: text('kind').notNull(),
    appliedKind: text('applied_kind'),
    currency: text('currency').notNull(),
    /** The list price, and what the checkout was to charge after a coupon. */
    listAmountMinor: integer('list_amount_minor').notNull(),
    amountDueMinor: integer('amount_due_minor').notNull(),
    /** What the card processor says was paid (set when paid). */
    amountPaidMinor: integer('amount_paid_minor'),
    promotionCode: text('promotion_code'),
    status: text('status').notNull(),
    stripeSessionId: text('stripe_session_id'),
    stripePaymentIntent: text('stripe_payment_intent'),
    /** The paid time this payment gave (set when paid). */
    periodEnd: ts('period_end'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    paidAt: ts('paid_at'),
  },
  (t) => [
    uniqueIndex('payments_stripe_session_uq').on(t.stripeSessionId),
    index('payments_user_idx').on(t.userId, t.createdAt),
    index('payments_pending_idx').on(t.createdAt).where(sql`status = 'pending'`),
    check('payments_status_ck', oneOf('status', PAYMENT_STATES)),
    check('payments_kind_ck', oneOf('kind', ['new', 'renew', 'upgrade'])),
    check('payments_currency_ck', oneOf('currency', CURRENCIES)),
    check(
      'payments_amounts_ck',
      sql`list_amount_minor >= 0 AND amount_due_minor >= 0 AND (amount_paid_minor IS NULL OR amount_paid_minor >= 0)`,
    ),
  ],
);

/** The card processor's events already handled, by their id: a replayed event changes nothing. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: ts('received_at').notNull(),
});
