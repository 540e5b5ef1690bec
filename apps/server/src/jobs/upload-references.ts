import { like, or } from 'drizzle-orm';
import type { TDb } from '../db/client';
import { users } from '../db/schema';

/** How many keys one query asks about. */
const CHUNK = 200;
const UPLOADS = '/uploads/';

/**
 * The storage key of a stored URL, else null: after `/uploads/` on local storage
 * ('https://host/uploads/profile/a.png' → 'profile/a.png'), or from the first known folder on S3
 * ('https://bucket.s3.amazonaws.com/profile/a.png' → 'profile/a.png').
 */
export function uploadKeyOf(url: string): string | null {
  const path = url.split(/[?#]/)[0];
  const at = path.lastIndexOf(UPLOADS);
  if (at !== -1) return path.slice(at + UPLOADS.length);
  const folder = /\/((?:profile|media)\/.+)$/.exec(path);
  return folder ? folder[1] : null;
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
      // keys hold unique ids: a URL ending in /<key> is that file, on local storage or S3
      .where(or(...chunk.map((key) => like(users.profileImage, `%/${escapeLike(key)}`))));
    for (const { url } of rows) {
      const key = url ? uploadKeyOf(url) : null;
      if (key && wanted.has(key)) found.add(key);
    }
  }
  return found;
}
