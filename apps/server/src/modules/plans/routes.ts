import { zPriceListQuery } from '@virality/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { replies } from '../../http/contracts';
import { ok } from '../../http/envelope';
import type { TPlansService } from './service';

const tags = ['Plans and payments'];

/** The public price list. */
export const plansRoutes =
  (plans: TPlansService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/payment/getPriceList',
      {
        schema: {
          tags,
          summary: "The plans on sale in a currency (usd, inr, gbp, eur); without one, in the visitor's, by address",
          querystring: zPriceListQuery,
          response: replies('GET /payment/getPriceList'),
        },
      },
      async (req) => ok(await plans.priceList(plans.currencyFor(req.query.currency, req.ip))),
    );
  };
