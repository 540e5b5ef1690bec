import { ID_MAX, tooLong } from '@virality/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { replies } from '../../http/contracts';
import { ok } from '../../http/envelope';
import type { TLocationService } from './service';

export const locationRoutes =
  (location: TLocationService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['Location'];
    app.get(
      '/location/getAllCountry/',
      { schema: { response: replies('GET /location/getAllCountry/'), tags, summary: 'All countries' } },
      async () => ok(location.countries()),
    );
    app.get(
      '/location/getAllCountry',
      { schema: { response: replies('GET /location/getAllCountry'), tags, summary: 'All countries', hide: true } },
      async () => ok(location.countries()),
    );
    app.get(
      '/location/getAllState',
      {
        schema: {
          response: replies('GET /location/getAllState'),
          tags,
          summary: 'States of a country',
          querystring: z.object({
            countryId: z
              .string({ error: 'countryId is required' })
              .min(1, 'countryId is required')
              .max(ID_MAX, tooLong('countryId')),
          }),
        },
      },
      async (req) => ok(location.states(req.query.countryId)),
    );
    app.get(
      '/location/getAllCity',
      {
        schema: {
          response: replies('GET /location/getAllCity'),
          tags,
          summary: 'Cities of a state',
          querystring: z.object({
            stateId: z.string({ error: 'stateId is required' }).min(1, 'stateId is required').max(ID_MAX, tooLong('stateId')),
          }),
        },
      },
      async (req) => ok(location.cities(req.query.stateId)),
    );
  };
