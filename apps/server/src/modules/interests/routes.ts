import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { replies } from '../../http/contracts';
import { ok } from '../../http/envelope';
import type { TInterestsService } from './service';

export const interestsRoutes =
  (interests: TInterestsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/intrest/getAllIntrest',
      { schema: { response: replies('GET /intrest/getAllIntrest'), tags: ['Interests'], summary: 'All interests' } },
      async () => ok(await interests.all()),
    );
  };
