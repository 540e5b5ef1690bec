import {
  ID_MAX,
  LABEL_MAX,
  LIST_MAX,
  MSG,
  subUserSchema,
  TEAM_MSG,
  TEAM_SEARCH_MAX,
  TEXT_FIELD_MAX,
  TOKEN_MAX,
  tooLong,
  zNewPassword,
  zRoleForm,
} from '@virality/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../errors';
import { authOf, requireAuth, requireRole } from '../../http/auth';
import { replies } from '../../http/contracts';
import { ok } from '../../http/envelope';
import { imageUploadConfig, readImageUpload } from '../../http/image-upload';
import type { TTeamService } from './service';

const security = [{ accessToken: [] }];
const zPage = z.coerce.number().int().min(1).default(1);
/** An id in a query or a body: '<name> is too long' past ID_MAX. */
const zIdOf = (name: string) => z.string().max(ID_MAX, tooLong(name));
const zRoleIdQuery = z.object({ roleId: zIdOf('roleId').optional() });
const zUserIdQuery = z.object({ userId: zIdOf('userId').optional() });
/**
 * The documented shape of the sub-user forms (each with its own messages: 'Invalid email address' on
 * add, 'Email is not valid' on update); the service checks them again with today's date.
 */
const subUserDoc = (mode: 'create' | 'update') =>
  subUserSchema(mode, '9999-12-31')
    .partial()
    .extend({ role: zIdOf('role').optional() });
const zSubUserAddDoc = subUserDoc('create');
const zSubUserUpdateDoc = subUserDoc('update');
const zStatus = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], {
  error: 'Status must be true or false',
});
/** An invitation token: missing or empty reads as an invalid link. */
const zInviteToken = z
  .string({ error: TEAM_MSG.inviteInvalid })
  .min(1, TEAM_MSG.inviteInvalid)
  .max(TOKEN_MAX, TEAM_MSG.inviteInvalid);
/** A role id in a body: missing or empty reads as the form's 'Please select a role'. */
const zRoleId = z.string({ error: TEAM_MSG.roleRequired }).min(1, TEAM_MSG.roleRequired).max(ID_MAX, tooLong('roleId'));

export const teamRoutes =
  (team: TTeamService): FastifyPluginAsyncZod =>
  async (app) => {
    // Access is checked before the body is validated: a signed-out caller gets 401 and a wrong role 403,
    // never a validation message. The service checks the owner again.
    const ownerOnly = { onRequest: requireRole('BUSINESS') };
    const signedIn = { onRequest: requireAuth };
    const roleTags = ['Roles and permissions'];
    const subTags = ['Sub-users'];

    // roles
    app.get(
      '/roleManagement/getAllRoles',
      {
        ...ownerOnly,
        schema: {
          response: replies('GET /roleManagement/getAllRoles'),
          tags: roleTags,
          security,
          summary: 'Roles, 10 a page',
          querystring: z.object({ page: zPage }),
        },
      },
      async (req) => ok(await team.listRoles(authOf(req), req.query.page)),
    );
    app.get(
      '/roleManagement/activeRoles',
      {
        ...ownerOnly,
        schema: {
          response: replies('GET /roleManagement/activeRoles'),
          tags: roleTags,
          security,
          summary: 'Active roles (assignable)',
        },
      },
      async (req) => ok(await team.activeRoles(authOf(req))),
    );
    app.post(
      '/roleManagement/create',
      {
        ...ownerOnly,
        schema: {
          response: replies('POST /roleManagement/create'),
          tags: roleTags,
          security,
          summary: 'Create a role',
          body: zRoleForm,
        },
      },
      async (req) => ok({ role: await team.createRole(authOf(req), req.body) }, TEAM_MSG.roleAdded),
    );
    app.put(
      '/roleManagement/update',
      {
        ...ownerOnly,
        schema: {
          response: replies('PUT /roleManagement/update'),
          tags: roleTags,
          security,
          summary: 'Edit a role',
          querystring: zRoleIdQuery,
          body: zRoleForm,
        },
      },
      async (req) => ok({ role: await team.updateRole(authOf(req), req.query.roleId, req.body) }, TEAM_MSG.roleUpdated),
    );
    app.put(
      '/roleManagement/activeInactive',
      {
        ...ownerOnly,
        schema: {
          response: replies('PUT /roleManagement/activeInactive'),
          tags: roleTags,
          security,
          summary: 'Activate or deactivate a role',
          body: z.object({ roleId: zRoleId, status: zStatus }),
        },
      },
      async (req) => {
        const role = await team.setRoleStatus(authOf(req), req.body.roleId, req.body.status);
        return ok({ role }, role.status ? TEAM_MSG.roleActivated : TEAM_MSG.roleDeactivated);
      },
    );
    app.delete(
      '/roleManagement/delete',
      {
        ...ownerOnly,
        schema: {
          response: replies('DELETE /roleManagement/delete'),
          tags: roleTags,
          security,
          summary: 'Delete a role no sub-user holds',
          querystring: zRoleIdQuery,
        },
      },
      async (req) => {
        await team.deleteRole(authOf(req), req.query.roleId);
        return ok(null, TEAM_MSG.roleDeleted);
      },
    );
    app.get(
      '/permission/getPermission',
      {
        ...ownerOnly,
        schema: {
          response: replies('GET /permission/getPermission'),
          tags: roleTags,
          security,
          summary: "A role's permissions",
          querystring: zRoleIdQuery,
        },
      },
      async (req) => ok(await team.getPermission(authOf(req), req.query.roleId)),
    );
    app.put(
      '/permission/update',
      {
        ...ownerOnly,
        schema: {
          response: replies('PUT /permission/update'),
          tags: roleTags,
          security,
          summary: "Save a role's permissions (Scheduler must agree across networks)",
          body: z.object({
            roleId: zRoleId,
            permissionAccess: z
              .array(
                z.object({
                  accountId: z.coerce.string().max(ID_MAX, tooLong('accountId')).optional(),
                  accountType: z.string().max(LABEL_MAX, tooLong('accountType')).optional(),
                  access: z.boolean().optional(),
                  moduleAccess: z
                    .object({
                      Post: z.boolean().optional(),
                      Analytics: z.boolean().optional(),
                      Scheduler: z.boolean().optional(),
                    })
                    .optional(),
                }),
              )
              .max(LIST_MAX, tooLong('permissionAccess')),
          }),
        },
      },
      async (req) =>
        ok(
          await team.updatePermission(authOf(req), req.body.roleId, req.body.permissionAccess as never),
          TEAM_MSG.permissionsAssigned,
        ),
    );
    app.get(
      '/permission/veiw',
      {
        ...signedIn,
        schema: {
          response: replies('GET /permission/veiw'),
          tags: subTags,
          security,
          summary: "A sub-user's access",
          querystring: zUserIdQuery,
        },
      },
      async (req) => ok(await team.viewPermission(authOf(req), req.query.userId)),
    );

    // sub-users
    app.get(
      '/bussiness/getAll',
      {
        ...ownerOnly,
        schema: {
          response: replies('GET /bussiness/getAll'),
          tags: subTags,
          security,
          summary: 'Sub-users, 10 a page, searchable by name or e-mail',
          querystring: z.object({
            businessId: zIdOf('businessId').optional(),
            page: zPage,
            search: z.string().max(TEAM_SEARCH_MAX, tooLong('Search')).optional(),
          }),
        },
      },
      async (req) => ok(await team.listSubUsers(authOf(req), req.query)),
    );
    app.get(
      '/bussiness/get',
      {
        ...ownerOnly,
        schema: {
          response: replies('GET /bussiness/get'),
          tags: subTags,
          security,
          summary: 'One sub-user',
          querystring: zUserIdQuery,
        },
      },
      async (req) => ok(await team.getSubUser(authOf(req), req.query.userId)),
    );
    app.post(
      '/bussiness/add',
      {
        ...ownerOnly,
        schema: {
          response: replies('POST /bussiness/add'),
          tags: subTags,
          security,
          summary: 'Add a sub-user and send the invitation',
          body: zSubUserAddDoc,
        },
      },
      async (req) => ok(await team.addSubUser(authOf(req), req.body), TEAM_MSG.subUserAdded),
    );
    app.put(
      '/bussiness/update',
      {
        ...ownerOnly,
        schema: {
          response: replies('PUT /bussiness/update'),
          tags: subTags,
          security,
          summary: 'Edit a sub-user (e-mail stays)',
          querystring: zUserIdQuery,
          body: zSubUserUpdateDoc,
        },
      },
      async (req) => ok(await team.updateSubUser(authOf(req), req.query.userId, req.body), TEAM_MSG.userUpdated),
    );
    app.put(
      '/bussiness/activeInactive',
      {
        ...ownerOnly,
        schema: {
          response: replies('PUT /bussiness/activeInactive'),
          tags: subTags,
          security,
          summary: 'Activate or deactivate a sub-user',
          querystring: zUserIdQuery,
          body: z.object({ status: zStatus }),
        },
      },
      async (req) => {
        await team.setSubUserStatus(authOf(req), req.query.userId, req.body.status);
        return ok(null, req.body.status ? TEAM_MSG.userActivated : TEAM_MSG.userDeactivated);
      },
    );
    app.delete(
      '/bussiness/delete',
      {
        ...ownerOnly,
        schema: {
          response: replies('DELETE /bussiness/delete'),
          tags: subTags,
          security,
          summary: 'Delete a sub-user',
          querystring: z.object({ subUserId: zIdOf('subUserId').optional() }),
        },
      },
      async (req) => {
        await team.deleteSubUser(authOf(req), req.query.subUserId);
        return ok(null, TEAM_MSG.userDeleted);
      },
    );

    app.post(
      '/bussiness/uploadImage',
      {
        ...ownerOnly,
        config: imageUploadConfig,
        schema: {
          response: replies('POST /bussiness/uploadImage'),
          tags: subTags,
          security,
          summary: "Store a sub-user's photo (multipart `file`, ≤ 2 MB); send the URL as profileImage in add or update",
          consumes: ['multipart/form-data'],
        },
      },
      async (req) => {
        const { bytes, ext, mime } = await readImageUpload(req);
        return ok({ profileImage: await team.storeMemberImage(authOf(req), bytes, ext, mime) });
      },
    );

    // invitations (public: the link is the credential)
    app.get(
      '/bussiness/invitation',
      {
        schema: {
          response: replies('GET /bussiness/invitation'),
          tags: subTags,
          summary: 'Who an invitation link is for',
          querystring: z.object({ token: zInviteToken }),
        },
      },
      async (req) => {
        const { user } = await team.invitation(req.query.token);
        return ok({ name: user.name, email: user.email });
      },
    );
    app.post(
      '/bussiness/acceptInvitation',
      {
        schema: {
          response: replies('POST /bussiness/acceptInvitation'),
          tags: subTags,
          summary: 'Set the password from an invitation link',
          body: z.object({
            token: zInviteToken,
            newPassword: zNewPassword,
            confirmPassword: z.string().max(TEXT_FIELD_MAX, MSG.passwordsMustMatch).optional(),
          }),
        },
      },
      async (req) => {
        if (req.body.confirmPassword !== undefined && req.body.confirmPassword !== req.body.newPassword) {
          throw badRequest(MSG.passwordsMustMatch, { errors: { confirmPassword: MSG.passwordsMustMatch } });
        }
        return ok(await team.acceptInvitation(req.body.token, req.body.newPassword), TEAM_MSG.inviteAccepted);
      },
    );
  };
