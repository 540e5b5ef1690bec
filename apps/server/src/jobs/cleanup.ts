import { and, isNull, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { TDb } from '../db/client';
import { accountGuards, apiIdempotency, otps, rateLimits, signupAttempts } from '../db/schema';
import { defineJob } from './registry';

/**
 * Drops what can no longer matter: OTPs a day past their expiry, sign-up attempts past theirs, rate-limit windows
 * and account guards whose window (and lock) ended, and the public API's answers kept for an Idempotency-Key past
 * their 24 hours.
 */
export async function sweepExpired(db: TDb, now: Date) {
  const dayAgo = new Date(now.getTime() - 86_400_000);
  await db.delete(otps).where(lt(otps.expiresAt, dayAgo));
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, now));
  await db.delete(signupAttempts).where(lt(signupAttempts.expiresAt, now));
  await db.delete(apiIdempotency).where(lt(apiIdempotency.createdAt, dayAgo));
  await db
    .delete(accountGuards)
    .where(and(lt(accountGuards.windowEndsAt, now), or(isNull(accountGuards.lockedUntil), lt(accountGuards.lockedUntil, now))));
}

/** Daily at 03:17 (UTC): sweepExpired. Stately: never two sweeps at once, nor one piled up behind another. */
export const cleanupJob = (deps: { db: TDb; clock: Clock; log: FastifyBaseLogger }) =>
  defineJob({
    queue: 'cleanup-expired',
    policy: 'stately',
    cron: '17 3 * * *',
    async handle() {
      await sweepExpired(deps.db, deps.clock.now());
      deps.log.info('cleanup-expired done');
    },
  });
