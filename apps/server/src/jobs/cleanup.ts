import { and, isNull, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss } from 'pg-boss';
import type { Clock } from '../clock';
import type { TDatabase, TDb } from '../db/client';
import { accountGuards, otps, rateLimits, signupAttempts } from '../db/schema';
import { ensureQueue } from './queues';

/**
 * Drops what can no longer matter: OTPs a day past their expiry, sign-up attempts past theirs, and
 * rate-limit windows and account guards whose window (and lock) ended.
 */
export async function sweepExpired(db: TDb, now: Date) {
  const dayAgo = new Date(now.getTime() - 86_400_000);
  await db.delete(otps).where(lt(otps.expiresAt, dayAgo));
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, now));
  await db.delete(signupAttempts).where(lt(signupAttempts.expiresAt, now));
  await db
    .delete(accountGuards)
    .where(and(lt(accountGuards.windowEndsAt, now), or(isNull(accountGuards.lockedUntil), lt(accountGuards.lockedUntil, now))));
}

/** Daily at 03:17: sweepExpired. */
export const cleanupJob = {
  name: 'cleanup-expired' as const,
  async register(boss: PgBoss, database: TDatabase, log: FastifyBaseLogger, clock: Clock) {
    await ensureQueue(boss, this.name);
    await boss.schedule(this.name, '17 3 * * *');
    await boss.work(this.name, async () => {
      await sweepExpired(database.db, clock.now());
      log.info('cleanup-expired done');
    });
  },
};
