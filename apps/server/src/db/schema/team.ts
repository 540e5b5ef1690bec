import type { TPermissionEntry } from '@virality/domain';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations, users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A business's roles; each carries the per-network module permissions of its holders. */
export const roles = pgTable(
  'roles',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    roleName: text('role_name').notNull(),
    roleNameLower: text('role_name_lower').notNull(),
    roleDesc: text('role_desc').notNull(),
    status: boolean('status').notNull().default(true),
    permission: jsonb('permission').$type<TPermissionEntry[]>().notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('roles_org_idx').on(t.orgId, t.createdAt), uniqueIndex('roles_org_name_uq').on(t.orgId, t.roleNameLower)],
);

/** Sub-user invitations: a hashed one-time token to set a password, valid 7 days. */
export const invitations = pgTable('invitations', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull(),
});
