import type { TPost } from '@virality/domain';
import { describe, expect, it } from 'vitest';
import { hashtagsOf, postFromState, postStatus, targetLook } from './post-view';

const post: TPost = {
  CommonPostID: 'p1',
  id: 'p1',
  PostType: 'IMAGE',
  FEPostType: null,
  MediaDetails: [],
  MediaPostedOn: [],
  MediaSelectedOn: ['6'],
  CaptionDescription: 'Hello',
  Title: null,
  Tags: [],
  HashTags: [],
  Keywords: [],
  CategoryID: null,
  PrivacyStatus: null,
  VideoFrameRatio: null,
  VideoDuration: null,
  VideoQuality: null,
  IsScheduled: false,
  IsPostDone: true,
  IsPaused: false,
  IsDraft: false,
  IsActive: true,
  InQueue: false,
  ScheduledDate: null,
  ScheduledTime: null,
  SocialMediaPostDate: '2026-11-25T10:00:00.000Z',
  CreatedDate: '2026-11-25T10:00:00.000Z',
  ModifiedDate: '2026-11-25T10:00:00.000Z',
  UserName: 'Quinn',
  UserID: 'u1',
  ApprovalStatus: null,
  Remark: null,
  AccountDetails: [],
  like_count: null,
  comments_count: null,
};

describe('postFromState: the post a list hands over with the navigation', () => {
  it('is used when it is this post', () => {
    expect(postFromState({ post }, 'p1')?.CommonPostID).toBe('p1');
  });
  it('is ignored when it is another post, malformed, or absent', () => {
    expect(postFromState({ post }, 'p2')).toBeNull();
    expect(postFromState({ post: { CommonPostID: 'p1' } }, 'p1')).toBeNull();
    expect(postFromState(null, 'p1')).toBeNull();
  });
});

describe('postStatus', () => {
  it('follows the badge rule for a post', () => {
    expect(postStatus(post)).toBe('Posted');
    expect(postStatus({ ...post, IsScheduled: true, IsPostDone: false })).toBe('Scheduled');
    expect(postStatus({ ...post, IsScheduled: true, IsPaused: true, IsPostDone: false })).toBe('Paused');
  });
  it('names a draft as a draft, or by where its approval stands', () => {
    expect(postStatus({ ...post, IsDraft: true, IsPostDone: false })).toBe('Draft');
    expect(postStatus({ ...post, IsDraft: true, ApprovalStatus: 'pending' })).toBe('Pending approval');
    expect(postStatus({ ...post, IsDraft: true, ApprovalStatus: 'sent_back' })).toBe('Sent back');
  });
});

describe('hashtagsOf', () => {
  it('writes each once with its #', () => {
    expect(hashtagsOf({ HashTags: ['spring', '#spring', ' #menu ', ''] })).toEqual(['#spring', '#menu']);
  });
});

describe('targetLook: how an account fared', () => {
  it('links a published post to the network', () => {
    expect(targetLook({ Status: 'published', Error: null, PostUrl: 'https://x.example/s/1' })).toEqual({
      label: 'Published',
      tone: 'ok',
      reason: null,
      url: 'https://x.example/s/1',
    });
  });
  it('gives the reason of a failure and no link', () => {
    expect(targetLook({ Status: 'failed', Error: 'X refused the post', PostUrl: null })).toMatchObject({
      tone: 'failed',
      reason: 'X refused the post',
      url: null,
    });
    expect(targetLook({ Status: 'needs_reconnect', Error: null, PostUrl: null })).toMatchObject({
      label: 'Needs reconnect',
      reason: 'The post could not be published',
    });
  });
  it('never links to an address that is not a web page', () => {
    expect(targetLook({ Status: 'published', Error: null, PostUrl: 'javascript:alert(1)' }).url).toBeNull();
  });
});
