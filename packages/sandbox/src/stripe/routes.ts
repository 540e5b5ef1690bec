import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { TSandboxClock, TSandboxConfig, TSandboxDb } from '../seams';
import { apiRoutes } from './api';
import type { TCtx } from './context';
import { seedPromotionCodes } from './coupons';
import { pageRoutes } from './pages';
import { stripeSandboxKeys } from './settings';
import { stripeStore } from './store';
import { createWebhooks } from './webhooks';

export type TStripeEmulatorOptions = {
  config: Pick<TSandboxConfig, 'publicUrl' | 'stripe'>;
  db: TSandboxDb;
  clock: TSandboxClock;
  /** How the emulator reaches the product's webhook endpoint (tests route it in-process). */
  fetch: typeof fetch;
  log: FastifyBaseLogger;
  /** Where events are delivered; the product's webhook route by default. */
  webhookUrl?: string;
  /** Waits between a failed delivery and its retries (1 s, 5 s, 30 s by default). */
  retryDelaysMs?: readonly number[];
};

/**
 * The Stripe stand-in of the sandbox, under /sandbox/stripe/: the REST calls the official `stripe` SDK makes
 * (checkout sessions, promotion codes, coupons) in the shapes of the pinned API version, a hosted checkout page a
 * person pays with a test card, and signed webhooks. Its objects are kept in the database (store.ts).
 */
export const stripeSandboxRoutes =
  (opts: TStripeEmulatorOptions): FastifyPluginAsync =>
  async (app) => {
    const keys = stripeSandboxKeys(opts.config);
    const store = stripeStore(opts.db);
    const publicUrl = opts.config.publicUrl.replace(/\/+$/, '');
    const webhooks = createWebhooks({
      store,
      clock: opts.clock,
      fetch: opts.fetch,
      secret: keys.webhookSecret,
      url: opts.webhookUrl ?? `${publicUrl}/api/payment/stripeWebhook`,
      log: opts.log,
      retryDelaysMs: opts.retryDelaysMs,
    });
    app.addHook('onClose', async () => webhooks.close());
    await seedPromotionCodes(store);

    // Stripe's API and the hosted page's form both send form-encoded bodies: kept raw here, parsed by form.ts.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, body));

    const ctx: TCtx = { store, webhooks, clock: opts.clock, publicUrl, secretKey: keys.secretKey };
    await app.register(async (api) => apiRoutes(api, ctx));
    await app.register(async (pages) => pageRoutes(pages, ctx));
  };
