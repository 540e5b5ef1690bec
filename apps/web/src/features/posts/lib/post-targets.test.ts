import type { TPost } from '@virality/domain';
import { describe, expect, it } from 'vitest';
import { postOverviewPath, targetLook, targetsOf } from './post-targets';

type TTarget = TPost['MediaPostedOn'][number];
const target = (over: Partial<TTarget>): TTarget =>
  ({
    UserSocialMediaID: 'a1',
    SocialMediaID: '6',
    SocialMediaName: 'twitter',
    UserName: 'quinn',
    Format: 'post',
    Status: 'published',
    Error: null,
    ...over,
  }) as TTarget;

describe('an account’s state on a post card', () => {
  it('reads Published when the post went out there', () => {
    expect(targetLook(target({}))).toEqual({ label: 'Published', tone: 'ok', reason: null });
  });

  it('reads Failed with the network’s reason when it did not', () => {
    expect(targetLook(target({ Status: 'failed', Error: 'The video is too long for TikTok' }))).toEqual({
      label: 'Failed',
      tone: 'failed',
      reason: 'The video is too long for TikTok',
    });
    expect(targetLook(target({ Status: 'needs_reconnect', Error: 'Reconnect your X account' }))).toMatchObject({
      label: 'Needs reconnect',
      tone: 'failed',
      reason: 'Reconnect your X account',
    });
  });

  it('reads as still on its way while the network works on it, with no reason shown', () => {
    expect(targetLook(target({ Status: 'processing', Error: 'stale' }))).toEqual({
      label: 'Processing',
      tone: 'waiting',
      reason: null,
    });
    expect(targetLook(target({ Status: 'queued' })).label).toBe('Publishing');
  });
});

describe('the accounts of a post', () => {
  it('are listed in the networks’ order', () => {
    const list = targetsOf({
      MediaPostedOn: [
        target({ SocialMediaID: '6', UserSocialMediaID: 'x', Status: 'failed' }),
        target({ SocialMediaID: '1', UserSocialMediaID: 'ig' }),
      ],
    });
    expect(list.map((t) => [t.SocialMediaID, t.Status])).toEqual([
      ['1', 'published'],
      ['6', 'failed'],
    ]);
  });
});

describe('a post’s overview address', () => {
  it('is /postoverview/{CommonPostID}', () => {
    expect(postOverviewPath('abc123')).toBe('/postoverview/abc123');
  });
});
