import { CAMPAIGN_INFLUENCER_STATES, CAMPAIGN_REVIEW_ACTIONS, type TDeliverable } from '@virality/domain';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { oneOf, users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A campaign an IMC or a brand runs: its brief, budget (US cents) and days, and the influencers it tags. */
export const campaigns = pgTable(
  'campaigns',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    brief: text('brief').notNull(),
    budgetMinor: integer('budget_minor').notNull(),
    currency: text('currency').notNull().default('USD'),
    /** Calendar days (both included), as the owner chose them. */
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** Whether posts made for it wait for the owner's approval before they go out. */
    approvalRequired: boolean('approval_required').notNull().default(true),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('campaigns_owner_idx').on(t.ownerId, t.startDate),
    index('campaigns_dates_idx').on(t.startDate, t.endDate),
    check('campaigns_budget_ck', sql`budget_minor > 0`),
    check('campaigns_currency_ck', sql`currency = 'USD'`),
    check('campaigns_dates_ck', sql`end_date >= start_date`),
  ],
);

/** An influencer tagged in a campaign, and their answer. */
export const campaignInfluencers = pgTable(
  'campaign_influencers',
  {
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    influencerId: text('influencer_id')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull().default('invited'),
    invitedAt: ts('invited_at').notNull(),
    answeredAt: ts('answered_at'),
    /** What the influencer is to deliver (network, post type, count, due date) and the fee (cents); none until set. */
    deliverables: jsonb('deliverables').$type<TDeliverable[]>().notNull().default([]),
    feeMinor: integer('fee_minor'),
    /** When the owner last set the terms; an answer is to the terms of this moment. */
    termsAt: ts('terms_at'),
    /** When the influencer agreed to the terms of `termsAt` (accepting them); null until then or once they change. */
    agreedAt: ts('agreed_at'),
    /** When every deliverable was published (the owner was told then); cleared when the terms change. */
    deliveredAt: ts('delivered_at'),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.influencerId] }),
    index('campaign_influencers_influencer_idx').on(t.influencerId, t.status),
    check('campaign_influencers_status_ck', oneOf('status', CAMPAIGN_INFLUENCER_STATES)),
  ],
);

/**
 * An influencer who muted a campaign owner: the owner's tags still reach the influencer's Tagged list, but nothing of
 * them is notified or pushed.
 */
export const campaignMutes = pgTable(
  'campaign_mutes',
  {
    influencerId: text('influencer_id')
      .notNull()
      .references(() => users.id),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.influencerId, t.ownerId] })],
);

/** Each step of a campaign post's review (sent, approved, changes asked with a remark), kept for its history. */
export const campaignPostReviews = pgTable(
  'campaign_post_reviews',
  {
    id: text('id').primaryKey(),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    /** The post (no reference: a post deleted keeps nothing here that matters, and is left out when read). */
    postId: text('post_id').notNull(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    remark: text('remark'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('campaign_post_reviews_post_idx').on(t.postId, t.createdAt),
    check('campaign_post_reviews_action_ck', oneOf('action', CAMPAIGN_REVIEW_ACTIONS)),
  ],
);
