import { defineJob } from '../../jobs/registry';
import type { TModule } from '../../module-types';
import { createPushService, type TPushJob, type TPushService, WEB_PUSH_QUEUE } from './service';
import { loadVapidKeys } from './vapid';

declare module '../../module-types' {
  interface TServices {
    push: TPushService;
  }
}

/**
 * Web Push: the server's VAPID keys, the channel that queues a push for each notification written (one job per web
 * subscription) and the job that sends it (in sandbox mode to the push service's stand-in, /sandbox/push).
 */
export const pushModule: TModule = {
  name: 'push',
  services: async ({ db, config, services, enqueue, fetch, clock, log, notificationChannels }) => {
    const push = createPushService({
      notifications: services.notifications,
      enqueue,
      vapid: await loadVapidKeys(db),
      subject: config.webPush.subject,
      sandbox: config.sandbox,
      publicUrl: config.publicUrl,
      fetch,
      nowMs: () => clock.nowMs(),
      log,
    });
    notificationChannels.push(push.channel);
    return { push };
  },
  jobs: ({ services }) => [
    defineJob<TPushJob>({
      queue: WEB_PUSH_QUEUE,
      // one job waiting and one running per (notification, subscription): a try sends its retry, never a second copy
      policy: 'stately',
      // a retry of a push is a new job (at the backoff or the service's Retry-After); pg-boss's own retries are for
      // a fault of ours (the database) before the push left
      queueOptions: { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
      work: { batchSize: 8, pollingIntervalSeconds: 2 },
      handle: (job) => services.push.send(job),
    }),
  ],
};
