import { and, eq, inArray } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { mediaFiles } from '../../db/schema';

export type TMediaRow = typeof mediaFiles.$inferSelect;
export type TNewMediaRow = typeof mediaFiles.$inferInsert;

/** The only place that touches media_files. */
export function createMediaRepository(db: TDb) {
  return {
    /** The files of one upload call, in one statement: all are recorded or none is. */
    async insertMany(rows: TNewMediaRow[]): Promise<void> {
      if (rows.length > 0) await db.insert(mediaFiles).values(rows);
    },

    /** An organization's uploads at these addresses (in no order; an address that is not one is absent). */
    async findByUrls(orgId: string, urls: string[]): Promise<TMediaRow[]> {
      if (urls.length === 0) return [];
      return db
        .select()
        .from(mediaFiles)
        .where(and(eq(mediaFiles.orgId, orgId), inArray(mediaFiles.url, [...new Set(urls)])));
    },
  };
}
export type TMediaRepository = ReturnType<typeof createMediaRepository>;
