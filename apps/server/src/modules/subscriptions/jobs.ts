import type { FastifyBaseLogger } from 'fastify';
import { defineJob } from '../../jobs/registry';
import type { TSubscriptionsService } from './service';

export const PLANS_DAILY_QUEUE = 'plans-daily';

/**
 * Daily at 00:05 (UTC, by the product's clock): plans past their end are EXPIRED (an influencer's paid plan goes
 * back to the free tier), the free tier renews monthly, and paid plans start each new monthly post period at 0.
 * Reading a plan moves it on too; this pass makes the stored state true for everyone, read or not. A paid plan
 * that ends tells its owner; one ending within four days reminds its owner (each once).
 */
export const plansDailyJob = (deps: { subscriptions: TSubscriptionsService; log: FastifyBaseLogger }) =>
  defineJob({
    queue: PLANS_DAILY_QUEUE,
    policy: 'stately',
    cron: '5 0 * * *',
    async handle() {
      const moved = await deps.subscriptions.settleDue();
      const reminded = await deps.subscriptions.remindEnding();
      deps.log.info({ moved, reminded }, 'plans-daily done');
      return { moved, reminded };
    },
  });
