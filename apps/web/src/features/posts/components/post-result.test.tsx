import { screen, within } from '@testing-library/react';
import { POST_MSG, type TPostResult } from '@virality/domain';
import { describe, expect, it } from 'vitest';
import { mockFetch, ok, renderPage, storeSession, testQueryClient } from '../../../testing';
import { PostResult } from './post-result';

const pendingOn = (network: string, label: string, name: string) => ({
  UserSocialMediaID: 'a1',
  SocialMediaID: network,
  SocialMediaName: label,
  UserName: name,
  ProfilePictureURL: null,
  Format: 'post' as const,
  PrivacyStatus: null,
  Status: 'processing' as const,
  ResponseMediaID: null,
  PostUrl: null,
  Error: null,
  PostedAt: null,
});

describe('the post results', () => {
  it('an account still on its way turns into Sent when the network has published it', async () => {
    storeSession('INFLUENCER');
    const first: TPostResult = {
      CommonPostID: 'p1',
      success: [],
      failure: [],
      pending: [pendingOn('1', 'Instagram', 'ana.ig')],
      media_posted_on: [],
    };
    const calls = mockFetch((c) =>
      c.path === 'activity/postInfom'
        ? ok({
            ...first,
            pending: [],
            success: [
              {
                ResponseMediaID: 'ig-1',
                SocialMediaID: '1',
                SocialMediaName: 'Instagram',
                UserSocialMediaName: 'ana.ig',
                UserSocialMediaID: 'a1',
                CreatedBySourceID: 'Virality',
                IsScheduled: false,
                PostUrl: 'https://instagram.example/p/1',
              },
            ],
          })
        : undefined,
    );
    renderPage('/home', <PostResult result={first} sentLabel={POST_MSG.sent} />, { queryClient: testQueryClient() });
    const list = screen.getByRole('list', { name: 'Post results' });
    expect(within(list).getByText(POST_MSG.publishing)).toBeTruthy();
    expect(await within(list).findByText('Sent')).toBeTruthy();
    expect(within(list).getByRole('link', { name: 'View on Instagram' }).getAttribute('href')).toBe(
      'https://instagram.example/p/1',
    );
    expect(calls.find((c) => c.path === 'activity/postInfom')?.body).toEqual({ CommonPostID: 'p1' });
  });
});
