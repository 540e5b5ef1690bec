import { ADMIN_MSG, zAdminBrandParams, zAdminBrandsQuery, zCreateBrandBody } from '@virality/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../http/auth';
import { replies } from '../../http/contracts';
import { ok } from '../../http/envelope';
import type { TBrandsService } from './brands';
import { adminOnly } from './routes';

const security = [{ accessToken: [] }];
const tags = ['Admin console'];

/** The console's Brands section: make a brand (it is invited to set its password), list them, invite one again. */
export const adminBrandsRoutes =
  (brands: TBrandsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/admin/brands',
      {
        ...adminOnly,
        schema: {
          response: replies('GET /admin/brands'),
          tags,
          security,
          summary: 'The brands, newest first, searched by name, e-mail or phone',
          querystring: zAdminBrandsQuery,
        },
      },
      async (req) => ok(await brands.listBrands(req.query.q, req.query.page)),
    );
    app.post(
      '/admin/brands',
      {
        ...adminOnly,
        schema: {
          response: replies('POST /admin/brands'),
          tags,
          security,
          summary: 'Create a BRANDS account; it gets a link to set its password by e-mail or SMS',
          body: zCreateBrandBody,
        },
      },
      async (req) => ok(await brands.createBrand(authOf(req), req.body), ADMIN_MSG.brandCreated),
    );
    app.post(
      '/admin/brands/:id/invitation',
      {
        ...adminOnly,
        schema: {
          response: replies('POST /admin/brands/:id/invitation'),
          tags,
          security,
          summary: 'Send a brand that has not set its password a new invitation (earlier links stop working)',
          params: zAdminBrandParams,
        },
      },
      async (req) => ok(await brands.resendInvitation(authOf(req), req.params.id), ADMIN_MSG.brandInvitationSent),
    );
  };
