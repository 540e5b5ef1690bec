import { ID_MAX, QUEUE_MSG, QUEUE_SCHEDULE_MSG, zQueueCopy, zQueueSettings } from '@virality/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, requireAuth } from '../../http/auth';
import { replies } from '../../http/contracts';
import { ok } from '../../http/envelope';
import type { TQueueService } from './service';

const security = [{ accessToken: [] }];
const params = z.object({ accountId: z.string().max(ID_MAX, QUEUE_MSG.accountNotFound) });

/** The Queue page's schedule calls: each account's weekly slots, zone and pause, copied to others, and the default. */
export const queueRoutes =
  (queue: TQueueService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['Queue'];
    const guarded = { onRequest: requireAuth };
    app.get(
      '/queue/schedules',
      {
        ...guarded,
        schema: {
          tags,
          security,
          summary: 'The posting schedule of each account the caller sees (its own or the default) and the default',
          response: replies('GET /queue/schedules'),
        },
      },
      async (req) => ok(await queue.schedules(authOf(req)), QUEUE_SCHEDULE_MSG.listed),
    );
    app.put(
      '/queue/schedules/:accountId',
      {
        ...guarded,
        schema: {
          tags,
          security,
          summary: "Set an account's own posting schedule (zone, pause, weekly slots); its queued posts are re-timed",
          params,
          body: zQueueSettings,
          response: replies('PUT /queue/schedules/:accountId'),
        },
      },
      async (req) => ok(await queue.put(authOf(req), req.params.accountId, req.body), QUEUE_MSG.saved),
    );
    app.delete(
      '/queue/schedules/:accountId',
      {
        ...guarded,
        schema: {
          tags,
          security,
          summary: 'Let an account follow the default schedule again; its queued posts are re-timed',
          params,
          response: replies('DELETE /queue/schedules/:accountId'),
        },
      },
      async (req) => ok(await queue.reset(authOf(req), req.params.accountId), QUEUE_SCHEDULE_MSG.reset),
    );
    app.post(
      '/queue/schedules/:accountId/copy',
      {
        ...guarded,
        schema: {
          tags,
          security,
          summary: "Give an account's zone and slots to other accounts (each keeps its pause)",
          params,
          body: zQueueCopy,
          response: replies('POST /queue/schedules/:accountId/copy'),
        },
      },
      async (req) => {
        const copied = await queue.copy(authOf(req), req.params.accountId, req.body.accountIds);
        return ok(copied, QUEUE_SCHEDULE_MSG.copied(copied.length));
      },
    );
    app.put(
      '/queue/default',
      {
        ...guarded,
        schema: {
          tags,
          security,
          summary: "Set the organization's default schedule, which accounts without their own follow",
          body: zQueueSettings.omit({ paused: true }),
          response: replies('PUT /queue/default'),
        },
      },
      async (req) => ok(await queue.putDefault(authOf(req), req.body), QUEUE_SCHEDULE_MSG.defaultSaved),
    );
  };
