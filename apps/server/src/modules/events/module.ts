import type { TModule } from '../../module-types';
import { createEventsRepository } from './repository';
import { eventsRoutes } from './routes';
import { createEventsService, type TEventsService } from './service';

declare module '../../module-types' {
  interface TServices {
    events: TEventsService;
  }
}

/** Live updates: the server-sent stream of a logged-in user's page, opened with a short-lived ticket, once. */
export const eventsModule: TModule = {
  name: 'events',
  services: ({ db, services, changes, clock, log }) => ({
    events: createEventsService({
      repo: createEventsRepository(db),
      auth: services.auth,
      notifications: services.notifications,
      changes,
      clock,
      log,
    }),
  }),
  routes: ({ services }) => [eventsRoutes(services.events)],
};
