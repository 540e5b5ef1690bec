import { ID_MAX, WEBHOOK_MSG, zWebhookCreate } from '@virality/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, requireAuth } from '../../http/auth';
import { replies } from '../../http/contracts';
import { ok } from '../../http/envelope';
import type { TWebhooksService } from './service';

const security = [{ accessToken: [] }];
const zId = z.string().max(ID_MAX, WEBHOOK_MSG.notFound);
// what makes this server send requests to an address its user chose: a few a second at most, per user
const perUser = {
  rateLimit: {
    max: 30,
    timeWindow: 60_000,
    keyGenerator: (req: { auth?: { userId: string } | null; ip: string }) => req.auth?.userId ?? req.ip,
  },
};

/**
 * The webhooks part of the API keys page: an organization's owner adds, lists and deletes webhooks, reads each
 * one's delivery log and sends a delivery again. (Integrators manage webhooks through /api/v1/webhooks.)
 */
export const webhooksRoutes =
  (webhooks: TWebhooksService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['Webhooks'];
    const guarded = { onRequest: requireAuth };
    app.post(
      '/webhooks',
      {
        ...guarded,
        config: perUser,
        schema: {
          tags,
          security,
          summary: 'Add a webhook (an https address and its events): its signing secret is in this answer only',
          body: zWebhookCreate,
          response: replies('POST /webhooks'),
        },
      },
      async (req) => ok(await webhooks.create(authOf(req), req.body), WEBHOOK_MSG.created),
    );
    app.get(
      '/webhooks',
      {
        ...guarded,
        schema: { tags, security, summary: "The organization's webhooks, newest first", response: replies('GET /webhooks') },
      },
      async (req) => ok(await webhooks.list(authOf(req)), WEBHOOK_MSG.listed),
    );
    app.delete(
      '/webhooks/:id',
      {
        ...guarded,
        schema: {
          tags,
          security,
          summary: 'Delete a webhook: nothing more is sent to it, even what was waiting',
          params: z.object({ id: zId }),
          response: replies('DELETE /webhooks/:id'),
        },
      },
      async (req) => {
        await webhooks.remove(authOf(req), req.params.id);
        return ok(null, WEBHOOK_MSG.deleted);
      },
    );
    app.get(
      '/webhooks/:id/deliveries',
      {
        ...guarded,
        schema: {
          tags,
          security,
          summary: "A webhook's deliveries, newest first, with each one's last answer (cursor pages of 20)",
          params: z.object({ id: zId }),
          querystring: z.object({ cursor: z.string().max(200).optional() }),
          response: replies('GET /webhooks/:id/deliveries'),
        },
      },
      async (req) => ok(await webhooks.deliveries(authOf(req), req.params.id, req.query), WEBHOOK_MSG.listed),
    );
    app.post(
      '/webhooks/:id/deliveries/:deliveryId/redeliver',
      {
        ...guarded,
        config: perUser,
        schema: {
          tags,
          security,
          summary: 'Send a delivery again now, with a fresh round of attempts',
          params: z.object({ id: zId, deliveryId: zId }),
          response: replies('POST /webhooks/:id/deliveries/:deliveryId/redeliver'),
        },
      },
      async (req) => ok(await webhooks.redeliver(authOf(req), req.params.id, req.params.deliveryId), WEBHOOK_MSG.redelivered),
    );
  };
