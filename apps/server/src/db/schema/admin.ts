import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { oneOf, users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Every write an admin makes from the console: who, what, on which record, when, and the record before and
 * after (secrets and tokens never copied in). Rows are only ever added.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    at: ts('at').notNull(),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_target_idx').on(t.targetType, t.targetId)],
);

export const NEWS_TYPES = ['HIGHLIGHTS', 'NEW_RELEASE', 'MEDIA_COVERAGE'] as const;
export const NEWS_STATUSES = ['DRAFT', 'PUBLISHED'] as const;

/**
 * The news room's articles. A PUBLISHED article is public from `published_at` on (a date in the future
 * publishes it then, on the product clock); a DRAFT never is. `description` is sanitized HTML.
 */
export const newsArticles = pgTable(
  'news_articles',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    subHeading: text('sub_heading'),
    description: text('description').notNull(),
    coverImage: text('cover_image'),
    authorFirstName: text('author_first_name'),
    authorLastName: text('author_last_name'),
    authorImage: text('author_image'),
    newsType: text('news_type').notNull(),
    status: text('status').notNull().default('DRAFT'),
    publishedAt: ts('published_at'),
    readTimeMinutes: integer('read_time_minutes').notNull().default(1),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    check('news_articles_type_ck', oneOf('news_type', NEWS_TYPES)),
    check('news_articles_status_ck', oneOf('status', NEWS_STATUSES)),
    check('news_articles_read_time_ck', sql`read_time_minutes >= 1`),
    index('news_articles_public_idx').on(t.status, t.publishedAt),
  ],
);
