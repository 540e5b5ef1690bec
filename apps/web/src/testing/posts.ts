import type { TPost } from '@virality/domain';

/** A photo post to one X account scheduled at `at` (UTC), as the by-date and range calls answer it. */
export const scheduledPost = (id: string, at: string): TPost =>
  ({
    CommonPostID: id,
    MediaDetails: [],
    MediaPostedOn: [
      { SocialMediaID: '6', UserSocialMediaID: 'x1', UserName: 'quinn', Format: 'post', Status: 'scheduled', Error: null },
    ],
    MediaSelectedOn: ['6'],
    CaptionDescription: `Post ${id}`,
    Title: null,
    IsScheduled: true,
    IsPostDone: false,
    IsPaused: false,
    ScheduledDate: at.slice(0, 10),
    ScheduledTime: at.slice(11, 16),
    SocialMediaPostDate: at,
  }) as unknown as TPost;
