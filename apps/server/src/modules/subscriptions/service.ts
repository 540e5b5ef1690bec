import {
  addUtcMonths,
  bufferEndOf,
  currentPostPeriodStart,
  MSG,
  NOTIFICATION_MSG,
  PAY_MSG,
  PLAN_GATED_TYPES,
  PLAN_WARNING_DAYS,
  POST_MSG,
  postAllowance,
} from '@virality/domain';
import type { Clock } from '../../clock';
import { AppError, forbidden } from '../../errors';
import { newId } from '../../lib/ids';
import type { TNotificationsService } from '../notifications/service';
import type { createSubscriptionsRepository, TOwnedSubscription, TSubscriptionPatch, TSubscriptionRow } from './repository';

export const FREE_TIER = { planType: 'FreeTier', postLimit: 5 } as const;

/** `from` plus `months` calendar months (UTC), clamped to the month's last day: 31 Jan + 1 → 28/29 Feb, never 3 Mar. */
export const addMonths = addUtcMonths;

/** One calendar month after `from` (FreeTier renews monthly from sign-up). */
export const addMonth = (from: Date): Date => addMonths(from, 1);

/** The monthly FreeTier period, counted from `anchor` (when the plan was made), that contains `now`. */
export function freeTierPeriod(anchor: Date, now: Date): { start: Date; end: Date } {
  const monthsApart = (now.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + now.getUTCMonth() - anchor.getUTCMonth();
  let k = Math.max(0, monthsApart - 1);
  while (addMonths(anchor, k + 1).getTime() <= now.getTime()) k++;
  return { start: addMonths(anchor, k), end: addMonths(anchor, k + 1) };
}

export const isFreeTierRow = (row: Pick<TSubscriptionRow, 'planType'>) => row.planType === FREE_TIER.planType;

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
    bufferEndDate: bufferEndOf(row.planEndDate).toISOString(),
  };
}

/**
 * How a plan moves on by `now` (null: it stands as it is):
 * - the free tier renews monthly from sign-up, posts back to 0;
 * - a paid plan that has ended: an influencer's falls back to the free tier (its month from sign-up), anyone
 *   else's is EXPIRED (its dates kept: the grace period runs from its end);
 * - a paid plan still running starts a new monthly post period (posts back to 0) each month from its period start.
 */
export function settledPatch(row: TOwnedSubscription, now: Date): TSubscriptionPatch | null {
  const ended = row.planEndDate.getTime() <= now.getTime();
  if (isFreeTierRow(row)) {
    if (!ended) return null;
    const { start, end } = freeTierPeriod(row.createdAt, now);
    return { planStartDate: start, planEndDate: end, postCount: 0, planStatus: 'ACTIVE' };
  }
  if (row.planStatus !== 'ACTIVE') return null;
  if (ended) {
    if (row.profileType !== 'INFLUENCER') return { planStatus: 'EXPIRED' };
    const { start, end } = freeTierPeriod(row.createdAt, now);
    return {
      planType: FREE_TIER.planType,
      postLimit: FREE_TIER.postLimit,
      planStartDate: start,
      planEndDate: end,
      postCount: 0,
      planStatus: 'ACTIVE',
    };
  }
  const periodStart = currentPostPeriodStart(row.planStartDate, row.planEndDate, now);
  if (periodStart.getTime() === row.planStartDate.getTime()) return null;
  return { planStartDate: periodStart, postCount: 0 };
}

/** What a purchase writes: the plan, its post limit, where the paid time ends and (unless renewing) a new period. */
export type TPurchaseWrite = {
  userId: string;
  planType: string;
  postLimit: number | null;
  /** null: the post period in progress goes on (a renewal of the same plan). */
  periodStart: Date | null;
  planEndDate: Date;
};

/** A paid plan that this move ends (expired, or an influencer's back on the free tier). */
const endsPaidPlan = (row: TSubscriptionRow, patch: TSubscriptionPatch) =>
  !isFreeTierRow(row) && row.planStatus === 'ACTIVE' && (patch.planStatus === 'EXPIRED' || patch.planType === FREE_TIER.planType);

const DAY_MS = 86_400_000;

export function createSubscriptionsService(deps: {
  repo: ReturnType<typeof createSubscriptionsRepository>;
  clock: Clock;
  notifications: Pick<TNotificationsService, 'notify'>;
}) {
  const { repo, clock, notifications } = deps;

  /**
   * Moves a plan on (written only if it is still as it was read). A paid plan that ends with it tells its owner,
   * once per plan and end: whichever reader or pass moves it first, the others write nothing more.
   */
  async function moveOn(row: TOwnedSubscription, patch: TSubscriptionPatch): Promise<TOwnedSubscription> {
    const moved = await repo.settle(row, patch);
    if (endsPaidPlan(row, patch)) {
      const backToFree = patch.planType === FREE_TIER.planType;
      await notifications.notify(row.userId, {
        type: 'PLAN_ENDED',
        title: NOTIFICATION_MSG.planEnded,
        description: NOTIFICATION_MSG.planEndedBody(row.planType, backToFree),
        dedupeKey: `plan-ended:${row.id}:${row.planEndDate.getTime()}`,
      });
    }
    return moved;
  }

  /** The plan as it stands now: moved on first (and written) if a period turned or it ended. */
  async function current(userId: string, now: Date): Promise<TOwnedSubscription | null> {
    const row = await repo.findByUser(userId);
    if (!row) return null;
    const patch = settledPatch(row, now);
    return patch ? moveOn(row, patch) : row;
  }

  /**
   * An owner with no plan: an influencer is not limited here (its free tier is made at onboarding); a brand, a
   * business or an IMC account posts only with a plan (402).
   */
  async function assertMayPostWithoutPlan(ownerId: string) {
    const profileType = await repo.profileTypeOf(ownerId);
    if (profileType && (PLAN_GATED_TYPES as readonly string[]).includes(profileType))
      throw new AppError(402, PAY_MSG.noActivePlan);
  }

  /** Refuses one more post: 402 once the plan no longer runs (after its grace for non-influencers), 429 at its limit. */
  function assertMayPost(row: TOwnedSubscription, now: Date, alreadyCounted = false) {
    const verdict = postAllowance(row, row.profileType, now);
    if (verdict === 'expired') throw new AppError(402, PAY_MSG.planExpired);
    if (verdict === 'limit' && !alreadyCounted) throw new AppError(429, POST_MSG.limitExceeded);
  }

  return {
    /** Whether the owner's plan runs now: a business builds its team and its managers draft only under one. */
    async planRuns(ownerId: string): Promise<boolean> {
      const now = clock.now();
      const row = await current(ownerId, now);
      return !!row && postAllowance(row, row.profileType, now) !== 'expired';
    },
    async detailsFor(userId: string) {
      const now = clock.now();
      return toSubscriptionDetails(await current(userId, now), now);
    },
    /**
     * subscription/postCountTrack: how many posts the plan of `ownerId` (the organization's owner) allows and has
     * used; 429 'Limit Exceeded' once it has none left, 402 when the plan has ended, or when a brand, business or
     * IMC account has none. An influencer without a plan: no limit is known here. `alreadyCounted`: asked for a post
     * the plan counted when it was made, which may go at the limit (an ended plan still stops it).
     */
    async postCount(ownerId: string, alreadyCounted = false) {
      const now = clock.now();
      const row = await current(ownerId, now);
      if (!row) {
        await assertMayPostWithoutPlan(ownerId);
        return { postCount: 0, postLimit: null, remaining: null };
      }
      assertMayPost(row, now, alreadyCounted);
      return {
        postCount: row.postCount,
        postLimit: row.postLimit,
        remaining: row.postLimit === null ? null : Math.max(0, row.postLimit - row.postCount),
      };
    },
    /**
     * Counts one post against the owner's plan (inside the unit that saves the post): 429 'Limit Exceeded' when
     * none is left, 402 when the plan has ended. Returns whether it was counted (false: no plan to count against).
     */
    async takePost(ownerId: string): Promise<boolean> {
      const now = clock.now();
      const row = await current(ownerId, now);
      if (!row) {
        await assertMayPostWithoutPlan(ownerId);
        return false;
      }
      assertMayPost(row, now);
      const counted = await repo.consumePost(ownerId);
      if (!counted) throw new AppError(429, POST_MSG.limitExceeded);
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
    /**
     * The plan of `userId` as a purchase finds it, locked until the unit of work in progress ends (call inside
     * one), moved on to `now` first (an ended plan reads as ended).
     */
    async lockForPurchase(userId: string, now: Date): Promise<TOwnedSubscription | null> {
      const row = await repo.lockByUser(userId);
      if (!row) return null;
      const patch = settledPatch(row, now);
      return patch ? moveOn(row, patch) : row;
    },
    /** Records what a purchase gives (inside the unit that records the payment): ACTIVE, until `planEndDate`. */
    async recordPurchase(p: TPurchaseWrite, was: TSubscriptionRow | null, now: Date): Promise<void> {
      const periodStart = p.periodStart ?? was?.planStartDate ?? now;
      await repo.upsert({
        id: was?.id ?? newId(),
        userId: p.userId,
        planType: p.planType,
        planStatus: 'ACTIVE',
        subscriptionVerify: true,
        postLimit: p.postLimit,
        postCount: p.periodStart ? 0 : (was?.postCount ?? 0),
        planStartDate: periodStart,
        planEndDate: p.planEndDate,
        createdAt: was?.createdAt ?? now,
      });
    },
    /**
     * The daily pass: every plan that ended or whose post period turned is moved on (expired, renewed, back to
     * the free tier, posts back to 0), in batches. How many were moved.
     */
    async settleDue(batch = 500): Promise<number> {
      let moved = 0;
      for (;;) {
        const now = clock.now();
        const due = await repo.dueForSettling(now, batch);
        let changed = 0;
        for (const row of due) {
          const patch = settledPatch(row, now);
          if (!patch) continue;
          await moveOn(row, patch);
          changed++;
        }
        moved += changed;
        if (due.length < batch || changed === 0) return moved;
      }
    },
    /**
     * The daily reminder: each paid plan still running that ends within PLAN_WARNING_DAYS tells its owner, once per
     * plan and end (a plan renewed meanwhile ends later, and is reminded again before that end). How many were told.
     */
    async remindEnding(batch = 500): Promise<number> {
      const now = clock.now();
      const until = new Date(now.getTime() + PLAN_WARNING_DAYS * DAY_MS);
      let told = 0;
      let after: { at: Date; id: string } | null = null;
      for (;;) {
        const rows = await repo.paidEndingBetween(now, until, after, batch);
        for (const row of rows) {
          const days = Math.max(1, Math.ceil((row.planEndDate.getTime() - now.getTime()) / DAY_MS));
          const written = await notifications.notify(row.userId, {
            type: 'PLAN_ENDING',
            title: NOTIFICATION_MSG.planEnding,
            description: NOTIFICATION_MSG.planEndingBody(row.planType, days, row.profileType === 'INFLUENCER'),
            dedupeKey: `plan-ending:${row.id}:${row.planEndDate.getTime()}`,
          });
          if (written) told++;
        }
        if (rows.length < batch) return told;
        const last = rows[rows.length - 1];
        after = { at: last.planEndDate, id: last.id };
      }
    },
  };
}
export type TSubscriptionsService = ReturnType<typeof createSubscriptionsService>;
