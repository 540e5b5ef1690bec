import { CAMPAIGN_INFLUENCER_STATES } from '@virality/domain';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
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
