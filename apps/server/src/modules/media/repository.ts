import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { mediaFiles, organizations, posts, rateLimits } from '../../db/schema';

export type TMediaRow = typeof mediaFiles.$inferSelect;
export type TNewMediaRow = typeof mediaFiles.$inferInsert;

/** The bytes an organization's media rows hold. */
const bytesOf = (db: TDb, orgId: string) =>
  db
    .select({ used: sql<string>`coalesce(sum(${mediaFiles.bytes}), 0)` })
    .from(mediaFiles)
    .where(eq(mediaFiles.orgId, orgId))
    .then(([row]) => Number(row?.used ?? 0));

/** The only place that touches media_files (and the upload counters of rate_limits). */
export function createMediaRepository(db: TDb) {
  return {
    /**
     * The files of one upload call, in one statement, if the organization's media stays within `quota` bytes
     * with them: all are recorded, or none (false). The organization's row is locked meanwhile, so two uploads
     * at once cannot both pass on the same free room.
     */
    async insertWithinQuota(orgId: string, rows: TNewMediaRow[], quota: number): Promise<boolean> {
      if (rows.length === 0) return true;
      return db.transaction(async (tx) => {
        await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, orgId)).for('update');
        const adding = rows.reduce((n, r) => n + r.bytes, 0);
        if ((await bytesOf(tx as unknown as TDb, orgId)) + adding > quota) return false;
        await tx.insert(mediaFiles).values(rows);
        return true;
      });
    },

    /** The bytes of post media an organization keeps. */
    bytesUsed: (orgId: string) => bytesOf(db, orgId),

    /** Who owns an organization (its plan is the organization's); null if there is none. */
    async ownerOf(orgId: string): Promise<string | null> {
      const [row] = await db.select({ owner: organizations.ownerUserId }).from(organizations).where(eq(organizations.id, orgId));
      return row?.owner ?? null;
    },

    /**
     * Counts one more under `key` in a window of `windowMs` that starts at its first count (a window that has
     * ended starts again at 1): the count so far and when the window ends. Shared by every process.
     */
    async hit(key: string, now: Date, windowMs: number): Promise<{ count: number; resetAt: Date }> {
      const reset = new Date(now.getTime() + windowMs);
      const [row] = await db
        .insert(rateLimits)
        .values({ key, count: 1, resetAt: reset })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`CASE WHEN ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz THEN 1 ELSE ${rateLimits.count} + 1 END`,
            resetAt: sql`CASE WHEN ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz THEN ${reset.toISOString()}::timestamptz ELSE ${rateLimits.resetAt} END`,
          },
        })
        .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
      return row;
    },

    /** An organization's uploads at these addresses (in no order; an address that is not one is absent). */
    async findByUrls(orgId: string, urls: string[]): Promise<TMediaRow[]> {
      if (urls.length === 0) return [];
      return db
        .select()
        .from(mediaFiles)
        .where(and(eq(mediaFiles.orgId, orgId), inArray(mediaFiles.url, [...new Set(urls)])));
    },

    async findByIds(orgId: string, ids: string[]): Promise<TMediaRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(mediaFiles)
        .where(and(eq(mediaFiles.orgId, orgId), inArray(mediaFiles.id, [...new Set(ids)])));
    },

    /** The storage key of the upload at this address (of any organization), or null when none is there. */
    async keyOfUrl(url: string): Promise<string | null> {
      const [row] = await db.select({ key: mediaFiles.key }).from(mediaFiles).where(eq(mediaFiles.url, url));
      return row?.key ?? null;
    },

    /**
     * Up to `limit` uploads made before `before` that no post of their organization names (drafts, scheduled,
     * published and failed posts all count): what the sweep may remove.
     */
    async unreferencedBefore(before: Date, limit: number): Promise<Pick<TMediaRow, 'id' | 'key'>[]> {
      return db
        .select({ id: mediaFiles.id, key: mediaFiles.key })
        .from(mediaFiles)
        .where(
          and(
            lt(mediaFiles.createdAt, before),
            sql`NOT EXISTS (SELECT 1 FROM ${posts} WHERE ${posts.orgId} = ${mediaFiles.orgId} AND ${posts.media} @> jsonb_build_array(jsonb_build_object('mediaId', ${mediaFiles.id})))`,
          ),
        )
        .orderBy(mediaFiles.createdAt)
        .limit(limit);
    },

    /**
     * Removes these upload rows unless a post of their organization has named them since they were read (a
     * post made meanwhile keeps its file): the keys of the rows removed.
     */
    async removeUnreferenced(ids: string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const gone = await db
        .delete(mediaFiles)
        .where(
          and(
            inArray(mediaFiles.id, ids),
            sql`NOT EXISTS (SELECT 1 FROM ${posts} WHERE ${posts.orgId} = ${mediaFiles.orgId} AND ${posts.media} @> jsonb_build_array(jsonb_build_object('mediaId', ${mediaFiles.id})))`,
          ),
        )
        .returning({ key: mediaFiles.key });
      return gone.map((r) => r.key);
    },

    /** Which of these upload ids have a row. */
    async knownIds(ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db.select({ id: mediaFiles.id }).from(mediaFiles).where(inArray(mediaFiles.id, ids));
      return new Set(rows.map((r) => r.id));
    },
  };
}
export type TMediaRepository = ReturnType<typeof createMediaRepository>;
