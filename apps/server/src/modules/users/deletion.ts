import { ACCOUNT_DELETED, ACCOUNT_HAS_LINKED_ACCOUNTS, MSG } from '@virality/domain';
import { conflict, forbidden } from '../../errors';
import type { TUnitOfWork } from '../../lib/unit-of-work';
import type { TAuthService } from '../auth/service';
import type { TCampaignsService } from '../campaigns/service';
import type { TMoneyService } from '../money/service';
import type { TNotificationsService } from '../notifications/service';
import type { TSocialAccountsService } from '../social-accounts/service';
import type { TTeamService } from '../team/service';
import type { TUsersService } from './service';

/**
 * Account deletion: the account is closed with its reason, its
 * e-mail, phone, Google id and username are freed, its sessions end, its push tokens and unread
 * notifications go; a business's sub-users are closed and signed out with it. An account whose
 * organization still has linked social accounts is refused: they are unlinked first, so no network's
 * access outlives the account. A business's team member works with the business's accounts, which stay
 * the business's: that never holds their own deletion up. An account with money in its wallet, a withdrawal
 * on its way or a payment to it not settled is refused (409, saying what to do): nothing is left in a closed wallet.
 * A brand's or an IMC's campaigns that have not passed their last day end with the account, and their influencers
 * are told.
 */
export function createAccountDeletion(deps: {
  users: TUsersService;
  auth: TAuthService;
  notifications: TNotificationsService;
  team: TTeamService;
  socialAccounts: Pick<TSocialAccountsService, 'socialLinks'>;
  money: Pick<TMoneyService, 'assertNothingHeld'>;
  campaigns: Pick<TCampaignsService, 'endCampaignsOf'>;
  unitOfWork: TUnitOfWork;
}) {
  const { users, auth, notifications, team, socialAccounts, money, campaigns, unitOfWork } = deps;
  return {
    message: ACCOUNT_DELETED,
    async deleteAccount(userId: string, remarks: string) {
      const user = await users.requireUser(userId);
      if (user.profileType !== 'BUSINESS_MANAGER') {
        const links = await socialAccounts.socialLinks({ userId, user });
        if (Object.values(links).some((list) => list.length > 0)) throw conflict(ACCOUNT_HAS_LINKED_ACCOUNTS);
      }
      await unitOfWork(async () => {
        // money is never left in, or on its way to, a closed account: the owner withdraws it first
        await money.assertNothingHeld(userId);
        await users.closeAccount(userId, remarks);
        // the campaigns a brand or an IMC runs end with its account; everyone tagged in one is told
        if (user.profileType === 'IMC' || user.profileType === 'BRANDS') await campaigns.endCampaignsOf(userId);
        await notifications.clearPending(userId);
        await notifications.removeDeviceTokens(userId, 'web');
        await auth.revokeAll(userId);
        // A business's managers work inside its organization: they lose access with it, at once.
        if (user.profileType === 'BUSINESS') await team.closeTeamOf(user.id);
      });
    },
    /** admin/notification/removeFrSchNotifByUser: a user may clear only their own pending notifications. */
    async removeScheduledNotifications(userId: string, userIdArray: string[]) {
      if (userIdArray.some((id) => id !== userId)) throw forbidden(MSG.forbidden);
      return notifications.clearPending(userId);
    },
  };
}
export type TAccountDeletion = ReturnType<typeof createAccountDeletion>;
