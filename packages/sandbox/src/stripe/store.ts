import { sandboxObjectStore, type TSandboxObjectStore } from '../object-store';
import type { TSandboxDb } from '../seams';

/** The Stripe emulator's objects, kept as rows `sandbox_stripe:<kind>:<id>` of the settings table. */
export type TKind = 'session' | 'coupon' | 'promo' | 'event' | 'idem' | 'product' | 'price';

export const stripeStore = (db: TSandboxDb) => sandboxObjectStore<TKind>(db, 'sandbox_stripe:');
export type TStripeStore = TSandboxObjectStore<TKind>;
