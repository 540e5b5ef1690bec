import { sandboxObjectStore, type TSandboxObjectStore } from '../object-store';
import type { TSandboxDb } from '../seams';

/** The PayPal emulator's objects (orders, payouts, sent webhooks), kept as rows `sandbox_paypal:<kind>:<id>`. */
export type TKind = 'token' | 'order' | 'capture' | 'idem' | 'batch' | 'sender' | 'item' | 'event' | 'transmission';

export const paypalStore = (db: TSandboxDb) => sandboxObjectStore<TKind>(db, 'sandbox_paypal:');
export type TPayPalStore = TSandboxObjectStore<TKind>;
