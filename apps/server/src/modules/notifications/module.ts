import type { TModule } from '../../module-types';
import { createNotificationsRepository } from './repository';
import { notificationsRoutes } from './routes';
import { createNotificationsService, type TNotificationsService } from './service';
import { notificationSettingsRoutes } from './settings-routes';

declare module '../../module-types' {
  interface TServices {
    notifications: TNotificationsService;
  }
}

/** Notifications, their unseen count, push device tokens and the user's notification switches. */
export const notificationsModule: TModule = {
  name: 'notifications',
  services: ({ db, changes, clock, notificationChannels }) => ({
    notifications: createNotificationsService({
      repo: createNotificationsRepository(db, changes),
      clock,
      // the channels (Web Push) are added by later modules: read when a notification is written
      deliver: async (n) => {
        for (const channel of notificationChannels) await channel.deliver(n);
      },
      checkDeviceToken: async (deviceType, token) => {
        const channel = notificationChannels.find((c) => c.deviceType === deviceType);
        return channel ? channel.checkToken(token) : token;
      },
    }),
  }),
  routes: ({ services }) => [notificationsRoutes(services.notifications), notificationSettingsRoutes(services.notifications)],
};
