import { z } from 'zod';
import { zBestTime } from '../rules/best-times';
import { zQueueSlot } from '../rules/queue';
import { SOCIAL_ACCOUNT_KINDS, SOCIAL_ACCOUNT_STATUSES, SOCIAL_NETWORK_KEYS_TUPLE } from '../rules/social';
import { CAPTION_MAX, TARGET_STATES } from './post';

/**
 * The public API (/api/v1), for integrators and AI agents with an API key: JSON resources, lists as
 * `{data, nextCursor}`, errors as RFC 9457 problem details, every POST with an Idempotency-Key.
 */

export const V1_MSG = {
  keyMissing: 'Send an API key: Authorization: Bearer <key>',
  keyInvalid: 'This API key is not valid, or it was revoked',
  readOnly: 'This key can only read: make a key with read and write access to change anything',
  idempotencyKeyRequired: 'Send an Idempotency-Key header (a unique string of 1 to 255 characters) with every POST',
  idempotencyKeyReused: 'This Idempotency-Key was already used with a different request',
  idempotencyInFlight: 'A request with this Idempotency-Key is still being processed: try again in a moment',
  notFound: 'Not found',
  invalid: 'The request is not valid: see errors',
  rateLimited: (seconds: number) => `Too many requests: try again in ${seconds} s`,
  accountsRequired: 'Choose at least one account (accountIds)',
  tooManyAccounts: 'At most 50 accounts',
  tooManyMedia: 'At most 10 media files',
  textTooLong: 'Caption is too long',
  scheduledAtInvalid: 'scheduledAt must be an ISO 8601 date and time with its offset, like 2027-01-31T09:00:00+01:00',
  scheduledAtWholeMinute: 'scheduledAt must be on a whole minute (its seconds 0)',
  mediaNotFound: 'Media not found: upload it first (its id is in the upload’s answer)',
  cursorInvalid: 'This cursor is not valid: send the nextCursor of the previous page as it came',
  patchEmpty: 'Send text or scheduledAt to change',
  urlInvalid: 'url must be an https address of an image or video',
  urlPrivate: 'url must reach a public address',
  urlUnreachable: (why: string) => `The file at url could not be fetched: ${why}`,
  publishedNotDeleted: 'A post that went out stays on its networks: delete it there',
  queueWithTime: 'Send scheduledAt or queue: true, not both',
  queueDraft: 'A draft is not queued: send draft or queue: true, not both',
} as const;

/** What a POST's Idempotency-Key may be. */
export const IDEMPOTENCY_KEY_MAX = 255;
/** How long a POST's answer is kept for a repeat of its Idempotency-Key. */
export const IDEMPOTENCY_KEEP_HOURS = 24;
/** Requests a key may make per minute (every call counts). */
export const V1_RATE_LIMIT_PER_MINUTE = 120;

const zId = z.string().trim().min(1).max(64);

const zScheduledAt = z
  .string()
  .max(40, V1_MSG.scheduledAtInvalid)
  .superRefine((v, ctx) => {
    if (!z.iso.datetime({ offset: true }).safeParse(v).success)
      ctx.addIssue({ code: 'custom', message: V1_MSG.scheduledAtInvalid });
    else if (new Date(v).getUTCSeconds() !== 0 || new Date(v).getUTCMilliseconds() !== 0)
      ctx.addIssue({ code: 'custom', message: V1_MSG.scheduledAtWholeMinute });
  });

/** POST /api/v1/posts: without scheduledAt (or draft) it is sent now. */
export const zV1PostCreate = z.strictObject({
  text: z.string().max(CAPTION_MAX, V1_MSG.textTooLong).default(''),
  accountIds: z.array(zId, { error: V1_MSG.accountsRequired }).min(1, V1_MSG.accountsRequired).max(50, V1_MSG.tooManyAccounts),
  mediaIds: z.array(zId).max(10, V1_MSG.tooManyMedia).default([]),
  scheduledAt: zScheduledAt.optional(),
  draft: z.boolean().optional(),
  /** Each account's next free slot of its posting schedule, instead of scheduledAt. */
  queue: z.boolean().optional(),
  campaignId: zId.optional(),
});
export type TV1PostCreate = z.infer<typeof zV1PostCreate>;

/** A list's page size: 20 unless said, at most 100. */
export const V1_PAGE_DEFAULT = 20;
export const V1_PAGE_MAX = 100;

/** What GET /api/v1/posts can be narrowed to. */
export const V1_POST_STATUSES = ['draft', 'scheduled', 'publishing', 'published', 'failed'] as const;
export type TV1PostStatus = (typeof V1_POST_STATUSES)[number];

/** GET /api/v1/posts: newest first, a page at a time. */
export const zV1PostsQuery = z.object({
  status: z.enum(V1_POST_STATUSES).optional(),
  cursor: z.string().max(200, V1_MSG.cursorInvalid).optional(),
  limit: z.coerce.number().int().min(1).max(V1_PAGE_MAX).default(V1_PAGE_DEFAULT),
});
export type TV1PostsQuery = z.infer<typeof zV1PostsQuery>;

/** PATCH /api/v1/posts/{id}: a scheduled post's text or time (at least one). */
export const zV1PostPatch = z
  .strictObject({
    text: z.string().max(CAPTION_MAX, V1_MSG.textTooLong).optional(),
    scheduledAt: zScheduledAt.optional(),
  })
  .refine((b) => b.text !== undefined || b.scheduledAt !== undefined, { message: V1_MSG.patchEmpty });
export type TV1PostPatch = z.infer<typeof zV1PostPatch>;

/** POST /api/v1/media with a JSON body: an https image or video, fetched and checked as an upload. */
export const zV1MediaFromUrl = z.strictObject({
  url: z.string().trim().max(2048, V1_MSG.urlInvalid).url(V1_MSG.urlInvalid),
});

/** A linked account: its name is the handle of a profile, or the name of a page, channel or organization page. */
export const zV1Account = z.object({
  id: z.string(),
  network: z.enum(SOCIAL_NETWORK_KEYS_TUPLE),
  kind: z.enum(SOCIAL_ACCOUNT_KINDS),
  name: z.string(),
  /** linked, or needs_reconnect (the network no longer takes our access: link it again in the app). */
  status: z.enum(SOCIAL_ACCOUNT_STATUSES),
  /** Why it needs linking again, in the app's words. */
  statusReason: z.string().nullable(),
});
export type TV1Account = z.infer<typeof zV1Account>;

/** Where a post stands on one account. */
export const zV1PostAccount = z.object({
  accountId: z.string().nullable(),
  network: z.enum(SOCIAL_NETWORK_KEYS_TUPLE),
  name: z.string(),
  state: z.enum(TARGET_STATES),
  /** The state in the app's words (Published, Failed, Needs reconnect…). */
  stateLabel: z.string(),
  /** The post on the network, once published. */
  url: z.string().nullable(),
  /** Why it did not go out, in the app's words. */
  error: z.string().nullable(),
  publishedAt: z.string().nullable(),
  /** When it goes out on this account while it waits (each account its own slot for a queued post); else null. */
  scheduledAt: z.string().nullable(),
});

export const zV1Post = z.object({
  id: z.string(),
  text: z.string(),
  /** As the app's cards say it: Draft, Scheduled, Paused, Publishing, Posted, Partly posted or Failed. */
  status: z.string(),
  draft: z.boolean(),
  scheduledAt: z.string().nullable(),
  createdAt: z.string(),
  mediaUrls: z.array(z.string()),
  /** Added to the accounts' queues (each account's time is its own scheduledAt); false once a time is set by hand. */
  queued: z.boolean(),
  accounts: z.array(zV1PostAccount),
});
export type TV1Post = z.infer<typeof zV1Post>;

/** An account's posting queue: its schedule (its own, or the organization's default it follows) and coming slots. */
export const zV1Queue = z.object({
  accountId: z.string(),
  /** The wall clock the slots are on; null until a schedule says one. */
  timeZone: z.string().nullable(),
  paused: z.boolean(),
  /** Weekly slots: day 0 (Sunday) to 6, time HH:MM on the zone's clock. */
  slots: z.array(zQueueSlot),
  /** true: the account follows the organization's default schedule (a PUT gives it its own). */
  usesDefault: z.boolean(),
  /** The coming slots, earliest first: each with the post that holds it (queued, or scheduled by hand at its time) or free. */
  upcoming: z.array(z.object({ at: z.string(), kind: z.enum(['queued', 'scheduled', 'empty']), postId: z.string().nullable() })),
});
export type TV1Queue = z.infer<typeof zV1Queue>;

/** One of an account's best times to post (basis own: from its posts of the last 90 days; general: the network's). */
export const zV1BestTime = zBestTime;

/** An uploaded image or video, read from its bytes: its id goes in a post's mediaIds. */
export const zV1Media = z.object({
  id: z.string(),
  url: z.string(),
  name: z.string(),
  kind: z.enum(['image', 'video']),
  mimeType: z.string(),
  bytes: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  durationSec: z.number().nullable(),
});
export type TV1Media = z.infer<typeof zV1Media>;

/** A post's figures on one account, as the analytics job last read them from the network. */
export const zV1PostAnalytics = z.object({
  accountId: z.string().nullable(),
  network: z.enum(SOCIAL_NETWORK_KEYS_TUPLE),
  name: z.string(),
  url: z.string().nullable(),
  publishedAt: z.string().nullable(),
  /** ready: figures read; pending: not read yet; unavailable: see message (not published, a story, no access…). */
  state: z.enum(['ready', 'pending', 'unavailable']),
  message: z.string().nullable(),
  metrics: z.record(z.string(), z.number().nullable()),
  /** When the figures were read (null: not yet). */
  updatedAt: z.string().nullable(),
});
export type TV1PostAnalytics = z.infer<typeof zV1PostAnalytics>;

/** A list: a page of items and where the next page starts (null: this was the last). */
export const zV1List = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), nextCursor: z.string().nullable() });

/** An error, as RFC 9457 problem details (application/problem+json). */
export const zProblem = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  /** A stable code a program can branch on. */
  code: z.string(),
  /** Each field that was refused, and why. */
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type TProblem = z.infer<typeof zProblem>;
