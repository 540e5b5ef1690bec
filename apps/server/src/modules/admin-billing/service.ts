import {
  ADMIN_BILLING_MSG,
  PAY_MSG,
  type TAdminCoupon,
  type TAdminPlan,
  type TAdminPlanUpdate,
  type TCurrency,
  toMajorUnits,
  toMinorUnits,
  type zAdminCouponCreate,
} from '@virality/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Clock } from '../../clock';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { isStripeError, type TPromotionDetail } from '../../integrations/stripe';
import { newId } from '../../lib/ids';
import type { TUnitOfWork } from '../../lib/unit-of-work';
import type { TAuditService } from '../admin/audit';
import { stripePriceOf, type TPaymentsService } from '../payments/service';
import type { TPlanRow, TPriceRow } from '../plans/repository';
import type { TPlansService } from '../plans/service';

type TDeps = {
  plans: TPlansService;
  payments: Pick<TPaymentsService, 'stripe' | 'stripeConfigured'>;
  audit: Pick<TAuditService, 'record'>;
  clock: Clock;
  unitOfWork: TUnitOfWork;
  log: FastifyBaseLogger;
};

const planDto = (plan: TPlanRow, prices: TPriceRow[]): TAdminPlan => ({
  planId: plan.id,
  planType: plan.planType,
  planName: plan.planName,
  planLevel: plan.planLevel,
  postLimit: plan.postLimit,
  features: plan.features,
  purchasable: plan.purchasable,
  prices: prices.map((p) => ({ priceId: p.id, currency: p.currency as TCurrency, amount: toMajorUnits(p.amountMinor) })),
});

/** What the audit log keeps of a plan: its terms and prices in minor units. */
const planAudit = (plan: TPlanRow, prices: TPriceRow[]) => ({
  postLimit: plan.postLimit,
  features: plan.features,
  prices: Object.fromEntries(prices.map((p) => [p.currency, p.amountMinor])),
});

const couponDto = (p: TPromotionDetail): TAdminCoupon => ({
  couponId: p.id,
  code: p.code,
  name: p.coupon?.name ?? null,
  active: p.active,
  percentOff: p.coupon?.percentOff ?? null,
  amountOff: p.coupon?.amountOff === null || p.coupon?.amountOff === undefined ? null : toMajorUnits(p.coupon.amountOff),
  currency: p.coupon?.amountOff ? (p.coupon.currency ?? null) : null,
  duration: p.coupon?.duration ?? 'once',
  durationInMonths: p.coupon?.durationInMonths ?? null,
  maxRedemptions: p.maxRedemptions,
  timesRedeemed: p.timesRedeemed,
  expiresAt: p.expiresAt === null ? null : new Date(p.expiresAt * 1000).toISOString(),
  createdAt: new Date(p.created * 1000).toISOString(),
});

/** What the audit log keeps of a coupon. */
const couponAudit = (c: TAdminCoupon) => ({ ...c });

/**
 * The console's plans, prices and coupons. A price change makes the plan's new Stripe price first (Stripe prices
 * never change: a new one takes the plan's lookup key and the old one is deactivated), then saves the plan and its
 * audit row together; checkouts from then on charge the new price. Coupons are Stripe's promotion codes, made,
 * listed and deactivated there, each change audited.
 */
export function createAdminBillingService(deps: TDeps) {
  const { plans, payments, audit, clock, unitOfWork, log } = deps;

  /** A Stripe call of the console: Stripe's refusal (4xx) as a 400 with its reason, anything else a 502. */
  async function viaStripe<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (isStripeError(err) && (err.statusCode === 400 || err.statusCode === 404)) throw badRequest(err.message);
      log.warn({ err: isStripeError(err) ? err.message : String(err), what }, 'stripe: a console call failed');
      throw new AppError(502, PAY_MSG.paymentProviderFailed);
    }
  }

  return {
    /** GET admin/plans: every plan by level with its prices. */
    async listPlans(): Promise<TAdminPlan[]> {
      return (await plans.admin.allWithPrices()).map(({ plan, prices }) => planDto(plan, prices));
    },

    /**
     * PUT admin/plans/:planId: features, post limit (for new purchases: a plan bought keeps the limit it was bought
     * with) and monthly prices. The free tier has no price and keeps its limit.
     */
    async updatePlan(actorId: string, planId: string, body: TAdminPlanUpdate): Promise<TAdminPlan> {
      const found = (await plans.admin.allWithPrices()).find((r) => r.plan.id === planId);
      if (!found) throw notFound(ADMIN_BILLING_MSG.planNotFound);
      const newPrices = Object.entries(body.prices ?? {}) as [TCurrency, number][];
      if (!found.plan.purchasable && newPrices.length > 0) throw badRequest(ADMIN_BILLING_MSG.freeTierNoPrice);
      if (!found.plan.purchasable && body.postLimit !== undefined && body.postLimit !== found.plan.postLimit)
        throw badRequest(ADMIN_BILLING_MSG.freeTierNoLimitChange);
      const priceRows = newPrices
        .map(([currency, amount]): TPriceRow => {
          const held = found.prices.find((p) => p.currency === currency);
          return {
            id: held?.id ?? `price_${found.plan.planType.toLowerCase()}_${currency}`,
            planId,
            currency,
            amountMinor: toMinorUnits(amount),
          };
        })
        .filter((row) => found.prices.find((p) => p.currency === row.currency)?.amountMinor !== row.amountMinor);
      // Stripe first: a price that fails there changes nothing here (a checkout made meanwhile still charges the
      // saved price: it finds its Stripe price by amount and makes it again if it must)
      if (payments.stripeConfigured())
        for (const row of priceRows)
          await viaStripe('price', () => payments.stripe().catalogPrice(stripePriceOf({ plan: found.plan, price: row })));
      return unitOfWork(async () => {
        const locked = await plans.admin.lockWithPrices(planId);
        if (!locked) throw notFound(ADMIN_BILLING_MSG.planNotFound);
        const set: { features?: string[]; postLimit?: number | null } = {};
        if (body.features !== undefined) set.features = body.features;
        if (body.postLimit !== undefined && found.plan.purchasable) set.postLimit = body.postLimit;
        await plans.admin.updatePlan(planId, set);
        for (const row of priceRows) await plans.admin.setPrice(row);
        const after = await plans.admin.lockWithPrices(planId);
        if (!after) throw notFound(ADMIN_BILLING_MSG.planNotFound);
        await audit.record({
          actorId,
          action: 'plan.update',
          targetType: 'plan',
          targetId: planId,
          before: planAudit(locked.plan, locked.prices),
          after: planAudit(after.plan, after.prices),
        });
        return planDto(after.plan, after.prices);
      });
    },

    /** GET admin/coupons: every promotion code, newest first, with how often it was used. */
    async listCoupons(): Promise<TAdminCoupon[]> {
      const list = await viaStripe('list', () => payments.stripe().listPromotions());
      return list.map(couponDto);
    },

    /** POST admin/coupons: a coupon and its code in Stripe (the code unique among active ones, any case). */
    async createCoupon(actorId: string, body: z.output<typeof zAdminCouponCreate>): Promise<TAdminCoupon> {
      const gateway = payments.stripe();
      const nowSec = Math.floor(clock.nowMs() / 1000);
      const expiresAt = body.expiresAt ? Math.floor(Date.parse(body.expiresAt) / 1000) : null;
      if (expiresAt !== null && expiresAt <= nowSec) throw badRequest(ADMIN_BILLING_MSG.expiryPast);
      const taken = await viaStripe('find', () => gateway.findPromotion(body.code));
      if (taken?.active && (taken.expiresAt === null || taken.expiresAt > nowSec)) throw conflict(ADMIN_BILLING_MSG.codeTaken);
      const percentOff = body.percentOff ?? null;
      const made = await viaStripe('create', () =>
        gateway.createPromotion({
          code: body.code,
          name:
            body.name || (percentOff !== null ? `${percentOff}% off` : `${body.amountOff} ${body.currency?.toUpperCase()} off`),
          percentOff,
          amountOffMinor: percentOff === null && body.amountOff ? toMinorUnits(body.amountOff) : null,
          currency: percentOff === null ? (body.currency ?? null) : null,
          duration: body.duration,
          durationInMonths: body.duration === 'repeating' ? (body.durationInMonths ?? null) : null,
          maxRedemptions: body.maxRedemptions ?? null,
          expiresAt,
          requestKey: newId(),
        }),
      );
      const dto = couponDto(made);
      await audit.record({ actorId, action: 'coupon.create', targetType: 'coupon', targetId: made.id, after: couponAudit(dto) });
      return dto;
    },

    /** POST admin/coupons/:couponId/deactivate: the code stops working at once (Stripe cannot delete a code). */
    async deactivateCoupon(actorId: string, couponId: string): Promise<TAdminCoupon> {
      const gateway = payments.stripe();
      const found = await viaStripe('retrieve', () => gateway.retrievePromotion(couponId));
      if (!found) throw notFound(ADMIN_BILLING_MSG.couponNotFound);
      if (!found.active) throw conflict(ADMIN_BILLING_MSG.couponAlreadyInactive);
      const after = couponDto(await viaStripe('deactivate', () => gateway.deactivatePromotion(couponId)));
      await audit.record({
        actorId,
        action: 'coupon.deactivate',
        targetType: 'coupon',
        targetId: couponId,
        before: couponAudit(couponDto(found)),
        after: couponAudit(after),
      });
      return after;
    },
  };
}
export type TAdminBillingService = ReturnType<typeof createAdminBillingService>;
