import { BULK_FILE_MAX_BYTES, BULK_IMPORT_KEY_MAX, BULK_MSG, bulkTemplate, zBulkImportQuery } from '@virality/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../clock';
import { authOf, requireAuth } from '../../http/auth';
import { replies } from '../../http/contracts';
import { ok } from '../../http/envelope';
import { acceptCsv, CSV_TYPE } from './csv-body';
import type { TBulkImportService } from './service';

const security = [{ accessToken: [] }];
const tags = ['Posts'];
const guarded = { onRequest: requireAuth };
/** The file, as the body: UTF-8 CSV text. */
export const zCsvBody = z.string().max(BULK_FILE_MAX_BYTES, BULK_MSG.fileTooLarge).describe('The CSV file (UTF-8)');
/** The import's key: a new one for each file the client imports, the same one when it sends that import again. */
export const zImportKeyHeaders = z.object({
  'idempotency-key': z
    .string({ error: BULK_MSG.keyRequired })
    .trim()
    .min(1, BULK_MSG.keyRequired)
    .max(BULK_IMPORT_KEY_MAX, BULK_MSG.keyRequired),
});
// each preview or import runs every row's checks: a few a minute per user is plenty for a person
const perUser = {
  rateLimit: {
    max: 20,
    timeWindow: 60_000,
    keyGenerator: (req: { auth?: { userId: string } | null; ip: string }) => req.auth?.userId ?? req.ip,
  },
};
const csvCall = { bodyType: CSV_TYPE, ...perUser };

/** Bulk scheduling from a CSV file: the template, a file's preview, and its import (all or nothing). */
export const bulkImportRoutes =
  (bulk: TBulkImportService, clock: Clock): FastifyPluginAsyncZod =>
  async (app) => {
    acceptCsv(app);
    app.get(
      '/posts/bulk/template.csv',
      {
        schema: {
          tags,
          security: [],
          summary: 'The CSV template of a bulk import: its header and two example rows',
          produces: [CSV_TYPE],
          response: { 200: z.string().describe('The template, as text/csv') },
        },
      },
      async (_req, reply) =>
        reply
          .type(`${CSV_TYPE}; charset=utf-8`)
          .header('content-disposition', `attachment; filename="${BULK_MSG.templateName}"`)
          .send(bulkTemplate(clock.now())),
    );
    app.post(
      '/posts/bulk/preview',
      {
        ...guarded,
        config: { ...csvCall, refuses: [413] },
        schema: {
          tags,
          security,
          summary: 'Check a CSV file of posts as its import would, row by row, and make nothing',
          description:
            'Columns text, accounts (network:username separated by ;), when (ISO 8601 with its offset, or queue) and media (https addresses or uploads of this server, separated by ;), in any order. At most 500 rows and 1 MB. Each row answers its errors in the app’s words; importedBefore says when the same file was imported.',
          consumes: [CSV_TYPE],
          body: zCsvBody,
          response: replies('POST /posts/bulk/preview'),
        },
      },
      async (req) => ok(await bulk.preview(authOf(req), req.body), BULK_MSG.previewed),
    );
    app.post(
      '/posts/bulk',
      {
        ...guarded,
        config: { ...csvCall, refuses: [409, 413, 422] },
        schema: {
          tags,
          security,
          summary: 'Import a CSV file of posts: every row’s post, or none',
          description:
            'The rows are checked as the preview does; any error refuses the whole file (400, the preview in `response`) and nothing is made. The same file imported before is refused (409, `response.importedAt`) unless confirmDuplicate=true. The Idempotency-Key header is the import’s key: sent again (an answer lost), it answers the first import and makes nothing; with another file, 422.',
          consumes: [CSV_TYPE],
          headers: zImportKeyHeaders,
          querystring: zBulkImportQuery,
          body: zCsvBody,
          response: replies('POST /posts/bulk'),
        },
      },
      async (req) => {
        const key = (req.headers as z.infer<typeof zImportKeyHeaders>)['idempotency-key'];
        const answer = await bulk.import(authOf(req), req.body, key, req.query.confirmDuplicate);
        return ok(answer.body, BULK_MSG.imported(answer.body.posts.length));
      },
    );
  };
