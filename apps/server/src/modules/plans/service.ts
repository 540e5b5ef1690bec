import { CURRENCY_SYMBOLS, currencyForCountry, PAY_MSG, type TCurrency, type TPriceList, toMajorUnits } from '@virality/domain';
import { notFound } from '../../errors';
import type { TPlansRepository, TPricedPlan } from './repository';

/** Plans and their prices per currency (kept in the database), and the currency a visitor pays in. */
export function createPlansService(deps: { repo: TPlansRepository; countryOf: (ip: string) => string | null }) {
  const { repo } = deps;
  const lookUp = deps.countryOf;
  return {
    /** The currency of a request: the one asked for, else the one of the country its address is in. */
    currencyFor(asked: TCurrency | undefined, ip: string | undefined): TCurrency {
      return asked ?? currencyForCountry(ip ? lookUp(ip) : null);
    },
    /** payment/getPriceList: the plans on sale in `currency`, by level (the free tier is given, never sold). */
    async priceList(currency: TCurrency): Promise<TPriceList> {
      const rows = await repo.onSale(currency);
      return {
        currency,
        symbol: CURRENCY_SYMBOLS[currency],
        plans: rows.map(({ plan, price }) => ({
          planId: plan.id,
          planName: plan.planName,
          planLevel: plan.planLevel,
          planAmount: toMajorUnits(price.amountMinor),
          planCurrency: price.currency,
          planFeature: plan.features,
          PlanPostLimit: plan.postLimit,
          planType: plan.planType,
          priceId: price.id,
        })),
      };
    },
    /** A price on sale and its plan: 404 'This price is not available' otherwise. */
    async requirePrice(priceId: string): Promise<TPricedPlan> {
      const row = await repo.priceById(priceId);
      if (!row?.plan.active) throw notFound(PAY_MSG.priceNotFound);
      return row;
    },
    /** The price of a plan (by its planType) in a currency, if it has one. */
    priceOf: (planType: string, currency: string) => repo.priceOf(planType, currency),
    planById: (planId: string) => repo.planById(planId),
    /** The console's reads and writes (the admin-billing module checks and audits them). */
    admin: {
      allWithPrices: () => repo.allWithPrices(),
      lockWithPrices: (planId: string) => repo.lockWithPrices(planId),
      updatePlan: repo.updatePlan,
      setPrice: repo.setPrice,
    },
  };
}
export type TPlansService = ReturnType<typeof createPlansService>;
