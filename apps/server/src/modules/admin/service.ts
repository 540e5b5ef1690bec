import { ADMIN_MSG, ADMIN_USERS_PAGE_SIZE, MSG, type TAdminRow, type TAdminUserRow, type TProfileType } from '@virality/domain';
import type { Clock } from '../../clock';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import type { TMessenger } from '../../integrations/messenger';
import type { TUnitOfWork } from '../../lib/unit-of-work';
import type { TAuthContext, TAuthService } from '../auth/service';
import type { TTeamService } from '../team/service';
import type { TUsersService } from '../users/service';
import type { TAccountListRow, TAccountsRepository } from './accounts-repository';
import type { TAuditService } from './audit';

type TDeps = {
  accounts: TAccountsRepository;
  users: TUsersService;
  auth: TAuthService;
  team: TTeamService;
  audit: TAuditService;
  messenger: TMessenger;
  unitOfWork: TUnitOfWork;
  clock: Clock;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const toAdminUserRow = (r: TAccountListRow): TAdminUserRow => ({
  _id: r.id,
  name: r.name,
  userName: r.userName,
  email: r.email,
  phone: r.mobileNumber ? `${r.phoneCode ? `+${r.phoneCode} ` : ''}${r.mobileNumber}` : null,
  profileType: r.profileType as TProfileType,
  plan:
    r.planType && r.planStatus && r.planEndDate
      ? { planType: r.planType, planStatus: r.planStatus, planEndDate: r.planEndDate.toISOString() }
      : null,
  networks: r.networks ?? [],
  lastLoginAt: iso(r.lastLoginAt),
  active: r.userStatus,
  closed: !!r.deletedAt,
  createdAt: r.createdAt.toISOString(),
});

export const toAdminRow = (r: TAccountListRow): TAdminRow => ({
  _id: r.id,
  email: r.email,
  name: r.name,
  state: !r.userStatus ? 'INACTIVE' : !r.passwordSet ? 'INVITED' : 'ACTIVE',
  lastLoginAt: iso(r.lastLoginAt),
  createdAt: r.createdAt.toISOString(),
});

/** What an audit row keeps of an account: who it is and its state, never a credential. */
const auditView = (r: TAccountListRow) => ({
  email: r.email,
  name: r.name,
  profileType: r.profileType,
  userStatus: r.userStatus,
});

/**
 * The console's accounts: admins (made on the command line or invited by another admin) and every other account
 * (search, deactivate, reactivate). Every write records its audit row in the same unit of work.
 */
export function createAdminService(deps: TDeps) {
  const { accounts, users, auth, team, audit, messenger, unitOfWork } = deps;

  /**
   * A new ADMIN without a password and its invitation link (set the password at /set-password). Nothing is written
   * when the address has an account already. `actorId` is the inviting admin (null on the command line).
   */
  async function makeAdmin(input: { email: string; name?: string | null }, actorId: string | null, send: boolean) {
    const email = input.email.trim().toLowerCase();
    if (await users.findByKey(email)) throw conflict(ADMIN_MSG.accountExists);
    if (send && !messenger.canSend('email')) throw new AppError(503, ADMIN_MSG.emailUnavailable);
    return unitOfWork(async () => {
      const user = await users.createAccount({
        email,
        passwordHash: null,
        profileType: 'ADMIN',
        authType: 'LOCAL',
        profileCompleted: true,
        name: input.name?.trim() || null,
      });
      const invitation = await team.invitationLink(user);
      await audit.record({
        actorId,
        action: actorId ? 'admin.invite' : 'admin.create',
        targetType: 'user',
        targetId: user.id,
        after: { email, name: user.name, profileType: 'ADMIN' },
      });
      if (send) {
        await messenger.send({
          channel: 'email',
          to: email,
          subject: 'You are invited to run Virality as an admin',
          body: `Hello${user.name ? ` ${user.name}` : ''}, you have been made an admin of Virality. Set your password within 7 days: ${invitation.link}`,
          secret: invitation.token,
        });
      }
      const row = await accounts.account(user.id);
      return { admin: toAdminRow(row!), link: invitation.link, expiresAt: invitation.expiresAt };
    });
  }

  /**
   * Deactivates (every session ends at once) or reactivates an account, audited as `<kind>.deactivate` or
   * `<kind>.reactivate`, in one unit of work; `check` runs first inside it (a rule that must see the write's rows).
   */
  async function writeActive(
    a: TAuthContext,
    before: TAccountListRow,
    active: boolean,
    kind: 'user' | 'admin',
    check?: () => Promise<void>,
  ) {
    await unitOfWork(async () => {
      await check?.();
      await users.setActive(before.id, active);
      if (!active) await auth.revokeAll(before.id);
      await audit.record({
        actorId: a.userId,
        action: `${kind}.${active ? 'reactivate' : 'deactivate'}`,
        targetType: 'user',
        targetId: before.id,
        before: auditView(before),
        after: { ...auditView(before), userStatus: active },
      });
    });
  }

  /**
   * An admin who lost the password: a new one-time link to set it (the open ones void; good for 7 days). Codes are
   * never sent to an admin's address, so this, from the command line, is the way back in. Audited as made there.
   */
  async function adminPasswordLink(emailInput: string) {
    const email = emailInput.trim().toLowerCase();
    const user = await users.findByKey(email);
    if (user?.profileType !== 'ADMIN') throw conflict(ADMIN_MSG.accountExists);
    return unitOfWork(async () => {
      const invitation = await team.renewInvitationLink(user);
      await audit.record({ actorId: null, action: 'admin.password_link', targetType: 'user', targetId: user.id });
      return { email, link: invitation.link, expiresAt: invitation.expiresAt };
    });
  }

  return {
    makeAdmin,
    adminPasswordLink,
    anyAdmin: () => accounts.anyAdmin(),

    /** POST admin/admins: invites another admin by e-mail. */
    async inviteAdmin(a: TAuthContext, body: { email: string; name?: string | null }) {
      const { admin } = await makeAdmin(body, a.userId, true);
      return { admin };
    },

    /**
     * PUT admin/admins/status: deactivates another admin (every session ends at once) or reactivates one. Nobody
     * deactivates themselves, and the last admin who can log in stays one: counted inside the write with the admins
     * locked, so two admins deactivating each other at once cannot leave none.
     */
    async setAdminActive(a: TAuthContext, userId: string, active: boolean) {
      const before = await accounts.account(userId);
      if (before?.profileType !== 'ADMIN') throw notFound(ADMIN_MSG.adminNotFound);
      if (before.deletedAt) throw badRequest(ADMIN_MSG.closed);
      if (!active && userId === a.userId) throw badRequest(ADMIN_MSG.adminSelf);
      if (before.userStatus === active) throw badRequest(active ? ADMIN_MSG.alreadyActive : ADMIN_MSG.alreadyInactive);
      await writeActive(a, before, active, 'admin', async () => {
        if (!active && before.passwordSet && (await accounts.activeAdminCount()) <= 1) throw badRequest(ADMIN_MSG.lastAdmin);
      });
      const after = await accounts.account(userId);
      if (!after) throw notFound(ADMIN_MSG.adminNotFound);
      return { admin: toAdminRow(after) };
    },

    async listAdmins() {
      return { admins: (await accounts.admins()).map(toAdminRow) };
    },

    /** GET admin/users: every account but the admins, newest first, matching the search. */
    async searchUsers(q: string | undefined, page: number) {
      const { rows, total } = await accounts.pageAccounts(q?.trim() || null, page, ADMIN_USERS_PAGE_SIZE);
      return {
        users: rows.map(toAdminUserRow),
        total,
        page,
        pages: Math.max(1, Math.ceil(total / ADMIN_USERS_PAGE_SIZE)),
      };
    },

    /**
     * PUT admin/users/status: deactivates (every session ends at once) or reactivates an account. Admins are
     * not changed here, nor a closed account; a change that changes nothing is refused.
     */
    async setUserActive(a: TAuthContext, userId: string, active: boolean) {
      const before = await accounts.account(userId);
      if (!before || before.profileType === 'ADMIN') throw notFound(ADMIN_MSG.accountNotFound);
      if (before.deletedAt) throw badRequest(ADMIN_MSG.closed);
      if (before.userStatus === active) throw badRequest(active ? ADMIN_MSG.alreadyActive : ADMIN_MSG.alreadyInactive);
      await writeActive(a, before, active, 'user');
      const after = await accounts.account(userId);
      if (!after) throw notFound(MSG.userNotFound);
      return { user: toAdminUserRow(after) };
    },
  };
}
export type TAdminService = ReturnType<typeof createAdminService>;
