import {
  ACTIVITY_PAGE_SIZE,
  DEFAULT_NOTIFICATION_SETTINGS,
  MSG,
  NOTIFICATION_MSG,
  NOTIFICATION_SETTING_KEYS,
  notificationAllowed,
  type TActivity,
  type TActivityPage,
  type TActivityType,
  type TNotificationCategory,
  type TNotificationSettings,
  type TNotificationSettingsUpdate,
  zActivity,
} from '@virality/domain';
import type { Clock } from '../../clock';
import { forbidden, notFound } from '../../errors';
import { newId } from '../../lib/ids';
import type { createNotificationsRepository, TActivityRow } from './repository';

/** The devices of one type a user keeps registered (the newest; a browser or phone replaced long ago is gone). */
export const DEVICES_KEPT = 10;

/** A call that names a user (`?userId=`, body `userId`) may only name the caller. */
const assertSelf = (authUserId: string, userId: string | undefined) => {
  if (userId && userId !== authUserId) throw forbidden(MSG.forbidden);
};

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const zPostResData = zActivity.shape.postResData.unwrap();

/**
 * A stored notification as the list shows it: what its payload carries (the post it opens, a post's result, a
 * review's remarks...) is lifted to the places the clients read it; anything else in the payload stays inside.
 */
export function toActivity(row: TActivityRow): TActivity {
  const p =
    row.payload && typeof row.payload === 'object' && !Array.isArray(row.payload) ? (row.payload as Record<string, unknown>) : {};
  const payloadId = text(p.payloadId);
  const network = text(p.network);
  const result = zPostResData.safeParse(p.postResData);
  const userIds = Array.isArray(p.userIds) && p.userIds.every((u) => typeof u === 'string') ? (p.userIds as string[]) : undefined;
  const remarks = text(p.remarks);
  const status = text(p.status);
  const postMessage = text(p.postMessage);
  return {
    _id: row.id,
    type: row.type,
    title: row.title,
    description: row.description,
    isRead: row.isRead,
    isSeen: row.isSeen,
    createdAt: row.createdAt.toISOString(),
    senderId: row.senderId ? { _id: row.senderId, name: row.senderName, profileImage: row.senderImage } : null,
    payload: payloadId || network ? { ...(payloadId ? { payloadId } : {}), ...(network ? { network } : {}) } : null,
    ...(result.success ? { postResData: result.data } : {}),
    ...(userIds ? { userIds } : {}),
    ...(remarks ? { remarks } : {}),
    ...(status ? { status } : {}),
    ...(postMessage ? { postMessage } : {}),
  };
}

/** A notification just written, as a delivery channel (Web Push) receives it. */
export type TNotified = { id: string; userId: string; type: string; title: string; description: string | null; payload: unknown };

export type TNotifyInput = {
  type: TActivityType;
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
  /** Reads a device token before it is kept (Web Push: the subscription and where it points): the token to keep. */
  checkDeviceToken?: (deviceType: string, token: string) => Promise<string>;
}) {
  const { repo, clock, deliver, checkDeviceToken } = deps;
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
    /** activity/getAllActivityById: a page of the caller's notifications (10, newest first) and how many pages. */
    async list(authUserId: string, userId: string | undefined, page: number): Promise<TActivityPage> {
      assertSelf(authUserId, userId);
      const { rows, total } = await repo.page(authUserId, (page - 1) * ACTIVITY_PAGE_SIZE, ACTIVITY_PAGE_SIZE);
      return { docs: rows.map(toActivity), page, pages: Math.ceil(total / ACTIVITY_PAGE_SIZE), total };
    },
    /** activity/markReadActivity: one of the caller's notifications read (and seen); another's is not found. */
    async markRead(userId: string, activityId: string): Promise<TActivity> {
      const row = await repo.markRead(userId, activityId);
      if (!row) throw notFound(NOTIFICATION_MSG.notFound);
      return toActivity(row);
    },
    /** activity/deleteActivity: one of the caller's notifications deleted; another's is not found (and stays). */
    async remove(userId: string, activityId: string): Promise<{ _id: string }> {
      if (!(await repo.deleteOne(userId, activityId))) throw notFound(NOTIFICATION_MSG.notFound);
      return { _id: activityId };
    },
    /** activity/deleteAllActivity: every notification of the caller deleted; how many. */
    removeAll: (userId: string) => repo.deleteAll(userId),
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
      const kept = checkDeviceToken ? await checkDeviceToken(deviceType, token) : token;
      await repo.saveDeviceToken(
        { id: newId(), userId: authUserId, deviceType, token: kept, createdAt: clock.now() },
        DEVICES_KEPT,
      );
    },
    /** Removes the user's tokens of a device type, or only `token` (read as it was when registered). */
    async removeDeviceTokens(userId: string, deviceType: string, token?: string): Promise<number> {
      const kept = token && checkDeviceToken ? await checkDeviceToken(deviceType, token).catch(() => token) : token;
      return repo.removeDeviceTokens(userId, deviceType, kept);
    },
    /** The user's device tokens of a type, newest first (the push channels read them). */
    deviceTokens: (userId: string, deviceType: string) => repo.deviceTokensOf(userId, deviceType),
    /** Drops the user's unread notifications (account deletion). */
    clearPending: (userId: string) => repo.deleteUnread(userId),
  };
}
export type TNotificationsService = ReturnType<typeof createNotificationsService>;
