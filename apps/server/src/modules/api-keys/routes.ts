import { API_KEY_MSG, ID_MAX, zApiKeyCreate } from '@virality/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, requireAuth } from '../../http/auth';
import { replies } from '../../http/contracts';
import { ok } from '../../http/envelope';
import type { TApiKeysService } from './service';

const security = [{ accessToken: [] }];

/** The API keys page's calls: an organization's owner makes, lists and revokes the keys of the public API. */
export const apiKeysRoutes =
  (keys: TApiKeysService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['API keys'];
    const guarded = { onRequest: requireAuth };
    app.post(
      '/apiKeys',
      {
        ...guarded,
        schema: {
          tags,
          security,
          summary: 'Make an API key (a name and a scope, read or write): the key is in this answer only',
          body: zApiKeyCreate,
          response: replies('POST /apiKeys'),
        },
      },
      async (req) => ok(await keys.create(authOf(req), req.body), API_KEY_MSG.created),
    );
    app.get(
      '/apiKeys',
      {
        ...guarded,
        schema: { tags, security, summary: "The organization's live API keys, newest first", response: replies('GET /apiKeys') },
      },
      async (req) => ok(await keys.list(authOf(req)), API_KEY_MSG.listed),
    );
    app.delete(
      '/apiKeys/:id',
      {
        ...guarded,
        schema: {
          tags,
          security,
          summary: 'Revoke an API key: calls made with it are refused from now on',
          params: z.object({ id: z.string().max(ID_MAX, API_KEY_MSG.notFound) }),
          response: replies('DELETE /apiKeys/:id'),
        },
      },
      async (req) => {
        await keys.revoke(authOf(req), req.params.id);
        return ok(null, API_KEY_MSG.revoked);
      },
    );
  };
