import { z } from 'zod';
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
  /** payloadId: the post (or, once campaigns exist, the campaign) the notification opens. */
  payload: z.object({ payloadId: z.string().optional() }).nullable(),
  /** A finished post: which accounts it went out on and which failed, with the reason shown to the user. */
  postResData: z.object({ success: z.array(zPostSuccessItem), failure: z.array(zPostFailureItem) }).optional(),
  userIds: z.array(z.string()).optional(),
  /** A draft sent back: the owner's remarks. */
  remarks: z.string().optional(),
  status: z.string().optional(),
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
