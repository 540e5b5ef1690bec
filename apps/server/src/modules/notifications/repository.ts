import type { TNotificationSettings } from '@virality/domain';
import { and, count, desc, eq, ne, notInArray, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { activities, deviceTokens, notificationClicks, notificationSettings, users } from '../../db/schema';
import { createCache } from '../../lib/cache';
import type { TChanges } from '../../lib/changes';

/** A notification with the name and picture of whoever caused it (null when nobody did, or they are gone). */
export type TActivityRow = typeof activities.$inferSelect & { senderName: string | null; senderImage: string | null };

export function createNotificationsRepository(db: TDb, changes: TChanges) {
  // a user's notifications with their senders, newest first (activities_user_idx reads them in this order)
  const withSender = () =>
    db
      .select({
        id: activities.id,
        userId: activities.userId,
        type: activities.type,
        title: activities.title,
        description: activities.description,
        payload: activities.payload,
        isRead: activities.isRead,
        isSeen: activities.isSeen,
        senderId: activities.senderId,
        dedupeKey: activities.dedupeKey,
        createdAt: activities.createdAt,
        senderName: users.name,
        senderImage: users.profileImage,
      })
      .from(activities)
      .leftJoin(users, eq(users.id, activities.senderId));
  // Prepared once: getUserStatus asks it on every call. A read outside any unit of work (never call it
  // from inside one: on the embedded database it would wait for the unit's own connection).
  const unseen = db
    .select({ n: count() })
    .from(activities)
    .where(and(eq(activities.userId, sql.placeholder('userId')), eq(activities.isSeen, false)))
    .prepare('unseen_count');
  // ... and its answer is kept until one of the user's notifications changes: every write below announces
  // 'activity' for the user whose rows it touched, heard by every process (lib/cache)
  const unseenByUser = createCache<{ userId: string; n: number }>(changes, {
    ttlMs: 30_000,
    max: 50_000,
    tags: (v) => [['activity', v.userId]],
  });
  return {
    async unseenCount(userId: string): Promise<number> {
      const kept = await unseenByUser.get(userId, async () => {
        const [row] = await unseen.execute({ userId });
        return { userId, n: Number(row?.n ?? 0) };
      });
      return kept?.n ?? 0;
    },
    async markAllSeen(userId: string): Promise<number> {
      const rows = await db
        .update(activities)
        .set({ isSeen: true })
        .where(and(eq(activities.userId, userId), eq(activities.isSeen, false)))
        .returning({ id: activities.id });
      // a user's open live streams show the new count (lib/changes: in every process)
      if (rows.length) await changes.changed('activity', userId);
      return rows.length;
    },
    /** One page of the user's notifications, newest first, and how many they have in all. */
    async page(userId: string, offset: number, limit: number): Promise<{ rows: TActivityRow[]; total: number }> {
      const [rows, [counted]] = await Promise.all([
        withSender()
          .where(eq(activities.userId, userId))
          .orderBy(desc(activities.createdAt), desc(activities.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(activities).where(eq(activities.userId, userId)),
      ]);
      return { rows, total: Number(counted?.n ?? 0) };
    },
    /** The user's notification `id` marked read (and seen), or null when the user has none with that id. */
    async markRead(userId: string, id: string): Promise<TActivityRow | null> {
      const updated = await db
        .update(activities)
        .set({ isRead: true, isSeen: true })
        .where(and(eq(activities.id, id), eq(activities.userId, userId)))
        .returning({ id: activities.id });
      if (updated.length === 0) return null;
      await changes.changed('activity', userId);
      const [row] = await withSender().where(and(eq(activities.id, id), eq(activities.userId, userId)));
      return row ?? null;
    },
    /** Deletes the user's notification `id`; false when the user has none with that id (nothing deleted). */
    async deleteOne(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(activities)
        .where(and(eq(activities.id, id), eq(activities.userId, userId)))
        .returning({ id: activities.id });
      if (rows.length) await changes.changed('activity', userId);
      return rows.length > 0;
    },
    /** Deletes every notification of the user; how many went. */
    async deleteAll(userId: string): Promise<number> {
      const rows = await db.delete(activities).where(eq(activities.userId, userId)).returning({ id: activities.id });
      if (rows.length) await changes.changed('activity', userId);
      return rows.length;
    },
    /** Writes a notification; false (and nothing written) when the user already has one with its dedupeKey. */
    async insertActivity(row: typeof activities.$inferInsert): Promise<boolean> {
      const written = await db
        .insert(activities)
        .values(row)
        .onConflictDoNothing({ target: [activities.userId, activities.dedupeKey] })
        .returning({ id: activities.id });
      if (written.length === 0) return false;
      await changes.changed('activity', row.userId);
      return true;
    },
    async deleteUnread(userId: string): Promise<number> {
      const rows = await db
        .delete(activities)
        .where(and(eq(activities.userId, userId), eq(activities.isRead, false)))
        .returning({ id: activities.id });
      if (rows.length) await changes.changed('activity', userId);
      return rows.length;
    },
    /** The user's notification switches, or null when they never changed one. */
    async settingsOf(userId: string): Promise<TNotificationSettings | null> {
      const [row] = await db
        .select({
          allNotification: notificationSettings.allNotification,
          promotional: notificationSettings.promotional,
          socialMedia: notificationSettings.socialMedia,
          advertisements: notificationSettings.advertisements,
        })
        .from(notificationSettings)
        .where(eq(notificationSettings.userId, userId));
      return row ?? null;
    },
    /**
     * Sets the given switches in one statement: the first save writes `initial` with the changes over it, a later
     * one changes only the switches it names, so two saves of different switches at once both hold.
     */
    async saveSettings(
      userId: string,
      changes: Partial<TNotificationSettings>,
      initial: TNotificationSettings,
      at: Date,
    ): Promise<TNotificationSettings> {
      const [row] = await db
        .insert(notificationSettings)
        .values({ ...initial, ...changes, userId, updatedAt: at })
        .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...changes, updatedAt: at } })
        .returning({
          allNotification: notificationSettings.allNotification,
          promotional: notificationSettings.promotional,
          socialMedia: notificationSettings.socialMedia,
          advertisements: notificationSettings.advertisements,
        });
      return row;
    },
    async recordClick(row: typeof notificationClicks.$inferInsert) {
      await db.insert(notificationClicks).values(row);
    },
    async clickCount(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(notificationClicks).where(eq(notificationClicks.userId, userId));
      return Number(row?.n ?? 0);
    },
    /**
     * Keeps a device's token for the user. A token names one browser or app install, so whoever registered it
     * before (another account signed in on the same device) no longer gets its pushes.
     */
    async saveDeviceToken(row: typeof deviceTokens.$inferInsert, keep: number) {
      await db.delete(deviceTokens).where(and(eq(deviceTokens.deviceType, row.deviceType), eq(deviceTokens.token, row.token)));
      await db.insert(deviceTokens).values(row);
      // the user's newest `keep` devices of the type stay; older ones are most likely gone
      const mine = and(eq(deviceTokens.userId, row.userId), eq(deviceTokens.deviceType, row.deviceType));
      const newest = db
        .select({ id: deviceTokens.id })
        .from(deviceTokens)
        .where(mine)
        .orderBy(desc(deviceTokens.createdAt), desc(deviceTokens.id))
        .limit(keep);
      await db.delete(deviceTokens).where(and(mine, ne(deviceTokens.id, row.id), notInArray(deviceTokens.id, newest)));
    },
    /** The user's tokens of a device type, newest first. */
    async deviceTokensOf(userId: string, deviceType: string): Promise<string[]> {
      const rows = await db
        .select({ token: deviceTokens.token })
        .from(deviceTokens)
        .where(and(eq(deviceTokens.userId, userId), eq(deviceTokens.deviceType, deviceType)))
        .orderBy(desc(deviceTokens.createdAt), desc(deviceTokens.id));
      return rows.map((r) => r.token);
    },
    /** Removes the user's tokens of a device type, or only `token` among them when given. */
    async removeDeviceTokens(userId: string, deviceType: string, token?: string): Promise<number> {
      const rows = await db
        .delete(deviceTokens)
        .where(
          and(
            eq(deviceTokens.userId, userId),
            eq(deviceTokens.deviceType, deviceType),
            token === undefined ? undefined : eq(deviceTokens.token, token),
          ),
        )
        .returning({ id: deviceTokens.id });
      return rows.length;
    },
  };
}
