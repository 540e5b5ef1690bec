import { ID_MAX, NOTIFICATION_SETTINGS_MSG, tooLong, zNotificationSettingsUpdate } from '@virality/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, requireAuth } from '../../http/auth';
import { replies } from '../../http/contracts';
import { ok } from '../../http/envelope';
import type { TNotificationsService } from './service';

const security = [{ accessToken: [] }];
/** Like the other user calls, `?userId=` may name the caller (and only the caller). */
const querystring = z.object({ userId: z.string().max(ID_MAX, tooLong('userId')).optional() });

/** The notification settings page's calls: the caller's four switches, kept per user. */
export const notificationSettingsRoutes =
  (notifications: TNotificationsService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['Notifications'];
    app.get(
      '/user/notificationSettings',
      {
        onRequest: requireAuth,
        schema: {
          response: replies('GET /user/notificationSettings'),
          tags,
          security,
          summary: "The caller's notification switches (All notification, Promotional, Social media, Advertisements)",
          querystring,
        },
      },
      async (req) => ok(await notifications.settings(authOf(req).userId, req.query.userId)),
    );
    app.put(
      '/user/notificationSettings',
      {
        onRequest: requireAuth,
        schema: {
          response: replies('PUT /user/notificationSettings'),
          tags,
          security,
          summary: 'Change one or more notification switches; the others keep their values',
          querystring,
          body: zNotificationSettingsUpdate,
        },
      },
      async (req) =>
        ok(await notifications.updateSettings(authOf(req).userId, req.query.userId, req.body), NOTIFICATION_SETTINGS_MSG.saved),
    );
  };
