import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { TDb } from '../db/client';
import { rateLimits } from '../db/schema';

/**
 * A @fastify/rate-limit store kept in the database, so that several server processes share one
 * counter per key (nothing another process needs lives in memory).
 */
export function dbRateLimitStore(db: TDb, clock: Clock): FastifyRateLimitStoreCtor {
  class DbStore {
    constructor(private readonly prefix = '') {}

    incr(key: string, cb: (err: Error | null, res?: { current: number; ttl: number }) => void, timeWindow: number) {
      const now = clock.now();
      const reset = new Date(now.getTime() + timeWindow);
      const k = `${this.prefix}${key}`;
      db.insert(rateLimits)
        .values({ key: k, count: 1, resetAt: reset })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`CASE WHEN ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz THEN 1 ELSE ${rateLimits.count} + 1 END`,
            resetAt: sql`CASE WHEN ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz THEN ${reset.toISOString()}::timestamptz ELSE ${rateLimits.resetAt} END`,
          },
        })
        .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt })
        .then(([row]) => cb(null, { current: row.count, ttl: Math.max(0, row.resetAt.getTime() - now.getTime()) }))
        .catch((err: Error) => cb(err));
    }

    /**
     * One counter per route and client: @fastify/rate-limit hands the route over as `routeInfo`. Routes of one
     * `groupId` share one counter per client (the plugin adds the group to the client's key): the public API's calls
     * count against their key together.
     */
    child(params: { groupId?: string; routeInfo?: { method?: string | string[]; url?: string } }) {
      if (params.groupId) return new DbStore('group:');
      const method = [params.routeInfo?.method ?? ''].flat().join(',');
      return new DbStore(`${method}:${params.routeInfo?.url ?? ''}:`);
    }
  }
  return DbStore as unknown as FastifyRateLimitStoreCtor;
}
