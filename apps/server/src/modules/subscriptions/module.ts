import type { TModule } from '../../container';
import { createSubscriptionsRepository } from './repository';
import { createSubscriptionsService, type TSubscriptionsService } from './service';

declare module '../../container' {
  interface TServices {
    subscriptions: TSubscriptionsService;
  }
}

/** Plans and the free-tier period (its calls are made through the users module's routes). */
export const subscriptionsModule: TModule = {
  name: 'subscriptions',
  services: ({ db, changes, clock }) => ({
    subscriptions: createSubscriptionsService({ repo: createSubscriptionsRepository(db, changes), clock }),
  }),
};
