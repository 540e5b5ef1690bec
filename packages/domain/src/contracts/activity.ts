import { z } from 'zod';
import { NOTIFICATION_MSG } from '../messages';
import { ID_MAX, tooLong } from '../rules/limits';
import { zPostFailureItem, zPostSuccessItem } from './post';

/** Notifications are listed 10 a page, newest first. */
export const ACTIVITY_PAGE_SIZE = 10;

/**
 * What a notification is about. POST_NOTIFICATION: a post finished (every account final); the others name their
 * cause. A client meeting a type it does not know shows its title and description.
 */
export const ACTIVITY_TYPES = [
  'POST_NOTIFICATION',
  'ACCOUNT_RECONNECT',
  'DRAFT_REVIEW',
  'DRAFT_APPROVED',
  'DRAFT_SENT_BACK',
  'PLAN_PAID',
  'PLAN_RENEWED',
  'PLAN_ENDING',
  'PLAN_ENDED',
  'POINTS_EARNED',
  'LEVEL_REACHED',
  // campaigns: an influencer tagged (payload: the campaign), the owner told of the answer
  'CAMPAIGN_TAGGED',
  'CAMPAIGN_ANSWERED',
  // a campaign an influencer was tagged in ended early: its owner closed their account
  'CAMPAIGN_ENDED',
  // money: a brand's payment received (influencer) or completed (brand); a withdrawal paid or back in the wallet
  'PAYMENT_RECEIVED',
  'PAYMENT_SENT',
  'PAYOUT_COMPLETED',
  'PAYOUT_RETURNED',
] as const;
export type TActivityType = (typeof ACTIVITY_TYPES)[number];

/** One notification as the list shows it (the fields the existing clients read, at the places they read them). */
export const zActivity = z.object({
  _id: z.string(),
  type: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  isRead: z.boolean(),
  isSeen: z.boolean(),
  createdAt: z.string(),
  /** Who caused it (a manager's draft, an owner's answer); null for the product's own news. */
  senderId: z.object({ _id: z.string(), name: z.string().nullable(), profileImage: z.string().nullable() }).nullable(),
  /**
   * payloadId: the post (or, once campaigns exist, the campaign) the notification opens; network: the network an
   * account notification is about (its key: 'instagram', 'twitter'...).
   */
  payload: z.object({ payloadId: z.string().optional(), network: z.string().optional() }).nullable(),
  /** A finished post: which accounts it went out on and which failed, with the reason shown to the user. */
  postResData: z.object({ success: z.array(zPostSuccessItem), failure: z.array(zPostFailureItem) }).optional(),
  userIds: z.array(z.string()).optional(),
  /** A draft sent back: the owner's remarks. */
  remarks: z.string().optional(),
  /** A draft's review: 'approved' or 'sent_back'. */
  status: z.string().optional(),
  /** A post that failed on every account: the line the post's result shows. */
  postMessage: z.string().optional(),
});
export type TActivity = z.infer<typeof zActivity>;

/** The list call answers `docs` and how many `pages` there are (10 a page). */
export const zActivityPage = z.object({
  docs: z.array(zActivity),
  page: z.number(),
  pages: z.number(),
  total: z.number(),
});
export type TActivityPage = z.infer<typeof zActivityPage>;

/** DELETE activity/deleteActivity: the notification that went. */
export const zActivityDeleted = z.object({ _id: z.string() });

/** A list page as a client sends it ('2' in a query, 2 in a body): a whole number from 1. */
export const zActivityPageNo = z.coerce
  .number({ error: NOTIFICATION_MSG.pageInvalid })
  .int(NOTIFICATION_MSG.pageInvalid)
  .min(1, NOTIFICATION_MSG.pageInvalid)
  .max(1_000_000, NOTIFICATION_MSG.pageInvalid);

/** GET activity/getAllActivityById: `page` (or `pageNo`), and `userId`, which may name only the caller. */
export const zActivityListQuery = z.object({
  page: zActivityPageNo.optional(),
  pageNo: zActivityPageNo.optional(),
  userId: z.string().max(ID_MAX, tooLong('userId')).optional(),
});
/** The same as a body (POST): `{pageNo}`. */
export const zActivityListBody = z.object({ page: zActivityPageNo.optional(), pageNo: zActivityPageNo.optional() }).nullish();

/** The notification a call is about, by its id (in the query or the body). */
export const zActivityId = z
  .string({ error: NOTIFICATION_MSG.idRequired })
  .trim()
  .min(1, NOTIFICATION_MSG.idRequired)
  .max(ID_MAX, tooLong('activityId'));
export const zActivityRef = z.object({ activityId: zActivityId.optional() });
