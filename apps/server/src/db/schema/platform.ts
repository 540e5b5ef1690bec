import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { oneOf, users } from './users';

/** What belongs to an account goes with it if it is ever deleted (accounts are closed, not deleted). */
const byUser = { onDelete: 'cascade' } as const;

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Messages sent by mail or SMS; in sandbox mode the outbox page shows them. */
export const outbox = pgTable(
  'outbox',
  {
    id: text('id').primaryKey(),
    channel: text('channel').notNull(),
    to: text('to').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    delivered: boolean('delivered').notNull().default(false),
    createdAt: ts('created_at').notNull(),
  },
  () => [check('outbox_channel_ck', oneOf('channel', ['email', 'sms']))],
);

export const interests = pgTable('interests', {
  id: text('id').primaryKey(),
  value: text('value').notNull(),
  position: integer('position').notNull(),
});

/** In-app notifications ("activities" in the client's calls). */
export const activities = pgTable(
  'activities',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, byUser),
    type: text('type').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    payload: jsonb('payload'),
    isRead: boolean('is_read').notNull().default(false),
    isSeen: boolean('is_seen').notNull().default(false),
    /** Who caused it (a manager whose draft waits, an owner who sent it back), shown with their picture. */
    senderId: text('sender_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * What happened, named once per user ('post:<id>', 'plan-ending:<sub>:<period end>'…): a notification whose
     * key is already there is not written again, so a retried job or a replayed webhook notifies once.
     */
    dedupeKey: text('dedupe_key'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('activities_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('activities_user_dedupe_uq').on(t.userId, t.dedupeKey),
  ],
);

export const notificationClicks = pgTable('notification_clicks', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, byUser),
  createdAt: ts('created_at').notNull(),
});

export const deviceTokens = pgTable('device_tokens', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, byUser),
  deviceType: text('device_type').notNull(),
  token: text('token').notNull(),
  createdAt: ts('created_at').notNull(),
});

/**
 * A user's notification switches (the settings page): push and e-mail ask them before they are sent. A user
 * without a row has the defaults of the domain rule (DEFAULT_NOTIFICATION_SETTINGS).
 */
export const notificationSettings = pgTable('notification_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, byUser),
  allNotification: boolean('all_notification').notNull(),
  promotional: boolean('promotional').notNull(),
  socialMedia: boolean('social_media').notNull(),
  advertisements: boolean('advertisements').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: ts('reset_at').notNull(),
});

export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});
