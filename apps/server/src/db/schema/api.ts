import { check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
