import { and, eq } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { apiIdempotency } from '../../db/schema';

export type TIdempotencyRow = typeof apiIdempotency.$inferSelect;

/** The only place that touches api_idempotency. */
export function createPublicApiRepository(db: TDb) {
  return {
    /**
     * Takes an Idempotency-Key for a request (inside the caller's unit of work): true when this request is its first.
     * A second request with the key waits here until the first one's transaction ends, then finds its answer.
     */
    async claim(row: { ownerId: string; key: string; requestHash: string; createdAt: Date }): Promise<boolean> {
      const taken = await db
        .insert(apiIdempotency)
        .values({ ...row, statusCode: 0, response: {} })
        .onConflictDoNothing()
        .returning({ key: apiIdempotency.key });
      return taken.length > 0;
    },
    async find(ownerId: string, key: string): Promise<TIdempotencyRow | null> {
      const [row] = await db
        .select()
        .from(apiIdempotency)
        .where(and(eq(apiIdempotency.ownerId, ownerId), eq(apiIdempotency.key, key)));
      return row ?? null;
    },
    async forget(ownerId: string, key: string): Promise<void> {
      await db.delete(apiIdempotency).where(and(eq(apiIdempotency.ownerId, ownerId), eq(apiIdempotency.key, key)));
    },
    async answer(ownerId: string, key: string, statusCode: number, response: unknown): Promise<void> {
      await db
        .update(apiIdempotency)
        .set({ statusCode, response })
        .where(and(eq(apiIdempotency.ownerId, ownerId), eq(apiIdempotency.key, key)));
    },
  };
}
export type TPublicApiRepository = ReturnType<typeof createPublicApiRepository>;
