import type { TModule } from '../../container';
import { eventsRoutes } from './routes';
import { createEventsService, type TEventsService } from './service';

declare module '../../container' {
  interface TServices {
    events: TEventsService;
  }
}

/** Live updates: the server-sent stream of a logged-in user's page, opened with a short-lived ticket. */
export const eventsModule: TModule = {
  name: 'events',
  services: ({ services, changes, log }) => ({
    events: createEventsService({ auth: services.auth, notifications: services.notifications, changes, log }),
  }),
  routes: ({ services }) => [eventsRoutes(services.events)],
};
