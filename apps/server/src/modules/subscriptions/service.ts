import { MSG } from '@virality/domain';
import type { Clock } from '../../clock';
import { forbidden } from '../../errors';
import { newId } from '../../lib/ids';
import type { createSubscriptionsRepository, TSubscriptionRow } from './repository';

export const FREE_TIER = { planType: 'FreeTier', postLimit: 5 } as const;
const BUFFER_DAYS = 7;

/** One calendar month after `from` (FreeTier renews monthly from sign-up). */
export const addMonth = (from: Date): Date => {
  const d = new Date(from);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d;
};

export function toSubscriptionDetails(row: TSubscriptionRow | null, now: Date) {
  if (!row) return null;
  const expired = row.planStatus === 'EXPIRED' || row.planEndDate.getTime() < now.getTime();
  return {
    planType: row.planType,
    planStatus: expired ? 'EXPIRED' : row.planStatus,
    subscriptionVerify: row.subscriptionVerify,
    postLimit: row.postLimit,
    postCount: row.postCount,
    planStartDate: row.planStartDate.toISOString(),
    planEndDate: row.planEndDate.toISOString(),
    bufferEndDate: new Date(row.planEndDate.getTime() + BUFFER_DAYS * 86_400_000).toISOString(),
  };
}

export function createSubscriptionsService(deps: { repo: ReturnType<typeof createSubscriptionsRepository>; clock: Clock }) {
  const { repo, clock } = deps;
  return {
    async detailsFor(userId: string) {
      return toSubscriptionDetails(await repo.findByUser(userId), clock.now());
    },
    /** subscription/AddInfSubs: the influencer's FreeTier record (5 posts a month), made once. */
    async addFreeTier(user: { id: string; profileType: string }) {
      if (user.profileType !== 'INFLUENCER') throw forbidden(MSG.freeTierInfluencerOnly);
      const now = clock.now();
      const row = await repo.insertOnce({
        id: newId(),
        userId: user.id,
        planType: FREE_TIER.planType,
        planStatus: 'ACTIVE',
        subscriptionVerify: true,
        postLimit: FREE_TIER.postLimit,
        postCount: 0,
        planStartDate: now,
        planEndDate: addMonth(now),
        createdAt: now,
      });
      return toSubscriptionDetails(row, now);
    },
  };
}
export type TSubscriptionsService = ReturnType<typeof createSubscriptionsService>;
