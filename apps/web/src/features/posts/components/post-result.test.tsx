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
  DueAt: null,
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

const sentOn = (network: string, label: string, name: string) => ({
  ResponseMediaID: `${network}-1`,
  SocialMediaID: network,
  SocialMediaName: label,
  UserSocialMediaName: name,
  UserSocialMediaID: `a${network}`,
  CreatedBySourceID: 'Virality',
  IsScheduled: false,
  PostUrl: null,
});

describe('the post results once every account has its answer', () => {
  it('all sent: the heading says it is out, never "on its way" above rows that say Sent', async () => {
    storeSession('INFLUENCER');
    mockFetch(() => undefined);
    const done: TPostResult = {
      CommonPostID: 'p2',
      success: [sentOn('1', 'Instagram', 'ana.ig'), sentOn('6', 'X', 'ana_x')],
      failure: [],
      pending: [],
      media_posted_on: [],
    };
    renderPage('/home', <PostResult result={done} sentLabel={POST_MSG.sent} />, { queryClient: testQueryClient() });
    expect(screen.getByRole('heading', { name: 'Your post is out' })).toBeTruthy();
    expect(screen.getByText('Sent to all 2 accounts.')).toBeTruthy();
    expect(screen.queryByText(/on its way/)).toBeNull();
  });

  it('a failed account: "Retry failed accounts" sends the post again to it, and the rows follow', async () => {
    storeSession('INFLUENCER');
    const partly: TPostResult = {
      CommonPostID: 'p3',
      success: [sentOn('1', 'Instagram', 'ana.ig')],
      failure: [
        {
          SocialMediaID: '6',
          SocialMediaName: 'X',
          UserSocialMediaName: 'ana_x',
          UserSocialMediaID: 'a6',
          CustomUserError: 'X refused the media',
          InternalError: null,
        },
      ],
      pending: [],
      media_posted_on: [],
    };
    const calls = mockFetch((c) => {
      if (c.path === 'user/getUserStatus') return ok({ result: { _id: 'u1', profileType: 'INFLUENCER', UnseenNotifsCount: 0 } });
      if (c.path === '/sph/social-media-manager/retry-failed/')
        return {
          status: 200,
          body: {
            response_code: 200,
            response_message: POST_MSG.retrying,
            response_data: { ...partly, failure: [], pending: [pendingOn('6', 'X', 'ana_x')] },
          },
        };
      if (c.path === 'activity/postInfom')
        return ok({ ...partly, failure: [], success: [...partly.success, sentOn('6', 'X', 'ana_x')] });
      return undefined;
    });
    renderPage('/home', <PostResult result={partly} sentLabel={POST_MSG.sent} />, { queryClient: testQueryClient() });
    expect(screen.getByRole('heading', { name: 'Sent, except to one account' })).toBeTruthy();
    expect(screen.getByText('X refused the media')).toBeTruthy();
    (await screen.findByRole('button', { name: 'Retry failed accounts' })).click();
    expect(await screen.findByRole('heading', { name: 'Your post is out' })).toBeTruthy();
    expect(calls.find((c) => c.path === '/sph/social-media-manager/retry-failed/')?.body).toEqual({ CommonPostID: 'p3' });
    expect(screen.queryByRole('button', { name: 'Retry failed accounts' })).toBeNull();
  });
});
