import type { MultipartFile } from '@fastify/multipart';
import { POST_MSG } from '@virality/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../errors';
import type { TIncomingFile } from '../modules/media/service';
import { spool, type TSpooled, unspool } from '../modules/media/spool';

/** Reading uploaded files from multipart bodies: the app's upload calls and the public API's. */

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
export async function* filesOf(
  req: FastifyRequest,
  field: string,
  maxFiles: number,
  maxBytes: number,
): AsyncIterable<TIncomingFile> {
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
export async function uploading<T>(req: FastifyRequest, reply: FastifyReply, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (!req.raw.readableEnded) reply.header('connection', 'close');
    throw err;
  }
}
