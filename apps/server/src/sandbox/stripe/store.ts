import type { TDb } from '../../db/client';
import { sandboxObjectStore, type TSandboxObjectStore } from '../object-store';

/** The Stripe emulator's objects, kept as rows `sandbox_stripe:<kind>:<id>` of the settings table. */
export type TKind = 'session' | 'coupon' | 'promo' | 'event' | 'idem' | 'product' | 'price';

export const stripeStore = (db: TDb) => sandboxObjectStore<TKind>(db, 'sandbox_stripe:');
export type TStripeStore = TSandboxObjectStore<TKind>;
