import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../db/client';
import type { TStorage } from '../integrations/storage';
import { defineJob } from './registry';
import { referencedUploadKeys } from './upload-references';

/** A file younger than this is kept: a form may still be about to send its URL (a sub-user's photo). */
export const UPLOAD_GRACE_MS = 24 * 3_600_000;
/** The folders whose files a users.profile_image is the only possible reference to. */
export const SWEPT_PREFIXES = ['profile/'];

/**
 * Deletes the uploaded files that no users.profile_image references and that are older than the
 * grace period: a photo replaced by a newer one, a sub-user photo whose form was never sent, the
 * photo of a deleted account. Only the folders in `prefixes` are swept (files of other kinds are
 * referenced from elsewhere). Returns the keys it deleted.
 */
export async function sweepUnreferencedUploads(opts: {
  db: TDb;
  storage: TStorage;
  now: Date;
  prefixes?: string[];
}): Promise<string[]> {
  const cutoff = opts.now.getTime() - UPLOAD_GRACE_MS;
  const removed: string[] = [];
  for (const prefix of opts.prefixes ?? SWEPT_PREFIXES) {
    const old = (await opts.storage.list(prefix)).filter((f) => f.modifiedAt.getTime() < cutoff).map((f) => f.key);
    if (old.length === 0) continue;
    const referenced = await referencedUploadKeys(opts.db, old);
    for (const key of old) {
      if (referenced.has(key)) continue;
      await opts.storage.remove(key);
      removed.push(key);
    }
  }
  return removed;
}

/**
 * Daily at 04:23 (UTC): sweepUnreferencedUploads. Stately, like the other daily sweep. A file's age is counted on
 * the clock that dated it, the storage's (this machine's; S3's follows the same time), never the product's, which
 * the sandbox can move: a file stored a minute ago is a minute old whatever the product's date.
 */
export const uploadSweepJob = (deps: { db: TDb; storage: TStorage; log: FastifyBaseLogger }) =>
  defineJob({
    queue: 'sweep-unreferenced-uploads',
    policy: 'stately',
    cron: '23 4 * * *',
    async handle() {
      const removed = await sweepUnreferencedUploads({ db: deps.db, storage: deps.storage, now: new Date() });
      deps.log.info({ removed: removed.length }, 'sweep-unreferenced-uploads done');
    },
  });
