import { describe, expect, it } from 'vitest';
import { BEST_TIMES_MIN_POSTS, bestTimes, GENERAL_BEST_TIMES, ownBestTimes, type TBestTimesSample } from './best-times';

/** A post at a wall-clock weekday and hour of January 2027 in UTC (4 Jan 2027 is a Monday) with its engagement. */
const at = (day: number, hour: number, engagement: number, week = 0): TBestTimesSample => ({
  publishedAt: new Date(Date.UTC(2027, 0, 3 + day + week * 7, hour, 15)),
  engagement,
});

describe('best times from the account’s own posts', () => {
  it('ranks weekday-and-hour slots by engagement against the account’s average, best first', () => {
    const samples = [
      at(2, 9, 300),
      at(2, 9, 340, 1), // Tuesday 09: strong
      at(4, 18, 200),
      at(4, 18, 220, 1), // Thursday 18: good
      at(1, 12, 100),
      at(1, 12, 90, 1), // Monday 12: average
      at(6, 7, 10),
      at(6, 7, 20, 1), // Saturday 07: weak
      at(3, 15, 50),
      at(5, 20, 60), // one post each: never a candidate
    ];
    const times = ownBestTimes(samples, 'UTC');
    expect(times?.map((t) => `${t.day} ${t.time}`)).toEqual(['2 09:00', '4 18:00', '1 12:00', '6 07:00']);
    expect(times?.every((t) => t.basis === 'own')).toBe(true);
    // Tuesday's score is above 1 (better than the average post), Saturday's below
    expect(times![0].score!).toBeGreaterThan(1);
    expect(times![3].score!).toBeLessThan(1);
  });

  it('one lucky post does not make a best time: a slot needs two posts, and its mean is drawn toward the average', () => {
    const samples = [
      at(0, 23, 5000), // one viral Sunday night post
      at(2, 9, 120),
      at(2, 9, 130, 1),
      at(4, 18, 110),
      at(4, 18, 100, 1),
      at(1, 12, 90),
      at(1, 12, 95, 1),
      at(3, 10, 100),
      at(3, 10, 100, 1),
      at(5, 11, 100),
    ];
    const times = ownBestTimes(samples, 'UTC')!;
    expect(times.map((t) => `${t.day} ${t.time}`)).not.toContain('0 23:00');
    expect(times[0]).toMatchObject({ day: 2, time: '09:00' });
  });

  it('reads the hours on the account’s wall clock: 08:15 UTC is 09:15 in Berlin in winter', () => {
    const samples = Array.from({ length: 10 }, (_, i) => at(2 + (i % 3), 8, 100 + i * 10, Math.floor(i / 3)));
    const times = ownBestTimes(samples, 'Europe/Berlin')!;
    expect(times.every((t) => t.time === '09:00')).toBe(true);
  });

  it(`needs ${BEST_TIMES_MIN_POSTS} posts, at least three slots with two posts each, and some engagement`, () => {
    const nine = Array.from({ length: BEST_TIMES_MIN_POSTS - 1 }, (_, i) => at(i % 3, 9, 100, Math.floor(i / 3)));
    expect(ownBestTimes(nine, 'UTC')).toBeNull();
    // ten posts, but only two slots with two posts each
    const twoSlots = [
      at(1, 9, 10),
      at(1, 9, 10, 1),
      at(2, 9, 10),
      at(2, 9, 10, 1),
      ...[3, 4, 5, 6, 0, 1].map((d) => at(d, 14, 5)),
    ];
    expect(ownBestTimes(twoSlots, 'UTC')).toBeNull();
    const silent = Array.from({ length: 12 }, (_, i) => at(i % 4, 9, 0, Math.floor(i / 4)));
    expect(ownBestTimes(silent, 'UTC')).toBeNull();
  });

  it('gives at most five times', () => {
    const samples = [0, 1, 2, 3, 4, 5, 6].flatMap((d) => [at(d, 10, 10 * (d + 1)), at(d, 10, 10 * (d + 1), 1)]);
    expect(ownBestTimes(samples, 'UTC')).toHaveLength(5);
  });
});

describe('the general fallback', () => {
  it('without enough posts, the network’s general times, labelled general and with no score', () => {
    const result = bestTimes([at(2, 9, 100)], 'UTC', 'linkedin');
    expect(result.basis).toBe('general');
    expect(result.times).toHaveLength(GENERAL_BEST_TIMES.linkedin.length);
    expect(result.times[0]).toEqual({ day: 2, time: '10:00', score: null, basis: 'general' });
  });

  it('every network has three to five general times, none twice', () => {
    for (const times of Object.values(GENERAL_BEST_TIMES)) {
      expect(times.length).toBeGreaterThanOrEqual(3);
      expect(times.length).toBeLessThanOrEqual(5);
      expect(new Set(times.map(([d, t]) => `${d} ${t}`)).size).toBe(times.length);
    }
  });
});
