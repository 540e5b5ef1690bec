import type { TModule } from '../../module-types';
import { plansDailyJob } from './jobs';
import { createSubscriptionsRepository } from './repository';
import { createSubscriptionsService, type TSubscriptionsService } from './service';

declare module '../../module-types' {
  interface TServices {
    subscriptions: TSubscriptionsService;
  }
}

/** A user's plan: the free tier, paid plans' periods and expiry, post counts (its calls are served by other modules' routes). */
export const subscriptionsModule: TModule = {
  name: 'subscriptions',
  services: ({ db, changes, clock, services }) => ({
    subscriptions: createSubscriptionsService({
      repo: createSubscriptionsRepository(db, changes),
      clock,
      notifications: services.notifications,
    }),
  }),
  jobs: ({ services, log }) => [plansDailyJob({ subscriptions: services.subscriptions, log })],
};
