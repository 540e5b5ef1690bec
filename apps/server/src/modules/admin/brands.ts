import { ADMIN_BRANDS_PAGE_SIZE, ADMIN_MSG, brandContact, type TAdminBrandRow, type TCreateBrandBody } from '@virality/domain';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import type { TMessenger } from '../../integrations/messenger';
import type { TUnitOfWork } from '../../lib/unit-of-work';
import type { TAuthContext } from '../auth/service';
import type { TTeamService } from '../team/service';
import type { TUserRow } from '../users/repository';
import type { TUsersService } from '../users/service';
import type { TAccountListRow, TAccountsRepository } from './accounts-repository';
import type { TAuditService } from './audit';

type TDeps = {
  accounts: TAccountsRepository;
  users: TUsersService;
  team: TTeamService;
  audit: TAuditService;
  messenger: TMessenger;
  unitOfWork: TUnitOfWork;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const phoneOf = (r: { phoneCode: string | null; mobileNumber: string | null }) =>
  r.mobileNumber ? `${r.phoneCode ? `+${r.phoneCode} ` : ''}${r.mobileNumber}` : null;

export const toBrandRow = (r: TAccountListRow): TAdminBrandRow => ({
  _id: r.id,
  name: r.name,
  email: r.email,
  phone: phoneOf(r),
  active: r.userStatus,
  passwordSet: r.passwordSet,
  closed: !!r.deletedAt,
  plan:
    r.planType && r.planStatus && r.planEndDate
      ? { planType: r.planType, planStatus: r.planStatus, planEndDate: r.planEndDate.toISOString() }
      : null,
  lastLoginAt: iso(r.lastLoginAt),
  createdAt: r.createdAt.toISOString(),
});

/** What an audit row keeps of a brand: who it is and how it is reached, never a credential or a link. */
const auditView = (r: { name: string | null; email: string | null; phoneCode: string | null; mobileNumber: string | null }) => ({
  name: r.name,
  email: r.email,
  phone: phoneOf(r),
  profileType: 'BRANDS',
});

/**
 * The console's brands. A BRANDS account never signs up itself: an admin makes it with a name and an e-mail or a
 * mobile, and the brand gets a link to set its password there (as invited sub-users and admins do). Setting the
 * password proves that address; from then on the brand logs in and meets the onboarding and the plan gate as a
 * business does. Deactivating and reactivating a brand is the Users section's call (PUT admin/users/status).
 */
export function createBrandsService(deps: TDeps) {
  const { accounts, users, team, audit, messenger, unitOfWork } = deps;

  /** Sends the invitation to the address the brand was made with: e-mail, or SMS for a mobile. */
  async function sendInvitation(u: TUserRow, invitation: { token: string; link: string }) {
    const body = `Hello ${u.name ?? ''}, your brand account on Virality is ready. Set your password within 7 days: ${invitation.link}`;
    if (u.email)
      await messenger.send({
        channel: 'email',
        to: u.email,
        subject: 'Your brand account on Virality',
        body,
        secret: invitation.token,
      });
    else await messenger.send({ channel: 'sms', to: u.phoneKey!, body, secret: invitation.token });
  }

  const assertCanSend = (channel: 'email' | 'sms') => {
    if (!messenger.canSend(channel))
      throw new AppError(503, channel === 'email' ? ADMIN_MSG.emailUnavailable : ADMIN_MSG.smsUnavailable);
  };

  async function requireBrand(id: string) {
    const row = await accounts.account(id);
    if (row?.profileType !== 'BRANDS') throw notFound(ADMIN_MSG.brandNotFound);
    return row;
  }

  return {
    /** POST admin/brands: a new BRANDS account without a password, and its invitation; audited. */
    async createBrand(a: TAuthContext, body: TCreateBrandBody) {
      const id = brandContact(body);
      if (!id.ok) throw badRequest(id.message);
      const name = body.name.trim();
      if (await users.findByKey(id.value.key)) throw conflict(ADMIN_MSG.brandExists);
      assertCanSend(id.value.kind === 'email' ? 'email' : 'sms');
      const contact =
        id.value.kind === 'email'
          ? { email: id.value.email }
          : { phoneCode: id.value.phoneCode, mobileNumber: id.value.mobileNumber, phoneKey: id.value.key };
      const brandId = await unitOfWork(async () => {
        const user = await users.createAccount({
          ...contact,
          name,
          passwordHash: null,
          profileType: 'BRANDS',
          authType: 'LOCAL',
          profileCompleted: false,
        });
        const invitation = await team.invitationLink(user);
        await audit.record({
          actorId: a.userId,
          action: 'brand.create',
          targetType: 'user',
          targetId: user.id,
          after: { ...auditView(user), userStatus: true },
        });
        await sendInvitation(user, invitation);
        return user.id;
      });
      return { brand: toBrandRow(await requireBrand(brandId)) };
    },

    /** GET admin/brands: the brands, newest first, matching a search by name, e-mail or phone. */
    async listBrands(q: string | undefined, page: number) {
      const { rows, total } = await accounts.pageAccounts(q?.trim() || null, page, ADMIN_BRANDS_PAGE_SIZE, 'BRANDS');
      return {
        brands: rows.map(toBrandRow),
        total,
        page,
        pages: Math.max(1, Math.ceil(total / ADMIN_BRANDS_PAGE_SIZE)),
      };
    },

    /**
     * POST admin/brands/:id/invitation: a new link for a brand that has not set its password yet; it replaces the
     * earlier links, so only the newest sets the password. Audited.
     */
    async resendInvitation(a: TAuthContext, brandId: string) {
      const row = await requireBrand(brandId);
      if (row.deletedAt) throw badRequest(ADMIN_MSG.closed);
      if (row.passwordSet) throw badRequest(ADMIN_MSG.brandPasswordSet);
      if (!row.userStatus) throw badRequest(ADMIN_MSG.brandInactive);
      const user = await users.findById(brandId);
      if (!user) throw notFound(ADMIN_MSG.brandNotFound);
      assertCanSend(user.email ? 'email' : 'sms');
      await unitOfWork(async () => {
        const invitation = await team.renewInvitationLink(user);
        await audit.record({
          actorId: a.userId,
          action: 'brand.invite',
          targetType: 'user',
          targetId: user.id,
          before: auditView(user),
          after: auditView(user),
        });
        await sendInvitation(user, invitation);
      });
      return { brand: toBrandRow(await requireBrand(brandId)) };
    },
  };
}
export type TBrandsService = ReturnType<typeof createBrandsService>;
