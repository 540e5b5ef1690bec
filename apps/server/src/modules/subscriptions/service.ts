import { MSG, POST_MSG } from '@virality/domain';
import type { Clock } from '../../clock';
import { AppError, forbidden } from '../../errors';
import { newId } from '../../lib/ids';
import type { createSubscriptionsRepository, TSubscriptionRow } from './repository';

export const FREE_TIER = { planType: 'FreeTier', postLimit: 5 } as const;
const BUFFER_DAYS = 7;

/** `from` plus `months` calendar months (UTC), clamped to the month's last day: 31 Jan + 1 → 28/29 Feb, never 3 Mar. */
export const addMonths = (from: Date, months: number): Date => {
  const year = from.getUTCFullYear();
  const month = from.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const d = new Date(from);
  d.setUTCFullYear(year, month, Math.min(from.getUTCDate(), lastDay));
  return d;
};

/** One calendar month after `from` (FreeTier renews monthly from sign-up). */
export const addMonth = (from: Date): Date => addMonths(from, 1);

/** The monthly FreeTier period, counted from `anchor` (when the plan was made), that contains `now`. */
export function freeTierPeriod(anchor: Date, now: Date): { start: Date; end: Date } {
  const monthsApart = (now.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + now.getUTCMonth() - anchor.getUTCMonth();
  let k = Math.max(0, monthsApart - 1);
  while (addMonths(anchor, k + 1).getTime() <= now.getTime()) k++;
  return { start: addMonths(anchor, k), end: addMonths(anchor, k + 1) };
}

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
      const now = clock.now();
      let row = await repo.findByUser(userId);
      // The FreeTier renews monthly from sign-up; a period that has ended rolls over
      // (post count back to 0) the first time anyone looks, so it never shows as expired.
      if (row && row.planType === FREE_TIER.planType && row.planEndDate.getTime() <= now.getTime()) {
        const { start, end } = freeTierPeriod(row.createdAt, now);
        row = await repo.renew(row.id, row.planEndDate, {
          planStartDate: start,
          planEndDate: end,
          postCount: 0,
          planStatus: 'ACTIVE',
        });
      }
      return toSubscriptionDetails(row, now);
    },
    /**
     * subscription/postCountTrack: how many posts the plan of `ownerId` (the organization's owner) allows and has
     * used; 429 'Limit Exceeded' once it has none left. No plan yet: no limit is known here (plans come later).
     */
    async postCount(ownerId: string) {
      const d = await this.detailsFor(ownerId);
      if (!d) return { postCount: 0, postLimit: null, remaining: null };
      if (d.postLimit !== null && d.postCount >= d.postLimit) throw new AppError(429, POST_MSG.limitExceeded);
      return {
        postCount: d.postCount,
        postLimit: d.postLimit,
        remaining: d.postLimit === null ? null : d.postLimit - d.postCount,
      };
    },
    /**
     * Counts one post against the owner's plan (inside the unit that saves the post): 429 'Limit Exceeded' when
     * none is left. Returns whether it was counted (false: no plan to count against).
     */
    async takePost(ownerId: string): Promise<boolean> {
      const d = await this.detailsFor(ownerId);
      if (!d) return false;
      const row = await repo.consumePost(ownerId);
      if (!row) throw new AppError(429, POST_MSG.limitExceeded);
      return true;
    },
    /** Gives a counted post back (a scheduled post deleted before it went out). */
    async givePostBack(ownerId: string): Promise<void> {
      await repo.givePostBack(ownerId);
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
