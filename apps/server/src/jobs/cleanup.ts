import { lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss } from 'pg-boss';
import type { TDatabase } from '../db/client';
import { otps, rateLimits } from '../db/schema';

/** Daily: drops OTPs a day past their expiry and rate-limit windows that ended. */
export const cleanupJob = {
  name: 'cleanup-expired',
  async register(boss: PgBoss, database: TDatabase, log: FastifyBaseLogger) {
    await boss.createQueue(this.name);
    await boss.schedule(this.name, '17 3 * * *');
    await boss.work(this.name, async () => {
      const dayAgo = new Date(Date.now() - 86_400_000);
      await database.db.delete(otps).where(lt(otps.expiresAt, dayAgo));
      await database.db.delete(rateLimits).where(lt(rateLimits.resetAt, new Date()));
      log.info('cleanup-expired done');
    });
  },
};
