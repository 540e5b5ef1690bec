import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import type { TInterestsService } from './service';

export const interestsRoutes =
  (interests: TInterestsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/intrest/getAllIntrest', { schema: { tags: ['Interests'], summary: 'All interests' } }, async () =>
      ok(await interests.all()),
    );
  };
