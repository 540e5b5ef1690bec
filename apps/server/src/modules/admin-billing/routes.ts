import { ADMIN_BILLING_MSG, zAdminCouponCreate, zAdminCouponParams, zAdminPlanParams, zAdminPlanUpdate } from '@virality/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../http/auth';
import { replies } from '../../http/contracts';
import { ok } from '../../http/envelope';
import { adminOnly } from '../admin/routes';
import type { TAdminBillingService } from './service';

const tags = ['Admin console'];
const security = [{ accessToken: [] }];

/** The console's Plans and prices and Coupons sections. */
export const adminBillingRoutes =
  (billing: TAdminBillingService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/admin/plans',
      { ...adminOnly, schema: { tags, security, summary: 'Every plan with its prices', response: replies('GET /admin/plans') } },
      async () => ok(await billing.listPlans(), ADMIN_BILLING_MSG.plans),
    );
    app.put(
      '/admin/plans/:planId',
      {
        ...adminOnly,
        schema: {
          tags,
          security,
          summary: "A plan's features, post limit and monthly prices (a new price is charged from the next checkout)",
          params: zAdminPlanParams,
          body: zAdminPlanUpdate,
          response: replies('PUT /admin/plans/:planId'),
        },
      },
      async (req) => ok(await billing.updatePlan(authOf(req).userId, req.params.planId, req.body), ADMIN_BILLING_MSG.planUpdated),
    );
    app.get(
      '/admin/coupons',
      {
        ...adminOnly,
        schema: {
          tags,
          security,
          summary: 'Every promotion code with its terms and uses',
          response: replies('GET /admin/coupons'),
        },
      },
      async () => ok(await billing.listCoupons(), ADMIN_BILLING_MSG.coupons),
    );
    app.post(
      '/admin/coupons',
      {
        ...adminOnly,
        schema: {
          tags,
          security,
          summary: 'A promotion code: a percentage or an amount off, for how long, how many times, until when',
          body: zAdminCouponCreate,
          response: replies('POST /admin/coupons'),
        },
      },
      async (req) => ok(await billing.createCoupon(authOf(req).userId, req.body), ADMIN_BILLING_MSG.couponCreated),
    );
    app.post(
      '/admin/coupons/:couponId/deactivate',
      {
        ...adminOnly,
        schema: {
          tags,
          security,
          summary: 'Stops a promotion code at once',
          params: zAdminCouponParams,
          response: replies('POST /admin/coupons/:couponId/deactivate'),
        },
      },
      async (req) =>
        ok(await billing.deactivateCoupon(authOf(req).userId, req.params.couponId), ADMIN_BILLING_MSG.couponDeactivated),
    );
  };
