import { z } from 'zod';
import { POST_METRICS } from '../rules/network-limits';
import { zPost } from './post';

/**
 * The calls that read posts back and the figures the networks give: recent posts, totals, posts by date and
 * date range (the calendar), a post's analytics, and a network's profile overview. Social-posting API (/sph/),
 * its envelope {response_code, response_message, response_data}.
 */

const zId = z.string().trim().min(1).max(64);
const zDay = z
  .string()
  .trim()
  .max(10, 'Please give a date as yyyy-MM-dd')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Please give a date as yyyy-MM-dd');
/** An IANA time zone (the browser's, e.g. Asia/Kolkata); without it, days are UTC days. */
const zTimeZone = z.string().trim().min(1).max(64).optional();

/** recent_post_details/{id}/: page and limit (10 a page by default, at most 50). Posts out, newest first. */
export const zRecentPostsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

/** totaluserposts/{id}/: how many posts the organization has, by state and by network. */
export const zPostTotals = z.object({
  TotalPosts: z.number(),
  PostedPosts: z.number(),
  ScheduledPosts: z.number(),
  DraftPosts: z.number(),
  FailedPosts: z.number(),
  /** Targets published per network (SocialMediaID '1'–'7'). */
  ByNetwork: z.array(z.object({ SocialMediaID: z.string(), SocialMediaName: z.string(), Posts: z.number() })),
});
export type TPostTotals = z.infer<typeof zPostTotals>;

/**
 * posts_info_by_date/: the posts of one day (scheduled ones at their time, others when they went out),
 * earliest first. `Date` is a day in `TimeZone` (a UTC day without it). UserID, when sent, must be the caller's.
 */
export const zPostsByDateBody = z.object({ UserID: zId.optional(), Date: zDay, TimeZone: zTimeZone });

/** The most posts posts_date_range/ answers without PerDay (the earliest); `truncated` says when there were more. */
export const CALENDAR_RANGE_MAX_POSTS = 500;
/** The most posts per day a calendar may ask for (PerDay). */
export const CALENDAR_MAX_PER_DAY = 50;

/**
 * posts_date_range/: the posts from StartDate to EndDate (both days included, at most 62 days), earliest first.
 * With PerDay (1–50), at most that many posts of each day (the earliest), and every day's full count beside them.
 */
export const zPostsDateRangeBody = z.object({
  UserID: zId.optional(),
  StartDate: zDay,
  EndDate: zDay,
  TimeZone: zTimeZone,
  PerDay: z.coerce
    .number('PerDay must be a number from 1 to 50')
    .int('PerDay must be a number from 1 to 50')
    .min(1, 'PerDay must be a number from 1 to 50')
    .max(CALENDAR_MAX_PER_DAY, 'PerDay must be a number from 1 to 50')
    .optional(),
});
export type TPostsDateRangeBody = z.infer<typeof zPostsDateRangeBody>;

/**
 * What posts_date_range/ answers: the posts (earliest first); with PerDay, `day_counts` gives every day's full
 * count ({"yyyy-MM-dd": n}, days with posts only); without it, `truncated` says the answer stopped at 500 posts.
 */
export const zSphPostsDateRange = z.object({
  response_code: z.literal(200),
  response_message: z.string(),
  response_data: z.array(zPost),
  day_counts: z.record(z.string(), z.number()).optional(),
  truncated: z.boolean().optional(),
});
export type TSphPostsDateRange = z.infer<typeof zSphPostsDateRange>;

/** post_analytics/: one post's figures per account it went to. */
export const zPostAnalyticsBody = z.object({ CommonPostID: zId, UserID: zId.optional() });

const metricShape = Object.fromEntries(POST_METRICS.map((m) => [m, z.number().nullable()])) as Record<
  (typeof POST_METRICS)[number],
  z.ZodNullable<z.ZodNumber>
>;

/**
 * One account's analytics of a post. ResponseCode 200 with figures; otherwise `error` says why in plain words
 * and `code` names the case: 'story_waiting', 'story_expired', 'no_access' (a manager without Analytics),
 * 'not_published', 'reconnect', 'network_error', 'not_yet_read'. The spec's figure fields
 * (like_count, comments_count, impressions, reach, saved, video_views, shares, retweet_count,
 * bookmark_count, quote_count, reply_count) sit beside `Metrics`, our names for the same figures.
 */
export const zAnalyticsItem = z
  .object({
    SocialMediaID: z.string(),
    SocialMediaName: z.string(),
    UserSocialMediaID: z.string().nullable(),
    UserName: z.string(),
    Format: z.enum(['post', 'story', 'reel']),
    PostUrl: z.string().nullable(),
    PostedAt: z.string().nullable(),
    ResponseCode: z.number(),
    error: z.string().nullable(),
    code: z.string().nullable(),
    Metrics: z.object(metricShape),
    /** When the figures were read from the network (null: not yet). */
    UpdatedAt: z.string().nullable(),
  })
  .catchall(z.union([z.number(), z.string(), z.null()]));
export type TAnalyticsItem = z.infer<typeof zAnalyticsItem>;

/** The profile overview call: the linked accounts of one network (all networks without SocialMediaID). */
export const zProfileOverviewBody = z.object({
  UserID: zId.optional(),
  SocialMediaID: z.union([zId, z.number()]).optional(),
});

/** A linked account's figures (the spec's profile overview item), its follower tier, and when they were read. */
export const zProfileOverviewItem = z.object({
  UserSocialMediaID: z.string(),
  SocialMediaID: z.string(),
  SocialMediaName: z.string(),
  name: z.string(),
  username: z.string(),
  followers_count: z.number().nullable(),
  follows_count: z.number().nullable(),
  media_count: z.number().nullable(),
  subscriber_count: z.number().nullable(),
  view_count: z.number().nullable(),
  likes_count: z.number().nullable(),
  profile_picture_url: z.string().nullable(),
  Tier: z.enum(['Nano', 'Micro', 'Macro', 'Mega']).nullable(),
  /** When the figures were read from the network (null: not yet read; a job is reading them). */
  UpdatedAt: z.string().nullable(),
  /** The last read failed: why, in plain words (the figures shown are the last good ones). */
  Error: z.string().nullable(),
});
export type TProfileOverviewItem = z.infer<typeof zProfileOverviewItem>;

/** The periods the dashboard's performance chart offers, in days (today included). */
export const PERFORMANCE_PERIODS = [7, 30, 90] as const;
export type TPerformancePeriod = (typeof PERFORMANCE_PERIODS)[number];

/** performance_overview/: the organization's posts that went out over the last Days days, day by day. */
export const zPerformanceBody = z.object({
  UserID: zId.optional(),
  // the refinement is invisible to JSON Schema: the document is told the same periods as an enum
  Days: z.coerce
    .number()
    .refine((n): n is TPerformancePeriod => (PERFORMANCE_PERIODS as readonly number[]).includes(n), 'Days must be 7, 30 or 90')
    .meta({ enum: [...PERFORMANCE_PERIODS] }),
  TimeZone: zTimeZone,
});

const zPerformanceFigures = z.object({
  /** Accounts a post went out to (one post to three accounts counts three). */
  Published: z.number(),
  /** Likes, comments, shares and saves, as last read from the networks. */
  Engagement: z.number(),
  Views: z.number(),
});
/**
 * Per day of the period (in the caller's time zone, oldest first) and in all, with the period before it for
 * comparison. Figures come from what the analytics job last read; UpdatedAt is the latest of those reads.
 */
export const zPerformance = zPerformanceFigures.extend({
  Days: z.array(zPerformanceFigures.extend({ Date: z.string() })),
  Previous: zPerformanceFigures,
  UpdatedAt: z.string().nullable(),
});
export type TPerformance = z.infer<typeof zPerformance>;

/** The engagement a post's figures add up to: likes, comments, shares and saves (the figures a network gives). */
export const engagementOf = (m: Partial<Record<(typeof POST_METRICS)[number], number>>): number =>
  (m.likes ?? 0) + (m.comments ?? 0) + (m.shares ?? 0) + (m.saves ?? 0);
