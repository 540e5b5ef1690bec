import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { apiKeys, users } from '../../db/schema';

export type TApiKeyRow = typeof apiKeys.$inferSelect;

/** The only place that touches api_keys. */
export function createApiKeysRepository(db: TDb) {
  return {
    /** Holds the organization's row until the unit of work ends: two keys made at once are counted one after the other. */
    async lockOwner(ownerId: string): Promise<void> {
      await db.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('update');
    },
    async countLive(ownerId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(apiKeys)
        .where(and(eq(apiKeys.ownerId, ownerId), isNull(apiKeys.revokedAt)));
      return row?.n ?? 0;
    },
    async insert(row: typeof apiKeys.$inferInsert): Promise<TApiKeyRow> {
      const [made] = await db.insert(apiKeys).values(row).returning();
      return made;
    },
    /** The organization's live keys, newest first. */
    async listLive(ownerId: string): Promise<TApiKeyRow[]> {
      return db
        .select()
        .from(apiKeys)
        .where(and(eq(apiKeys.ownerId, ownerId), isNull(apiKeys.revokedAt)))
        .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
    },
    /** Revokes a live key of the organization; false when it has no such key. */
    async revoke(ownerId: string, id: string, at: Date): Promise<boolean> {
      const done = await db
        .update(apiKeys)
        .set({ revokedAt: at })
        .where(and(eq(apiKeys.id, id), eq(apiKeys.ownerId, ownerId), isNull(apiKeys.revokedAt)))
        .returning({ id: apiKeys.id });
      return done.length > 0;
    },
    async byId(id: string): Promise<TApiKeyRow | null> {
      const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, id));
      return row ?? null;
    },
    /** Records a use, unless one was recorded since `unless` (a key used all day writes once a minute, not each call). */
    async touch(id: string, at: Date, unlessSince: Date): Promise<void> {
      await db
        .update(apiKeys)
        .set({ lastUsedAt: at })
        .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, unlessSince))));
    },
  };
}
export type TApiKeysRepository = ReturnType<typeof createApiKeysRepository>;
