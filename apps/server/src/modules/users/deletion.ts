import { ACCOUNT_DELETED, MSG } from '@virality/domain';
import { forbidden } from '../../errors';
import type { TUnitOfWork } from '../../lib/unit-of-work';
import type { TAuthService } from '../auth/service';
import type { TNotificationsService } from '../notifications/service';
import type { TTeamService } from '../team/service';
import type { TUsersService } from './service';

/**
 * Account deletion: the account is closed with its reason, its
 * e-mail, phone, Google id and username are freed, its sessions end and its push tokens go; a
 * business's sub-users are closed and signed out with it.
 */
export function createAccountDeletion(deps: {
  users: TUsersService;
  auth: TAuthService;
  notifications: TNotificationsService;
  team: TTeamService;
  unitOfWork: TUnitOfWork;
}) {
  const { users, auth, notifications, team, unitOfWork } = deps;
  return {
    message: ACCOUNT_DELETED,
    async deleteAccount(userId: string, remarks: string) {
      const user = await users.requireUser(userId);
      await unitOfWork(async () => {
        await users.closeAccount(userId, remarks);
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
