import { z } from 'zod';
import { ID_MAX, tooLong } from '../rules/limits';
import { LEVEL_NAMES, POINTS_MSG, WALLET_FILTERS } from '../rules/points';

/**
 * The point wallet's calls: the wallet (total, level, progress, first page of earnings) and the earnings of a
 * period (filtered, paged, with a chart). `userId` may only name the caller. Days are read in `timeZone` (the
 * browser's IANA zone; UTC without it).
 */

const zUserId = z.string().trim().max(ID_MAX, tooLong('userId')).optional();
const zTimeZone = z.string().trim().max(64, POINTS_MSG.badTimeZone).optional();
const zDayText = z.string().trim().max(10, POINTS_MSG.badDate).optional();
const zFilter = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.enum(WALLET_FILTERS, { error: POINTS_MSG.badFilter }).optional(),
);
/** A page number, as a query string or a number: a whole number from 1 (1 when left out). */
const zPage = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v.trim()) : v),
  z
    .number({ error: POINTS_MSG.badPage })
    .int(POINTS_MSG.badPage)
    .min(1, POINTS_MSG.badPage)
    .max(100_000, POINTS_MSG.badPage)
    .optional(),
);

/** GET wallet/getUserWallet?userId&timeZone */
export const zWalletQuery = z.object({ userId: zUserId, timeZone: zTimeZone });

/** GET wallet/getUserFillterWallet?filterType&startDate&endDate&page&timeZone&userId */
export const zWalletFilterQuery = z.object({
  userId: zUserId,
  timeZone: zTimeZone,
  filterType: zFilter,
  startDate: zDayText,
  endDate: zDayText,
  page: zPage,
});

/** POST wallet/getUserFillterWallet {filterType, pageNo, startDate, endDate, timeZone?, userId?} */
export const zWalletFilterBody = z.object({
  userId: zUserId,
  timeZone: zTimeZone,
  filterType: zFilter,
  startDate: zDayText.nullable(),
  endDate: zDayText.nullable(),
  pageNo: zPage,
});

/** What both filter calls ask, once read. */
export type TWalletFilterInput = {
  userId?: string;
  timeZone?: string;
  filterType?: (typeof WALLET_FILTERS)[number];
  startDate?: string | null;
  endDate?: string | null;
  page?: number;
};

/** One earning: the points, when, and the post and network it came from when they are known. */
export const zPointsEarned = z.object({
  _id: z.string(),
  points: z.number(),
  earnDate: z.string(),
  postId: z.string().nullable(),
  /** The network's key (instagram, twitter...), null when unknown. */
  network: z.string().nullable(),
  /** The start of the post's caption, while the post is there. */
  caption: z.string().nullable(),
});
export type TPointsEarned = z.infer<typeof zPointsEarned>;

export const zAchievement = z.object({
  name: z.enum(LEVEL_NAMES as [string, ...string[]]),
  minPoints: z.number(),
  maxPoints: z.number().nullable(),
  /** The user holds this level or a higher one. */
  achieved: z.boolean(),
  /** The level the user holds. */
  current: z.boolean(),
});

/** GET wallet/getUserWallet */
export const zWallet = z.object({
  user: z.object({
    _id: z.string(),
    totalPoints: z.number(),
    viralityLevel: z.string(),
    /** Points earned in the last 12 months: what the level counts. */
    levelPoints: z.number(),
    /** When the level held was last reached, and until when it is held (null for Maker). */
    levelReachedAt: z.string().nullable(),
    levelHeldUntil: z.string().nullable(),
  }),
  achievements: z.array(zAchievement),
  progress: z.object({ percent: z.number(), visionaryMarker: z.string() }),
  pointsEarned: z.array(zPointsEarned),
  totalPages: z.number(),
});
export type TWallet = z.infer<typeof zWallet>;

/** GET and POST wallet/getUserFillterWallet: one page of a period's earnings, its sum and its chart. */
export const zWalletPage = z.object({
  filterType: z.string().nullable(),
  /** The period's first and last days (both included) in the zone read, null for everything. */
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  timeZone: z.string(),
  page: z.number(),
  totalPages: z.number(),
  totalCount: z.number(),
  /** Points earned in the period. */
  periodPoints: z.number(),
  pointsEarned: z.array(zPointsEarned),
  chart: z.object({
    unit: z.enum(['day', 'week', 'month']),
    points: z.array(z.object({ startDate: z.string(), points: z.number() })),
  }),
});
export type TWalletPage = z.infer<typeof zWalletPage>;

export const POINTS_RESPONSES = {
  'GET /wallet/getUserWallet': zWallet,
  'GET /wallet/getUserFillterWallet': zWalletPage,
  'POST /wallet/getUserFillterWallet': zWalletPage,
} as const;
