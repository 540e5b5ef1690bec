import path from 'node:path';
import {
  canCreatePost,
  MEDIA_LIMITS,
  MEDIA_MAX_FILES,
  MSG,
  POST_MSG,
  storageQuotaFor,
  type TUploadedFile,
  UPLOAD_MAX_BYTES,
  UPLOAD_MSG,
  UPLOAD_RATE,
} from '@virality/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { TPostMedia } from '../../db/schema';
import { AppError, badRequest, forbidden } from '../../errors';
import type { TStorage } from '../../integrations/storage';
import { newId } from '../../lib/ids';
import { errorForLog } from '../../lib/scrub';
import type { TAuthContext } from '../auth/service';
import { MediaRefused, probeSource, type TProbedFile } from './probe';
import type { TMediaRepository, TMediaRow, TNewMediaRow } from './repository';
import { spooledSource, sweepSpoolDir, type TSpooled, unspool } from './spool';

/**
 * A file of an upload call, as it arrives: its name as the client gave it, and `save`, which writes its bytes
 * to a new file in a folder as they arrive (and throws the refusal the user sees if the upload breaks off).
 */
export type TIncomingFile = { name: string; save(dir: string): Promise<TSpooled> };

/**
 * What one file may weigh (the single-file limits; a post's own rules check the rest later, with context),
 * and where the upload call cuts a stream off. Tests lower them.
 */
export type TMediaLimits = { imageBytes: number; videoBytes: number; uploadBytes: number };
export const MEDIA_UPLOAD_LIMITS: TMediaLimits = {
  imageBytes: MEDIA_LIMITS.imageSingleBytes,
  videoBytes: MEDIA_LIMITS.videoSingleBytes,
  uploadBytes: UPLOAD_MAX_BYTES,
};

/** An upload no post names is kept this long (a composer may still be about to send its address). */
export const UNUSED_MEDIA_GRACE_MS = 24 * 3_600_000;
/** A spooled file older than this belongs to no upload still running. */
const SPOOL_GRACE_MS = 6 * 3_600_000;
/** Uploads looked at per query by the sweep, and how many such rounds one run makes at most. */
const SWEEP_BATCH = 200;
const SWEEP_ROUNDS = 50;

/** The upload could not be kept (storage or database): nothing the user did wrong. */
const uploadFailed = () => new AppError(503, POST_MSG.uploadFailed);
/** The organization's storage is full (with this upload). */
const quotaExceeded = (quota: number) => new AppError(413, UPLOAD_MSG.quotaExceeded(quota));

/** A client's file name without any folder part or control character, at most 255 characters. */
export function cleanFileName(name: string): string {
  const base = path.posix
    .basename(name.replace(/\\/g, '/'))
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is removed
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
  // by code points, so a character outside the BMP is never cut in half
  return Array.from(base || 'file')
    .slice(0, 255)
    .join('')
    .trim();
}

const toAnswer = (row: TNewMediaRow): TUploadedFile => ({
  result: row.url,
  file_size: row.bytes,
  file_type: row.mimeType,
  file_name: row.name,
  width: row.width ?? null,
  height: row.height ?? null,
  duration: row.durationSec ?? null,
});

type TDeps = {
  repo: TMediaRepository;
  storage: TStorage;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Where uploads are written as they arrive, before they are read and stored (never a served folder). */
  spoolDir: string;
  /** The plan of an organization's owner (its planType, or null with none). */
  planTypeOf(ownerId: string): Promise<string | null>;
  /** A business manager's permissions (null for anyone else). */
  permissionsOf(user: TAuthContext['user']): Promise<Parameters<typeof canCreatePost>[1] | null>;
  limits?: TMediaLimits;
};

/**
 * Media uploaded for posts: each file is written to disk as it arrives (never whole in memory), read for what
 * it is (its bytes, not its name; a picture decoded whole, an SVG drawn as a PNG), checked against what a
 * single file of its kind may weigh, stored under media/<org>/ within the organization's storage quota, and
 * recorded with its facts; a post then names it by its address (`resolve`). Only accounts that can create
 * posts upload, at most UPLOAD_RATE calls in a window each.
 */
export function createMediaService(deps: TDeps) {
  const { repo, storage, clock, log } = deps;
  const limits = deps.limits ?? MEDIA_UPLOAD_LIMITS;

  /** 403 for an account that cannot create posts: an IMC account, a manager whose role opens no network to post. */
  async function assertMayUpload(a: TAuthContext) {
    if (a.role === 'IMC') throw forbidden(UPLOAD_MSG.cannotUpload);
    if (a.role === 'BUSINESS_MANAGER' && !canCreatePost(a.role, (await deps.permissionsOf(a.user)) ?? []))
      throw forbidden(UPLOAD_MSG.cannotUpload);
  }

  /** 429 once the account made UPLOAD_RATE.max upload calls in the window, saying when it may go on. */
  async function admit(userId: string) {
    const now = clock.now();
    const { count, resetAt } = await repo.hit(`upload:${userId}`, now, UPLOAD_RATE.windowMinutes * 60_000);
    if (count > UPLOAD_RATE.max) {
      const minutes = Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 60_000));
      throw new AppError(429, UPLOAD_MSG.tooManyUploads(minutes));
    }
  }

  /** The organization's storage quota, by its owner's plan. */
  async function quotaOf(orgId: string): Promise<number> {
    const owner = await repo.ownerOf(orgId);
    return storageQuotaFor(owner ? await deps.planTypeOf(owner) : null);
  }

  /** What a spooled file is, or the refusal the user sees (400). */
  async function facts(spooled: TSpooled): Promise<TProbedFile> {
    try {
      return await probeSource(spooledSource(spooled), limits);
    } catch (err) {
      if (err instanceof MediaRefused) throw badRequest(err.message);
      throw err;
    }
  }

  /** Stores one read file under `key`: the PNG drawn from an SVG, or the file as it came (streamed from disk). */
  async function keep(key: string, spooled: TSpooled, probed: TProbedFile): Promise<string> {
    try {
      return probed.converted
        ? await storage.put(key, probed.converted, probed.mimeType)
        : await storage.putFile(key, spooled.file, probed.mimeType);
    } catch (err) {
      log.error({ err: errorForLog(err) }, 'media upload: storing a file failed');
      throw uploadFailed();
    }
  }

  /**
   * Reads, checks and stores the files of one upload call, all or none: they are stored one at a time as they
   * arrive (one file on disk at once, none in memory), and a refusal or a failure of any of them removes the
   * ones stored before it; the rows are written together once every file is stored, if the organization's
   * media still fits its quota with them.
   */
  async function upload(
    a: TAuthContext,
    userId: string | undefined,
    files: AsyncIterable<TIncomingFile>,
    max: number,
    tooMany: string,
  ): Promise<TUploadedFile[]> {
    if (userId && userId !== a.userId) throw forbidden(MSG.forbidden);
    await assertMayUpload(a);
    await admit(a.userId);
    const orgId = a.user.orgId;
    const quota = await quotaOf(orgId);
    const used = await repo.bytesUsed(orgId);
    // a full organization is told before any byte is read
    if (used >= quota) throw quotaExceeded(quota);
    const rows: TNewMediaRow[] = [];
    let adding = 0;
    try {
      for await (const file of files) {
        if (rows.length >= max) throw badRequest(tooMany);
        let spooled: TSpooled | null = null;
        try {
          spooled = await file.save(deps.spoolDir);
          const probed = await facts(spooled);
          const bytes = probed.converted ? probed.converted.length : spooled.size;
          if (used + adding + bytes > quota) throw quotaExceeded(quota);
          const id = newId();
          const key = `media/${orgId}/${id}.${probed.ext}`;
          const url = await keep(key, spooled, probed);
          adding += bytes;
          rows.push({
            id,
            orgId,
            userId: a.userId,
            key,
            url,
            name: cleanFileName(file.name),
            kind: probed.kind,
            mimeType: probed.mimeType,
            bytes,
            width: probed.width,
            height: probed.height,
            durationSec: probed.durationSec,
            createdAt: clock.now(),
          });
        } finally {
          await unspool(spooled);
        }
      }
      if (rows.length === 0) throw badRequest(POST_MSG.noFile);
      let recorded: boolean;
      try {
        recorded = await repo.insertWithinQuota(orgId, rows, quota);
      } catch (err) {
        log.error({ err: errorForLog(err) }, 'media upload: recording the files failed');
        throw uploadFailed();
      }
      if (!recorded) throw quotaExceeded(quota);
    } catch (err) {
      for (const row of rows)
        await storage
          .remove(row.key)
          .catch((e) => log.warn({ err: errorForLog(e) }, 'media upload: a stored file was left behind'));
      throw err;
    }
    return rows.map(toAnswer);
  }

  /**
   * Storage keys of uploads, media/<org>/<id>.<ext>, and of the files converted from them for a network,
   * media/<org>/<id>.<network>.jpg (kept as long as their upload): the id, or null for a key of another shape.
   */
  const idOfKey = (key: string) => /^media\/[^/]+\/([^/.]+)(?:\.[a-z]+)?\.[a-z0-9]+$/.exec(key)?.[1] ?? null;

  /**
   * Removes the uploads no post names a day after they were made (UNUSED_MEDIA_GRACE_MS): their rows, then
   * their files (their room in the quota comes back); files under media/ that no row holds (an upload cut off
   * between storing and recording) past the same grace; and spooled files a stopped process left. Returns the
   * storage keys removed.
   */
  async function sweep(): Promise<string[]> {
    const cutoff = new Date(clock.now().getTime() - UNUSED_MEDIA_GRACE_MS);
    const removed: string[] = [];
    // the uploads whose rows this sweep removed: their files go below whatever their age (a copy converted for a
    // network a moment ago is still its upload's)
    const goneIds = new Set<string>();
    for (let round = 0; round < SWEEP_ROUNDS; round++) {
      const stale = await repo.unreferencedBefore(cutoff, SWEEP_BATCH);
      if (stale.length === 0) break;
      // the rows go first: a file without a row is found again below, a row without its file never is
      const keys = await repo.removeUnreferenced(stale.map((r) => r.id));
      for (const r of stale) goneIds.add(r.id);
      for (const key of keys) {
        await storage.remove(key);
        removed.push(key);
      }
      if (stale.length < SWEEP_BATCH) break;
    }
    // a stored file is dated by the storage's clock (this machine's; S3's follows the same time), not the product's,
    // which the sandbox can move: its grace is counted on that clock, as a spooled file's is below
    const filedBefore = Date.now() - UNUSED_MEDIA_GRACE_MS;
    const files = (await storage.list('media/')).filter(
      (f) => f.modifiedAt.getTime() < filedBefore || goneIds.has(idOfKey(f.key) ?? ''),
    );
    for (let i = 0; i < files.length; i += SWEEP_BATCH) {
      const chunk = files.slice(i, i + SWEEP_BATCH);
      const known = await repo.knownIds(chunk.map((f) => idOfKey(f.key)).filter((id): id is string => id !== null));
      for (const f of chunk) {
        const id = idOfKey(f.key);
        if (id && known.has(id)) continue;
        await storage.remove(f.key);
        removed.push(f.key);
      }
    }
    await sweepSpoolDir(deps.spoolDir, new Date(), SPOOL_GRACE_MS);
    return removed;
  }

  return {
    limits,
    sweep,
    /** Where arriving files are written before they are read (the public API fetches a URL's file there). */
    spoolDir: deps.spoolDir,
    /** 403 for an account that cannot upload (checked before a URL's file is fetched). */
    assertMayUpload,
    /** Writes an arriving file to the spool folder (the public API hashes it before it is uploaded). */
    spool: (file: TIncomingFile) => file.save(deps.spoolDir),
    /** s3/uploadSingleFile: one file. */
    uploadOne: (a: TAuthContext, userId: string | undefined, files: AsyncIterable<TIncomingFile>) =>
      upload(a, userId, files, 1, POST_MSG.singleDrop),

    /** s3/multipleUploadVal: up to 10 files, all or none. */
    uploadMany: (a: TAuthContext, userId: string | undefined, files: AsyncIterable<TIncomingFile>) =>
      upload(a, userId, files, MEDIA_MAX_FILES, POST_MSG.maxFiles),

    /** The addresses of this organization's uploads by their ids, in the same order; null when any is not one of them. */
    async urlsOf(orgId: string, ids: string[]): Promise<string[] | null> {
      const byId = new Map((await repo.findByIds(orgId, ids)).map((r) => [r.id, r.url]));
      const urls = ids.map((id) => byId.get(id));
      return urls.every((u): u is string => u !== undefined) ? urls : null;
    },

    /**
     * A post's media: the uploads of this organization at these addresses, in the same order; 400 if any
     * address is not an upload of this organization.
     */
    async resolve(orgId: string, urls: string[]): Promise<TPostMedia[]> {
      const rows = await repo.findByUrls(orgId, urls);
      const byUrl = new Map(rows.map((r) => [r.url, r]));
      return urls.map((url) => {
        const r: TMediaRow | undefined = byUrl.get(url);
        if (!r || (r.kind !== 'image' && r.kind !== 'video')) throw badRequest(POST_MSG.uploadNotFound);
        return {
          mediaId: r.id,
          url: r.url,
          name: r.name,
          kind: r.kind,
          mimeType: r.mimeType,
          bytes: r.bytes,
          width: r.width,
          height: r.height,
          durationSec: r.durationSec,
        };
      });
    },
  };
}
export type TMediaService = ReturnType<typeof createMediaService>;
