import { socialNetwork, type TPost, type TPostResult, type TPostType, type TTargetState } from '@virality/domain';
import type { TPostRow, TTargetRow } from './repository';

const networkOf = (t: TTargetRow) => socialNetwork(t.network) ?? { id: '7', label: t.network };
const CREATED_BY_SOURCE = 'Virality';

const postedOn = (t: TTargetRow) => ({
  UserSocialMediaID: t.accountId,
  SocialMediaID: networkOf(t).id,
  SocialMediaName: networkOf(t).label,
  UserName: t.accountName,
  ProfilePictureURL: t.accountPicture,
  Format: t.format as 'post' | 'story' | 'reel',
  PrivacyStatus: t.privacy,
  Status: t.state as TTargetState,
  ResponseMediaID: t.remotePostId,
  PostUrl: t.remoteUrl,
  Error: t.error,
  PostedAt: t.publishedAt?.toISOString() ?? null,
  DueAt: t.state === 'scheduled' || t.state === 'paused' ? (t.dueAt?.toISOString() ?? null) : null,
});

/**
 * What a post call answers (the spec's response_data): an item in `success` per account it went to (or is
 * scheduled for), in `failure` per account it could not go to with the reason in plain words, and in `pending`
 * per account still in progress (its outcome comes as a notification and a live update).
 */
export function resultOf(post: TPostRow, targets: TTargetRow[]): TPostResult {
  const success: TPostResult['success'] = [];
  const failure: TPostResult['failure'] = [];
  const pending: TPostResult['pending'] = [];
  for (const t of targets) {
    const n = networkOf(t);
    if (t.state === 'published' || t.state === 'scheduled' || t.state === 'paused' || t.state === 'draft')
      success.push({
        ResponseMediaID: t.remotePostId,
        SocialMediaID: n.id,
        SocialMediaName: n.label,
        UserSocialMediaName: t.accountName,
        UserSocialMediaID: t.accountId,
        CreatedBySourceID: CREATED_BY_SOURCE,
        IsScheduled: t.state !== 'published' && post.isScheduled,
        PostUrl: t.remoteUrl,
      });
    else if (t.state === 'failed' || t.state === 'needs_reconnect' || t.state === 'needs_check')
      failure.push({
        SocialMediaID: n.id,
        SocialMediaName: n.label,
        UserSocialMediaName: t.accountName,
        UserSocialMediaID: t.accountId,
        CustomUserError: t.error ?? 'The post could not be published',
        InternalError: t.internalError,
      });
    else if (t.state !== 'canceled') pending.push(postedOn(t));
  }
  return { CommonPostID: post.id, success, failure, pending, media_posted_on: targets.map(postedOn) };
}

const pad = (n: number) => String(n).padStart(2, '0');
const dateOf = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const timeOf = (d: Date) => `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;

/** A post's likes and comments as the figures job last read them (null: none known to this reader). */
export type TPostFigures = { like_count: number | null; comments_count: number | null };
export const NO_FIGURES: TPostFigures = { like_count: null, comments_count: null };

/** The linked accounts a post is for, once each, in the order of its targets (an unlinked one is left out). */
function accountDetailsOf(targets: TTargetRow[]): TPost['AccountDetails'] {
  const seen = new Map<string, TPost['AccountDetails'][number]>();
  for (const t of targets)
    if (t.accountId && !seen.has(t.accountId))
      seen.set(t.accountId, {
        id: t.accountId,
        UserName: t.accountName,
        ProfilePictureURL: t.accountPicture,
        SocialMediaID: networkOf(t).id,
      });
  return [...seen.values()];
}

/** A post as clients read it (the spec's fields; dates UTC). */
export function postDto(post: TPostRow, targets: TTargetRow[], userName: string, figures: TPostFigures = NO_FIGURES): TPost {
  return {
    CommonPostID: post.id,
    id: post.id,
    PostType: post.postType as TPostType,
    FEPostType: post.fePostType,
    MediaDetails: post.media.map((m) => ({
      ImageVideoUrl: m.url,
      ImageVideoName: m.name,
      ImageVideoSize: m.bytes,
      ImageVideoType: m.mimeType,
      PostType: m.kind === 'video' ? 'VIDEO' : 'IMAGE',
      Width: m.width,
      Height: m.height,
      Duration: m.durationSec,
    })),
    MediaPostedOn: targets.map(postedOn),
    MediaSelectedOn: [...new Set(targets.map((t) => networkOf(t).id))],
    AccountDetails: accountDetailsOf(targets),
    CaptionDescription: post.caption,
    Title: post.title,
    Tags: post.tags,
    HashTags: post.hashtags,
    Keywords: post.keywords,
    CategoryID: post.categoryId,
    PrivacyStatus: post.privacyStatus,
    VideoFrameRatio: post.videoFrameRatio,
    VideoDuration: post.videoDuration,
    VideoQuality: post.videoQuality,
    IsScheduled: post.isScheduled,
    IsPostDone: post.isPostDone,
    IsPaused: post.isPaused,
    IsDraft: post.isDraft,
    IsActive: post.isActive,
    InQueue: post.inQueue,
    ScheduledDate: post.scheduledAt ? dateOf(post.scheduledAt) : null,
    ScheduledTime: post.scheduledAt ? timeOf(post.scheduledAt) : null,
    SocialMediaPostDate: post.postedAt?.toISOString() ?? null,
    CreatedDate: post.createdAt.toISOString(),
    ModifiedDate: post.updatedAt.toISOString(),
    UserName: userName,
    UserID: post.userId,
    ApprovalStatus: (post.approval as TPost['ApprovalStatus']) ?? null,
    Remark: post.remark,
    like_count: figures.like_count,
    comments_count: figures.comments_count,
  };
}
