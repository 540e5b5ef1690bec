import {
  APPROVAL_STATES,
  CAMPAIGN_REVIEW_STATES,
  POST_FORMATS,
  POST_TYPES,
  SOCIAL_NETWORK_KEYS,
  TARGET_STATES,
} from '@virality/domain';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, real, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { socialAccounts } from './social';
import { oneOf, organizations, users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A media file uploaded for posts. What it is (kind, type, size, dimensions, duration) was read from its bytes
 * by the server when it arrived: a post's checks read these, never what a client says.
 */
export const mediaFiles = pgTable(
  'media_files',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Where storage keeps it ('media/<org>/<id>.jpg'). */
    key: text('key').notNull(),
    url: text('url').notNull(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    mimeType: text('mime_type').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width'),
    height: integer('height'),
    durationSec: real('duration_sec'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('media_files_url_uq').on(t.url),
    index('media_files_org_idx').on(t.orgId, t.createdAt),
    check('media_files_kind_ck', oneOf('kind', ['image', 'video'])),
    check('media_files_bytes_ck', sql`bytes >= 0`),
  ],
);

/** A media file as a post keeps it (its facts copied, so the post reads the same if the upload row goes). */
export type TPostMedia = {
  mediaId: string;
  url: string;
  name: string;
  kind: 'image' | 'video';
  mimeType: string;
  bytes: number;
  width: number | null;
  height: number | null;
  durationSec: number | null;
};

/**
 * A post (the clients' common post): what is said and shown, once, for every account it goes to. Where it
 * stands on each account is its targets'; the post's own flags follow them.
 */
export const posts = pgTable(
  'posts',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Who wrote it (a manager, for a draft waiting for approval). */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postType: text('post_type').notNull(),
    fePostType: text('fe_post_type'),
    format: text('format').notNull().default('post'),
    caption: text('caption').notNull(),
    title: text('title'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    hashtags: jsonb('hashtags').$type<string[]>().notNull().default([]),
    keywords: jsonb('keywords').$type<string[]>().notNull().default([]),
    categoryId: text('category_id'),
    privacyStatus: text('privacy_status'),
    videoFrameRatio: text('video_frame_ratio'),
    videoDuration: text('video_duration'),
    videoQuality: text('video_quality'),
    media: jsonb('media').$type<TPostMedia[]>().notNull(),
    campaignSourceId: text('campaign_source_id'),
    isDraft: boolean('is_draft').notNull().default(false),
    isScheduled: boolean('is_scheduled').notNull().default(false),
    isPaused: boolean('is_paused').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    isPostDone: boolean('is_post_done').notNull().default(false),
    /** When it is due (a scheduled post), UTC. */
    scheduledAt: ts('scheduled_at'),
    /** When it first went out. */
    postedAt: ts('posted_at'),
    /** A manager's draft: pending the owner's review, sent back with a remark, or approved. */
    approval: text('approval'),
    remark: text('remark'),
    reviewedBy: text('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * A post made for a campaign whose owner approves its content: awaiting the owner (kept as a draft: on no network,
     * counted by no plan), changes requested (with the remark), or approved (then sent as its author meant).
     */
    campaignReview: text('campaign_review'),
    /** It counted against the plan's post limit (given back if it is deleted before it went out). */
    counted: boolean('counted').notNull().default(false),
    /**
     * Added to the accounts' posting queues: each target's due time is its account's slot (re-timed when the
     * account's schedule changes). A manager's draft keeps it as the way it is to go once approved.
     */
    inQueue: boolean('in_queue').notNull().default(false),
    /** Its outcome was announced (notification, points, live update): once. */
    settledAt: ts('settled_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('posts_org_created_idx').on(t.orgId, t.createdAt),
    index('posts_org_scheduled_idx').on(t.orgId, t.scheduledAt),
    index('posts_org_posted_idx').on(t.orgId, t.postedAt),
    // the lists read a page in order straight from these: posts waiting to go out, and posts out
    index('posts_org_waiting_idx')
      .on(t.orgId, t.scheduledAt, t.id)
      .where(sql`${t.isActive} AND NOT ${t.isDraft} AND ${t.isScheduled} AND NOT ${t.isPostDone}`),
    index('posts_org_out_idx').on(t.orgId, t.postedAt, t.id).where(sql`${t.isActive} AND NOT ${t.isDraft} AND ${t.isPostDone}`),
    // a campaign's page lists the posts made for it
    index('posts_campaign_idx').on(t.campaignSourceId, t.createdAt).where(sql`${t.campaignSourceId} IS NOT NULL`),
    check('posts_type_ck', oneOf('post_type', POST_TYPES)),
    check('posts_format_ck', oneOf('format', POST_FORMATS)),
    check('posts_approval_ck', sql`approval IS NULL OR ${oneOf('approval', APPROVAL_STATES)}`),
    check('posts_campaign_review_ck', sql`campaign_review IS NULL OR ${oneOf('campaign_review', CAMPAIGN_REVIEW_STATES)}`),
  ],
);

/**
 * One account a post goes to, with its own state: draft → scheduled → queued → publishing (→ processing) →
 * published | failed | needs_reconnect; paused and canceled. Publishing is claimed with an attempt id and a
 * lease; the network's id is recorded when it answers, so a publish is never sent twice for one target.
 */
export const postTargets = pgTable(
  'post_targets',
  {
    id: text('id').primaryKey(),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    orgId: text('org_id').notNull(),
    /** Cleared if the account is unlinked; what it was stays below. */
    accountId: text('account_id').references(() => socialAccounts.id, { onDelete: 'set null' }),
    network: text('network').notNull(),
    accountName: text('account_name').notNull(),
    accountPicture: text('account_picture'),
    format: text('format').notNull().default('post'),
    privacy: text('privacy'),
    state: text('state').notNull(),
    dueAt: ts('due_at'),
    /** The job that will send it (cancelled or replaced with the state, in one transaction). */
    jobId: text('job_id'),
    attemptId: text('attempt_id'),
    attempts: integer('attempts').notNull().default(0),
    /** Until when the attempt in progress holds it; a `publishing` target past it was left by a crash. */
    leaseUntil: ts('lease_until'),
    attemptStartedAt: ts('attempt_started_at'),
    /**
     * The earliest moment any attempt of this target could have sent it: set by its first claim and never moved
     * forward. Before sending again, the engine reads everything the account published since then.
     */
    sentWindowFrom: ts('sent_window_from'),
    /**
     * The tries ran out on failures that do not say whether the post went out (a timeout, a 5xx): the next attempt
     * only looks for it on the account, and fails the target only if it is not there.
     */
    lastLook: boolean('last_look').notNull().default(false),
    /** The network's processing ticket while it prepares the media. */
    ticket: text('ticket'),
    /**
     * What the network holds ready before the due time (media uploaded, a container made): the adapter's ticket,
     * what it was made from (a digest of the text, media, format and account: an edit makes it stale), until when
     * the network keeps it, and when it was made. Written only while no publish attempt has begun.
     */
    prepTicket: text('prep_ticket'),
    prepKey: text('prep_key'),
    prepUntil: ts('prep_until'),
    prepAt: ts('prep_at'),
    /**
     * When a preparation that may leave something the network keeps for good (a private YouTube video) began and
     * has not yet been stored or cleared: set before its network calls, cleared when its ticket is stored. Found
     * set with no ticket, an earlier preparation died or lost its answer, and what it left is removed first.
     */
    prepStartedAt: ts('prep_started_at'),
    /** How long the preparation's network calls took, and why the last preparation failed (the due time then does it all). */
    prepMs: integer('prep_ms'),
    prepError: text('prep_error'),
    /** The publish that went out used the prepared ticket (only the final call ran at the due time). */
    prepUsed: boolean('prep_used').notNull().default(false),
    remotePostId: text('remote_post_id'),
    remoteUrl: text('remote_url'),
    /** Why it failed, in plain words (CustomUserError), and the network's own words (InternalError). */
    error: text('error'),
    internalError: text('internal_error'),
    publishedAt: ts('published_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('post_targets_post_account_uq').on(t.postId, t.accountId),
    index('post_targets_post_idx').on(t.postId),
    index('post_targets_state_due_idx').on(t.state, t.dueAt),
    // an account's waiting targets by due time: the slots its queue has taken
    index('post_targets_account_waiting_idx').on(t.accountId, t.dueAt).where(sql`state IN ('scheduled', 'paused')`),
    // what went out since a moment (the figures job's look for new posts)
    index('post_targets_published_idx').on(t.publishedAt),
    // a post on a network is one target's: a check never takes a post already attributed to another target
    uniqueIndex('post_targets_account_remote_uq').on(t.accountId, t.remotePostId).where(sql`remote_post_id IS NOT NULL`),
    // held targets by when their lease ends: every process looks for the ones whose holder died, every few seconds
    index('post_targets_lease_idx').on(t.leaseUntil).where(sql`lease_until IS NOT NULL`),
    // what an account's targets hold prepared: a removal of a preparation's leftovers keeps clear of it
    index('post_targets_account_prep_idx').on(t.accountId).where(sql`prep_ticket IS NOT NULL`),
    check('post_targets_state_ck', oneOf('state', TARGET_STATES)),
    check('post_targets_network_ck', oneOf('network', SOCIAL_NETWORK_KEYS)),
    check('post_targets_format_ck', oneOf('format', POST_FORMATS)),
  ],
);

/** Every attempt to publish a target, and how it ended. */
export const publishAttempts = pgTable(
  'publish_attempts',
  {
    id: text('id').primaryKey(),
    targetId: text('target_id')
      .notNull()
      .references(() => postTargets.id, { onDelete: 'cascade' }),
    startedAt: ts('started_at').notNull(),
    finishedAt: ts('finished_at'),
    /** published, processing, reconciled, retry, rate_limited, reconnect, permanent, or null while it runs. */
    outcome: text('outcome'),
    detail: text('detail'),
    /**
     * When the network asked to be asked again (a retry's backoff or a rate limit's end, a processing check): the
     * wait that was the network's, not a crash's or the queue's.
     */
    nextAt: ts('next_at'),
  },
  (t) => [index('publish_attempts_target_idx').on(t.targetId, t.startedAt)],
);

/** Points earned: one row per post and network, so a post never earns twice for one network. */
export const pointsLedger = pgTable(
  'points_ledger',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: text('post_id').references(() => posts.id, { onDelete: 'set null' }),
    network: text('network'),
    points: integer('points').notNull(),
    reason: text('reason').notNull(),
    earnedAt: ts('earned_at').notNull(),
    /**
     * Whether the points are in the user's total: a post's earnings are recorded as each network takes it and added
     * to the total once, when the post settles (one write of the user's row per post, not per network).
     */
    inTotal: boolean('in_total').notNull().default(true),
  },
  (t) => [
    uniqueIndex('points_ledger_post_network_uq').on(t.postId, t.network),
    index('points_ledger_user_idx').on(t.userId, t.earnedAt),
    check('points_ledger_points_ck', sql`points > 0`),
  ],
);
