import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/client';
import { accountGuards, otps, sessions, signupAttempts, users } from '../../db/schema';
import { createCache } from '../../lib/cache';
import type { TChanges } from '../../lib/changes';

export type TOtpRow = typeof otps.$inferSelect;
export type TSessionRow = typeof sessions.$inferSelect;
export type TAttemptRow = typeof signupAttempts.$inferSelect;
export type TGuardRow = typeof accountGuards.$inferSelect;

/**
 * A session, its account and, for a business's team member, whether the business's own account is open (active and
 * not closed): a member works inside the business, so a business deactivated from the console stops its team too.
 */
type TSessionWithUser = { session: TSessionRow; user: typeof users.$inferSelect; businessOpen: boolean | null };

/** How long a session and its account are trusted without a change being heard (a safety net: changes are heard at once). */
const SESSION_CACHE_TTL_MS = 30_000;

/** Sessions, OTPs, sign-up attempts and the per-account guards. */
export function createAuthRepository(db: TDb, changes: TChanges) {
  // The session check every authenticated call makes, served from memory while nothing about the session
  // or its account changes: a revocation, a password change, a deactivation, a role change or any other
  // write of the account's row is heard by every process and forgets it at once (lib/cache).
  const sessionCache = createCache<TSessionWithUser>(changes, {
    ttlMs: SESSION_CACHE_TTL_MS,
    max: 50_000,
    tags: ({ session, user }) => [
      ['session', session.id],
      ['user', user.id],
      // a member's check reads the business's row too: its deactivation or reactivation is heard at once
      ...(user.businessId ? [['user', user.businessId] as ['user', string]] : []),
    ],
  });
  const business = alias(users, 'business');
  // prepared once: the statement every authenticated call runs
  const sessionWithUser = db
    .select({
      session: sessions,
      user: users,
      businessOpen: sql<
        boolean | null
      >`case when ${business.id} is null then null else (${business.userStatus} and ${business.deletedAt} is null) end`,
    })
    .from(sessions)
    .innerJoin(users, and(eq(users.id, sessions.userId), isNull(users.deletedAt)))
    .leftJoin(business, eq(business.id, users.businessId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare('session_with_user');
  return {
    async insertSession(row: typeof sessions.$inferInsert) {
      await db.insert(sessions).values(row);
    },
    /**
     * The session and its live account in one indexed query: the check every authenticated call makes.
     * (A read of the users table, joined here so that the hot path costs one round trip.)
     */
    findSessionWithUser(id: string): Promise<TSessionWithUser | null> {
      return sessionCache.get(id, async () => {
        const [row] = await sessionWithUser.execute({ id });
        return row ?? null;
      });
    },
    async revokeSession(id: string, at: Date) {
      await db
        .update(sessions)
        .set({ revokedAt: at })
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
      await changes.changed('session', id);
    },
    /** Ends every live session of the user, except `keepSessionId` when given. */
    async revokeUserSessions(userId: string, at: Date, keepSessionId?: string) {
      await db
        .update(sessions)
        .set({ revokedAt: at })
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
          ),
        );
      await changes.changed('user', userId);
    },
    async latestOtp(target: string): Promise<TOtpRow | null> {
      const [row] = await db.select().from(otps).where(eq(otps.target, target)).orderBy(desc(otps.sentAt)).limit(1);
      return row ?? null;
    },
    /** Codes of the target still waiting to be verified (unused, unexpired), newest first. */
    async openOtps(target: string, now: Date): Promise<TOtpRow[]> {
      return db
        .select()
        .from(otps)
        .where(and(eq(otps.target, target), isNull(otps.consumedAt), isNull(otps.verifiedAt), gt(otps.expiresAt, now)))
        .orderBy(desc(otps.sentAt));
    },
    /**
     * Stores a new OTP and retires the open codes it replaces: for a sign-up attempt, that attempt's
     * earlier codes only (another attempt's code keeps working for its own password); otherwise every
     * open code of the target, so only the newest works.
     */
    async replaceOtp(row: typeof otps.$inferInsert) {
      await db.transaction(async (tx) => {
        const scope = row.attemptId ? eq(otps.attemptId, row.attemptId) : undefined;
        await tx
          .update(otps)
          .set({ consumedAt: row.sentAt })
          .where(and(eq(otps.target, row.target), isNull(otps.consumedAt), scope));
        await tx.insert(otps).values(row);
      });
    },
    async bumpOtpAttempts(ids: string[]) {
      if (ids.length === 0) return;
      await db
        .update(otps)
        .set({ attempts: sql`${otps.attempts} + 1` })
        .where(inArray(otps.id, ids));
    },
    /** Retires every open code of the target (after an account's address was verified). */
    async consumeOpenOtps(target: string, at: Date) {
      await db
        .update(otps)
        .set({ consumedAt: at })
        .where(and(eq(otps.target, target), isNull(otps.consumedAt)));
    },
    async setResetTicket(otpId: string, ticketHash: string) {
      await db.update(otps).set({ resetTokenHash: ticketHash }).where(eq(otps.id, otpId));
    },
    async findByResetTicket(ticketHash: string): Promise<TOtpRow | null> {
      const [row] = await db.select().from(otps).where(eq(otps.resetTokenHash, ticketHash));
      return row ?? null;
    },

    // sign-up attempts
    async insertAttempt(row: typeof signupAttempts.$inferInsert) {
      await db.insert(signupAttempts).values(row);
    },
    async deleteAttempt(id: string) {
      await db.delete(signupAttempts).where(eq(signupAttempts.id, id));
    },
    async findAttempt(id: string): Promise<TAttemptRow | null> {
      const [row] = await db.select().from(signupAttempts).where(eq(signupAttempts.id, id));
      return row ?? null;
    },
    /** The user's unexpired sign-up attempts, newest first (at most `limit`). */
    async liveAttempts(userId: string, now: Date, limit: number): Promise<TAttemptRow[]> {
      return db
        .select()
        .from(signupAttempts)
        .where(and(eq(signupAttempts.userId, userId), gt(signupAttempts.expiresAt, now)))
        .orderBy(desc(signupAttempts.createdAt))
        .limit(limit);
    },
    async deleteAttemptsOf(userId: string) {
      await db.delete(signupAttempts).where(eq(signupAttempts.userId, userId));
    },

    // per-account guards
    async guard(key: string): Promise<TGuardRow | null> {
      const [row] = await db.select().from(accountGuards).where(eq(accountGuards.key, key));
      return row ?? null;
    },
    /**
     * Counts one more event for `key` in a window of `windowMs` (a window that ended, or a lock that
     * ended, starts over at 1). The event that reaches `max` locks the key for `lockMs`.
     */
    async hitGuard(key: string, now: Date, windowMs: number, max: number, lockMs: number): Promise<TGuardRow> {
      const nowIso = now.toISOString();
      const windowEnd = new Date(now.getTime() + windowMs).toISOString();
      const lockEnd = new Date(now.getTime() + lockMs).toISOString();
      const restart = sql`(${accountGuards.windowEndsAt} <= ${nowIso}::timestamptz OR ${accountGuards.lockedUntil} <= ${nowIso}::timestamptz)`;
      const next = sql`CASE WHEN ${restart} THEN 1 ELSE ${accountGuards.count} + 1 END`;
      const [row] = await db
        .insert(accountGuards)
        .values({ key, count: 1, windowEndsAt: new Date(windowEnd), lockedUntil: max <= 1 ? new Date(lockEnd) : null })
        .onConflictDoUpdate({
          target: accountGuards.key,
          set: {
            count: next,
            windowEndsAt: sql`CASE WHEN ${restart} THEN ${windowEnd}::timestamptz ELSE ${accountGuards.windowEndsAt} END`,
            lockedUntil: sql`CASE WHEN ${next} >= ${max} THEN ${lockEnd}::timestamptz WHEN ${restart} THEN NULL ELSE ${accountGuards.lockedUntil} END`,
          },
        })
        .returning();
      return row;
    },
    async clearGuard(key: string) {
      await db.delete(accountGuards).where(eq(accountGuards.key, key));
    },
    async deleteOtp(id: string) {
      await db.delete(otps).where(eq(otps.id, id));
    },
    async updateOtp(id: string, patch: Partial<typeof otps.$inferInsert>) {
      await db.update(otps).set(patch).where(eq(otps.id, id));
    },
    /** Consumes an OTP once: false when another request consumed it first. */
    async consumeOtp(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(otps)
        .set({ consumedAt: at })
        .where(and(eq(otps.id, id), isNull(otps.consumedAt)))
        .returning({ id: otps.id });
      return rows.length === 1;
    },
  };
}
export type TAuthRepository = ReturnType<typeof createAuthRepository>;
