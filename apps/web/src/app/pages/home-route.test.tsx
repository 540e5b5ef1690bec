import { screen, within } from '@testing-library/react';
import type { TProfileType } from '@virality/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok, renderPage, seedUser, storeSession, testQueryClient } from '../../testing';
import { HomeRoute } from './home-route';

const NO_POSTS = { TotalPosts: 0, PostedPosts: 0, ScheduledPosts: 0, DraftPosts: 0, FailedPosts: 0, ByNetwork: [] };

/** The home page of a paying user of `profileType` who has not posted yet. */
function showNewcomer(profileType: TProfileType) {
  storeSession(profileType);
  const queryClient = testQueryClient({ staleTime: 0 });
  seedUser(queryClient, {
    profileType,
    paymentStatus: true,
    subscriptionDetails: {
      planType: 'Starter',
      planStatus: 'ACTIVE',
      subscriptionVerify: true,
      postLimit: 20,
      postCount: 0,
      planStartDate: '2026-01-01T00:00:00.000Z',
      planEndDate: '2099-01-01T00:00:00.000Z',
      bufferEndDate: null,
    },
  });
  mockFetch((c) => {
    if (c.path.startsWith('/sph/totaluserposts/'))
      return { body: { response_code: 200, response_message: 'Success', response_data: NO_POSTS } };
    if (c.path.startsWith('/sph/social_media_accounts/'))
      return { body: { response_code: 200, response_message: 'Success', response_data: [] } };
    if (c.path === 'user/getUserStatus') return undefined;
    return c.path.startsWith('/sph/') ? undefined : ok(null);
  });
  renderPage('/home', <HomeRoute />, { queryClient });
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the home page before a first post', { timeout: 30_000 }, () => {
  it('offers a brand Create Campaign beside its first post', async () => {
    showNewcomer('BRANDS');
    const step = (await screen.findByRole('heading', { name: "You haven't added a post yet" })).closest('li') as HTMLElement;
    expect(within(step).getByRole('link', { name: 'Create Campaign' }).getAttribute('href')).toBe('/createcampaignb');
    expect(within(step).getByRole('button', { name: 'Write a post' })).toBeTruthy();
  });

  it('offers an influencer no campaign to create', async () => {
    showNewcomer('INFLUENCER');
    await screen.findByRole('heading', { name: "You haven't added a post yet" });
    expect(screen.queryByRole('link', { name: 'Create Campaign' })).toBeNull();
  });
});
