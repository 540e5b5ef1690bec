import { BULK_FILE_MAX_BYTES, BULK_MSG } from '@virality/domain';
import type { FastifyInstance } from 'fastify';
import { AppError, badRequest } from '../../errors';

export const CSV_TYPE = 'text/csv';

/**
 * Reads a text/csv body (in the plugin it is added to) as UTF-8 text, cut off at BULK_FILE_MAX_BYTES (413 in the
 * file's own words, said as soon as the declared length or the bytes read pass it); bytes that are not UTF-8 are 400.
 */
export function acceptCsv(app: FastifyInstance): void {
  app.addContentTypeParser(CSV_TYPE, async (req: { headers: Record<string, unknown> }, payload: AsyncIterable<Buffer>) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > BULK_FILE_MAX_BYTES) throw new AppError(413, BULK_MSG.fileTooLarge);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of payload) {
      size += chunk.length;
      if (size > BULK_FILE_MAX_BYTES) throw new AppError(413, BULK_MSG.fileTooLarge);
      chunks.push(chunk);
    }
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
    } catch {
      throw badRequest(BULK_MSG.notUtf8);
    }
  });
}
