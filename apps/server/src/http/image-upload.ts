import { MSG, PROFILE_IMAGE_MAX_BYTES } from '@virality/domain';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { badRequest } from '../errors';

const IMAGE_TYPES: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/**
 * Reads one multipart `file` as a profile image: at most 2 MB, and a JPEG, PNG or WebP by its bytes
 * (never by the browser's word). Its route is marked `config: { upload: true }`: every other route
 * refuses a multipart body with 415 before reading it (http/hygiene), and a 413 on an upload route
 * answers with the image message.
 */
export async function readImageUpload(req: FastifyRequest): Promise<{ bytes: Buffer; ext: string; mime: string }> {
  if (!req.isMultipart()) throw badRequest(MSG.imageUploadFailed);
  const file = await req.file({ limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 1 } });
  if (!file) throw badRequest(MSG.imageUploadFailed);
  const bytes = await file.toBuffer().catch(() => null);
  if (!bytes || file.file.truncated) throw badRequest(MSG.imageTooLarge);
  const type = await fileTypeFromBuffer(bytes);
  const ext = type ? IMAGE_TYPES[type.mime] : undefined;
  if (!type || !ext) throw badRequest(MSG.imageNotSupported);
  return { bytes, ext, mime: type.mime };
}
