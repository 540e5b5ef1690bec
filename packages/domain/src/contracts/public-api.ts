import { z } from 'zod';
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
} as const;

/** What a POST's Idempotency-Key may be. */
export const IDEMPOTENCY_KEY_MAX = 255;
/** How long a POST's answer is kept for a repeat of its Idempotency-Key. */
export const IDEMPOTENCY_KEEP_HOURS = 24;
/** Requests a key may make per minute (every call counts). */
export const V1_RATE_LIMIT_PER_MINUTE = 120;

const zId = z.string().trim().min(1).max(64);

/** POST /api/v1/posts: without scheduledAt (or draft) it is sent now. */
export const zV1PostCreate = z.strictObject({
  text: z.string().max(CAPTION_MAX, V1_MSG.textTooLong).default(''),
  accountIds: z.array(zId, { error: V1_MSG.accountsRequired }).min(1, V1_MSG.accountsRequired).max(50, V1_MSG.tooManyAccounts),
  mediaIds: z.array(zId).max(10, V1_MSG.tooManyMedia).default([]),
  scheduledAt: z
    .string()
    .max(40, V1_MSG.scheduledAtInvalid)
    .superRefine((v, ctx) => {
      if (!z.iso.datetime({ offset: true }).safeParse(v).success)
        ctx.addIssue({ code: 'custom', message: V1_MSG.scheduledAtInvalid });
      else if (new Date(v).getUTCSeconds() !== 0 || new Date(v).getUTCMilliseconds() !== 0)
        ctx.addIssue({ code: 'custom', message: V1_MSG.scheduledAtWholeMinute });
    })
    .optional(),
  draft: z.boolean().optional(),
  campaignId: zId.optional(),
});
export type TV1PostCreate = z.infer<typeof zV1PostCreate>;

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
  accounts: z.array(zV1PostAccount),
});
export type TV1Post = z.infer<typeof zV1Post>;

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
