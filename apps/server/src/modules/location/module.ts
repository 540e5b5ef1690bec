import type { TModule } from '../../module-types';
import { locationRoutes } from './routes';
import { createLocationService, type TLocationService } from './service';

declare module '../../module-types' {
  interface TServices {
    location: TLocationService;
  }
}

/** Countries, states and cities. */
export const locationModule: TModule = {
  name: 'location',
  services: () => ({ location: createLocationService() }),
  routes: ({ services }) => [locationRoutes(services.location)],
};
