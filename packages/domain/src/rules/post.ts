/**
 * Posts: their types, the media a post may carry, when it may be scheduled, and the points it earns. The
 * composer checks with these functions before submit; the server checks again with the same functions, so a
 * request that bypasses the browser gets the same message.
 */
import type { TSocialNetworkKey } from './social';

/** Every user-facing message of composing, scheduling and publishing, spelled as the clients expect it. */
export const POST_MSG = {
  // schedule
  dateTodayOrLater: 'Please select a date today or later',
  dateWithinLimit: 'Please select a date within the allowed limit',
  timeBeforeNow: 'Time cannot be before the current time',
  timeInvalid: 'Time should be selected properly',
  tenMinutesAhead: 'please select time 10 minute prior',
  // images
  imageAspect: 'image aspect ratio must be between, 4:5 to 1.91:1',
  someImagesNotAdded: 'Some images is not added ,',
  fileNotSupported: 'This file is not supported',
  imageTooLarge30: 'Image size must be smaller then 30mb',
  imagesUnder8: 'Images less than 8 MB are allowed only',
  // videos
  mediaNotSupported: 'Uploaded media files are not supported',
  videoFormat: 'Unsupported video format.',
  videoUnder100: 'Video less than 100 MB are allowed only',
  videoUnder50: 'Video less than 50 MB are allowed only',
  videoRatioMulti: 'Selected video must be 16:9 or 1:1 ratio',
  videoResolution: 'Only videos with a resolution of 1920 pixels by 1080 pixels or lower are supported',
  instagramResolution: "Instagram doesn't support videos resolution larger than 1920 * 1080.",
  // counts and drag and drop
  maxFiles: 'You can add a maximum of 10 files',
  atLeastTwo: 'please add Atleast 2 files',
  singleDrop: 'Only single media file is allowed',
  oneVideo: 'Please select only one video!',
  oneImage: 'Please select only one image!',
  // stories and reels
  storyNetworks: 'Stories and reels can be posted to Instagram and Facebook only',
  storyVideoOnlyReel: 'A reel must be a video',
  storyImageInstagram: 'Image stories can be posted to Instagram only',
  storyDuration: (network: string, seconds: number) => `${network} stories and reels take videos up to ${seconds} seconds`,
  storyWidth: 'Stories and reels take videos narrower than 1920 pixels',
  storyAspect: 'Stories and reels take videos in 9:16 or 16:9',
  storySingle: 'A story or a reel carries one file',
  // submit
  accountRequired: 'Please select at least one account',
  captionRequired: 'Please write a caption',
  mediaRequired: 'Please add a photo or a video',
  tiktokPrivacyRequired: 'Please choose who can see the TikTok post',
  titleRequired: 'Please give the YouTube video a title',
  youtubeVideoOnly: 'YouTube takes one video',
  // results
  sent: 'Your post has been sent!',
  scheduled: 'Your post has been Scheduled!',
  draftSaved: 'Draft saved successfully!',
  draftDeleted: 'Draft deleted successfully',
  draftUpdated: 'Draft updated successfully',
  rescheduled: 'Rescheduled Successfully',
  resumed: 'resumed successfully',
  paused: 'Paused successfully',
  deleted: 'post deleted successfully',
  failedOn: (network: string) => `Post failed on ${network}`,
  multiFailed: 'Post has been failed',
  checkOn: (network: string) => `Check your post on ${network}`,
  publishing: 'Your post is on its way: you will be told when it is out',
  retrying: 'Trying the failed accounts again: you will be told when they are out',
  notPublished: 'This post has not been sent yet',
  nothingToRetry: 'No account of this post failed: there is nothing to retry',
  stillSending: 'This post is still being sent: wait until every account has its result',
  // limits
  limitExceeded: 'Limit Exceeded: You cannot post anymore',
  limitCheckFailed: 'Facing some issue right now try after some time',
  limitReached: 'Your post limit has been reached',
  freeTierExceeded: 'Post limit exceeded: you have used all your posts.',
  // state
  postNotFound: 'Post not found',
  notScheduled: 'This post is not scheduled',
  alreadyPublished: 'This post has already been published',
  timePassed: 'The scheduled time has passed',
  pausedPastTime: 'A paused post whose time has passed cannot be rescheduled',
  notDraft: 'This post is not a draft',
  managerDraftsOnly: 'Business managers save drafts for approval',
  approvalOwnerOnly: 'Only the business owner reviews drafts',
  notAwaitingApproval: 'This draft is not waiting for approval',
  remarkRequired: 'Please write a remark for the manager',
  accountNeedsReconnect: (network: string) => `Reconnect your ${network} account to post to it`,
  needsCheck: (network: string) =>
    `${network} may already have this post: an earlier try could not be confirmed and ${network} would not show enough of the account's posts to be sure. Look for it on the account before posting it again`,
  uploadNotFound: 'A media file of this post was not uploaded here',
  uploadFailed: 'Upload failed. Please try again later.',
  uploadServerError: 'server error : file upload failed',
  noFile: 'Please choose a file to upload',
} as const;

/** The post types clients send and read (spec spelling). */
export const POST_TYPES = [
  'IMAGE',
  'VIDEO',
  'REELS',
  'CAROUSEL',
  'MULTIPLEPOST',
  'MULTIPLEIMAGESONLY',
  'storiesimage',
  'storiesvideo',
  '2kvideo',
] as const;
export type TPostType = (typeof POST_TYPES)[number];

/** How a post goes out on one account: a feed post, a story, or a reel. */
export const POST_FORMATS = ['post', 'story', 'reel'] as const;
export type TPostFormat = (typeof POST_FORMATS)[number];

/** The media accepted anywhere (the spec's list): jpeg, png, webp, svg, mp4 and QuickTime. */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/svg+xml'] as const;
export const ACCEPTED_VIDEO_TYPES = ['video/mp4', 'video/quicktime'] as const;
export const MEDIA_MAX_FILES = 10;
const MB = 1024 * 1024;
export const MEDIA_LIMITS = {
  imageSingleBytes: 30 * MB,
  imageInstagramOrMultiBytes: 8 * MB,
  videoSingleBytes: 100 * MB,
  videoMultiBytes: 50 * MB,
  videoMaxWidth: 1920,
  imageMinAspect: 0.7,
  imageMaxAspect: 1.91,
} as const;
/** The largest file an upload call takes (a single video). */
export const UPLOAD_MAX_BYTES = MEDIA_LIMITS.videoSingleBytes;

/** A media file as the rules see it (checked by the server from its bytes when it was uploaded). */
export type TMediaFacts = {
  kind: 'image' | 'video' | 'other';
  mimeType: string;
  bytes: number;
  width: number | null;
  height: number | null;
  durationSec: number | null;
};

/** Aspect ratio within `tolerance` of `target`. */
const near = (ratio: number, target: number, tolerance = 0.03) => Math.abs(ratio - target) <= tolerance;

/**
 * What is wrong with one media file of a post, or null. `multi`: the post carries several files; `instagram`:
 * Instagram is one of the chosen networks (its video width limit applies to a single video too). A single photo
 * over a network's own weight limit (Instagram's 8 MB) is not refused here: the server re-encodes it for that
 * network (imageConversion), and the composer says so.
 */
export function mediaIssue(m: TMediaFacts, ctx: { multi: boolean; instagram: boolean }): string | null {
  if (m.mimeType === 'image/tiff') return POST_MSG.fileNotSupported;
  if (m.kind === 'image') {
    if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(m.mimeType)) return POST_MSG.fileNotSupported;
    if (ctx.multi && m.bytes >= MEDIA_LIMITS.imageInstagramOrMultiBytes) return POST_MSG.imagesUnder8;
    if (!ctx.multi && m.bytes >= MEDIA_LIMITS.imageSingleBytes) return POST_MSG.imageTooLarge30;
    if (m.width && m.height) {
      const ratio = m.width / m.height;
      if (ratio < MEDIA_LIMITS.imageMinAspect - 0.005 || ratio > MEDIA_LIMITS.imageMaxAspect + 0.005)
        return ctx.multi ? `${POST_MSG.someImagesNotAdded} ${POST_MSG.imageAspect}` : POST_MSG.imageAspect;
    }
    return null;
  }
  if (m.kind === 'video') {
    if (!(ACCEPTED_VIDEO_TYPES as readonly string[]).includes(m.mimeType)) return POST_MSG.videoFormat;
    if (ctx.multi) {
      if (m.bytes >= MEDIA_LIMITS.videoMultiBytes) return POST_MSG.videoUnder50;
      if (m.width && m.width > MEDIA_LIMITS.videoMaxWidth) return POST_MSG.videoResolution;
      if (m.width && m.height) {
        const r = m.width / m.height;
        if (!(near(r, 1) || near(r, 9 / 16) || (r >= 1.4 && r <= 2))) return POST_MSG.videoRatioMulti;
      }
      return null;
    }
    if (m.bytes >= MEDIA_LIMITS.videoSingleBytes) return POST_MSG.videoUnder100;
    if (ctx.instagram && m.width && m.width > MEDIA_LIMITS.videoMaxWidth) return POST_MSG.instagramResolution;
    return null;
  }
  return POST_MSG.mediaNotSupported;
}

/** The count rule of a post's media: at most 10, and at least 2 in multi-file mode. */
export function mediaCountIssue(count: number, multi: boolean): string | null {
  if (count > MEDIA_MAX_FILES) return POST_MSG.maxFiles;
  if (multi && count < 2) return POST_MSG.atLeastTwo;
  if (count === 0) return POST_MSG.mediaRequired;
  return null;
}

/**
 * A post's type from its media and format: one image IMAGE, one video VIDEO (2kvideo when wider than 1920),
 * a story storiesimage / storiesvideo, a reel REELS; several files MULTIPLEIMAGESONLY when all are images,
 * else MULTIPLEPOST.
 */
export function postTypeOf(media: readonly Pick<TMediaFacts, 'kind' | 'width'>[], format: TPostFormat): TPostType {
  if (media.length > 1) return media.every((m) => m.kind === 'image') ? 'MULTIPLEIMAGESONLY' : 'MULTIPLEPOST';
  const one = media[0];
  const video = one?.kind === 'video';
  if (format === 'story') return video ? 'storiesvideo' : 'storiesimage';
  if (format === 'reel') return 'REELS';
  if (!video) return 'IMAGE';
  return one.width && one.width > MEDIA_LIMITS.videoMaxWidth ? '2kvideo' : 'VIDEO';
}

/** A post of several files (a carousel on the networks that have one). */
export const isMultiPostType = (t: TPostType): boolean => t === 'CAROUSEL' || t === 'MULTIPLEPOST' || t === 'MULTIPLEIMAGESONLY';

/** Networks that take stories and reels from Virality, with the longest story or reel video they take. */
export const STORY_NETWORKS: Partial<Record<TSocialNetworkKey, { label: string; maxSeconds: number; image: boolean }>> = {
  instagram: { label: 'Instagram', maxSeconds: 60, image: true },
  facebook: { label: 'Facebook', maxSeconds: 90, image: false },
};

/**
 * Whether a story or a reel of these media may go to this network: Instagram and Facebook only; one file; a
 * video up to 60 s (Instagram) or 90 s (Facebook), narrower than 1920, in 9:16 or 16:9; an image story on
 * Instagram only; a reel is a video.
 */
export function storyIssue(network: TSocialNetworkKey, format: TPostFormat, media: readonly TMediaFacts[]): string | null {
  if (format === 'post') return null;
  const rule = STORY_NETWORKS[network];
  if (!rule) return POST_MSG.storyNetworks;
  if (media.length !== 1) return POST_MSG.storySingle;
  const m = media[0];
  if (m.kind === 'image') {
    if (format === 'reel') return POST_MSG.storyVideoOnlyReel;
    return rule.image ? null : POST_MSG.storyImageInstagram;
  }
  if (m.durationSec !== null && m.durationSec > rule.maxSeconds) return POST_MSG.storyDuration(rule.label, rule.maxSeconds);
  if (m.width !== null && m.width >= MEDIA_LIMITS.videoMaxWidth) return POST_MSG.storyWidth;
  if (m.width && m.height) {
    const r = m.width / m.height;
    if (!near(r, 9 / 16) && !near(r, 16 / 9)) return POST_MSG.storyAspect;
  }
  return null;
}

// ── Scheduling ─────────────────────────────────────────────────────────────────────────────────────

/** A scheduled post goes out at least this long after it is scheduled (and after a reschedule). */
export const SCHEDULE_LEAD_MINUTES = 10;
/** The time the composer offers first. */
export const DEFAULT_SCHEDULE_TIME = '12:00';

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** yyyy-MM-dd of a moment, read at a time-zone offset (minutes east of UTC). */
export function dateAt(moment: Date, offsetMinutes: number): string {
  return new Date(moment.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 10);
}
/** HH:mm of a moment, read at a time-zone offset (minutes east of UTC). */
export function timeAt(moment: Date, offsetMinutes: number): string {
  return new Date(moment.getTime() + offsetMinutes * 60_000).toISOString().slice(11, 16);
}

/** The moment a date and time mean at a time-zone offset (minutes east of UTC), or null when either is not valid. */
export function momentOf(date: string, time: string, offsetMinutes: number): Date | null {
  const d = DATE_RE.exec(date);
  const t = TIME_RE.exec(time);
  if (!d || !t) return null;
  const ms = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  const back = new Date(ms);
  if (back.getUTCDate() !== Number(d[3]) || back.getUTCMonth() !== Number(d[2]) - 1) return null;
  return new Date(ms - offsetMinutes * 60_000);
}

/**
 * When a post may be scheduled (and rescheduled): today or later; on today at least 10 minutes ahead and never
 * before now; not after the day before the plan's last day (influencers: planEndDate; others: bufferEndDate).
 * `date` and `time` are read at `offsetMinutes` (the browser's own zone; the server reads UTC, as the API
 * carries it). Returns the message, or null when the moment is allowed.
 */
export function scheduleIssue(input: {
  date: string | null | undefined;
  time: string | null | undefined;
  now: Date;
  offsetMinutes: number;
  /** The plan's end (planEndDate or bufferEndDate by role); null: no limit. */
  planEnd: Date | null;
}): string | null {
  const { date, time, now, offsetMinutes, planEnd } = input;
  if (!date || !DATE_RE.test(date)) return POST_MSG.dateTodayOrLater;
  if (!time || !TIME_RE.test(time)) return POST_MSG.timeInvalid;
  const at = momentOf(date, time, offsetMinutes);
  if (!at) return POST_MSG.timeInvalid;
  const today = dateAt(now, offsetMinutes);
  if (date < today) return POST_MSG.dateTodayOrLater;
  if (planEnd) {
    // the last allowed day is the one before the plan's last day, to its end
    const lastDay = dateAt(new Date(planEnd.getTime() - 86_400_000), offsetMinutes);
    if (date > lastDay) return POST_MSG.dateWithinLimit;
  }
  if (at.getTime() < now.getTime()) return POST_MSG.timeBeforeNow;
  if (at.getTime() < now.getTime() + SCHEDULE_LEAD_MINUTES * 60_000) return POST_MSG.tenMinutesAhead;
  return null;
}

// ── Points ─────────────────────────────────────────────────────────────────────────────────────────

/**
 * The points one post earns on one network once it is out there: 2 for a post of several files (carousel,
 * multi-post, images only), else 1. A network counts once per post, however many of its accounts it went to;
 * nothing is earned when a post is scheduled, only when it is published.
 */
export const pointsFor = (postType: TPostType): number => (isMultiPostType(postType) ? 2 : 1);

// ── The composer ───────────────────────────────────────────────────────────────────────────────────

/** The composer's own words: its buttons, the close question, upload failures and the plan links. */
export const COMPOSER_MSG = {
  dialogLabel: 'Create post',
  editTitle: 'Update Draft',
  postNow: 'Post Now',
  schedulePost: 'Schedule Post',
  saveDraft: 'Save as Draft',
  saveDraftForApproval: 'Save Draft for Approval',
  updateDraft: 'Update Draft',
  saveChanges: 'Save changes',
  closeConfirm: 'Are you sure you want to close? Unsaved changes will be lost.',
  uploadServerError: 'server error : file upload failed',
  uploadFailed: 'Upload failed. Please try again later.',
  upgradePlan: 'Upgrade Your Plan',
  toContinue: 'to continue',
  switchToBusiness: 'Switch to Business Plan',
  freeTierWait: 'or wait until your free tier renews to post again.',
  caption: 'Caption',
  captionYouTube: 'Caption/Description',
} as const;

/** The influencers' free plan and how many posts it allows. */
export const FREE_TIER_PLAN = 'FreeTier';
export const FREE_TIER_POST_LIMIT = 5;

/** An influencer on the free tier who has used its posts: the composer offers no draft or schedule, only the plans. */
export function freeTierLimitReached(
  profileType: string,
  plan: { planType: string; postCount: number } | null | undefined,
): boolean {
  return profileType === 'INFLUENCER' && plan?.planType === FREE_TIER_PLAN && plan.postCount >= FREE_TIER_POST_LIMIT;
}

/** The end a schedule must keep within: influencers their planEndDate, everyone else bufferEndDate (null: none). */
export function schedulePlanEnd(
  profileType: string,
  plan: { planEndDate: string | null; bufferEndDate: string | null } | null | undefined,
): Date | null {
  const end = profileType === 'INFLUENCER' ? plan?.planEndDate : plan?.bufferEndDate;
  if (!end) return null;
  const at = new Date(end);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** YouTube's privacy choices, in the order the composer offers them. */
export const YOUTUBE_PRIVACY_OPTIONS = ['private', 'public', 'unlisted'] as const;

/**
 * TikTok's privacy levels, in the order clients show them, with the spec's names: Everyone, then Private (the
 * followers of a private account), Friends (mutual followers), Self (only the creator). The privacy-options call
 * answers in this order, so a client that names them by position names them right.
 */
export const TIKTOK_PRIVACY_ORDER = ['PUBLIC_TO_EVERYONE', 'FOLLOWER_OF_CREATOR', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'] as const;
export const TIKTOK_PRIVACY_LABELS = ['Everyone', 'Private', 'Friends', 'Self'] as const;
/** A TikTok privacy level's name (by its value; an unknown one by its position, as the spec reads them). */
export function tiktokPrivacyLabel(option: string, index: number): string {
  const at = (TIKTOK_PRIVACY_ORDER as readonly string[]).indexOf(option);
  return TIKTOK_PRIVACY_LABELS[at >= 0 ? at : index] ?? option;
}
/** TikTok's levels for an account, in the order of TIKTOK_PRIVACY_ORDER (levels it does not know last). */
export const orderTiktokPrivacy = (options: readonly string[]): string[] =>
  [...options].sort((a, b) => {
    const rank = (o: string) => {
      const i = (TIKTOK_PRIVACY_ORDER as readonly string[]).indexOf(o);
      return i < 0 ? TIKTOK_PRIVACY_ORDER.length : i;
    };
    return rank(a) - rank(b);
  });
