import { ID_MAX, LIST_MAX, tooLong, zDeleteRemarks } from '@virality/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, requireAuth } from '../../http/auth';
import { replies } from '../../http/contracts';
import { ok } from '../../http/envelope';
import type { TAccountDeletion } from './deletion';

const security = [{ accessToken: [] }];

export const deletionRoutes =
  (deletion: TAccountDeletion): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/admin/notification/removeFrSchNotifByUser',
      {
        onRequest: requireAuth,
        schema: {
          response: replies('POST /admin/notification/removeFrSchNotifByUser'),
          tags: ['User and session'],
          security,
          summary: 'Before deleting the account: clear its pending notifications',
          body: z.object({
            userIdArray: z
              .array(z.string().max(ID_MAX, tooLong('userIdArray')))
              .min(1, 'userIdArray is required')
              .max(LIST_MAX, tooLong('userIdArray')),
          }),
        },
      },
      async (req) => ok({ removed: await deletion.removeScheduledNotifications(authOf(req).userId, req.body.userIdArray) }),
    );
    app.post(
      '/user/deleteUserDetails',
      {
        onRequest: requireAuth,
        schema: {
          response: replies('POST /user/deleteUserDetails'),
          tags: ['User and session'],
          security,
          summary: 'Delete the account',
          description:
            "Closes the caller's account with its reason: its sessions, web push tokens and unread notifications go with it, and a business's team is closed too. Refused with 409 while the account's organization has linked social accounts (unlink them first); a business's team member is not held up by the business's accounts.",
          body: z.object({ remarks: zDeleteRemarks }),
        },
      },
      async (req) => {
        await deletion.deleteAccount(authOf(req).userId, req.body.remarks);
        return ok(null, deletion.message);
      },
    );
  };
