import { screen, within } from '@testing-library/react';
import type { TPost, TPostTotals } from '@virality/domain';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderPage, seedUser, storeSession, type TMockCall, testQueryClient } from '../../../testing';
import { HomePosts } from './home-posts';
import { RecentPostsPage } from './recent-posts-page';

const sph = (data: unknown, extra: Record<string, unknown> = {}) => ({
  body: { response_code: 200, response_message: 'Success', response_data: data, ...extra },
});
const totals = (over: Partial<TPostTotals> = {}): TPostTotals => ({
  TotalPosts: 0,
  PostedPosts: 0,
  ScheduledPosts: 0,
  DraftPosts: 0,
  FailedPosts: 0,
  ByNetwork: [],
  ...over,
});
const post = (id: string, caption: string, over: Partial<TPost> = {}): TPost =>
  ({
    CommonPostID: id,
    MediaDetails: [],
    MediaPostedOn: [
      { SocialMediaID: '6', UserSocialMediaID: 'x1', UserName: 'quinn', Format: 'post', Status: 'published', Error: null },
    ],
    MediaSelectedOn: ['6'],
    CaptionDescription: caption,
    Title: null,
    IsScheduled: false,
    IsPostDone: true,
    IsPaused: false,
    ScheduledDate: null,
    ScheduledTime: null,
    SocialMediaPostDate: '2026-05-01T10:00:00.000Z',
    ...over,
  }) as unknown as TPost;

/** The home page's posts for a logged-in influencer, the server answering from `answers`. */
function showHome(answers: Record<string, unknown>) {
  storeSession('INFLUENCER');
  const queryClient = testQueryClient({ staleTime: 0 });
  seedUser(queryClient);
  const calls = mockFetch((c) => {
    const key = Object.keys(answers).find((k) => c.path.startsWith(k));
    return key ? sph(answers[key]) : undefined;
  });
  renderPage('/home', <HomePosts userId="u1" />, { queryClient });
  return calls;
}
const asked = (calls: TMockCall[], path: string) => calls.filter((c) => c.path.startsWith(path));

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the home page before a first post', () => {
  it("says 'You haven't added a post yet' with Create Post as its one way in, and asks for no list", async () => {
    const calls = showHome({ '/sph/totaluserposts/u1/': totals() });
    expect(await screen.findByRole('heading', { name: "You haven't added a post yet" })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Post' })).toBeTruthy();
    expect(asked(calls, '/sph/recent_post_details')).toHaveLength(0);
    expect(asked(calls, '/sph/posts_info_by_date')).toHaveLength(0);
  });

  it('counts drafts as posts: a user with only drafts sees the lists, empty', async () => {
    showHome({
      '/sph/totaluserposts/u1/': totals({ DraftPosts: 2 }),
      '/sph/posts_info_by_date/': [],
      '/sph/scheduled_post_details/u1': [],
      '/sph/recent_post_details/u1/': [],
    });
    expect(await screen.findByText('No post Today')).toBeTruthy();
    expect(await screen.findByText('No scheduled posts')).toBeTruthy();
    expect(await screen.findByText('No Recent Post')).toBeTruthy();
    expect(screen.queryByText("You haven't added a post yet")).toBeNull();
  });
});

describe('the home page of a user who posts', () => {
  it('shows the numbers, today’s posts of the browser’s day, and the last three out, each opening its overview', async () => {
    const calls = showHome({
      '/sph/totaluserposts/u1/': totals({
        TotalPosts: 4,
        PostedPosts: 3,
        ScheduledPosts: 1,
        FailedPosts: 1,
        ByNetwork: [{ SocialMediaID: '6', SocialMediaName: 'X', Posts: 3 }],
      }),
      '/sph/posts_info_by_date/': [post('t1', 'Morning coffee')],
      '/sph/scheduled_post_details/u1': [],
      '/sph/recent_post_details/u1/': [post('r3', 'Third'), post('r2', 'Second'), post('r1', 'First')],
    });
    // posts are counted once each, and the card says so beside the accounts published to on each network
    const posted = await screen.findByRole('group', { name: 'Posts sent' });
    expect(posted.textContent).toBe('Posts sent31 failed · each post once, however many accounts');
    expect(screen.getByRole('group', { name: 'Accounts published to' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Scheduled' }).textContent).toBe('Scheduled1');

    const today = await screen.findByRole('listitem', { name: 'Morning coffee' });
    expect(within(today).getByRole('link').getAttribute('href')).toBe('/postoverview/t1');
    const [byDate] = asked(calls, '/sph/posts_info_by_date/');
    expect(byDate.body).toEqual({
      Date: dayjs().format('YYYY-MM-DD'),
      TimeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });

    const recent = await screen.findByRole('region', { name: 'Recent posts' });
    const cards = await within(recent).findAllByRole('article');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(['Third', 'Second', 'First']);
    expect(within(cards[0]).getByRole('link').getAttribute('href')).toBe('/postoverview/r3');
    expect(within(recent).getByRole('link', { name: 'View all' }).getAttribute('href')).toBe('/allrecentpost');
    const [list] = asked(calls, '/sph/recent_post_details/u1/');
    expect([list.query.get('page'), list.query.get('limit')]).toEqual(['1', '3']);
  });
});

describe('/allrecentpost', () => {
  function showList(url: string, handler: (c: TMockCall) => unknown) {
    storeSession('INFLUENCER');
    const queryClient = testQueryClient({ staleTime: 0 });
    seedUser(queryClient);
    const calls = mockFetch((c) => (handler(c) as ReturnType<typeof sph>) ?? undefined);
    renderPage(url, <RecentPostsPage />, { route: '/allrecentpost', queryClient });
    return calls;
  }

  it('asks the server for the page in the address, 10 a page, and says how each account fared', async () => {
    const failed = post('p2', 'Half out', {
      MediaPostedOn: [
        { SocialMediaID: '1', UserSocialMediaID: 'ig', UserName: 'quinn', Format: 'post', Status: 'published', Error: null },
        {
          SocialMediaID: '6',
          UserSocialMediaID: 'x1',
          UserName: 'quinn',
          Format: 'post',
          Status: 'failed',
          Error: 'X refused the photo',
        },
      ] as TPost['MediaPostedOn'],
    });
    const calls = showList('/allrecentpost?page=2', (c) =>
      c.path === '/sph/recent_post_details/u1/' ? sph([failed], { pages: 2, total: 11 }) : undefined,
    );
    const card = await screen.findByRole('article', { name: 'Half out' });
    const where = within(within(card).getByRole('list', { name: 'Where it went' })).getAllByRole('listitem');
    expect(where.map((li) => li.textContent)).toEqual(['@quinn Published', '@quinn Failed · X refused the photo']);
    expect(screen.getByText('11 posts · page 2 of 2')).toBeTruthy();
    const [list] = asked(calls, '/sph/recent_post_details/u1/');
    expect([list.query.get('page'), list.query.get('limit')]).toEqual(['2', '10']);
  });

  it("says 'No Recent Post' when nothing went out yet", async () => {
    showList('/allrecentpost', (c) => (c.path === '/sph/recent_post_details/u1/' ? sph([], { pages: 0, total: 0 }) : undefined));
    expect(await screen.findByRole('heading', { name: 'No Recent Post' })).toBeTruthy();
  });
});
