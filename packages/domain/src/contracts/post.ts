import { z } from 'zod';
import { ID_MAX } from '../rules/limits';
import { POST_FORMATS, POST_TYPES } from '../rules/post';

/**
 * The social-posting API's post calls: what clients send (the spec's PascalCase fields) and what they read.
 * Sizes, types and dimensions of media are never taken from a request: the server reads them from the upload.
 */

const zId = z.string().trim().min(1).max(ID_MAX);
const zIdLike = z.union([zId, z.number().int().nonnegative()]).transform(String);
/** A list of words a client sends as a list or as one comma-separated text. */
const zWords = z.union([z.array(z.string().max(100)).max(50), z.string().max(2000)]).transform((v) =>
  (Array.isArray(v) ? v : v.split(','))
    .map((w) => w.trim())
    .filter(Boolean)
    .slice(0, 50),
);

/** The longest caption accepted at all (each network's own limit is checked against it afterwards). */
export const CAPTION_MAX = 63206;
/** YouTube's longest title. */
export const TITLE_MAX = 100;

/** One media file of a post: an upload of this server, by its address (what the upload call answered). */
export const zMediaDetail = z.object({
  ImageVideoUrl: z.string().trim().min(1, 'ImageVideoUrl is required').max(1000),
  ImageVideoName: z.string().max(255).optional().nullable(),
  ImageVideoSize: z
    .union([z.number(), z.string().max(32)])
    .optional()
    .nullable(),
  ImageVideoType: z.string().max(100).optional().nullable(),
  PostType: z.string().max(32).optional().nullable(),
});

/** One account a post goes to, with what applies to it alone (TikTok's privacy, a story or a reel). */
export const zPostTarget = z.object({
  UserSocialMediaID: zId,
  SocialMediaID: zIdLike.optional(),
  PrivacyStatus: z.string().trim().max(40).optional().nullable(),
  IsStory: z.boolean().optional(),
  IsReel: z.boolean().optional(),
});
export type TPostTargetInput = z.infer<typeof zPostTarget>;

/** The single-post and multi-post calls (and a draft's update): the spec's post request. */
export const zPostBody = z.object({
  CommonPostID: zId.optional().nullable(),
  id: zId.optional().nullable(),
  OrgID: zId.optional(),
  UserID: zId.optional(),
  CaptionDescription: z.string({ error: 'CaptionDescription is required' }).max(CAPTION_MAX, 'Caption is too long'),
  Title: z.string().max(TITLE_MAX, 'Title is too long').optional().nullable(),
  Tags: zWords.optional(),
  HashTags: zWords.optional(),
  Keywords: zWords.optional(),
  IsDraft: z.boolean().optional(),
  IsScheduled: z.boolean().optional(),
  /** Add to queue: each account's post goes at that account's next free slot (ScheduledDate and ScheduledTime unused). */
  AddToQueue: z.boolean().optional(),
  FEPostType: z.string().max(32).optional().nullable(),
  PostType: z.string().max(32).optional().nullable(),
  VideoFrameRatio: z
    .union([z.string().max(32), z.number()])
    .optional()
    .nullable(),
  VideoDuration: z
    .union([z.string().max(32), z.number()])
    .optional()
    .nullable(),
  VideoQuality: z
    .union([z.string().max(32), z.number()])
    .optional()
    .nullable(),
  ScheduledDate: z.string().max(10).optional().nullable(),
  ScheduledTime: z.string().max(5).optional().nullable(),
  CampaignSourceID: zId.optional().nullable(),
  /** One account, or several. */
  UserSocialMediaID: z.union([zId, z.array(zId).max(50)]).optional(),
  SocialMediaID: zIdLike.optional().nullable(),
  CategoryID: z
    .union([z.string().max(16), z.number()])
    .optional()
    .nullable(),
  /** YouTube's privacy (private, public, unlisted), or TikTok's for every TikTok account not given its own. */
  PrivacyStatus: z.string().trim().max(40).optional().nullable(),
  IsStory: z.boolean().optional(),
  IsReel: z.boolean().optional(),
  MediaDetails: z.array(zMediaDetail).max(20).default([]),
  PostDetails: z.array(zPostTarget).max(50).optional(),
});
export type TPostBody = z.infer<typeof zPostBody>;

/** post-handler/, post-carousel/, post-now/: send a post that is saved (a draft approved, a scheduled post now). */
export const zPostRefBody = z.object({ CommonPostID: zId, UserID: zId.optional() });

/** edit_scheduled_post/: reschedule, pause or resume, or delete. */
export const zEditScheduledBody = z.object({
  CommonPostID: zId,
  UserID: zId.optional(),
  ScheduledDate: z.string().max(10).optional(),
  ScheduledTime: z.string().max(5).optional(),
  IsPaused: z.boolean().optional(),
  IsActive: z.literal(false).optional(),
});

/** drafts/get-all-drafts/. */
export const zDraftsBody = z.object({
  user_id: zId.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(9),
  social_media_id: z
    .union([z.string().max(8), z.number()])
    .optional()
    .nullable(),
});

/** scheduled_post_details/{id}: which page of the scheduled posts, soonest due first (10 a page by default). */
export const zScheduledPostsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

/** drafts/delete-draft/. */
export const zDeleteDraftBody = z.object({ CommonPostID: zId, IsActive: z.literal(false).optional() });

/** The owner's review of a manager's draft: approve (it is posted or scheduled), or send it back with a remark. */
export const zReviewDraftBody = z.object({
  CommonPostID: zId,
  Decision: z.enum(['approve', 'sendBack']),
  Remark: z.string().trim().max(500, 'Remark is too long').optional(),
});

// ── Answers ────────────────────────────────────────────────────────────────────────────────────────

export const zPostSuccessItem = z.object({
  ResponseMediaID: z.string().nullable(),
  SocialMediaID: z.string(),
  SocialMediaName: z.string(),
  UserSocialMediaName: z.string(),
  UserSocialMediaID: z.string().nullable(),
  CreatedBySourceID: z.string(),
  IsScheduled: z.boolean(),
  PostUrl: z.string().nullable(),
});
export const zPostFailureItem = z.object({
  SocialMediaID: z.string(),
  SocialMediaName: z.string(),
  UserSocialMediaName: z.string(),
  UserSocialMediaID: z.string().nullable(),
  CustomUserError: z.string(),
  InternalError: z.string().nullable(),
});
/** Where the post stands on each account, as a post's card and its overview show it. */
export const TARGET_STATES = [
  'draft',
  'scheduled',
  'paused',
  'queued',
  'publishing',
  'processing',
  'published',
  'failed',
  'needs_reconnect',
  /** An earlier attempt may have sent it, and the account could not be read back far enough to know: the user checks. */
  'needs_check',
  'canceled',
] as const;
export type TTargetState = (typeof TARGET_STATES)[number];

export const zPostedOn = z.object({
  UserSocialMediaID: z.string().nullable(),
  SocialMediaID: z.string(),
  SocialMediaName: z.string(),
  UserName: z.string(),
  ProfilePictureURL: z.string().nullable(),
  Format: z.enum(POST_FORMATS),
  PrivacyStatus: z.string().nullable(),
  Status: z.enum(TARGET_STATES),
  ResponseMediaID: z.string().nullable(),
  PostUrl: z.string().nullable(),
  Error: z.string().nullable(),
  PostedAt: z.string().nullable(),
  /** When it goes out on this account while it waits (a queued post's accounts each have their own slot). */
  DueAt: z.string().nullable(),
});

/** What a post call answers: the spec's success and failure items; `pending` holds accounts still in progress. */
export const zPostResult = z.object({
  CommonPostID: z.string(),
  success: z.array(zPostSuccessItem),
  failure: z.array(zPostFailureItem),
  pending: z.array(zPostedOn),
  media_posted_on: z.array(zPostedOn),
});
export type TPostResult = z.infer<typeof zPostResult>;

export const zMediaOfPost = z.object({
  ImageVideoUrl: z.string(),
  ImageVideoName: z.string(),
  ImageVideoSize: z.number(),
  ImageVideoType: z.string(),
  PostType: z.string(),
  Width: z.number().nullable(),
  Height: z.number().nullable(),
  Duration: z.number().nullable(),
});

export const APPROVAL_STATES = ['pending', 'sent_back', 'approved'] as const;

/** One linked account a post is for, as the specification's social account: id, UserName, ProfilePictureURL, SocialMediaID. */
export const zPostAccount = z.object({
  id: z.string(),
  UserName: z.string(),
  ProfilePictureURL: z.string().nullable(),
  SocialMediaID: z.string(),
});

/** A post (common post) as clients read it. */
export const zPost = z.object({
  CommonPostID: z.string(),
  id: z.string(),
  PostType: z.enum(POST_TYPES),
  FEPostType: z.string().nullable(),
  MediaDetails: z.array(zMediaOfPost),
  MediaPostedOn: z.array(zPostedOn),
  MediaSelectedOn: z.array(z.string()),
  /** The linked accounts the post is for (an account unlinked since is left out; MediaPostedOn still names it). */
  AccountDetails: z.array(zPostAccount),
  CaptionDescription: z.string(),
  Title: z.string().nullable(),
  Tags: z.array(z.string()),
  HashTags: z.array(z.string()),
  Keywords: z.array(z.string()),
  CategoryID: z.string().nullable(),
  PrivacyStatus: z.string().nullable(),
  VideoFrameRatio: z.string().nullable(),
  VideoDuration: z.string().nullable(),
  VideoQuality: z.string().nullable(),
  IsScheduled: z.boolean(),
  IsPostDone: z.boolean(),
  IsPaused: z.boolean(),
  IsDraft: z.boolean(),
  IsActive: z.boolean(),
  /** Added to the accounts' queues: each account's own time is its DueAt (ScheduledDate and Time: the first). */
  InQueue: z.boolean(),
  ScheduledDate: z.string().nullable(),
  ScheduledTime: z.string().nullable(),
  SocialMediaPostDate: z.string().nullable(),
  CreatedDate: z.string(),
  ModifiedDate: z.string(),
  UserName: z.string(),
  UserID: z.string(),
  /** A manager's draft: waiting for the owner, sent back (with the owner's remark), or approved. */
  ApprovalStatus: z.enum(APPROVAL_STATES).nullable(),
  Remark: z.string().nullable(),
  /**
   * Likes and comments on the accounts it went out to, summed as the figures job last read them; null while none
   * is known (nothing read yet, not published, or — for a manager — no network its role opens with Analytics).
   */
  like_count: z.number().nullable(),
  comments_count: z.number().nullable(),
});
export type TPost = z.infer<typeof zPost>;

export const zDraftsPage = z.object({ response_data: z.array(zPost), pages: z.number(), total: z.number() });

/** A page of posts in the social-posting API's envelope, with how many pages and posts there are in all. */
export const zSphPostsPage = z.object({
  response_code: z.literal(200),
  response_message: z.string(),
  response_data: z.array(zPost),
  pages: z.number(),
  total: z.number(),
});

/** subscription/postCountTrack: how many posts the plan allows and how many are used. */
export const zPostCount = z.object({ postCount: z.number(), postLimit: z.number().nullable(), remaining: z.number().nullable() });

/** wallet/updateWallet: the user's points (the points of a post are recorded by the server when it goes out). */
export const zWalletPoints = z.object({ status: z.boolean(), viralityPoints: z.number() });

/** What an upload call answers for one file (s3/uploadSingleFile; each item of s3/multipleUploadVal). */
export const zUploadedFile = z.object({
  result: z.string(),
  file_size: z.number(),
  file_type: z.string(),
  file_name: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  duration: z.number().nullable(),
});
export type TUploadedFile = z.infer<typeof zUploadedFile>;
export const zUploadedFiles = z.object({ data: z.object({ data: z.array(zUploadedFile) }) });
