import { MSG, PROFILE_IMAGE_MAX_BYTES, UPLOAD_MSG, UPLOAD_RATE } from '@virality/domain';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../errors';
import { decodeRaster, rasterizeSvg } from '../modules/media/image';
import { svgIssue, svgRootAt } from '../modules/media/probe';

const IMAGE_TYPES: Record<string, { ext: string; format: string }> = {
  'image/jpeg': { ext: 'jpg', format: 'jpeg' },
  'image/png': { ext: 'png', format: 'png' },
  'image/webp': { ext: 'webp', format: 'webp' },
};

/**
 * The route config of a profile image upload: it takes a multipart body, and one account makes at most
 * UPLOAD_RATE calls of it in a window (429 saying when to try again), counted by the route's own window in
 * `rate_limits` (the hook runs after the route's session check, so it counts by account).
 */
export const imageUploadConfig = {
  upload: true,
  rateLimit: {
    max: UPLOAD_RATE.max,
    timeWindow: UPLOAD_RATE.windowMinutes * 60_000,
    keyGenerator: (req: FastifyRequest) => `upload:${req.auth?.userId ?? req.ip}`,
    errorResponseBuilder: (_req: FastifyRequest, ctx: { ttl: number }) =>
      new AppError(429, UPLOAD_MSG.tooManyUploads(Math.max(1, Math.ceil(ctx.ttl / 60_000)))),
  },
};

/**
 * Reads one multipart `file` as a profile image: at most 2 MB (cut off while it arrives), and a JPEG, PNG or
 * WebP by its bytes (never by the browser's word) that decodes whole within the pixel limit, kept as it came;
 * or an SVG, drawn and kept as a PNG (an SVG is never stored). Its route is marked `config: { upload: true }`:
 * every other route refuses a multipart body with 415 before reading it (http/hygiene), and a 413 on an upload
 * route answers with the image message.
 */
export async function readImageUpload(req: FastifyRequest): Promise<{ bytes: Buffer; ext: string; mime: string }> {
  if (!req.isMultipart()) throw badRequest(MSG.imageUploadFailed);
  const file = await req.file({ limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 1 } });
  if (!file) throw badRequest(MSG.imageUploadFailed);
  // at most 2 MB, cut off by the stream's limit as it arrives
  const bytes = await file.toBuffer().catch(() => null);
  if (!bytes || file.file.truncated) throw badRequest(MSG.imageTooLarge);
  // file-type is loaded on the first upload: an idle server does not carry it
  const { fileTypeFromBuffer } = await import('file-type');
  const type = await fileTypeFromBuffer(bytes).catch(() => undefined);
  if (!type || type.mime === 'application/xml') {
    const text = bytes.toString('utf8');
    if (svgRootAt(text) === -1 || svgIssue(text)) throw badRequest(MSG.imageNotSupported);
    const drawn = await rasterizeSvg(bytes);
    if (!drawn) throw badRequest(MSG.imageNotSupported);
    return { bytes: drawn.png, ext: 'png', mime: 'image/png' };
  }
  const known = IMAGE_TYPES[type.mime];
  if (!known) throw badRequest(MSG.imageNotSupported);
  const decoded = await decodeRaster(bytes);
  if (!decoded || decoded.format !== known.format) throw badRequest(MSG.imageNotSupported);
  return { bytes, ext: known.ext, mime: type.mime };
}
