import { MSG } from '@virality/domain';
import type { Clock } from '../../clock';
import { forbidden } from '../../errors';
import { newId } from '../../lib/ids';
import type { createNotificationsRepository } from './repository';

/** A call that names a user (`?userId=`, body `userId`) may only name the caller. */
const assertSelf = (authUserId: string, userId: string | undefined) => {
  if (userId && userId !== authUserId) throw forbidden(MSG.forbidden);
};

export function createNotificationsService(deps: { repo: ReturnType<typeof createNotificationsRepository>; clock: Clock }) {
  const { repo, clock } = deps;
  return {
    unseenCount: (userId: string) => repo.unseenCount(userId),
    markAllSeen: (userId: string) => repo.markAllSeen(userId),
    /** Adds an in-app notification for a user (later modules: post results, drafts, payments). */
    async notify(userId: string, n: { type: string; title: string; description?: string; payload?: unknown }) {
      await repo.insertActivity({
        id: newId(),
        userId,
        type: n.type,
        title: n.title,
        description: n.description ?? null,
        payload: n.payload ?? null,
        createdAt: clock.now(),
      });
    },
    /** admin/notification/ctrCount: the user arrived from a notification. */
    async recordClick(authUserId: string, userId?: string) {
      assertSelf(authUserId, userId);
      await repo.recordClick({ id: newId(), userId: authUserId, createdAt: clock.now() });
      return repo.clickCount(authUserId);
    },
    async registerDeviceToken(authUserId: string, userId: string | undefined, deviceType: string, token: string) {
      assertSelf(authUserId, userId);
      await repo.saveDeviceToken({ id: newId(), userId: authUserId, deviceType, token, createdAt: clock.now() });
    },
    removeDeviceTokens: (userId: string, deviceType: string, token?: string) =>
      repo.removeDeviceTokens(userId, deviceType, token),
    /** Drops the user's unread notifications (account deletion). */
    clearPending: (userId: string) => repo.deleteUnread(userId),
  };
}
export type TNotificationsService = ReturnType<typeof createNotificationsService>;
