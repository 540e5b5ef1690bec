import type { TPostMetrics } from '@virality/domain';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { postTargets } from './posts';
import { socialAccounts } from './social';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A linked account's figures as its network last gave them (followers, following, media, subscribers, views,
 * likes, picture), read by a job and kept here so a page never waits on a network. A failed read keeps the
 * last good figures and says why.
 */
export const accountFigures = pgTable(
  'account_figures',
  {
    accountId: text('account_id')
      .primaryKey()
      .references(() => socialAccounts.id, { onDelete: 'cascade' }),
    orgId: text('org_id').notNull(),
    network: text('network').notNull(),
    userName: text('user_name'),
    pictureUrl: text('picture_url'),
    followers: integer('followers'),
    following: integer('following'),
    media: integer('media'),
    subscribers: integer('subscribers'),
    views: integer('views'),
    likes: integer('likes'),
    /** When the figures above were read (null: never yet). */
    fetchedAt: ts('fetched_at'),
    /** The last read's failure, in plain words, and when. */
    error: text('error'),
    errorAt: ts('error_at'),
    /** When the job reads this account again. */
    nextFetchAt: ts('next_fetch_at').notNull(),
  },
  (t) => [index('account_figures_org_idx').on(t.orgId, t.network), index('account_figures_due_idx').on(t.nextFetchAt)],
);

/**
 * A published target's analytics as its network last gave them, read by a job on a schedule that slows as the
 * post ages. A failed read keeps the last good figures and says why (`errorCode` names the case).
 */
export const targetMetrics = pgTable(
  'target_metrics',
  {
    targetId: text('target_id')
      .primaryKey()
      .references(() => postTargets.id, { onDelete: 'cascade' }),
    postId: text('post_id').notNull(),
    orgId: text('org_id').notNull(),
    metrics: jsonb('metrics').$type<TPostMetrics>().notNull().default({}),
    fetchedAt: ts('fetched_at'),
    error: text('error'),
    errorCode: text('error_code'),
    errorAt: ts('error_at'),
    /** When the job reads it again; null once it is no longer read (older than 90 days). */
    nextFetchAt: ts('next_fetch_at'),
  },
  (t) => [index('target_metrics_post_idx').on(t.postId), index('target_metrics_due_idx').on(t.nextFetchAt)],
);
