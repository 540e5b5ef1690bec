import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TProfileOverviewItem } from '@virality/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TCurrentUser } from '../../../lib/use-current-user';
import { mockFetch, renderPage, seedUser, storeSession, type TMockCall, testQueryClient } from '../../../testing';
import { ProfileOverviewCard } from './profile-overview-card';

const item = (over: Partial<TProfileOverviewItem> = {}): TProfileOverviewItem => ({
  UserSocialMediaID: 'a1',
  SocialMediaID: '6',
  SocialMediaName: 'X',
  name: 'Ava Cooks',
  username: 'avacooks',
  followers_count: 12_480,
  follows_count: 311,
  media_count: 4_210,
  subscriber_count: null,
  view_count: null,
  likes_count: null,
  profile_picture_url: null,
  Tier: 'Micro',
  UpdatedAt: new Date(Date.now() - 5.5 * 60_000).toISOString(),
  Error: null,
  ...over,
});

function show(linked: string[], answer: (c: TMockCall) => TProfileOverviewItem[], user: Partial<TCurrentUser> = {}) {
  storeSession(user.profileType ?? 'INFLUENCER');
  const queryClient = testQueryClient({ staleTime: 0 });
  seedUser(queryClient, user);
  const calls = mockFetch((c) =>
    c.path === '/sph/profile_overview/'
      ? { body: { response_code: 200, response_message: 'Success', response_data: answer(c) } }
      : undefined,
  );
  renderPage('/home', <ProfileOverviewCard accounts={linked.map((SocialMediaID) => ({ SocialMediaID }))} />, { queryClient });
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the profile overview', () => {
  it('has a tile per linked network; the chosen one shows its accounts’ figures, tier and when they were read', async () => {
    const calls = show(['6', '1', '6'], (c) =>
      (c.body as { SocialMediaID: string }).SocialMediaID === '6'
        ? [item()]
        : [item({ SocialMediaID: '1', name: 'ava.ig', username: 'ava.ig', Tier: null, followers_count: 900 })],
    );
    const tiles = within(screen.getByRole('group', { name: 'Networks' })).getAllByRole('button');
    expect(tiles.map((t) => t.getAttribute('aria-label'))).toEqual(['Instagram figures', 'X figures']);
    expect(await screen.findByRole('article', { name: 'ava.ig' })).toBeTruthy();
    expect(screen.queryByText(/tier$/)).toBeNull();

    await userEvent.setup().click(screen.getByRole('button', { name: 'X figures' }));
    const ava = await screen.findByRole('article', { name: 'Ava Cooks' });
    expect(screen.getByRole('button', { name: 'X figures' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(ava).getByText('@avacooks')).toBeTruthy();
    expect(within(ava).getByText('Micro tier')).toBeTruthy();
    expect(
      within(ava)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['Followers', 'Following', 'Posts']);
    expect(
      within(ava)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['12.5K', '311', '4.2K']);
    expect(within(ava).getByText('Updated 5 min ago')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/sph/profile_overview/').map((c) => c.body)).toEqual([
      { SocialMediaID: '1' },
      { SocialMediaID: '6' },
    ]);
  });

  it("says 'Reading figures…' until the figures are first read", async () => {
    show(['6'], () => [item({ followers_count: null, follows_count: null, media_count: null, Tier: null, UpdatedAt: null })]);
    const ava = await screen.findByRole('article', { name: 'Ava Cooks' });
    expect(within(ava).getByText('Reading figures…')).toBeTruthy();
    expect(within(ava).queryByRole('term')).toBeNull();
  });

  it("says 'No Profile Overview' without a linked account, and asks nothing", () => {
    const calls = show([], () => []);
    expect(screen.getByText('No Profile Overview')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/sph/profile_overview/')).toHaveLength(0);
  });

  it('shows a business manager only the networks its role opens with Post, Analytics or Scheduler', async () => {
    show(['1', '6'], () => [item()], {
      profileType: 'BUSINESS_MANAGER',
      businessRoleId: {
        _id: 'r1',
        roleName: 'Analyst',
        status: true,
        permission: [
          {
            accountId: '1',
            accountType: 'instagram',
            access: false,
            moduleAccess: { Post: false, Analytics: false, Scheduler: false },
          },
          {
            accountId: '6',
            accountType: 'twitter',
            access: true,
            moduleAccess: { Post: false, Analytics: true, Scheduler: false },
          },
        ],
      },
    } as Partial<TCurrentUser>);
    const tiles = within(screen.getByRole('group', { name: 'Networks' })).getAllByRole('button');
    expect(tiles.map((t) => t.getAttribute('aria-label'))).toEqual(['X figures']);
  });
});
