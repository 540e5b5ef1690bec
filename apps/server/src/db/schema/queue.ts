import { boolean, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { socialAccounts } from './social';
import { organizations } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type TSlotRow = { day: number; time: string };

/**
 * A linked account's own posting schedule: its zone, whether its queue is paused, its weekly slots. An account
 * without a row follows its organization's default.
 */
export const queueSchedules = pgTable('queue_schedules', {
  accountId: text('account_id')
    .primaryKey()
    .references(() => socialAccounts.id, { onDelete: 'cascade' }),
  orgId: text('org_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  timeZone: text('time_zone').notNull(),
  paused: boolean('paused').notNull().default(false),
  slots: jsonb('slots').$type<TSlotRow[]>().notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/** An organization's default posting schedule (its accounts without one of their own follow it). */
export const queueDefaults = pgTable('queue_defaults', {
  orgId: text('org_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  timeZone: text('time_zone').notNull(),
  slots: jsonb('slots').$type<TSlotRow[]>().notNull(),
  updatedAt: ts('updated_at').notNull(),
});
