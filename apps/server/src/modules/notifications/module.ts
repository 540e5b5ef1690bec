import type { TModule } from '../../container';
import { createNotificationsRepository } from './repository';
import { notificationsRoutes } from './routes';
import { createNotificationsService, type TNotificationsService } from './service';
import { notificationSettingsRoutes } from './settings-routes';

declare module '../../container' {
  interface TServices {
    notifications: TNotificationsService;
  }
}

/** Notifications, their unseen count, push device tokens and the user's notification switches. */
export const notificationsModule: TModule = {
  name: 'notifications',
  services: ({ db, changes, clock }) => ({
    notifications: createNotificationsService({ repo: createNotificationsRepository(db, changes), clock }),
  }),
  routes: ({ services }) => [notificationsRoutes(services.notifications), notificationSettingsRoutes(services.notifications)],
};
