import {
  DEFAULT_NOTIFICATION_SETTINGS,
  MSG,
  NOTIFICATION_SETTING_KEYS,
  notificationAllowed,
  type TNotificationCategory,
  type TNotificationSettings,
  type TNotificationSettingsUpdate,
} from '@virality/domain';
import type { Clock } from '../../clock';
import { forbidden } from '../../errors';
import { newId } from '../../lib/ids';
import type { createNotificationsRepository } from './repository';

/** A call that names a user (`?userId=`, body `userId`) may only name the caller. */
const assertSelf = (authUserId: string, userId: string | undefined) => {
  if (userId && userId !== authUserId) throw forbidden(MSG.forbidden);
};

/** A notification just written, as a delivery channel (Web Push) receives it. */
export type TNotified = { id: string; userId: string; type: string; title: string; description: string | null; payload: unknown };

export type TNotifyInput = {
  type: string;
  title: string;
  description?: string;
  payload?: unknown;
  /** Who caused it (shown with their picture). */
  senderId?: string;
  /** Names what happened, once per user: a second notify with the same key writes nothing and delivers nothing. */
  dedupeKey?: string;
};

export function createNotificationsService(deps: {
  repo: ReturnType<typeof createNotificationsRepository>;
  clock: Clock;
  /**
   * Called after a notification is written, inside the caller's unit of work when there is one (so a delivery
   * job is queued with the notification or not at all); it must not wait on the network.
   */
  deliver?: (n: TNotified) => Promise<void>;
}) {
  const { repo, clock, deliver } = deps;
  return {
    unseenCount: (userId: string) => repo.unseenCount(userId),
    markAllSeen: (userId: string) => repo.markAllSeen(userId),
    /**
     * Adds an in-app notification for a user and hands it to delivery; true when it was written now (false when
     * its dedupeKey was already there: nothing is written or delivered twice).
     */
    async notify(userId: string, n: TNotifyInput): Promise<boolean> {
      const row = {
        id: newId(),
        userId,
        type: n.type,
        title: n.title,
        description: n.description ?? null,
        payload: n.payload ?? null,
        senderId: n.senderId ?? null,
        dedupeKey: n.dedupeKey ?? null,
        createdAt: clock.now(),
      };
      if (!(await repo.insertActivity(row))) return false;
      if (deliver) await deliver(row);
      return true;
    },
    /** GET user/notificationSettings: the caller's four switches (the defaults until they change one). */
    async settings(authUserId: string, userId?: string): Promise<TNotificationSettings> {
      assertSelf(authUserId, userId);
      return (await repo.settingsOf(authUserId)) ?? { ...DEFAULT_NOTIFICATION_SETTINGS };
    },
    /** PUT user/notificationSettings: changes the switches named, keeps the others; answers all four. */
    async updateSettings(authUserId: string, userId: string | undefined, body: TNotificationSettingsUpdate) {
      assertSelf(authUserId, userId);
      const changes: Partial<TNotificationSettings> = {};
      for (const key of NOTIFICATION_SETTING_KEYS) if (body[key] !== undefined) changes[key] = body[key];
      return repo.saveSettings(authUserId, changes, DEFAULT_NOTIFICATION_SETTINGS, clock.now());
    },
    /** Whether a push or an e-mail of this kind may go to the user (their switches; in-app notifications always). */
    async allows(userId: string, category: TNotificationCategory): Promise<boolean> {
      return notificationAllowed((await repo.settingsOf(userId)) ?? DEFAULT_NOTIFICATION_SETTINGS, category);
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
