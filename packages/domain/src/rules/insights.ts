import type { TPostMetric } from './network-limits';

/**
 * Figures read from the networks: follower tiers, the analytics a post shows (and the story rules), the
 * calendar's windows. Pure: the current time is passed in.
 */

export const INSIGHTS_MSG = {
  storyWaiting: 'Insight awaits: Secure 10+ story views.',
  storyExpired: 'Story Expired: Insights Now Beyond Grasp.',
  noAnalytics: 'No Analytics Available',
  noAccess: 'No access to view Analytics',
  noProfileOverview: 'No Profile Overview',
  noRecentPost: 'No Recent Post',
  noSchedulePost: 'No schedule Post',
  noPostToday: 'No post Today',
  noPostTodayCalendar: 'No Post Today',
  noCampaignsToday: 'No campaigns starting today',
  noPostYet: "You haven't added a post yet",
  rangeTooLong: 'The date range can be at most 62 days',
  rangeOrder: 'The end date cannot be before the start date',
  badDate: 'Please give a date as yyyy-MM-dd',
  badTimeZone: 'Unknown time zone',
  postNotFound: 'Post not found',
} as const;

/** Follower tiers: Nano over 1,000, Micro over 10,000, Macro over 100,000, Mega over 1 million; none below. */
export type TFollowerTier = 'Nano' | 'Micro' | 'Macro' | 'Mega';
export function followerTier(followers: number | null | undefined): TFollowerTier | null {
  const n = followers ?? 0;
  if (n > 1_000_000) return 'Mega';
  if (n > 100_000) return 'Macro';
  if (n > 10_000) return 'Micro';
  if (n > 1_000) return 'Nano';
  return null;
}

/** How long after it went out a story's insights can be read, and the views it needs before they show. */
export const STORY_WINDOW_MS = 24 * 60 * 60 * 1000;
export const STORY_MIN_VIEWS = 10;

/**
 * What a story's analytics say: within 24 hours of going out, its figures once it has 10+ views, before that
 * 'Insight awaits...'; after the 24 hours (the story is gone from the network), 'Story Expired...'. Null when
 * the figures are to be shown.
 */
export function storyInsightMessage(postedAt: Date | null, views: number | null | undefined, now: Date): string | null {
  if (postedAt === null || now.getTime() - postedAt.getTime() >= STORY_WINDOW_MS) return INSIGHTS_MSG.storyExpired;
  return (views ?? 0) >= STORY_MIN_VIEWS ? null : INSIGHTS_MSG.storyWaiting;
}

/**
 * The analytics item's field for each figure, as existing clients read them (the spec's names); `views` is
 * `impressions`, and also `video_views` for a video.
 */
export const METRIC_FIELDS: Record<TPostMetric, string> = {
  views: 'impressions',
  reach: 'reach',
  likes: 'like_count',
  comments: 'comments_count',
  shares: 'shares',
  saves: 'saved',
  clicks: 'clicks',
  reposts: 'retweet_count',
  quotes: 'quote_count',
  bookmarks: 'bookmark_count',
};

/** How a figure is named on screen. */
export const METRIC_LABELS: Record<TPostMetric, string> = {
  views: 'Views',
  reach: 'Reach',
  likes: 'Likes',
  comments: 'Comments',
  shares: 'Shares',
  saves: 'Saves',
  clicks: 'Clicks',
  reposts: 'Reposts',
  quotes: 'Quotes',
  bookmarks: 'Bookmarks',
};

/** The calendar reads at most this many days at once (a month grid is 42). */
export const CALENDAR_MAX_DAYS = 62;
/** Recent posts on the home page, and a page of the full list. */
export const HOME_RECENT_COUNT = 3;
export const RECENT_PAGE_SIZE = 10;
/** The day strip's length. */
export const DAY_STRIP_DAYS = 7;

/** Figures are read again from the networks after this long; a page shows them with when they were read. */
export const PROFILE_FIGURES_MAX_AGE_MS = 60 * 60 * 1000;
/** A post's analytics: every 15 minutes in its first day, hourly in its first week, daily after that, for 90 days. */
export function analyticsMaxAgeMs(postedAt: Date, now: Date): number | null {
  const age = now.getTime() - postedAt.getTime();
  if (age < 24 * 3600_000) return 15 * 60_000;
  if (age < 7 * 24 * 3600_000) return 60 * 60_000;
  if (age < 90 * 24 * 3600_000) return 24 * 3600_000;
  return null;
}
