import { ID_MAX, MEDIA_MAX_FILES, type TUploadedFile, tooLong } from '@virality/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, requireAuth } from '../../http/auth';
import { replies } from '../../http/contracts';
import { ok } from '../../http/envelope';
import { filesOf, uploading } from '../../http/multipart-files';
import type { TMediaService } from './service';

const security = [{ accessToken: [] }];
const tags = ['Media'];
const zUserIdQuery = z.object({ userId: z.string().max(ID_MAX, tooLong('userId')).optional() });
/** Upload calls read multipart bodies (every other call refuses them before reading, http/hygiene). */
const uploadConfig = { upload: true };
/** multipleUploadVal's field and how many files it takes (the handler reads them, the document says them). */
const manyFiles = { field: 'files', max: MEDIA_MAX_FILES };

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
        config: { ...uploadConfig, uploadFiles: manyFiles },
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
          media.uploadMany(authOf(req), req.query.userId, filesOf(req, manyFiles.field, manyFiles.max, maxBytes)),
        );
        return ok({ data: { data: files } });
      },
    );
  };
