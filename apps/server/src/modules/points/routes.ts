import { zWalletFilterBody, zWalletFilterQuery, zWalletQuery } from '@virality/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireRole } from '../../http/auth';
import { replies } from '../../http/contracts';
import { ok } from '../../http/envelope';
import type { TPointsService } from './service';

const security = [{ accessToken: [] }];

/** The point wallet's calls: for the roles that have a point wallet (influencers, businesses and their managers). */
export const pointsRoutes =
  (points: TPointsService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['Points'];
    const walletRoles = { onRequest: requireRole('BUSINESS', 'INFLUENCER', 'BUSINESS_MANAGER') };
    app.get(
      '/wallet/getUserWallet',
      {
        ...walletRoles,
        schema: {
          response: replies('GET /wallet/getUserWallet'),
          tags,
          security,
          summary: "The caller's points: total, level held and until when, the levels, progress, the first page of earnings",
          querystring: zWalletQuery,
        },
      },
      async (req) => ok(await points.wallet(authOf(req), req.query)),
    );
    app.get(
      '/wallet/getUserFillterWallet',
      {
        ...walletRoles,
        schema: {
          response: replies('GET /wallet/getUserFillterWallet'),
          tags,
          security,
          summary:
            "A page (10) of the caller's earnings in a period (Weekly, Monthly, 3-Months, 6-Months, One-Year, Custom; everything without one), its sum and its chart, days read in timeZone",
          querystring: zWalletFilterQuery,
        },
      },
      async (req) => ok(await points.filtered(authOf(req), req.query)),
    );
    app.post(
      '/wallet/getUserFillterWallet',
      {
        ...walletRoles,
        schema: {
          response: replies('POST /wallet/getUserFillterWallet'),
          tags,
          security,
          summary: 'The same as the GET, with {filterType, pageNo, startDate, endDate, timeZone} in the body',
          body: zWalletFilterBody,
        },
      },
      async (req) => {
        const { pageNo, ...rest } = req.body;
        return ok(await points.filtered(authOf(req), { ...rest, page: pageNo }));
      },
    );
  };
