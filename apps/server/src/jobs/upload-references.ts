import { like, or } from 'drizzle-orm';
import type { TDb } from '../db/client';
import { users } from '../db/schema';

/** How many keys one query asks about. */
const CHUNK = 200;
const UPLOADS = '/uploads/';

/** The storage key of a stored URL ('https://host/uploads/profile/a.png' → 'profile/a.png'), else null. */
export function uploadKeyOf(url: string): string | null {
  const at = url.lastIndexOf(UPLOADS);
  return at === -1 ? null : url.slice(at + UPLOADS.length).split(/[?#]/)[0];
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Which of these upload keys a user's profile_image points at (any host: PUBLIC_URL may have changed
 * since the URL was stored). Deleted and inactive accounts count: their rows still hold the URL.
 */
export async function referencedUploadKeys(db: TDb, keys: string[]): Promise<Set<string>> {
  const wanted = new Set(keys);
  const found = new Set<string>();
  for (let i = 0; i < keys.length; i += CHUNK) {
    const chunk = keys.slice(i, i + CHUNK);
    const rows = await db
      .select({ url: users.profileImage })
      .from(users)
      .where(or(...chunk.map((key) => like(users.profileImage, `%${UPLOADS}${escapeLike(key)}`))));
    for (const { url } of rows) {
      const key = url ? uploadKeyOf(url) : null;
      if (key && wanted.has(key)) found.add(key);
    }
  }
  return found;
}
