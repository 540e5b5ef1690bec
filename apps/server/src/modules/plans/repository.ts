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
    /** Every plan by level, with its prices (the console's list). */
    async allWithPrices(): Promise<{ plan: TPlanRow; prices: TPriceRow[] }[]> {
      const rows = await db.select().from(plans).orderBy(asc(plans.planLevel), asc(plans.id));
      const prices = await db.select().from(planPrices).orderBy(asc(planPrices.id));
      return rows.map((plan) => ({ plan, prices: prices.filter((p) => p.planId === plan.id) }));
    },
    /** A plan and its prices, its row locked until the unit of work ends (one edit at a time). */
    async lockWithPrices(planId: string): Promise<{ plan: TPlanRow; prices: TPriceRow[] } | null> {
      const [plan] = await db.select().from(plans).where(eq(plans.id, planId)).for('update');
      if (!plan) return null;
      return {
        plan,
        prices: await db.select().from(planPrices).where(eq(planPrices.planId, planId)).orderBy(asc(planPrices.id)),
      };
    },
    async updatePlan(planId: string, set: { features?: string[]; postLimit?: number | null }): Promise<void> {
      if (Object.keys(set).length === 0) return;
      await db.update(plans).set(set).where(eq(plans.id, planId));
    },
    /** Sets a plan's price in a currency (adds it when the plan had none there). */
    async setPrice(row: TPriceRow): Promise<void> {
      await db
        .insert(planPrices)
        .values(row)
        .onConflictDoUpdate({ target: [planPrices.planId, planPrices.currency], set: { amountMinor: row.amountMinor } });
    },
    async planById(planId: string): Promise<TPlanRow | null> {
      const [row] = await db.select().from(plans).where(eq(plans.id, planId));
      return row ?? null;
    },
  };
}
export type TPlansRepository = ReturnType<typeof createPlansRepository>;
