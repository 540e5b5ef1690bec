import { asc } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { interests } from '../../db/schema';

export function createInterestsRepository(db: TDb) {
  return {
    async insertMissing(rows: { id: string; value: string; position: number }[]) {
      await db.insert(interests).values(rows).onConflictDoNothing();
    },
    async all(): Promise<{ id: string; value: string }[]> {
      return db.select({ id: interests.id, value: interests.value }).from(interests).orderBy(asc(interests.position));
    },
  };
}
