import type { MultipartFile } from '@fastify/multipart';
import { ID_MAX, MEDIA_MAX_FILES, POST_MSG, type TUploadedFile, tooLong } from '@virality/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest } from '../../errors';
import { authOf, requireAuth } from '../../http/auth';
import { replies } from '../../http/contracts';
import { ok } from '../../http/envelope';
import type { TIncomingFile, TMediaService } from './service';
import { spool, type TSpooled, unspool } from './spool';

const security = [{ accessToken: [] }];
const tags = ['Media'];
const zUserIdQuery = z.object({ userId: z.string().max(ID_MAX, tooLong('userId')).optional() });
/** Upload calls read multipart bodies (every other call refuses them before reading, http/hygiene). */
const uploadConfig = { upload: true };

/**
 * Writes a multipart part to a file in `dir` as it arrives, up to the stream's limit: a file cut off there is
 * too large to be any media (413); a body that breaks off is 'Upload failed'.
 */
async function saveOf(part: MultipartFile, dir: string): Promise<TSpooled> {
  let spooled: TSpooled;
  try {
    spooled = await spool(part.file, dir);
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, POST_MSG.videoUnder100);
    throw badRequest(POST_MSG.uploadFailed);
  }
  if (part.file.truncated) {
    await unspool(spooled);
    throw new AppError(413, POST_MSG.videoUnder100);
  }
  return spooled;
}

/**
 * The files of the multipart field `field`, one at a time as they arrive (each written to disk as it comes,
 * none held in memory), each cut off at `maxBytes`. Files under another field are skipped; a broken body is 'Upload failed'.
 */
async function* filesOf(req: FastifyRequest, field: string, maxFiles: number, maxBytes: number): AsyncIterable<TIncomingFile> {
  if (!req.isMultipart()) throw badRequest(POST_MSG.noFile);
  // one file more than allowed is let through, so that the service can say how many are allowed
  const parts = req.files({
    limits: { fileSize: maxBytes, files: maxFiles + 1, fields: 20, fieldSize: 64 * 1024, parts: maxFiles + 21 },
  });
  while (true) {
    let next: IteratorResult<MultipartFile>;
    try {
      next = await parts.next();
    } catch (err) {
      if (err instanceof AppError) throw err;
      const code = (err as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, POST_MSG.videoUnder100);
      if (code === 'FST_FILES_LIMIT') throw badRequest(maxFiles === 1 ? POST_MSG.singleDrop : POST_MSG.maxFiles);
      throw badRequest(POST_MSG.uploadFailed);
    }
    if (next.done) return;
    const part = next.value;
    if (part.fieldname !== field) {
      part.file.resume();
      continue;
    }
    yield { name: part.filename ?? '', save: (dir) => saveOf(part, dir) };
  }
}

/**
 * Runs an upload; when it is refused before the body was read to its end, the connection is closed after the
 * answer, so the rest of a large upload is not received for nothing.
 */
async function uploading<T>(req: FastifyRequest, reply: FastifyReply, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (!req.raw.readableEnded) reply.header('connection', 'close');
    throw err;
  }
}

/** s3/uploadSingleFile and s3/multipleUploadVal: media for posts, read for what they are from their bytes. */
export const mediaRoutes =
  (media: TMediaService): FastifyPluginAsyncZod =>
  async (app) => {
    const maxBytes = media.limits.uploadBytes;

    app.post(
      '/s3/uploadSingleFile',
      {
        onRequest: requireAuth,
        config: uploadConfig,
        schema: {
          tags,
          security,
          summary:
            "Upload one image or video for a post (multipart `file`): JPEG, PNG, WebP or SVG under 30 MB (an SVG is stored as the PNG drawn from it), MP4 or QuickTime under 100 MB, read from its bytes. 403 for an account that cannot create posts, 413 past the organization's storage quota, 429 past the upload rate",
          consumes: ['multipart/form-data'],
          querystring: zUserIdQuery,
          response: replies('POST /s3/uploadSingleFile'),
        },
      },
      async (req, reply) => {
        const [file] = await uploading(req, reply, () =>
          media.uploadOne(authOf(req), req.query.userId, filesOf(req, 'file', 1, maxBytes)),
        );
        return ok<TUploadedFile>(file);
      },
    );

    app.post(
      '/s3/multipleUploadVal',
      {
        onRequest: requireAuth,
        config: uploadConfig,
        schema: {
          tags,
          security,
          summary: `Upload 1 to ${MEDIA_MAX_FILES} images and videos for a post (multipart \`files\`), all or none`,
          consumes: ['multipart/form-data'],
          querystring: zUserIdQuery,
          response: replies('POST /s3/multipleUploadVal'),
        },
      },
      async (req, reply) => {
        const files = await uploading(req, reply, () =>
          media.uploadMany(authOf(req), req.query.userId, filesOf(req, 'files', MEDIA_MAX_FILES, maxBytes)),
        );
        return ok({ data: { data: files } });
      },
    );
  };
