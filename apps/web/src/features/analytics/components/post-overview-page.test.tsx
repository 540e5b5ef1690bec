import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { POST_METRICS, type TPost } from '@virality/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderPage, storeSession, type TMockCall } from '../../../testing';
import { PostOverviewPage } from './post-overview-page';

const target = (over: Partial<TPost['MediaPostedOn'][number]>): TPost['MediaPostedOn'][number] => ({
  UserSocialMediaID: 'acc-x',
  SocialMediaID: '6',
  SocialMediaName: 'X',
  UserName: 'quinn',
  ProfilePictureURL: null,
  Format: 'post',
  PrivacyStatus: null,
  Status: 'published',
  ResponseMediaID: '1',
  PostUrl: 'https://x.example/quinn/status/1',
  Error: null,
  PostedAt: '2026-11-25T10:00:00.000Z',
  DueAt: null,
  ...over,
});

const post: TPost = {
  CommonPostID: 'p1',
  id: 'p1',
  PostType: 'IMAGE',
  FEPostType: null,
  MediaDetails: [
    {
      ImageVideoUrl: '/uploads/a.jpg',
      ImageVideoName: 'a.jpg',
      ImageVideoSize: 1000,
      ImageVideoType: 'image/jpeg',
      PostType: 'IMAGE',
      Width: 1080,
      Height: 1080,
      Duration: null,
    },
  ],
  MediaPostedOn: [
    target({}),
    target({
      UserSocialMediaID: 'acc-ig',
      SocialMediaID: '1',
      SocialMediaName: 'Instagram',
      UserName: 'quinn.ig',
      Format: 'story',
    }),
    target({
      UserSocialMediaID: 'acc-li',
      SocialMediaID: '4',
      SocialMediaName: 'LinkedIn',
      UserName: 'Quinn Ltd',
      Status: 'failed',
      PostUrl: null,
      Error: 'LinkedIn refused the photo',
    }),
  ],
  MediaSelectedOn: ['6', '1', '4'],
  CaptionDescription: 'Autumn lookbook',
  Title: null,
  Tags: [],
  HashTags: ['autumn'],
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

const none = Object.fromEntries(POST_METRICS.map((m) => [m, null]));
const analytics = (network: string, id: string, user: string, over: Record<string, unknown>) => ({
  SocialMediaID: id,
  SocialMediaName: network,
  UserSocialMediaID: `acc-${id}`,
  UserName: user,
  Format: 'post',
  PostUrl: null,
  PostedAt: '2026-11-25T10:00:00.000Z',
  ResponseCode: 200,
  error: null,
  code: null,
  Metrics: none,
  UpdatedAt: null,
  ...over,
});
// made when a test serves it: its "5 min ago" must hold however long the file took to load
const xFigures = () =>
  analytics('X', '6', 'quinn', {
    Metrics: { ...none, views: 1200, likes: 40 },
    UpdatedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  });
const STORY = analytics('Instagram', '1', 'quinn.ig', {
  Format: 'story',
  ResponseCode: 204,
  code: 'story_waiting',
  error: 'Insight awaits: Secure 10+ story views.',
});
const FAILED = analytics('LinkedIn', '4', 'Quinn Ltd', {
  ResponseCode: 400,
  code: 'not_published',
  error: 'LinkedIn refused the photo',
});

const sphOk = (data: unknown) => ({ body: { response_code: 200, response_message: 'Success', response_data: data } });

function serve(items: unknown[], { details = true, of = post }: { details?: boolean; of?: TPost } = {}): TMockCall[] {
  return mockFetch((call) => {
    if (call.path === '/sph/drafts/get-draft-details/p1/')
      return details
        ? sphOk(of)
        : { status: 404, body: { response_code: 404, response_message: 'Post not found', response_data: null } };
    if (call.method === 'POST' && call.path === '/sph/post_analytics/') return sphOk(items);
    return undefined;
  });
}

const open = () => renderPage('/postoverview/p1', <PostOverviewPage />, { route: '/postoverview/:id' });

afterEach(() => vi.unstubAllGlobals());

describe('PostOverviewPage', () => {
  it('opened by its address, reads the post and shows it with how each account fared', async () => {
    storeSession('INFLUENCER');
    const calls = serve([xFigures()]);
    open();
    expect(await screen.findByText('Autumn lookbook')).toBeTruthy();
    expect(screen.getByText('#autumn')).toBeTruthy();
    // LinkedIn refused it: the post reads Partly posted, not Posted
    expect(screen.getByText('Partly posted')).toBeTruthy();
    const where = screen.getByRole('region', { name: 'Where it went' });
    expect(
      within(where)
        .getByRole('link', { name: /View on X/ })
        .getAttribute('href'),
    ).toBe('https://x.example/quinn/status/1');
    expect(within(where).getByText('LinkedIn refused the photo')).toBeTruthy();
    expect(within(where).getByText('Story')).toBeTruthy();
    expect(
      calls.some(
        (c) =>
          c.method === 'POST' && c.path === '/sph/post_analytics/' && (c.body as { CommonPostID: string }).CommonPostID === 'p1',
      ),
    ).toBe(true);
  });

  it('shows each account’s figures (only those its network gives), the story rule and the network’s error', async () => {
    storeSession('INFLUENCER');
    serve([xFigures(), STORY, FAILED]);
    open();
    const x = await screen.findByRole('article', { name: 'X @quinn' });
    expect(within(x).getByText('Views')).toBeTruthy();
    expect(within(x).getByText('1,200')).toBeTruthy();
    expect(within(x).queryByText('Saves')).toBeNull();
    expect(within(x).getByText('Updated 5 min ago')).toBeTruthy();
    expect(
      within(screen.getByRole('article', { name: 'Instagram @quinn.ig' })).getByText('Insight awaits: Secure 10+ story views.'),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('article', { name: 'LinkedIn Quinn Ltd' })).getByText('LinkedIn refused the photo'),
    ).toBeTruthy();
    expect(await screen.findByRole('img', { name: /^Figures by account\. Views: X @quinn 1,200\./ })).toBeTruthy();
  });

  it('"View as table" shows the chart’s figures as a table', async () => {
    storeSession('INFLUENCER');
    serve([xFigures()]);
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'View as table' }));
    const table = screen.getByRole('table', { name: 'Figures by account' });
    expect(within(table).getByRole('row', { name: /Views/ }).textContent).toContain('1,200');
    expect(within(table).getByRole('row', { name: /Likes/ }).textContent).toContain('40');
    await userEvent.click(screen.getByRole('button', { name: 'View as chart' }));
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows several media files in a carousel, each named', async () => {
    // the carousel watches which slide is in view; jsdom has no IntersectionObserver
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
        takeRecords() {
          return [];
        }
      },
    );
    storeSession('INFLUENCER');
    const second = { ...post.MediaDetails[0], ImageVideoUrl: '/uploads/b.mp4', ImageVideoType: 'video/mp4', PostType: 'VIDEO' };
    serve([xFigures()], { of: { ...post, PostType: 'MULTIPLEPOST', MediaDetails: [post.MediaDetails[0], second] } });
    open();
    const media = await screen.findByRole('region', { name: 'Post media' });
    expect(within(media).getByRole('img', { name: 'Photo 1 of 2' })).toBeTruthy();
    expect(within(media).getByLabelText('Video 2 of 2')).toBeTruthy();
    expect(within(media).getByRole('button', { name: 'Next media' })).toBeTruthy();
  });

  it('says "No Analytics Available" when there are no analytics', async () => {
    storeSession('INFLUENCER');
    serve([]);
    open();
    expect(await screen.findByText('No Analytics Available')).toBeTruthy();
  });

  it('says "No access to view Analytics" once to a manager closed out of every account', async () => {
    storeSession('BUSINESS_MANAGER');
    serve([analytics('X', '6', 'quinn', { ResponseCode: 403, code: 'no_access', error: 'No access to view Analytics' })]);
    open();
    expect(await screen.findAllByText('No access to view Analytics')).toHaveLength(1);
    expect(screen.queryByRole('img', { name: /^Figures by account/ })).toBeNull();
  });

  it('a post the caller cannot see is not found, with a way home', async () => {
    storeSession('INFLUENCER');
    const calls = serve([], { details: false });
    open();
    expect(await screen.findByRole('heading', { name: 'Post not found' })).toBeTruthy();
    expect(calls.some((c) => c.path === '/sph/post_analytics/')).toBe(false);
    await userEvent.click(screen.getByRole('link', { name: 'Go to Home' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/home');
  });
});
