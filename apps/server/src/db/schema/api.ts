import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { oneOf, organizations, users } from './users';

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

/**
 * An organization's webhook: where its events are sent, which ones, and the secret its deliveries are signed with
 * (sealed at rest with the token keys; shown once when made). A deleted webhook is kept, without its secret, for
 * its delivery log, and gets nothing more.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    url: text('url').notNull(),
    events: jsonb('events').$type<string[]>().notNull(),
    secretSealed: text('secret_sealed'),
    createdAt: ts('created_at').notNull(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [index('webhooks_org_idx').on(t.orgId).where(sql`${t.deletedAt} IS NULL`)],
);

/** An event, written in the same transaction as the change that caused it (the outbox of the webhooks). */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** The delivery's body as sent: {id, type, createdAt, data}. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('webhook_events_created_idx').on(t.createdAt)],
);

/**
 * An event's delivery to one webhook: pending until an answer 2xx (delivered) or its last attempt failed (failed).
 * An attempt is leased while it runs, so two jobs never send one delivery at once; a process that dies mid-send
 * lets its lease lapse and the job's retry sends it again (receivers dedupe by the event's id).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    webhookId: text('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    state: text('state').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at'),
    leaseUntil: ts('lease_until'),
    lastAttemptAt: ts('last_attempt_at'),
    lastStatus: integer('last_status'),
    lastResponse: text('last_response'),
    lastError: text('last_error'),
    deliveredAt: ts('delivered_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    check('webhook_deliveries_state_ck', oneOf('state', ['pending', 'delivered', 'failed'])),
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.createdAt),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.state} = 'pending'`),
  ],
);
