import { describe, expect, it } from 'vitest';
import { analyticsMaxAgeMs, followerTier, INSIGHTS_MSG, isTimeZone, storyInsightMessage, zoneDayStart } from './insights';

describe('follower tiers', () => {
  it('are Nano over 1,000, Micro over 10,000, Macro over 100,000 and Mega over 1 million', () => {
    expect(followerTier(1_000)).toBeNull();
    expect(followerTier(1_001)).toBe('Nano');
    expect(followerTier(10_000)).toBe('Nano');
    expect(followerTier(10_001)).toBe('Micro');
    expect(followerTier(100_001)).toBe('Macro');
    expect(followerTier(1_000_000)).toBe('Macro');
    expect(followerTier(1_000_001)).toBe('Mega');
    expect(followerTier(null)).toBeNull();
  });
});

describe('story analytics', () => {
  const out = new Date('2026-05-01T10:00:00Z');
  const later = (h: number) => new Date(out.getTime() + h * 3600_000);
  it("within 24 hours wait for 10 views: 'Insight awaits: Secure 10+ story views.'", () => {
    expect(storyInsightMessage(out, 9, later(2))).toBe(INSIGHTS_MSG.storyWaiting);
    expect(storyInsightMessage(out, null, later(23.9))).toBe('Insight awaits: Secure 10+ story views.');
    expect(storyInsightMessage(out, 10, later(2))).toBeNull();
  });
  it("after 24 hours are gone: 'Story Expired: Insights Now Beyond Grasp.'", () => {
    expect(storyInsightMessage(out, 500, later(24))).toBe('Story Expired: Insights Now Beyond Grasp.');
    expect(storyInsightMessage(null, 500, later(1))).toBe(INSIGHTS_MSG.storyExpired);
  });
});

describe('analytics freshness', () => {
  const out = new Date('2026-05-01T10:00:00Z');
  const hoursLater = (h: number) => new Date(out.getTime() + h * 3600_000);
  it('reads a post every 15 minutes on its first day, hourly in its first week, daily to 90 days, then no more', () => {
    expect(analyticsMaxAgeMs(out, hoursLater(1))).toBe(15 * 60_000);
    expect(analyticsMaxAgeMs(out, hoursLater(48))).toBe(3600_000);
    expect(analyticsMaxAgeMs(out, hoursLater(24 * 30))).toBe(86_400_000);
    expect(analyticsMaxAgeMs(out, hoursLater(24 * 91))).toBeNull();
  });
});

describe('days in a time zone', () => {
  const iso = (d: Date) => d.toISOString();
  it('start at the zone’s midnight: 18:30 UTC the evening before in Asia/Kolkata, midnight in UTC', () => {
    expect(iso(zoneDayStart('2026-03-10', 'Asia/Kolkata'))).toBe('2026-03-09T18:30:00.000Z');
    expect(iso(zoneDayStart('2026-03-10', 'UTC'))).toBe('2026-03-10T00:00:00.000Z');
  });
  it('are 23 hours long the day the clocks go forward and 25 hours the day they go back (America/New_York)', () => {
    const start = (d: string) => zoneDayStart(d, 'America/New_York').getTime();
    expect(iso(zoneDayStart('2026-03-08', 'America/New_York'))).toBe('2026-03-08T05:00:00.000Z');
    expect(iso(zoneDayStart('2026-03-09', 'America/New_York'))).toBe('2026-03-09T04:00:00.000Z');
    expect((start('2026-03-09') - start('2026-03-08')) / 3600_000).toBe(23);
    expect((start('2026-11-02') - start('2026-11-01')) / 3600_000).toBe(25);
  });
  it('start when the clocks jump where midnight does not exist (America/Santiago, first Sunday of September)', () => {
    // 2026-09-06 00:00 in Santiago never happens: the clocks go from 23:59:59 (UTC-4) to 01:00 (UTC-3)
    expect(iso(zoneDayStart('2026-09-06', 'America/Santiago'))).toBe('2026-09-06T04:00:00.000Z');
    expect(iso(zoneDayStart('2026-09-07', 'America/Santiago'))).toBe('2026-09-07T03:00:00.000Z');
  });
  it('know the IANA names and refuse others', () => {
    expect(isTimeZone('Asia/Kolkata')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});
