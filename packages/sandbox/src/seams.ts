import { randomBytes } from 'node:crypto';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { TEmulatorLatency } from './networks/bench';

/**
 * What the stand-ins take from the product that runs them, in the shapes they need: the database handle, the clock
 * they read and move, and a few helpers of their own. Nothing here is the product's code: the product hands these
 * over when it mounts the sandbox (index.ts).
 */

/**
 * The product's database (Drizzle on PostgreSQL or PGlite). The stand-ins only write rows of the settings table
 * (below) and never the product's relational queries, so any schema the handle was made with will do.
 */
// biome-ignore lint/suspicious/noExplicitAny: the handle's schema is the product's; the stand-ins never use it
export type TSandboxDb = PgDatabase<PgQueryResultHKT, any>;

/**
 * The product's key → JSON settings table (its migrations and full definition stay with the product): the stand-ins
 * keep their objects there under keys of their own, so they outlive a restart and every process sees them.
 */
export const settingsRows = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

/**
 * The product's clock: the stand-ins read it (expiry, scheduling), the clock routes move it for every process that
 * shares it, and tests move one process's clock.
 */
export type TSandboxClock = {
  now(): Date;
  nowMs(): number;
  /** How far this clock stands ahead of real time, in ms. */
  readonly offset: number;
  /** Moves this process's clock only (tests). */
  advance(ms: number): void;
  /** Moves the clock for every process that shares it. */
  advanceShared(ms: number): Promise<void>;
};

/** A new opaque id: 24 hex characters. */
export const newId = (): string => randomBytes(12).toString('hex');

/**
 * A 404 with its message: the product's error handler answers it as any client error
 * (`{ status: false, message, response: null, code: 'NOT_FOUND' }`).
 */
export const notFound = (message: string) => Object.assign(new Error(message), { statusCode: 404 });

/**
 * The product's settings the stand-ins read: where the product stands (its webhooks, the pages' links), the
 * Stripe and PayPal credentials configured (the stand-ins accept those when set, else the sandbox's own), and the
 * emulators' benchmark mode.
 */
export type TSandboxConfig = {
  publicUrl: string;
  stripe?: { secretKey?: string | null; webhookSecret?: string | null } | null;
  paypal: { clientId: string | null; clientSecret: string | null; webhookId: string | null; webhookUrl: string };
  emulators: {
    /** Where the product answers the emulators' callbacks (another process when the emulators run apart). */
    productUrl: string;
    benchProfiles: number;
    latency: TEmulatorLatency;
  };
};
