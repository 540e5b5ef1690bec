import { randomBytes } from 'node:crypto';
import { SANDBOX_STRIPE_SECRET_KEY, SANDBOX_STRIPE_WEBHOOK_SECRET } from '../facts';
import type { TSandboxConfig } from '../seams';

export { SANDBOX_STRIPE_SECRET_KEY, SANDBOX_STRIPE_WEBHOOK_SECRET };

/** The API version whose shapes the emulator answers in: the default of the installed `stripe` SDK. */
export const STRIPE_API_VERSION = '2026-10-28.endive';

export type TStripeKeys = { secretKey: string; webhookSecret: string };

/**
 * The keys the emulator accepts and signs with: the configured Stripe settings when the configuration has them,
 * else the sandbox defaults.
 */
export function stripeSandboxKeys(config: Pick<TSandboxConfig, 'stripe'>): TStripeKeys {
  const set = config.stripe;
  return {
    secretKey: set?.secretKey || SANDBOX_STRIPE_SECRET_KEY,
    webhookSecret: set?.webhookSecret || SANDBOX_STRIPE_WEBHOOK_SECRET,
  };
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A Stripe-looking id: the object's prefix and random letters and digits (`cs_test_a1B2…`, `evt_…`). */
export function stripeId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return `${prefix}_${out}`;
}
