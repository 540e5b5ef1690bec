import { defineJob } from '../../jobs/registry';
import { loadTokenVault } from '../../lib/vault';
import type { TModule } from '../../module-types';
import { createWebhooksRepository } from './repository';
import { webhooksRoutes } from './routes';
import { createWebhooksService, type TWebhookDeliverJob, type TWebhooksService, WEBHOOK_DELIVER_QUEUE } from './service';

declare module '../../module-types' {
  interface TServices {
    webhooks: TWebhooksService;
  }
}

/**
 * Webhooks: an organization's endpoints told of its posts', campaigns' and money's events. Early in the modules'
 * order, so that every module whose changes make events writes them in its own units of work.
 */
export const webhooksModule: TModule = {
  name: 'webhooks',
  services: async ({ db, config, unitOfWork, enqueue, clock, log, metrics }) => ({
    webhooks: createWebhooksService({
      repo: createWebhooksRepository(db),
      unitOfWork,
      enqueue,
      clock,
      vault: await loadTokenVault(config.tokenKeys, db),
      loopbackHttp: config.sandbox,
      log,
      metrics,
    }),
  }),
  routes: ({ services }) => [webhooksRoutes(services.webhooks)],
  jobs: ({ services }) => [
    defineJob<TWebhookDeliverJob>({
      queue: WEBHOOK_DELIVER_QUEUE,
      // pg-boss's own retries are for a process that died mid-job (the delivery's lease then lapses); a refused
      // delivery's next try is a job of its own, at its wait
      queueOptions: { retryLimit: 5, retryDelay: 60, retryBackoff: true, expireInSeconds: 120 },
      // each job waits on someone else's server: a pool, so one slow endpoint does not hold the others
      work: { pool: 8, pollingIntervalSeconds: 2 },
      handle: (job) => services.webhooks.deliver(job),
    }),
    defineJob({
      queue: 'webhook-sweep',
      policy: 'stately',
      cron: '*/5 * * * *',
      handle: () => services.webhooks.sweep(),
    }),
  ],
};
