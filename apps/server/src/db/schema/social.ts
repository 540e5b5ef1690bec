import { SOCIAL_ACCOUNT_STATUSES, SOCIAL_NETWORK_KEYS } from '@virality/domain';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { oneOf, organizations, users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A social account linked to an organization (a profile, a page, a channel). Its tokens are sealed
 * (lib/vault, bound to the row's id): the table never holds one in plain text.
 */
export const socialAccounts = pgTable(
  'social_accounts',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Who linked it (the business owner for a business). */
    linkedBy: text('linked_by').references(() => users.id, { onDelete: 'set null' }),
    network: text('network').notNull(),
    /** The network's own id of the profile, page or channel. */
    remoteId: text('remote_id').notNull(),
    kind: text('kind').notNull(),
    userName: text('user_name').notNull(),
    pictureUrl: text('picture_url'),
    accessToken: text('access_token').notNull(),
    refreshToken: text('refresh_token'),
    /** OAuth 1.0a (X): the token's secret. */
    tokenSecret: text('token_secret'),
    accessExpiresAt: ts('access_expires_at'),
    refreshExpiresAt: ts('refresh_expires_at'),
    scopes: jsonb('scopes').$type<string[]>().notNull().default([]),
    status: text('status').notNull().default('linked'),
    statusReason: text('status_reason'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('social_accounts_org_remote_uq').on(t.orgId, t.network, t.remoteId),
    index('social_accounts_refresh_idx').on(t.accessExpiresAt),
    check('social_accounts_network_ck', oneOf('network', SOCIAL_NETWORK_KEYS)),
    check('social_accounts_status_ck', oneOf('status', SOCIAL_ACCOUNT_STATUSES)),
  ],
);

/**
 * A linking flow in progress: the `state` sent to the network (kept hashed), whose it is, and what the return
 * needs (the PKCE verifier, X's request-token secret). Used once. For networks whose pages are chosen after
 * consent it also keeps the consenting user's grant (sealed) and the pages found, until Save.
 */
export const linkStates = pgTable(
  'link_states',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orgId: text('org_id').notNull(),
    network: text('network').notNull(),
    origin: text('origin'),
    /** X (OAuth 1.0a) returns its request token, not our state: the row is found by it. */
    requestToken: text('request_token'),
    secret: text('secret'),
    grant: text('grant'),
    pages: jsonb('pages').$type<unknown[]>(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('link_states_request_token_idx').on(t.requestToken),
    check('link_states_network_ck', oneOf('network', SOCIAL_NETWORK_KEYS)),
  ],
);
