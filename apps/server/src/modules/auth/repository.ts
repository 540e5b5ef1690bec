import { and, desc, eq, isNull } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { otps, sessions } from '../../db/schema';

export type TOtpRow = typeof otps.$inferSelect;
export type TSessionRow = typeof sessions.$inferSelect;

/** Sessions and OTPs. */
export function createAuthRepository(db: TDb) {
  return {
    async insertSession(row: typeof sessions.$inferInsert) {
      await db.insert(sessions).values(row);
    },
    async findSession(id: string): Promise<TSessionRow | null> {
      const [row] = await db.select().from(sessions).where(eq(sessions.id, id));
      return row ?? null;
    },
    async revokeSession(id: string, at: Date) {
      await db
        .update(sessions)
        .set({ revokedAt: at })
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
    },
    async revokeUserSessions(userId: string, at: Date) {
      await db
        .update(sessions)
        .set({ revokedAt: at })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },
    async latestOtp(target: string): Promise<TOtpRow | null> {
      const [row] = await db.select().from(otps).where(eq(otps.target, target)).orderBy(desc(otps.sentAt)).limit(1);
      return row ?? null;
    },
    /** Replaces any open OTP of the target by a new one, so only the newest code works. */
    async replaceOtp(row: typeof otps.$inferInsert) {
      await db.transaction(async (tx) => {
        await tx
          .update(otps)
          .set({ consumedAt: row.sentAt })
          .where(and(eq(otps.target, row.target), isNull(otps.consumedAt)));
        await tx.insert(otps).values(row);
      });
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
