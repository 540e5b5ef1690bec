import { ACCOUNT_DELETED, MSG } from '@virality/domain';
import { forbidden } from '../../errors';
import type { TAuthService } from '../auth/service';
import type { TNotificationsService } from '../notifications/service';
import type { TUsersService } from './service';

/**
 * Account deletion (seed 001 §4 "Delete account"): the account is closed with its reason, its
 * e-mail, phone, Google id and username are freed, its sessions end and its push tokens go.
 */
export function createAccountDeletion(deps: { users: TUsersService; auth: TAuthService; notifications: TNotificationsService }) {
  const { users, auth, notifications } = deps;
  return {
    message: ACCOUNT_DELETED,
    async deleteAccount(userId: string, remarks: string) {
      await users.requireUser(userId);
      await users.closeAccount(userId, remarks);
      await notifications.removeDeviceTokens(userId, 'web');
      await auth.revokeAll(userId);
    },
    /** admin/notification/removeFrSchNotifByUser: a user may clear only their own pending notifications. */
    async removeScheduledNotifications(userId: string, userIdArray: string[]) {
      if (userIdArray.some((id) => id !== userId)) throw forbidden(MSG.forbidden);
      return notifications.clearPending(userId);
    },
  };
}
export type TAccountDeletion = ReturnType<typeof createAccountDeletion>;
