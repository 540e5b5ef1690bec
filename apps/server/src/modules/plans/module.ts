import type { TModule } from '../../module-types';
import { countryLookup } from './geo';
import { createPlansRepository } from './repository';
import { plansRoutes } from './routes';
import { createPlansService, type TPlansService } from './service';

declare module '../../module-types' {
  interface TServices {
    plans: TPlansService;
  }
}

/** Plans on sale, their prices per currency, and the visitor's currency by address. */
export const plansModule: TModule = {
  name: 'plans',
  services: ({ db, config }) => ({
    plans: createPlansService({ repo: createPlansRepository(db), countryOf: countryLookup(config.dataDir) }),
  }),
  routes: ({ services }) => [plansRoutes(services.plans)],
};
