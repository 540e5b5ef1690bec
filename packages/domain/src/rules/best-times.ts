import { z } from 'zod';
import { wallMs } from './insights';
import type { TSocialNetworkKey } from './social';

/**
 * Best times to post: for one account, the weekday-and-hour slots its own published posts of the last 90 days did
 * best at (their engagement as the analytics job last read it), read on the account's wall clock. Only with enough
 * posts to say anything: otherwise the network's general times, labelled as such.
 *
 * A slot's score is its posts' engagement against the account's average post: 1.5 is half as much again. Each
 * slot's mean is drawn toward the account's average by BEST_TIMES_PRIOR posts' worth, so one lucky post does not
 * make a best time; a slot needs BEST_TIMES_MIN_PER_SLOT posts to count at all.
 */

/** How far back the account's own posts are read. */
export const BEST_TIMES_DAYS = 90;
/** Published posts with figures needed before the account's own results are used. */
export const BEST_TIMES_MIN_POSTS = 10;
/** Posts a weekday-and-hour slot needs to be a candidate. */
export const BEST_TIMES_MIN_PER_SLOT = 2;
/** How many average posts each slot's mean is drawn toward the account's average by. */
export const BEST_TIMES_PRIOR = 2;
/** At least this many own slots, or the general times are given instead; at most BEST_TIMES_MAX are given. */
export const BEST_TIMES_MIN = 3;
export const BEST_TIMES_MAX = 5;

export type TBestTimesBasis = 'own' | 'general';

export const zBestTime = z.object({
  /** 0 Sunday … 6 Saturday, as a queue slot's day. */
  day: z.number().int(),
  /** The hour's start, 'HH:00', on the account's wall clock. */
  time: z.string(),
  /** Engagement against the account's average post (own); null for general times, which measure nothing of it. */
  score: z.number().nullable(),
  basis: z.enum(['own', 'general']),
});
export type TBestTime = z.infer<typeof zBestTime>;

/** GET /api/queue/:accountId/best-times: an account's best times, best first, and what they rest on. */
export const zBestTimes = z.object({
  accountId: z.string(),
  network: z.string(),
  basis: z.enum(['own', 'general']),
  /** Published posts with figures read from the last BEST_TIMES_DAYS days. */
  postsRead: z.number().int(),
  /** How many the account's own results need. */
  postsNeeded: z.number().int(),
  /** The wall clock the times are on: the account's posting schedule's zone, else the one asked for, else UTC. */
  timeZone: z.string(),
  times: z.array(zBestTime),
});
export type TBestTimes = z.infer<typeof zBestTimes>;

export const BEST_TIMES_MSG = {
  read: 'Best times',
  own: `From your posts in the last ${BEST_TIMES_DAYS} days`,
  general: (network: string) => `General times for ${network}: not enough posts of yours yet`,
} as const;

/**
 * General good times per network (weekday, hour, on the audience's wall clock), best first: the mid-week mornings
 * and lunchtimes that published industry studies of engagement agree on, for an account with no history to read.
 */
export const GENERAL_BEST_TIMES: Record<TSocialNetworkKey, readonly [day: number, time: string][]> = {
  instagram: [
    [2, '11:00'],
    [3, '11:00'],
    [4, '10:00'],
    [5, '10:00'],
    [1, '11:00'],
  ],
  facebook: [
    [2, '09:00'],
    [3, '09:00'],
    [4, '09:00'],
    [1, '10:00'],
    [5, '09:00'],
  ],
  youtube: [
    [5, '15:00'],
    [4, '15:00'],
    [6, '11:00'],
    [0, '11:00'],
    [3, '15:00'],
  ],
  linkedin: [
    [2, '10:00'],
    [3, '10:00'],
    [4, '09:00'],
    [3, '12:00'],
    [1, '10:00'],
  ],
  tiktok: [
    [2, '16:00'],
    [4, '17:00'],
    [5, '17:00'],
    [3, '15:00'],
    [6, '11:00'],
  ],
  twitter: [
    [2, '09:00'],
    [3, '09:00'],
    [4, '09:00'],
    [3, '12:00'],
    [1, '09:00'],
  ],
  threads: [
    [2, '08:00'],
    [3, '09:00'],
    [4, '08:00'],
    [1, '09:00'],
    [5, '08:00'],
  ],
};

/** One published post of the account: when it went out and the engagement its figures add up to. */
export type TBestTimesSample = { publishedAt: Date; engagement: number };

const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;

/**
 * The account's own best slots from its posts (already limited to the last BEST_TIMES_DAYS days and to posts with
 * figures), on `zone`'s wall clock: null when there are too few posts, or too few slots with enough posts each.
 */
export function ownBestTimes(samples: readonly TBestTimesSample[], zone: string): TBestTime[] | null {
  if (samples.length < BEST_TIMES_MIN_POSTS) return null;
  const average = samples.reduce((n, s) => n + s.engagement, 0) / samples.length;
  if (average <= 0) return null;
  const slots = new Map<string, { day: number; hour: number; sum: number; n: number }>();
  for (const s of samples) {
    const wall = new Date(wallMs(s.publishedAt.getTime(), zone));
    const day = wall.getUTCDay();
    const hour = wall.getUTCHours();
    const key = `${day} ${hour}`;
    const slot = slots.get(key) ?? { day, hour, sum: 0, n: 0 };
    slot.sum += s.engagement;
    slot.n += 1;
    slots.set(key, slot);
  }
  const ranked = [...slots.values()]
    .filter((s) => s.n >= BEST_TIMES_MIN_PER_SLOT)
    .map((s) => ({ ...s, score: (s.sum + BEST_TIMES_PRIOR * average) / (s.n + BEST_TIMES_PRIOR) / average }))
    // best first; a tie goes to the slot with more posts, then the earlier in the week
    .sort((a, b) => b.score - a.score || b.n - a.n || a.day - b.day || a.hour - b.hour);
  if (ranked.length < BEST_TIMES_MIN) return null;
  return ranked.slice(0, BEST_TIMES_MAX).map((s) => ({
    day: s.day,
    time: hh(s.hour),
    score: Math.round(s.score * 100) / 100,
    basis: 'own' as const,
  }));
}

/** The account's best times: its own when it has enough posts, else its network's general times. */
export function bestTimes(
  samples: readonly TBestTimesSample[],
  zone: string,
  network: TSocialNetworkKey,
): { basis: TBestTimesBasis; times: TBestTime[] } {
  const own = ownBestTimes(samples, zone);
  if (own) return { basis: 'own', times: own };
  return {
    basis: 'general',
    times: GENERAL_BEST_TIMES[network].map(([day, time]) => ({ day, time, score: null, basis: 'general' as const })),
  };
}

export const BEST_TIMES_RESPONSES = {
  'GET /queue/:accountId/best-times': zBestTimes,
} as const;
