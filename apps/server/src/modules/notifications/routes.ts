import {
  DEVICE_TOKEN_MAX,
  ID_MAX,
  LABEL_MAX,
  NOTIFICATION_MSG,
  tooLong,
  zActivityId,
  zActivityListBody,
  zActivityListQuery,
  zActivityRef,
} from '@virality/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../errors';
import { authOf, requireAuth } from '../../http/auth';
import { replies } from '../../http/contracts';
import { ok } from '../../http/envelope';
import type { TNotificationsService } from './service';

const security = [{ accessToken: [] }];
const DEVICE_TOKEN_REQUIRED = 'deviceToken is required';
const zUserId = z.string().max(ID_MAX, tooLong('userId'));
/** 'web', 'android', 'ios'. */
const zDeviceType = z.string().max(LABEL_MAX, tooLong('deviceType')).default('web');
/** A Web Push subscription (JSON) or a mobile push token. */
const zDeviceToken = z.string().max(DEVICE_TOKEN_MAX, tooLong('deviceToken'));

export const notificationsRoutes =
  (notifications: TNotificationsService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['Notifications'];
    const guarded = { onRequest: requireAuth };
    app.put(
      '/activity/markSeenActivity',
      {
        ...guarded,
        schema: {
          response: replies('PUT /activity/markSeenActivity'),
          tags,
          security,
          summary: 'Mark all notifications seen (bell click)',
        },
      },
      async (req) => {
        await notifications.markAllSeen(authOf(req).userId);
        return ok({ UnseenNotifsCount: 0 });
      },
    );
    // the list: `?page=` (or `?pageNo=`), or a body `{pageNo}` as the older clients send it
    app.get(
      '/activity/getAllActivityById',
      {
        ...guarded,
        schema: {
          response: replies('GET /activity/getAllActivityById'),
          tags,
          security,
          summary: "A page of the caller's notifications: 10, newest first, with how many pages there are",
          querystring: zActivityListQuery,
        },
      },
      async (req) => {
        const { page, pageNo, userId } = req.query;
        return ok(await notifications.list(authOf(req).userId, userId, page ?? pageNo ?? 1), NOTIFICATION_MSG.listed);
      },
    );
    app.post(
      '/activity/getAllActivityById',
      {
        ...guarded,
        schema: {
          response: replies('POST /activity/getAllActivityById'),
          tags,
          security,
          summary: "A page of the caller's notifications (`{pageNo}`): 10, newest first, with how many pages there are",
          querystring: zActivityListQuery,
          body: zActivityListBody,
        },
      },
      async (req) => {
        const { page, pageNo, userId } = req.query;
        const asked = req.body?.pageNo ?? req.body?.page ?? page ?? pageNo ?? 1;
        return ok(await notifications.list(authOf(req).userId, userId, asked), NOTIFICATION_MSG.listed);
      },
    );
    app.put(
      '/activity/markReadActivity',
      {
        ...guarded,
        schema: {
          response: replies('PUT /activity/markReadActivity'),
          tags,
          security,
          summary: "Mark one of the caller's notifications read (a click on it)",
          body: z.object({ activityId: zActivityId }),
        },
      },
      async (req) => ok(await notifications.markRead(authOf(req).userId, req.body.activityId), NOTIFICATION_MSG.markedRead),
    );
    app.delete(
      '/activity/deleteActivity',
      {
        ...guarded,
        schema: {
          response: replies('DELETE /activity/deleteActivity'),
          tags,
          security,
          summary: "Delete one of the caller's notifications (`activityId` in the query or the body)",
          querystring: zActivityRef,
          body: zActivityRef.nullish(),
        },
      },
      async (req) => {
        const activityId = req.query.activityId ?? req.body?.activityId;
        if (!activityId) throw badRequest(NOTIFICATION_MSG.idRequired, { errors: { activityId: NOTIFICATION_MSG.idRequired } });
        return ok(await notifications.remove(authOf(req).userId, activityId), NOTIFICATION_MSG.deleted);
      },
    );
    app.delete(
      '/activity/deleteAllActivity',
      {
        ...guarded,
        schema: {
          response: replies('DELETE /activity/deleteAllActivity'),
          tags,
          security,
          summary: 'Delete every notification of the caller (Clear All)',
        },
      },
      async (req) => ok({ removed: await notifications.removeAll(authOf(req).userId) }, NOTIFICATION_MSG.allDeleted),
    );
    app.post(
      '/admin/notification/ctrCount',
      {
        ...guarded,
        schema: {
          response: replies('POST /admin/notification/ctrCount'),
          tags,
          security,
          summary: 'Count a visit that came from a notification',
          querystring: z.object({ userId: zUserId.optional() }),
        },
      },
      async (req) => ok({ count: await notifications.recordClick(authOf(req).userId, req.query.userId) }),
    );
    app.post(
      '/notification/registerDeviceToken',
      {
        ...guarded,
        schema: {
          response: replies('POST /notification/registerDeviceToken'),
          tags,
          security,
          summary: 'Register a Web Push subscription',
          body: z.object({
            deviceToken: z
              .string({ error: DEVICE_TOKEN_REQUIRED })
              .min(1, DEVICE_TOKEN_REQUIRED)
              .max(DEVICE_TOKEN_MAX, tooLong('deviceToken')),
            deviceType: zDeviceType,
            userId: zUserId.optional(),
          }),
        },
      },
      async (req) => {
        const { userId, deviceType, deviceToken } = req.body;
        await notifications.registerDeviceToken(authOf(req).userId, userId, deviceType, deviceToken);
        return ok(null, 'Device token registered');
      },
    );
    const removeQuery = z.object({ deviceType: zDeviceType });
    app.get(
      '/notification/removeToken',
      {
        ...guarded,
        schema: {
          response: replies('GET /notification/removeToken'),
          tags,
          security,
          summary: 'Remove the push tokens of a device type',
          querystring: removeQuery,
        },
      },
      async (req) => {
        const removed = await notifications.removeDeviceTokens(authOf(req).userId, req.query.deviceType);
        return ok({ removed }, 'Device token removed');
      },
    );
    app.delete(
      '/notification/removeToken',
      {
        ...guarded,
        schema: {
          response: replies('DELETE /notification/removeToken'),
          tags,
          security,
          summary: 'Remove the push tokens of a device type, or only the one in deviceTokenWeb',
          querystring: removeQuery,
          body: z.object({ deviceTokenWeb: zDeviceToken.optional() }).nullish(),
        },
      },
      async (req) => {
        const token = req.body?.deviceTokenWeb;
        const removed = await notifications.removeDeviceTokens(authOf(req).userId, req.query.deviceType, token);
        return ok({ removed }, 'Device token removed');
      },
    );
  };
