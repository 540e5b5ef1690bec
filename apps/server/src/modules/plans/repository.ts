import { and, asc, eq } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { planPrices, plans } from '../../db/schema';

export type TPlanRow = typeof plans.$inferSelect;
export type TPriceRow = typeof planPrices.$inferSelect;
/** A price with its plan. */
export type TPricedPlan = { plan: TPlanRow; price: TPriceRow };

export function createPlansRepository(db: TDb) {
  return {
    /** The active plans on sale in one currency, by level. */
    async onSale(currency: string): Promise<TPricedPlan[]> {
      return db
        .select({ plan: plans, price: planPrices })
        .from(plans)
        .innerJoin(planPrices, and(eq(planPrices.planId, plans.id), eq(planPrices.currency, currency)))
        .where(and(eq(plans.active, true), eq(plans.purchasable, true)))
        .orderBy(asc(plans.planLevel));
    },
    async priceById(priceId: string): Promise<TPricedPlan | null> {
      const [row] = await db
        .select({ plan: plans, price: planPrices })
        .from(planPrices)
        .innerJoin(plans, eq(plans.id, planPrices.planId))
        .where(eq(planPrices.id, priceId));
      return row ?? null;
    },
    async priceOf(planType: string, currency: string): Promise<TPricedPlan | null> {
      const [row] = await db
        .select({ plan: plans, price: planPrices })
        .from(plans)
        .innerJoin(planPrices, and(eq(planPrices.planId, plans.id), eq(planPrices.currency, currency)))
        .where(eq(plans.planType, planType));
      return row ?? null;
    },
    async planById(planId: string): Promise<TPlanRow | null> {
      const [row] = await db.select().from(plans).where(eq(plans.id, planId));
      return row ?? null;
    },
  };
}
export type TPlansRepository = ReturnType<typeof createPlansRepository>;
