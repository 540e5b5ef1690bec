import type { TProfileType } from '../enums';
import type { TPostMetric } from './network-limits';
import { normalizePermissions, type TPermissionEntry } from './permissions';
import { SOCIAL_NETWORKS } from './social';

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
  noSchedulePost: 'No scheduled posts',
  noPostToday: 'No post Today',
  noPostTodayCalendar: 'No Post Today',
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

// the zones found real (the runtime's list is finite, a few hundred names): a known zone is not built again
const knownZones = new Set<string>();
/** Whether `zone` is a time zone this runtime knows (an IANA name such as Asia/Kolkata, or UTC). */
export function isTimeZone(zone: string): boolean {
  if (knownZones.has(zone)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    return false;
  }
  if (knownZones.size < 2_000) knownZones.add(zone);
  return true;
}

const wallClocks = new Map<string, Intl.DateTimeFormat>();
/** The wall-clock time of `zone` at `at`, written as if it were UTC (its offset from UTC is the difference). */
export function wallMs(at: number, zone: string): number {
  let f = wallClocks.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    wallClocks.set(zone, f);
  }
  const p: Record<string, number> = {};
  for (const part of f.formatToParts(at)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) + (((at % 1000) + 1000) % 1000);
}

const dayStarts = new Map<string, number>();
/**
 * The first moment of a day ('yyyy-MM-dd') on the wall calendar of `zone`: its midnight, or, where the clocks
 * jump over midnight, the moment they jump. The day ends where the next one starts (23 or 25 hours later across
 * a daylight-saving change).
 */
export function zoneDayStart(day: string, zone: string): Date {
  const key = `${day} ${zone}`;
  let at = dayStarts.get(key);
  if (at === undefined) {
    at = findDayStart(day, zone);
    // a day's start never changes: kept, a few thousand at most (then started again)
    if (dayStarts.size >= 5_000) dayStarts.clear();
    dayStarts.set(key, at);
  }
  return new Date(at);
}

function findDayStart(day: string, zone: string): number {
  const midnight = Date.parse(`${day}T00:00:00.000Z`);
  // the day starts at midnight less an offset the zone has near that moment; offsets change at most once a day
  const offsets = new Set([-86_400_000, 0, 86_400_000].map((d) => wallMs(midnight + d, zone) - (midnight + d)));
  const starts = [...offsets]
    .map((o) => midnight - o)
    .filter((t) => wallMs(t, zone) >= midnight && wallMs(t - 1, zone) < midnight);
  return starts.length ? Math.min(...starts) : midnight - (wallMs(midnight, zone) - midnight);
}

/**
 * Whether an organization has no post at all yet, drafts included (the totals count drafts apart): the home page
 * then shows "You haven't added a post yet" and the way to a first one instead of empty lists.
 */
export const noPostYet = (totals: { TotalPosts: number; DraftPosts: number }): boolean =>
  totals.TotalPosts + totals.DraftPosts === 0;

// ── The home page's profile overview ──────────────────────────────────────────────────────────────────

/**
 * The networks whose profile overview tile a user sees, in the networks' order: those with a linked account;
 * a business manager only those its role opens with Post, Analytics or Scheduler (looked up by network).
 */
export function profileOverviewNetworks(
  role: TProfileType,
  permissions: readonly Partial<TPermissionEntry>[] | null | undefined,
  linkedNetworkIds: readonly string[],
): string[] {
  const entries = normalizePermissions(permissions);
  return SOCIAL_NETWORKS.filter((n) => {
    if (!linkedNetworkIds.includes(n.id)) return false;
    if (role !== 'BUSINESS_MANAGER') return true;
    const e = entries.find((p) => p.accountType === n.key);
    return Boolean(e?.access && (e.moduleAccess.Post || e.moduleAccess.Analytics || e.moduleAccess.Scheduler));
  }).map((n) => n.id);
}

/** The figures of a profile overview item, as a network gives them: each with its label, in this order. */
export const PROFILE_FIGURES = [
  { field: 'followers_count', label: 'Followers' },
  { field: 'follows_count', label: 'Following' },
  { field: 'media_count', label: 'Posts' },
  { field: 'subscriber_count', label: 'Subscribers' },
  { field: 'view_count', label: 'Views' },
  { field: 'likes_count', label: 'Likes' },
] as const;
export type TProfileFigureField = (typeof PROFILE_FIGURES)[number]['field'];

/** The figures an account shows: those its network gives (a null figure is one the network does not have). */
export function profileFigures(
  item: Record<TProfileFigureField, number | null>,
): { field: TProfileFigureField; label: string; value: number }[] {
  return PROFILE_FIGURES.flatMap(({ field, label }) => {
    const value = item[field];
    return value === null || value === undefined ? [] : [{ field, label, value }];
  });
}

/** While an account's figures have never been read (the job reading them has not reached it yet). */
export const FIGURES_READING = 'Reading figures…';

/** When an account's figures were read, as its tile says it: 'Updated 5 min ago'; 'Reading figures…' before the first read. */
export function figuresUpdatedText(updatedAt: string | null, now: Date): string {
  if (!updatedAt) return FIGURES_READING;
  const at = new Date(updatedAt).getTime();
  if (Number.isNaN(at)) return FIGURES_READING;
  return `Updated ${agoText(at, now)}`;
}

/** How long ago a moment (ms) was, as the app's rows say it: 'just now', '5 min ago', '3 h ago', '2 d ago'. */
export function agoText(at: number, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - at) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} d ago`;
}
