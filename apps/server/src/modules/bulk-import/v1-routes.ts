import { STATUS_CODES } from 'node:http';
import {
  IDEMPOTENCY_KEY_MAX,
  type TProblem,
  V1_MSG,
  zBulkImportResult,
  zBulkPreview,
  zBulkV1Query,
  zProblem,
} from '@virality/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import { authOf } from '../../http/auth';
import { v1RateLimit } from '../public-api/rate-limit';
import { acceptCsv, CSV_TYPE } from './csv-body';
import { zCsvBody } from './routes';
import { BulkRowsRefused, rowErrorLines, type TBulkImportService } from './service';

const PROBLEM_TYPE = 'application/problem+json';
const problems = (...statuses: number[]) =>
  Object.fromEntries(
    statuses.map((s) => [s, { description: STATUS_CODES[s] ?? 'Error', content: { [PROBLEM_TYPE]: { schema: zProblem } } }]),
  );

/** The Idempotency-Key: the import's key (a dry run needs none). */
const zKeyHeaders = z.object({
  'idempotency-key': z.string().trim().max(IDEMPOTENCY_KEY_MAX, V1_MSG.idempotencyKeyRequired).optional(),
});

/**
 * POST /api/v1/posts/bulk: the public API's bulk import, registered inside the public API's plugin (its key check,
 * rate limit and problem details apply). dryRun=true answers the preview; otherwise the file is imported once per
 * Idempotency-Key, all or nothing, and the answer lists the posts made with each account's time.
 */
export const bulkImportV1Routes =
  (bulk: TBulkImportService): FastifyPluginAsyncZod =>
  async (app) => {
    acceptCsv(app);
    app.post(
      '/posts/bulk',
      {
        config: { rateLimit: v1RateLimit, bodyType: CSV_TYPE },
        schema: {
          tags: ['Public API v1'],
          security: [{ apiKey: [] }],
          operationId: 'importPosts',
          summary: 'Schedule posts from a CSV file, all or none (dryRun=true: check it only)',
          description:
            'The body is a CSV file (text/csv, UTF-8, at most 1 MB and 500 rows) with the columns text, accounts (network:username separated by ;), when (ISO 8601 with its offset, such as 2030-07-01T09:00+02:00, or queue) and media (https addresses, or uploads of this server, separated by ;). With dryRun=true the answer is the preview: each row with its errors, nothing made. Otherwise every row must pass (400 lists each row’s errors, nothing is made); the same file imported before is 409 unless confirmDuplicate=true; the Idempotency-Key is required and makes the import happen once (the same key and file answer the first import with 200; another file, 422).',
          consumes: [CSV_TYPE],
          querystring: zBulkV1Query,
          headers: zKeyHeaders,
          body: zCsvBody,
          response: {
            201: zBulkImportResult,
            200: zBulkImportResult.or(zBulkPreview),
            ...problems(400, 401, 403, 409, 413, 415, 422, 429),
          },
        },
      },
      async (req, reply) => {
        const a = authOf(req);
        const q = req.query as z.infer<typeof zBulkV1Query>;
        if (q.dryRun) return reply.status(200).send(await bulk.preview(a, req.body));
        const key = (req.headers as z.infer<typeof zKeyHeaders>)['idempotency-key'] ?? '';
        if (!key) throw new AppError(400, V1_MSG.idempotencyKeyRequired, null, 'VALIDATION_FAILED');
        try {
          const answer = await bulk.import(a, req.body, key, q.confirmDuplicate);
          return reply.status(answer.status).send(answer.body);
        } catch (err) {
          if (!(err instanceof BulkRowsRefused)) throw err;
          const p: TProblem = {
            type: 'about:blank',
            title: STATUS_CODES[400]!,
            status: 400,
            detail: err.message,
            code: err.code,
            errors: rowErrorLines(err.preview),
          };
          // the rows' errors are part of the problem: sent as it is, past the success schemas
          return (reply as unknown as FastifyReply).status(400).type(PROBLEM_TYPE).send(JSON.stringify(p));
        }
      },
    );
  };
