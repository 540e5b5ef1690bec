import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { replies } from '../../http/contracts';
import { ok } from '../../http/envelope';
import { adminOnly } from '../admin/routes';
import type { TAdminOverviewService } from './service';

const tags = ['Admin console'];
const security = [{ accessToken: [] }];

/** The console's Overview section. */
export const adminOverviewRoutes =
  (overview: TAdminOverviewService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/admin/overview',
      {
        ...adminOnly,
        schema: {
          tags,
          security,
          summary: 'Sign-ups, active subscriptions and revenue by month; posts published and failed by network (30 days)',
          response: replies('GET /admin/overview'),
        },
      },
      async () => ok(await overview.overview()),
    );
  };
