import type { FastifyBaseLogger } from 'fastify';
import { defineJob } from '../../jobs/registry';
import type { TPaymentsService } from './service';

export const PAYMENTS_RECONCILE_QUEUE = 'payments-reconcile';

/**
 * Every 10 minutes (by the product's clock): checkouts still waiting for Stripe's webhook a while after they were
 * opened are asked of Stripe, so a payment whose webhook was lost is recorded anyway and one abandoned is closed.
 */
export const paymentsReconcileJob = (deps: { payments: TPaymentsService; log: FastifyBaseLogger }) =>
  defineJob({
    queue: PAYMENTS_RECONCILE_QUEUE,
    policy: 'stately',
    cron: '*/10 * * * *',
    async handle() {
      const done = await deps.payments.reconcilePending();
      if (done.paid || done.failed || done.unreachable) deps.log.info(done, 'payments-reconcile done');
      return done;
    },
  });
