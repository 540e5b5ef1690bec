import { ACTIVITY_TYPES, FREE_TEXT_MAX, ID_MAX, IDENTIFIER_FIELD_MAX, MSG, tooLong } from '@virality/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../errors';
import type { TNotificationsService } from '../modules/notifications/service';
import type { TUsersService } from '../modules/users/service';

/**
 * /sandbox/notifications: gives an account an in-app notification, as the publishing and payment work will
 * (a post went out, a draft was approved), so the bell and its live count can be tried before those exist.
 */
export const notificationsSandboxRoutes =
  (users: TUsersService, notifications: TNotificationsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/sandbox/notifications',
      {
        schema: {
          tags: ['Sandbox'],
          summary: 'Give an account a notification',
          body: z.object({
            email: z.string().trim().toLowerCase().max(IDENTIFIER_FIELD_MAX, tooLong('email')),
            title: z.string().trim().min(1).max(FREE_TEXT_MAX, tooLong('title')),
            /** What it is about (a post's result unless said). */
            type: z.enum(ACTIVITY_TYPES).default('POST_NOTIFICATION'),
            description: z.string().trim().max(FREE_TEXT_MAX, tooLong('description')).optional(),
            /** The post it opens. */
            payloadId: z.string().max(ID_MAX, tooLong('payloadId')).optional(),
          }),
        },
      },
      async (req) => {
        const user = await users.findByKey(req.body.email);
        if (!user) throw notFound(MSG.userNotFound);
        const { type, title, description, payloadId } = req.body;
        await notifications.notify(user.id, { type, title, description, payload: payloadId ? { payloadId } : undefined });
        return { status: true, message: 'Notification sent', response: { unseen: await notifications.unseenCount(user.id) } };
      },
    );
  };
