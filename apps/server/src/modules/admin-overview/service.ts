import { OVERVIEW_POST_DAYS, type TAdminOverview } from '@virality/domain';
import type { Clock } from '../../clock';
import type { TAdminOverviewRepository } from './repository';

const DAY_MS = 86_400_000;

/**
 * The console's overview on the product clock: the last months' sign-ups, active subscriptions and revenue, and the
 * last OVERVIEW_POST_DAYS days' publishing by network. The database computes every figure; this puts them together.
 */
export function createAdminOverviewService(deps: { repo: TAdminOverviewRepository; clock: Clock }) {
  const { repo, clock } = deps;
  return {
    async overview(): Promise<TAdminOverview> {
      const now = clock.now();
      const from = new Date(now.getTime() - OVERVIEW_POST_DAYS * DAY_MS);
      const [months, revenue, networks] = await Promise.all([repo.months(now), repo.revenue(now), repo.networks(from, now)]);
      return {
        months: months.map((m) => ({
          ...m,
          revenue: revenue.filter((r) => r.month === m.month).map(({ currency, amountMinor }) => ({ currency, amountMinor })),
        })),
        networks,
        postsFrom: from.toISOString(),
        asOf: now.toISOString(),
      };
    },
  };
}
export type TAdminOverviewService = ReturnType<typeof createAdminOverviewService>;
