import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { oneOf, users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The public API's keys. A key acts for the account that owns it (`owner_id`: an organization's owner; a business's
 * team works under it) within its scope. Its secret is never kept: only its SHA-256 (a key is 256 random bits, so a plain
 * hash cannot be reversed or guessed), beside its public id, which is the part of the key shown in lists.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    /** The key's public id: `vk_<id>_<secret>` is the key. */
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    scope: text('scope').notNull(),
    secretHash: text('secret_hash').notNull(),
    createdAt: ts('created_at').notNull(),
    /** Written at most once a minute per key (each request does not write). */
    lastUsedAt: ts('last_used_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [check('api_keys_scope_ck', oneOf('scope', ['read', 'write'])), index('api_keys_owner_idx').on(t.ownerId)],
);

/**
 * A POST of the public API by its Idempotency-Key, per owner: what was asked (a hash of the method, path and body)
 * and what was answered. Written in the same transaction as the change the request made, so a request either made
 * its change and kept its answer, or did neither; a repeat finds the answer (or waits on the first one's lock).
 * Kept 24 hours.
 */
export const apiIdempotency = pgTable(
  'api_idempotency',
  {
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.key] }), index('api_idempotency_created_idx').on(t.createdAt)],
);
