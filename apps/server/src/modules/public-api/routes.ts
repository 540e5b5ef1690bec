import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import {
  codeForStatus,
  ID_MAX,
  IDEMPOTENCY_KEY_MAX,
  INSIGHTS_MSG,
  MSG,
  POST_MSG,
  type TErrorCode,
  type TProblem,
  V1_MSG,
  zCampaignReport,
  zProblem,
  zQueueSettings,
  zV1Account,
  zV1BestTime,
  zV1List,
  zV1Media,
  zV1MediaFromUrl,
  zV1Post,
  zV1PostAnalytics,
  zV1PostCreate,
  zV1PostPatch,
  zV1PostsQuery,
  zV1Queue,
  zWebhook,
  zWebhookCreate,
  zWebhookCreated,
  zWebhookDeliveryPage,
} from '@virality/domain';
import type { FastifyError, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest } from '../../errors';
import { authOf } from '../../http/auth';
import { filesOf, uploading } from '../../http/multipart-files';
import { errorForLog } from '../../lib/scrub';
import type { TApiKeysService } from '../api-keys/service';
import type { TMediaService } from '../media/service';
import { type TSpooled, unspool } from '../media/spool';
import type { TWebhooksService } from '../webhooks/service';
import { v1RateLimit } from './rate-limit';
import type { TPublicApiService } from './service';

const security = [{ apiKey: [] }];
const PROBLEM_TYPE = 'application/problem+json';
const tags = ['Public API v1'];

/** The error answers every v1 call may give (RFC 9457 problem details). */
const problems = (...statuses: number[]) =>
  Object.fromEntries(
    statuses.map((s) => [s, { description: STATUS_CODES[s] ?? 'Error', content: { [PROBLEM_TYPE]: { schema: zProblem } } }]),
  );

function problem(status: number, detail: string, code: TErrorCode, errors?: TProblem['errors']): TProblem {
  return { type: 'about:blank', title: STATUS_CODES[status] ?? 'Error', status, detail, code, ...(errors ? { errors } : {}) };
}

function sendProblem(reply: FastifyReply, p: TProblem) {
  return reply.status(p.status).type(PROBLEM_TYPE).send(JSON.stringify(p));
}

const rateLimit = v1RateLimit;

/** A resource's id in the path. */
const zIdParams = z.object({ id: z.string().trim().min(1).max(ID_MAX, V1_MSG.notFound) });

/** The Idempotency-Key header every POST carries. */
const zIdempotencyHeaders = z.object({
  'idempotency-key': z
    .string({ error: V1_MSG.idempotencyKeyRequired })
    .trim()
    .min(1, V1_MSG.idempotencyKeyRequired)
    .max(IDEMPOTENCY_KEY_MAX, V1_MSG.idempotencyKeyRequired),
});

/**
 * /api/v1: the public API, with an API key (`Authorization: Bearer vk_…`) and nothing else (a session token is
 * not taken here). Every call: the key is checked before anything is read (401), a read-only key may only GET
 * (403), the key's rate limit applies (429 with Retry-After), and every error is a problem details document.
 */
/** The SHA-256 of a file, read as a stream. */
async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export const publicApiRoutes =
  (
    api: TPublicApiService,
    keys: TApiKeysService,
    media: TMediaService,
    webhooks: TWebhooksService,
    /** Other modules' v1 routes (bulk import), registered inside this plugin: the key check and problem details apply. */
    more: readonly FastifyPluginAsyncZod[] = [],
  ): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(
      async (plain) => {
        const v1 = plain.withTypeProvider<ZodTypeProvider>();
        v1.addHook('onRequest', async (req) => {
          const header = req.headers.authorization;
          const key = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
          if (!key) throw new AppError(401, V1_MSG.keyMissing, null, 'UNAUTHORIZED');
          const who = await keys.authenticate(key);
          if (!who) throw new AppError(401, V1_MSG.keyInvalid, null, 'UNAUTHORIZED');
          if (req.method !== 'GET' && req.method !== 'HEAD' && who.apiKey.scope !== 'write')
            throw new AppError(403, V1_MSG.readOnly, null, 'FORBIDDEN');
          req.auth = who;
        });
        v1.setErrorHandler((error: FastifyError, req, reply) => {
          if (error instanceof AppError) return sendProblem(reply, problem(error.statusCode, error.message, error.code));
          if (hasZodFastifySchemaValidationErrors(error)) {
            const errors = error.validation.map((issue) => ({
              field:
                String(issue.instancePath ?? '')
                  .replace(/^\//, '')
                  .replaceAll('/', '.') || (error.validationContext === 'headers' ? 'Idempotency-Key' : 'body'),
              message: issue.message ?? MSG.somethingWentWrong,
            }));
            const detail = new Set(errors.map((e) => e.field)).size === 1 ? errors[0].message : V1_MSG.invalid;
            return sendProblem(reply, problem(400, detail, 'VALIDATION_FAILED', errors));
          }
          const status = error.statusCode ?? 500;
          if (status >= 400 && status < 500) return sendProblem(reply, problem(status, error.message, codeForStatus(status)));
          req.log.error({ err: errorForLog(error) }, 'unhandled error');
          return sendProblem(reply, problem(500, MSG.somethingWentWrong, 'INTERNAL'));
        });
        v1.setNotFoundHandler((req, reply) =>
          sendProblem(reply, problem(404, `Route ${req.method} ${req.url.split('?')[0]} not found`, 'ROUTE_NOT_FOUND')),
        );
        for (const routes of more) await v1.register(routes);

        v1.get(
          '/accounts',
          {
            config: { rateLimit },
            schema: {
              tags,
              security,
              operationId: 'listAccounts',
              summary: 'The linked social accounts',
              response: { 200: zV1List(zV1Account), ...problems(401, 429) },
            },
          },
          async (req) => ({ data: await api.accounts(authOf(req)), nextCursor: null }),
        );

        v1.get(
          '/accounts/:id/queue',
          {
            config: { rateLimit },
            schema: {
              tags,
              security,
              operationId: 'getQueue',
              summary: 'An account’s posting queue: its weekly time slots, zone and pause, and its coming slots',
              description:
                'usesDefault true means the account follows the organization’s default schedule. upcoming lists the coming slots (up to 30) and every queued post, earliest first: kind queued (a post added with queue: true), scheduled (a post scheduled by hand at a slot’s time) or empty.',
              params: zIdParams,
              response: { 200: zV1Queue, ...problems(401, 403, 404, 429) },
            },
          },
          async (req) => api.queueOf(authOf(req), req.params.id),
        );

        v1.put(
          '/accounts/:id/queue',
          {
            config: { rateLimit },
            schema: {
              tags,
              security,
              operationId: 'setQueue',
              summary: 'Set an account’s own posting schedule; its queued posts are re-timed',
              description:
                'slots are weekly: day 0 (Sunday) to 6, time HH:MM on timeZone’s clock (09:00 stays 09:00 across daylight-saving changes); at most 70. A change re-times the queued posts in their order, never into the past; paused holds them until resumed. Sending the same schedule again changes nothing.',
              params: zIdParams,
              body: zQueueSettings,
              response: { 200: zV1Queue, ...problems(400, 401, 403, 404, 429) },
            },
          },
          async (req) => api.putQueue(authOf(req), req.params.id, req.body),
        );

        v1.get(
          '/accounts/:id/best-times',
          {
            config: { rateLimit },
            schema: {
              tags,
              security,
              operationId: 'getBestTimes',
              summary: 'An account’s best weekday-and-hour times to post, best first',
              description:
                'basis own: from the engagement of the account’s own posts of the last 90 days (at least 10 with figures read); score is a slot’s engagement against the account’s average post (1.5: half as much again). basis general: the network’s general times while the account has too few posts (score null). Times are on the account’s posting schedule’s clock, else timeZone, else UTC.',
              params: zIdParams,
              querystring: z.object({ timeZone: z.string().max(64, INSIGHTS_MSG.badTimeZone).optional() }),
              response: { 200: zV1List(zV1BestTime), ...problems(400, 401, 403, 404, 429) },
            },
          },
          async (req) => ({ data: await api.bestTimes(authOf(req), req.params.id, req.query.timeZone), nextCursor: null }),
        );

        v1.get(
          '/campaigns/:id/report',
          {
            config: { rateLimit },
            schema: {
              tags,
              security,
              operationId: 'getCampaignReport',
              summary: 'A campaign’s report, for its owner (an IMC’s or a brand’s key)',
              description:
                'Each published post and account with its figures as last read from the networks; per influencer the deliverables (done, due, late), figures and payments; the sums (the sums of the rows), spend, cost per engagement and per 1,000 views (USD), and views, engagement and spend by day.',
              params: zIdParams,
              response: { 200: zCampaignReport, ...problems(401, 403, 404, 429) },
            },
          },
          async (req) => api.campaignReport(authOf(req), req.params.id),
        );

        v1.post(
          '/media',
          {
            config: { rateLimit, upload: true, uploadJson: zV1MediaFromUrl },
            schema: {
              tags,
              security,
              operationId: 'uploadMedia',
              summary: 'Upload one image or video (a multipart file, or JSON {url} of an https file): its id goes in mediaIds',
              description:
                'JPEG, PNG, WebP or SVG under 30 MB, MP4 or QuickTime under 100 MB, read from its bytes. With a JSON body `{url}`, the file at that https address (public addresses only; up to 3 redirects) is fetched and checked the same way. Every POST needs an Idempotency-Key: the same key with the same file (or url) answers the same upload.',
              consumes: ['multipart/form-data', 'application/json'],
              headers: zIdempotencyHeaders,
              response: { 201: zV1Media, 200: zV1Media, ...problems(400, 401, 403, 409, 413, 422, 429) },
            },
          },
          async (req, reply) => {
            const { 'idempotency-key': idempotencyKey } = req.headers as z.infer<typeof zIdempotencyHeaders>;
            if (!req.isMultipart()) {
              const parsed = zV1MediaFromUrl.safeParse(req.body ?? {});
              if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? V1_MSG.urlInvalid);
              const answer = await api.mediaFromUrl(authOf(req), idempotencyKey, parsed.data.url);
              return reply.status(answer.status).send(answer.body);
            }
            const answer = await uploading(req, reply, async () => {
              let taken: { name: string; spooled: TSpooled } | null = null;
              try {
                for await (const file of filesOf(req, 'file', 1, media.limits.uploadBytes)) {
                  if (taken) throw badRequest(POST_MSG.singleDrop);
                  taken = { name: file.name, spooled: await media.spool(file) };
                }
                if (!taken) throw badRequest(POST_MSG.noFile);
                const sha256 = await sha256Of(taken.spooled.file);
                return await api.uploadMedia(authOf(req), idempotencyKey, { ...taken, sha256 });
              } finally {
                await unspool(taken?.spooled ?? null);
              }
            });
            return reply.status(answer.status).send(answer.body);
          },
        );

        v1.post(
          '/posts',
          {
            config: { rateLimit },
            schema: {
              tags,
              security,
              operationId: 'createPost',
              summary:
                'Post now, schedule (scheduledAt), add to the queue (queue: true) or save a draft, once per Idempotency-Key',
              description:
                'Every POST needs an Idempotency-Key header. The same key with the same body answers the same post (201 the first time, 200 after); with another body, 422. Keys are kept 24 hours. With queue: true (instead of scheduledAt), each account’s post takes that account’s next free slot of its posting schedule: each account’s time is its scheduledAt in the answer.',
              headers: zIdempotencyHeaders,
              body: zV1PostCreate,
              response: { 201: zV1Post, 200: zV1Post, ...problems(400, 401, 402, 403, 409, 422, 429) },
            },
          },
          async (req, reply) => {
            const { 'idempotency-key': idempotencyKey } = req.headers as z.infer<typeof zIdempotencyHeaders>;
            const answer = await api.createPost(authOf(req), idempotencyKey, req.body);
            return reply.status(answer.status).send(answer.body);
          },
        );

        v1.get(
          '/posts/:id',
          {
            config: { rateLimit },
            schema: {
              tags,
              security,
              operationId: 'getPost',
              summary: 'A post: where it stands on each account, in the app’s words',
              params: zIdParams,
              response: { 200: zV1Post, ...problems(401, 404, 429) },
            },
          },
          async (req) => api.post(authOf(req), req.params.id),
        );

        v1.get(
          '/posts',
          {
            config: { rateLimit },
            schema: {
              tags,
              security,
              operationId: 'listPosts',
              summary: 'The organization’s posts, newest first, a page at a time (cursor)',
              description:
                'status narrows the list: draft; scheduled (waiting, running or paused); publishing (sent, results not all in); published (at least one account published); failed (none published). Send nextCursor as cursor for the next page; null means this was the last.',
              querystring: zV1PostsQuery,
              response: { 200: zV1List(zV1Post), ...problems(400, 401, 429) },
            },
          },
          async (req) => api.listPosts(authOf(req), req.query),
        );

        v1.patch(
          '/posts/:id',
          {
            config: { rateLimit },
            schema: {
              tags,
              security,
              operationId: 'updatePost',
              summary: 'Change a scheduled post’s text or time while it waits',
              description:
                'Only a scheduled post not yet out. scheduledAt must be in the future and within the plan; the text is checked against each network’s limits. Both change together or neither does.',
              params: zIdParams,
              body: zV1PostPatch,
              response: { 200: zV1Post, ...problems(400, 401, 403, 404, 429) },
            },
          },
          async (req) => api.patchPost(authOf(req), req.params.id, req.body),
        );

        v1.delete(
          '/posts/:id',
          {
            config: { rateLimit },
            schema: {
              tags,
              security,
              operationId: 'deletePost',
              summary: 'Delete a draft, or cancel a scheduled post not yet out',
              description:
                'A post that went out (or is going out) stays on its networks: 409. A post already deleted is not found (404).',
              params: zIdParams,
              response: { 204: z.null().describe('Deleted'), ...problems(401, 403, 404, 409, 429) },
            },
          },
          async (req, reply) => {
            await api.deletePost(authOf(req), req.params.id);
            return reply.status(204).send(null);
          },
        );

        v1.get(
          '/posts/:id/analytics',
          {
            config: { rateLimit },
            schema: {
              tags,
              security,
              operationId: 'getPostAnalytics',
              summary: 'A post’s figures on each account, as last read from the networks',
              description:
                'Figures are read by a job (about hourly at first), never at the call: state pending means not read yet; unavailable carries the reason in message.',
              params: zIdParams,
              response: { 200: zV1List(zV1PostAnalytics), ...problems(401, 404, 429) },
            },
          },
          async (req) => ({ data: await api.analytics(authOf(req), req.params.id), nextCursor: null }),
        );

        v1.post(
          '/webhooks',
          {
            config: { rateLimit },
            schema: {
              tags,
              security,
              operationId: 'createWebhook',
              summary: 'Add a webhook: an https address and the events to send it; answers its signing secret',
              description:
                'Deliveries are POSTed as JSON {id, type, createdAt, data}, signed in the Virality-Signature header: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>"> with the secret (Stripe’s scheme). A delivery is tried until the endpoint answers 2xx (after a minute, then longer waits up to a day; then it is marked failed), so one event may come more than once: keep the ids of the events you handled. The address must be https and public.',
              headers: zIdempotencyHeaders,
              body: zWebhookCreate,
              response: { 201: zWebhookCreated, 200: zWebhookCreated, ...problems(400, 401, 403, 409, 422, 429) },
            },
          },
          async (req, reply) => {
            const { 'idempotency-key': idempotencyKey } = req.headers as z.infer<typeof zIdempotencyHeaders>;
            const answer = await api.createWebhook(authOf(req), idempotencyKey, req.body);
            return reply.status(answer.status).send(answer.body);
          },
        );

        v1.get(
          '/webhooks',
          {
            config: { rateLimit },
            schema: {
              tags,
              security,
              operationId: 'listWebhooks',
              summary: 'The organization’s webhooks (their secrets are not shown again)',
              response: { 200: zV1List(zWebhook), ...problems(401, 403, 429) },
            },
          },
          async (req) => ({ data: await webhooks.list(authOf(req)), nextCursor: null }),
        );

        v1.delete(
          '/webhooks/:id',
          {
            config: { rateLimit },
            schema: {
              tags,
              security,
              operationId: 'deleteWebhook',
              summary: 'Delete a webhook: nothing more is sent to it',
              params: zIdParams,
              response: { 204: z.null().describe('Deleted'), ...problems(401, 403, 404, 429) },
            },
          },
          async (req, reply) => {
            await webhooks.remove(authOf(req), req.params.id);
            return reply.status(204).send(null);
          },
        );

        v1.get(
          '/webhooks/:id/deliveries',
          {
            config: { rateLimit },
            schema: {
              tags,
              security,
              operationId: 'listWebhookDeliveries',
              summary: 'A webhook’s deliveries, newest first, with each one’s state and last answer',
              params: zIdParams,
              querystring: z.object({ cursor: z.string().max(200).optional() }),
              response: { 200: zWebhookDeliveryPage, ...problems(400, 401, 403, 404, 429) },
            },
          },
          async (req) => webhooks.deliveries(authOf(req), req.params.id, req.query),
        );
      },
      { prefix: '/v1' },
    );
  };
