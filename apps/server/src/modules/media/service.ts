import path from 'node:path';
import { MEDIA_LIMITS, MEDIA_MAX_FILES, MSG, POST_MSG, type TUploadedFile, UPLOAD_MAX_BYTES } from '@virality/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { TPostMedia } from '../../db/schema';
import { AppError, badRequest, forbidden } from '../../errors';
import type { TStorage } from '../../integrations/storage';
import { newId } from '../../lib/ids';
import { errorForLog } from '../../lib/scrub';
import type { TAuthContext } from '../auth/service';
import { MediaRefused, probe, type TProbed } from './probe';
import type { TMediaRepository, TMediaRow, TNewMediaRow } from './repository';

/** A file of an upload call, as it arrives: its name as the client gave it, and its bytes when asked for. */
export type TIncomingFile = { name: string; read(): Promise<Buffer> };

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

/** A file over its kind's size (a rule of the product: 400, the call's own cut-off is a 413). */
const tooLarge = (kind: 'image' | 'video') => badRequest(kind === 'image' ? POST_MSG.imageTooLarge30 : POST_MSG.videoUnder100);
/** The upload could not be kept (storage or database): nothing the user did wrong. */
const uploadFailed = () => new AppError(503, POST_MSG.uploadFailed);

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
  limits?: TMediaLimits;
};

/**
 * Media uploaded for posts: each file is read for what it is (its bytes, not its name), checked against what
 * a single file of its kind may weigh, stored under media/<org>/, and recorded with its facts; a post then
 * names it by its address (`resolve`).
 */
export function createMediaService(deps: TDeps) {
  const { repo, storage, clock, log } = deps;
  const limits = deps.limits ?? MEDIA_UPLOAD_LIMITS;

  /** What a file is, or the refusal the user sees (400). */
  async function facts(bytes: Buffer): Promise<TProbed> {
    let probed: TProbed;
    try {
      probed = await probe(bytes);
    } catch (err) {
      if (err instanceof MediaRefused) throw badRequest(err.message);
      throw err;
    }
    if (bytes.length >= (probed.kind === 'image' ? limits.imageBytes : limits.videoBytes)) throw tooLarge(probed.kind);
    return probed;
  }

  /**
   * Reads, checks and stores the files of one upload call, all or none: they are stored one at a time as they
   * arrive (one file in memory at once), and a refusal or a failure of any of them removes the ones stored
   * before it; the rows are written together once every file is stored.
   */
  async function upload(
    a: TAuthContext,
    userId: string | undefined,
    files: AsyncIterable<TIncomingFile>,
    max: number,
    tooMany: string,
  ): Promise<TUploadedFile[]> {
    if (userId && userId !== a.userId) throw forbidden(MSG.forbidden);
    const orgId = a.user.orgId;
    const rows: TNewMediaRow[] = [];
    try {
      for await (const file of files) {
        if (rows.length >= max) throw badRequest(tooMany);
        const bytes = await file.read();
        const probed = await facts(bytes);
        const id = newId();
        const key = `media/${orgId}/${id}.${probed.ext}`;
        let url: string;
        try {
          url = await storage.put(key, bytes, probed.mimeType);
        } catch (err) {
          log.error({ err: errorForLog(err) }, 'media upload: storing a file failed');
          throw uploadFailed();
        }
        rows.push({
          id,
          orgId,
          userId: a.userId,
          key,
          url,
          name: cleanFileName(file.name),
          kind: probed.kind,
          mimeType: probed.mimeType,
          bytes: bytes.length,
          width: probed.width,
          height: probed.height,
          durationSec: probed.durationSec,
          createdAt: clock.now(),
        });
      }
      if (rows.length === 0) throw badRequest(POST_MSG.noFile);
      try {
        await repo.insertMany(rows);
      } catch (err) {
        log.error({ err: errorForLog(err) }, 'media upload: recording the files failed');
        throw uploadFailed();
      }
    } catch (err) {
      for (const row of rows)
        await storage
          .remove(row.key)
          .catch((e) => log.warn({ err: errorForLog(e) }, 'media upload: a stored file was left behind'));
      throw err;
    }
    return rows.map(toAnswer);
  }

  return {
    limits,

    /** s3/uploadSingleFile: one file. */
    uploadOne: (a: TAuthContext, userId: string | undefined, files: AsyncIterable<TIncomingFile>) =>
      upload(a, userId, files, 1, POST_MSG.singleDrop),

    /** s3/multipleUploadVal: up to 10 files, all or none. */
    uploadMany: (a: TAuthContext, userId: string | undefined, files: AsyncIterable<TIncomingFile>) =>
      upload(a, userId, files, MEDIA_MAX_FILES, POST_MSG.maxFiles),

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
