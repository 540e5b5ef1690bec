import { ACTIVITY_TYPES, FREE_TEXT_MAX, ID_MAX, IDENTIFIER_FIELD_MAX, MSG, tooLong } from '@virality/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from './seams';

/** The product's accounts, as far as this stand-in needs them: one found by its e-mail (or other sign-in key). */
export type TSandboxUsers = { findByKey(key: string): Promise<{ id: string } | null | undefined> };

/** The product's notifications: writing one (and delivering it as the product does) and the unseen count. */
export type TSandboxNotifications = {
  notify(
    userId: string,
    n: { type: (typeof ACTIVITY_TYPES)[number]; title: string; description?: string; payload?: { payloadId: string } },
  ): Promise<unknown>;
  unseenCount(userId: string): Promise<number>;
};

/**
 * /sandbox/notifications: gives an account an in-app notification, as the publishing and payment work will
 * (a post went out, a draft was approved), so the bell and its live count can be tried before those exist.
 */
export const notificationsSandboxRoutes =
  (users: TSandboxUsers, notifications: TSandboxNotifications): FastifyPluginAsyncZod =>
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
