import { paypalGatewayFor, type TPayPalGateway } from '../../integrations/paypal';
import { createStripeGateway, type TStripeGateway } from '../../integrations/stripe';
import type { TModule, TModuleContext } from '../../module-types';
import { paymentsReconcileJob } from './jobs';
import { createPaymentsRepository } from './repository';
import { paymentsRoutes, stripeWebhookRoutes } from './routes';
import { createPaymentsService, type TPaymentsService } from './service';

declare module '../../module-types' {
  interface TServices {
    payments: TPaymentsService;
    /** PayPal (Orders v2 and Payouts) when configured (in the sandbox: its emulator); null otherwise. */
    paypal: TPayPalGateway | null;
  }
}

/** Stripe through the official SDK, when its keys are set (in the sandbox: its emulator); none otherwise. */
function gatewayFor(ctx: TModuleContext): TStripeGateway | null {
  const { secretKey, webhookSecret, apiBase } = ctx.config.stripe;
  if (!secretKey || !webhookSecret) return null;
  return createStripeGateway({ secretKey, webhookSecret, apiBase, fetch: ctx.fetch });
}

/**
 * Payments: coupons, Stripe Checkout, the webhook that records payments and activates plans, the ledger.
 * `gateway` replaces Stripe, `paypal` PayPal (tests).
 */
export const createPaymentsModule = (
  opts: {
    gateway?: (ctx: TModuleContext) => TStripeGateway | null;
    paypal?: (ctx: TModuleContext) => TPayPalGateway | null;
  } = {},
): TModule => ({
  name: 'payments',
  services: (ctx) => ({
    paypal: (opts.paypal ?? ((c: TModuleContext) => paypalGatewayFor(c.config.paypal, c.fetch)))(ctx),
    payments: createPaymentsService({
      repo: createPaymentsRepository(ctx.db, ctx.changes),
      plans: ctx.services.plans,
      subscriptions: ctx.services.subscriptions,
      users: ctx.services.users,
      webhooks: ctx.services.webhooks,
      notifications: ctx.services.notifications,
      gateway: (opts.gateway ?? gatewayFor)(ctx),
      clock: ctx.clock,
      unitOfWork: ctx.unitOfWork,
      publicUrl: ctx.config.publicUrl,
      log: ctx.log,
      metrics: ctx.metrics,
    }),
  }),
  routes: ({ services }) => [paymentsRoutes(services.payments), stripeWebhookRoutes(services.payments)],
  jobs: ({ services, log }) => [paymentsReconcileJob({ payments: services.payments, log })],
});

export const paymentsModule = createPaymentsModule();
