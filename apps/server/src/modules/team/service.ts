import { createHash, randomBytes } from 'node:crypto';
import {
  effectivePermissions,
  GUARD_MSG,
  INVITE_TTL_DAYS,
  imageUrlIssue,
  LINKED_ACCOUNT_NOT_FOUND,
  MSG,
  normalizePermissions,
  ownUploadPrefix,
  refusalOf,
  SCHEDULER_INCONSISTENT,
  schedulerConsistent,
  subUserSchema,
  type TActor,
  TEAM_MSG,
  TEAM_PAGE_SIZE,
  type TLinkedAccountRef,
  type TPermissionAction,
  type TPermissionEntry,
  type TProfileType,
  toIsoDate,
  zNewPassword,
} from '@virality/domain';
import type { z } from 'zod';
import type { Clock } from '../../clock';
import { AppError, badRequest, forbidden, notFound } from '../../errors';
import type { TMessenger } from '../../integrations/messenger';
import { newId } from '../../lib/ids';
import type { TUnitOfWork } from '../../lib/unit-of-work';
import type { TAuthContext, TAuthService } from '../auth/service';
import type { TUserRow } from '../users/repository';
import type { TUsersService } from '../users/service';
import type { TRoleRow, TTeamRepository } from './repository';

type TDeps = {
  repo: TTeamRepository;
  unitOfWork: TUnitOfWork;
  users: TUsersService;
  auth: TAuthService;
  messenger: TMessenger;
  clock: Clock;
  publicUrl: string;
  /** Whether the business's plan runs (the subscriptions module): building a team needs one. */
  plans: { planRuns(ownerId: string): Promise<boolean> };
};

/** A 400 naming every field in error: the schema's issues, then `extra` (rules checked outside the schema). */
const firstIssue = (error: z.ZodError | undefined, extra: Record<string, string> = {}) => {
  const errors: Record<string, string> = {};
  for (const i of error?.issues ?? []) {
    const k = String(i.path[0] ?? '_');
    errors[k] ??= i.message;
  }
  for (const [k, message] of Object.entries(extra)) errors[k] ??= message;
  return badRequest(error?.issues[0]?.message ?? Object.values(extra)[0] ?? MSG.somethingWentWrong, { errors });
};
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const pages = (total: number) => Math.max(1, Math.ceil(total / TEAM_PAGE_SIZE));

export const roleDto = (r: TRoleRow) => ({ _id: r.id, roleName: r.roleName, roleDesc: r.roleDesc, status: r.status });

function subUserDto(u: TUserRow, role: { id: string | null; roleName: string | null } | null) {
  return {
    _id: u.id,
    subUserId: {
      _id: u.id,
      name: u.name,
      userName: u.userName,
      email: u.email,
      mobileNumber: u.mobileNumber,
      phoneCode: u.phoneCode,
      dateOfBirth: u.dateOfBirth,
      gender: u.gender,
      profileImage: u.profileImage,
      backgroundColor: u.backgroundColor,
      userStatus: u.userStatus,
    },
    roleId: role?.id ? { _id: role.id, roleName: role.roleName } : null,
  };
}

/**
 * Business teams: roles with per-network module permissions, sub-users
 * (BUSINESS_MANAGER) and their invitations, and the one permission check later modules call.
 */
export function createTeamService(deps: TDeps) {
  const { repo, users, auth, messenger, clock, unitOfWork } = deps;
  const uploadPrefix = ownUploadPrefix(deps.publicUrl);

  /**
   * The sub-user form with today's date, and its photo: an https:// address or one of our own uploads
   * (`saved`, the sub-user's current photo sent back unchanged, is not judged again).
   */
  function parseSubUser(mode: 'create' | 'update', body: Record<string, unknown>, saved: string | null = null) {
    const parsed = subUserSchema(mode, toIsoDate(clock.now())).safeParse(body);
    const image =
      typeof body.profileImage === 'string' && body.profileImage !== saved
        ? imageUrlIssue(body.profileImage, uploadPrefix)
        : null;
    if (!parsed.success || image) throw firstIssue(parsed.error, image ? { profileImage: image } : {});
    return parsed.data;
  }

  /** Only the BUSINESS owner manages the team; a manager changes none. */
  function owner(a: TAuthContext) {
    if (a.role !== 'BUSINESS') throw forbidden(MSG.forbidden);
    return { orgId: a.user.orgId, businessId: a.user.id, user: a.user };
  }

  /**
   * The owner, building the team: adding or giving access needs the business's plan to run (402 before anything is
   * read or written). Taking access away (deactivating, deleting) never does.
   */
  async function builder(a: TAuthContext) {
    const o = owner(a);
    if (!(await deps.plans.planRuns(o.businessId))) throw new AppError(402, TEAM_MSG.planRequired);
    return o;
  }

  async function ownRole(orgId: string, roleId: string | undefined | null): Promise<TRoleRow> {
    if (!roleId) throw badRequest(TEAM_MSG.roleRequired);
    const role = await repo.findRole(orgId, roleId);
    if (!role) throw notFound(TEAM_MSG.roleNotFound);
    return role;
  }

  async function ownSubUser(businessId: string, userId: string | undefined | null): Promise<TUserRow> {
    if (!userId) throw badRequest(TEAM_MSG.userNotAvailable);
    const u = await users.findById(userId);
    if (!u || u.businessId !== businessId || u.profileType !== 'BUSINESS_MANAGER') throw notFound(TEAM_MSG.subUserNotFound);
    return u;
  }

  /**
   * A new invitation of `u`: a single-use link to set the password (/set-password), good for INVITE_TTL_DAYS; only
   * the token's hash is kept. Sub-users get theirs by e-mail; the console and the command line make them for admins
   * and brands too.
   */
  async function invitationLink(u: TUserRow): Promise<{ token: string; link: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + INVITE_TTL_DAYS * 86_400_000);
    await repo.insertInvitation({ id: newId(), userId: u.id, tokenHash: hashToken(token), expiresAt, createdAt: now });
    return { token, link: `${deps.publicUrl}/set-password?token=${token}`, expiresAt };
  }

  /** A new invitation of `u` that replaces every open one: only the newest link sets the password. */
  async function renewInvitationLink(u: TUserRow): Promise<{ token: string; link: string; expiresAt: Date }> {
    await repo.voidOpenInvitations(u.id, clock.now());
    return invitationLink(u);
  }

  async function invite(u: TUserRow, businessName: string | null) {
    const { token, link } = await invitationLink(u);
    await messenger.send({
      channel: 'email',
      to: u.email!,
      subject: `You are invited to manage ${businessName ?? 'a business'} on Virality`,
      body: `Hello ${u.name ?? ''}, ${businessName ?? 'a business'} added you to its team on Virality. Set your password within ${INVITE_TTL_DAYS} days: ${link}`,
      secret: token,
    });
  }

  /** The permissions a user works with: everything for non-managers (null), the role's for managers. */
  async function permissionsOf(user: TUserRow): Promise<TPermissionEntry[] | null> {
    if (user.profileType !== 'BUSINESS_MANAGER') return null;
    const role = user.roleId ? await repo.findRoleById(user.roleId) : null;
    return effectivePermissions(role?.permission ?? null, Boolean(role?.status));
  }

  return {
    permissionsOf,
    invitationLink,
    renewInvitationLink,

    /** Who `user` is to a permission check: organisation, role and (for a manager) the role's effective permissions. */
    async actorOf(user: TUserRow): Promise<TActor> {
      return {
        userId: user.id,
        orgId: user.orgId,
        role: user.profileType as TProfileType,
        permissions: await permissionsOf(user),
      };
    },

    /**
     * The one check every route and job calls before acting on a linked social account: 404 for another
     * organisation's account (its existence is not confirmed), 403 with the module's message for a manager
     * whose role does not allow it. The role is read through its cache, so a role change applies at once.
     */
    async assertCan(user: TUserRow, action: TPermissionAction, account: TLinkedAccountRef): Promise<void> {
      const refusal = refusalOf(await this.actorOf(user), action, account);
      if (refusal === LINKED_ACCOUNT_NOT_FOUND) throw notFound(refusal);
      if (refusal) throw forbidden(refusal);
    },

    /** What login and the status check add to a manager: businessRoleId {permission} and businessId. */
    async memberInfo(user: TUserRow) {
      if (user.profileType !== 'BUSINESS_MANAGER') return {};
      const role = user.roleId ? await repo.findRoleById(user.roleId) : null;
      return {
        businessId: user.businessId ? { _id: user.businessId } : null,
        businessRoleId: role
          ? {
              _id: role.id,
              roleName: role.roleName,
              status: role.status,
              permission: effectivePermissions(role.permission, role.status),
            }
          : null,
      };
    },

    // roles
    async listRoles(a: TAuthContext, page: number) {
      const { orgId } = owner(a);
      const { rows, total } = await repo.pageRoles(orgId, page, TEAM_PAGE_SIZE);
      return { roles: rows.map(roleDto), totalPages: pages(total), page, total };
    },
    async activeRoles(a: TAuthContext) {
      const { orgId } = owner(a);
      return { roles: (await repo.activeRoles(orgId)).map(roleDto) };
    },
    async createRole(a: TAuthContext, body: { roleName: string; roleDesc: string }) {
      const { orgId } = await builder(a);
      if (await repo.roleNameTaken(orgId, body.roleName.toLowerCase())) throw badRequest(TEAM_MSG.roleNameTaken);
      const now = clock.now();
      const role = await repo.insertRole({
        id: newId(),
        orgId,
        roleName: body.roleName,
        roleNameLower: body.roleName.toLowerCase(),
        roleDesc: body.roleDesc,
        status: true,
        permission: normalizePermissions([]),
        createdAt: now,
        updatedAt: now,
      });
      if (!role) throw badRequest(TEAM_MSG.roleNameTaken);
      return roleDto(role);
    },
    async updateRole(a: TAuthContext, roleId: string | undefined, body: { roleName: string; roleDesc: string }) {
      const { orgId } = await builder(a);
      const role = await ownRole(orgId, roleId);
      if (await repo.roleNameTaken(orgId, body.roleName.toLowerCase(), role.id)) throw badRequest(TEAM_MSG.roleNameTaken);
      return roleDto(
        await repo.updateRole(role.id, {
          roleName: body.roleName,
          roleNameLower: body.roleName.toLowerCase(),
          roleDesc: body.roleDesc,
          updatedAt: clock.now(),
        }),
      );
    },
    async setRoleStatus(a: TAuthContext, roleId: string, status: boolean) {
      const { orgId } = status ? await builder(a) : owner(a);
      const role = await ownRole(orgId, roleId);
      return roleDto(await repo.updateRole(role.id, { status, updatedAt: clock.now() }));
    },
    async deleteRole(a: TAuthContext, roleId: string | undefined) {
      const { orgId } = owner(a);
      const role = await ownRole(orgId, roleId);
      const holders = await repo.countHolders(role.id);
      if (holders > 0) throw badRequest(TEAM_MSG.roleInUse(holders));
      await repo.deleteRole(role.id);
    },
    async getPermission(a: TAuthContext, roleId: string | undefined) {
      const { orgId } = owner(a);
      const role = await ownRole(orgId, roleId);
      return { data: { permission: normalizePermissions(role.permission), roleId: role.id, roleName: role.roleName } };
    },
    async updatePermission(a: TAuthContext, roleId: string, list: Partial<TPermissionEntry>[]) {
      const { orgId } = await builder(a);
      const role = await ownRole(orgId, roleId);
      const permission = normalizePermissions(list);
      if (!schedulerConsistent(permission)) throw badRequest(SCHEDULER_INCONSISTENT);
      await repo.updateRole(role.id, { permission, updatedAt: clock.now() });
      return { data: { permission } };
    },

    // sub-users
    /** A sub-user's photo, stored under the business before the sub-user exists or changes. */
    async storeMemberImage(a: TAuthContext, bytes: Buffer, ext: string, mime: string) {
      const { businessId } = owner(a);
      return users.storeProfileImage(businessId, bytes, ext, mime);
    },
    async listSubUsers(a: TAuthContext, q: { businessId?: string; page: number; search?: string }) {
      const { businessId } = owner(a);
      if (q.businessId && q.businessId !== businessId) throw forbidden(MSG.forbidden);
      const { rows, total } = await repo.pageSubUsers(businessId, q.page, TEAM_PAGE_SIZE, q.search ?? null);
      return {
        result: rows.map((r) => subUserDto(r.user, { id: r.roleId, roleName: r.roleName })),
        pagination: { totalPages: pages(total), page: q.page, total },
      };
    },
    async getSubUser(a: TAuthContext, userId: string | undefined) {
      const { businessId, orgId } = owner(a);
      const u = await ownSubUser(businessId, userId);
      const role = u.roleId ? await repo.findRole(orgId, u.roleId) : null;
      return { result: subUserDto(u, role ? { id: role.id, roleName: role.roleName } : null) };
    },
    async addSubUser(a: TAuthContext, body: Record<string, unknown>) {
      const { businessId, orgId, user: ownerUser } = await builder(a);
      // The invitation is how the seat is claimed: without a way to send it, nobody is added.
      if (!messenger.canSend('email')) throw new AppError(503, GUARD_MSG.emailUnavailable);
      const input = parseSubUser('create', { ...body, roleId: body.roleId ?? body.role });
      const role = await ownRole(orgId, input.roleId);
      if (!role.status) throw badRequest(TEAM_MSG.roleInactive, { errors: { roleId: TEAM_MSG.roleInactive } });
      const phoneCode = (input.phoneCode ?? ownerUser.phoneCode ?? '91').replace(/^\+/, '');
      const created = await users.createMember({
        orgId,
        businessId,
        roleId: role.id,
        name: input.name,
        userName: input.userName,
        email: input.email,
        phoneCode,
        mobileNumber: input.mobileNumber,
        dateOfBirth: input.dateOfBirth,
        gender: input.gender,
        profileImage: input.profileImage ?? null,
        backgroundColor: input.backgroundColor ?? null,
      });
      await invite(created, ownerUser.name);
      return { result: subUserDto(created, { id: role.id, roleName: role.roleName }) };
    },
    async updateSubUser(a: TAuthContext, userId: string | undefined, body: Record<string, unknown>) {
      const { businessId, orgId } = await builder(a);
      const u = await ownSubUser(businessId, userId);
      const input = parseSubUser(
        'update',
        { ...body, email: body.email ?? u.email, roleId: body.roleId ?? body.role },
        u.profileImage,
      );
      if (input.email !== u.email) throw badRequest('Email cannot be changed', { errors: { email: 'Email cannot be changed' } });
      const role = await ownRole(orgId, input.roleId);
      if (!role.status && role.id !== u.roleId)
        throw badRequest(TEAM_MSG.roleInactive, { errors: { roleId: TEAM_MSG.roleInactive } });
      const updated = await users.updateMember(u.id, {
        roleId: role.id,
        name: input.name,
        userName: input.userName,
        phoneCode: (input.phoneCode ?? u.phoneCode ?? '91').replace(/^\+/, ''),
        mobileNumber: input.mobileNumber,
        dateOfBirth: input.dateOfBirth,
        gender: input.gender,
        profileImage: input.profileImage ?? u.profileImage,
        backgroundColor: input.backgroundColor ?? u.backgroundColor,
      });
      return { result: subUserDto(updated, { id: role.id, roleName: role.roleName }) };
    },
    /** Deactivating ends the sub-user's sessions at once. */
    async setSubUserStatus(a: TAuthContext, userId: string | undefined, status: boolean) {
      const { businessId } = status ? await builder(a) : owner(a);
      const u = await ownSubUser(businessId, userId);
      await unitOfWork(async () => {
        await users.setActive(u.id, status);
        if (!status) await auth.revokeAll(u.id);
      });
    },
    async deleteSubUser(a: TAuthContext, subUserId: string | undefined) {
      const { businessId } = owner(a);
      if (!subUserId) throw badRequest(TEAM_MSG.userNotSelected);
      const u = await ownSubUser(businessId, subUserId);
      await unitOfWork(async () => {
        await users.closeAccount(u.id, 'Removed by the business owner');
        await auth.revokeAll(u.id);
      });
    },
    /** permission/veiw: the owner sees a sub-user's access; a manager may see their own. */
    async viewPermission(a: TAuthContext, userId: string | undefined) {
      let target: TUserRow;
      if (a.role === 'BUSINESS_MANAGER') {
        if (userId && userId !== a.userId) throw forbidden(MSG.forbidden);
        target = a.user;
      } else {
        const { businessId } = owner(a);
        target = await ownSubUser(businessId, userId);
      }
      return { data: { permission: (await permissionsOf(target)) ?? [] } };
    },

    /** A pending member may still claim their seat by OTP only while an invitation stands. */
    mayClaimSeat: (user: TUserRow) => repo.hasOpenInvitation(user.id, clock.now()),

    /** A business that is deleted takes its team with it: every sub-user is closed and signed out at once. */
    async closeTeamOf(businessId: string) {
      for (const id of await repo.memberIds(businessId)) {
        await users.closeAccount(id, 'The business account was deleted');
        await auth.revokeAll(id);
      }
    },

    // invitations
    async invitation(token: string) {
      const inv = await repo.findInvitation(hashToken(token));
      const now = clock.now();
      if (!inv || inv.usedAt || inv.expiresAt.getTime() <= now.getTime()) throw badRequest(TEAM_MSG.inviteInvalid);
      const u = await users.findById(inv.userId);
      if (!u) throw badRequest(TEAM_MSG.inviteInvalid);
      return { inv, user: u };
    },
    async acceptInvitation(token: string, password: string) {
      const parsed = zNewPassword.safeParse(password);
      if (!parsed.success) throw firstIssue(parsed.error);
      const { inv, user } = await this.invitation(token);
      await unitOfWork(async () => {
        if (!(await repo.useInvitation(inv.id, clock.now()))) throw badRequest(TEAM_MSG.inviteInvalid);
        await users.acceptInvitation(user.id, password, user.email ? 'email' : 'phone');
        // a link that replaces a lost password ends whatever was signed in with the old one
        await auth.revokeAll(user.id);
      });
      return { emailPhone: user.email ?? user.phoneKey };
    },
  };
}
export type TTeamService = ReturnType<typeof createTeamService>;
