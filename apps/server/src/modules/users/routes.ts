import { ID_MAX, LIST_MAX, MSG, tooLong, zAddressFields, zProfileFields, zUserName } from '@virality/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, requireAuth } from '../../http/auth';
import { replies } from '../../http/contracts';
import { ok } from '../../http/envelope';
import { imageUploadConfig, readImageUpload } from '../../http/image-upload';
import type { TNotificationsService } from '../notifications/service';
import type { TUsersService } from './service';

const security = [{ accessToken: [] }];
const zUserId = z.string().max(ID_MAX, tooLong('userId'));
const zUserIdQuery = z.object({ userId: zUserId.optional() });

export const usersRoutes =
  (users: TUsersService, notifications: TNotificationsService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['User and session'];
    const guarded = { onRequest: requireAuth };

    app.get(
      '/user/getUserStatus',
      {
        ...guarded,
        schema: {
          response: replies('GET /user/getUserStatus'),
          tags,
          security,
          summary: 'The logged-in user and the unseen notification count',
        },
      },
      async (req) => {
        const a = authOf(req);
        const [dto, count] = await Promise.all([users.toDto(a.user), notifications.unseenCount(a.userId)]);
        return ok({ result: { ...dto, UnseenNotifsCount: count } });
      },
    );

    app.get(
      '/user/addUserOnSphDatabase',
      {
        ...guarded,
        schema: {
          response: replies('GET /user/addUserOnSphDatabase'),
          tags,
          security,
          summary: 'Register the user on the social-posting side',
          querystring: zUserIdQuery,
        },
      },
      async (req) => ok({ userData: await users.syncToSph(authOf(req).userId, req.query.userId) }),
    );

    app.put(
      '/user/updateUser',
      {
        ...guarded,
        schema: {
          response: replies('PUT /user/updateUser'),
          tags,
          security,
          summary: 'Registration: the profile step, or the interests step ({interested})',
          querystring: zUserIdQuery,
          // the interests rule (and its message) lives in the service: any shape here reaches it
          body: zProfileFields.extend({
            interested: z.array(z.unknown(), { error: MSG.interestsMin }).max(LIST_MAX, MSG.interestsUnknown).nullish(),
            profileCompleted: z.boolean().optional(),
          }),
        },
      },
      async (req) => {
        const a = authOf(req);
        const { interested, profileCompleted: _ignored, ...profile } = req.body;
        if (interested !== undefined)
          return ok(await users.completeInterests(a.userId, req.query.userId, interested), MSG.profileUpdated);
        return ok(await users.updateRegistrationProfile(a.userId, req.query.userId, profile), MSG.profileUpdated);
      },
    );

    app.put(
      '/user/updateProfile',
      {
        ...guarded,
        schema: {
          response: replies('PUT /user/updateProfile'),
          tags,
          security,
          summary: 'Account details',
          body: zProfileFields,
        },
      },
      async (req) => ok(await users.updateAccountDetails(authOf(req).userId, req.body), MSG.profileUpdated),
    );

    app.put(
      '/user/updateAddress',
      {
        ...guarded,
        schema: {
          response: replies('PUT /user/updateAddress'),
          tags,
          security,
          summary: 'Save the address',
          body: zAddressFields,
        },
      },
      async (req) => ok({ result: await users.updateAddress(authOf(req).userId, req.body) }, 'address saved successfully'),
    );

    app.post(
      '/user/checkUserName',
      {
        ...guarded,
        schema: {
          response: replies('POST /user/checkUserName'),
          tags,
          security,
          summary: 'Username availability with suggestions',
          description:
            "The caller's own username counts as free; `excludeUserId` names another user whose name counts as free (null: nobody's, e.g. a business adding a sub-user).",
          body: z.object({ userName: zUserName, excludeUserId: zUserId.nullable().optional() }),
        },
      },
      async (req) => {
        const exclude = req.body.excludeUserId === undefined ? authOf(req).userId : (req.body.excludeUserId ?? '');
        return ok(await users.checkUserName(req.body.userName, exclude));
      },
    );

    app.post(
      '/user/uploadProfileImage',
      {
        ...guarded,
        config: imageUploadConfig,
        schema: {
          response: replies('POST /user/uploadProfileImage'),
          tags,
          security,
          summary: 'Upload the profile image (multipart `file`, ≤ 2 MB)',
          consumes: ['multipart/form-data'],
        },
      },
      async (req) => {
        const a = authOf(req);
        const { bytes, ext, mime } = await readImageUpload(req);
        return ok({ profileImage: await users.setProfileImage(a.userId, bytes, ext, mime) });
      },
    );

    app.post(
      '/subscription/AddInfSubs',
      {
        ...guarded,
        schema: {
          response: replies('POST /subscription/AddInfSubs'),
          tags: ['Subscription'],
          security,
          summary: 'Create the influencer FreeTier (5 posts)',
          body: z.object({ userId: zUserId.optional() }),
        },
      },
      async (req) => ok({ subscriptionDetails: await users.addFreeTier(authOf(req).userId, req.body.userId) }),
    );
  };
