import { describe, expect, it } from 'vitest';
import { analyticsMaxAgeMs, followerTier, INSIGHTS_MSG, storyInsightMessage } from './insights';

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
  const after = (h: number) => new Date(out.getTime() + h * 3600_000);
  it('reads a post every 15 minutes on its first day, hourly in its first week, daily to 90 days, then no more', () => {
    expect(analyticsMaxAgeMs(out, after(1))).toBe(15 * 60_000);
    expect(analyticsMaxAgeMs(out, after(48))).toBe(3600_000);
    expect(analyticsMaxAgeMs(out, after(24 * 30))).toBe(86_400_000);
    expect(analyticsMaxAgeMs(out, after(24 * 91))).toBeNull();
  });
});
