import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TDb } from '../db/client';
import { appSettings } from '../db/schema';

/** Reads a persisted setting, creating it with `make()` on first use (e.g. secrets generated on first start). */
export async function getOrCreateSetting<T>(db: TDb, key: string, make: () => T | Promise<T>): Promise<T> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key));
  if (row) return row.value as T;
  await db
    .insert(appSettings)
    .values({ key, value: (await make()) as object })
    .onConflictDoNothing();
  const [again] = await db.select().from(appSettings).where(eq(appSettings.key, key));
  return again.value as T;
}

export const randomSecret = () => randomBytes(48).toString('base64url');

/** The sandbox clock's offset, kept in the settings table so that every process reads the same time. */
export const clockStoreIn = (db: TDb) => ({
  load: async () => Number((await getOrCreateSetting(db, 'clock_offset_ms', () => 0)) ?? 0),
  save: async (offsetMs: number) => {
    await db
      .insert(appSettings)
      .values({ key: 'clock_offset_ms', value: offsetMs as never })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: offsetMs as never } });
  },
});
