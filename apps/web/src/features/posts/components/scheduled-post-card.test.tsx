import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { POST_MSG, type TPost, type TProfileType } from '@virality/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderPage, type TMockHandler } from '../../../testing';
import { ScheduledPostCard } from './scheduled-post-card';

const sph = (data: unknown, message = 'Success', code = 200) => ({
  status: code,
  body: { response_code: code, response_message: message, response_data: data },
});
const post = (over: Partial<TPost> = {}): TPost =>
  ({
    CommonPostID: 'p1',
    MediaDetails: [{ ImageVideoUrl: '/uploads/a.jpg', PostType: 'IMAGE' }],
    MediaPostedOn: [{ SocialMediaID: '6' }],
    MediaSelectedOn: ['6'],
    CaptionDescription: 'Launch day',
    Title: null,
    IsScheduled: true,
    IsPostDone: false,
    IsPaused: false,
    ScheduledDate: '2030-01-10',
    ScheduledTime: '09:00',
    SocialMediaPostDate: null,
    ...over,
  }) as unknown as TPost;

function show(
  p: TPost,
  role: TProfileType = 'INFLUENCER',
  handler: TMockHandler = () => undefined,
  now = new Date('2030-01-10T08:00:00Z'),
) {
  const calls = mockFetch(handler);
  renderPage('/allschedulepost', <ScheduledPostCard post={p} userId="u1" role={role} now={now} onReschedule={() => {}} />);
  return calls;
}
const openMenu = async () => {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Post actions' }));
  return user;
};
const items = () => screen.queryAllByRole('menuitem').map((i) => i.textContent);

afterEach(() => vi.unstubAllGlobals());

describe('a scheduled post card', () => {
  it('shows the badge and networks; before its time the menu offers post now, pause, reschedule and delete', async () => {
    show(post());
    expect(screen.getByText('Scheduled')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'X' })).toBeTruthy();
    await openMenu();
    expect(items()).toEqual(['Post now', 'Pause', 'Reschedule', 'Delete']);
  });

  it('pause sends IsPaused and says "Paused successfully"', async () => {
    const calls = show(post(), 'INFLUENCER', (c) =>
      c.path === '/sph/edit_scheduled_post/' ? sph(null, POST_MSG.paused) : undefined,
    );
    const user = await openMenu();
    await user.click(screen.getByRole('menuitem', { name: 'Pause' }));
    expect(await screen.findByText(POST_MSG.paused)).toBeTruthy();
    expect(calls.find((c) => c.path === '/sph/edit_scheduled_post/')?.body).toEqual({
      CommonPostID: 'p1',
      UserID: 'u1',
      IsPaused: true,
    });
  });

  it('resume runs the post-count check first: at the limit it stops with "Upgrade Your Plan"', async () => {
    const calls = show(post({ IsPaused: true }), 'INFLUENCER', (c) =>
      c.path === 'subscription/postCountTrack'
        ? { status: 429, body: { status: false, message: POST_MSG.limitExceeded, response: null } }
        : undefined,
    );
    expect(screen.getByText('Paused')).toBeTruthy();
    const user = await openMenu();
    await user.click(screen.getByRole('menuitem', { name: 'Resume' }));
    expect(await screen.findByText('Upgrade Your Plan')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.path === 'subscription/postCountTrack')).toBe(true));
    // asked for this post: a post the plan already counted is never refused for the limit
    expect(calls.find((c) => c.path === 'subscription/postCountTrack')?.query.get('CommonPostID')).toBe('p1');
    expect(calls.some((c) => c.path === '/sph/edit_scheduled_post/')).toBe(false);
  });

  it('past its time: no pause or resume; a paused post cannot be rescheduled either', async () => {
    const late = new Date('2030-01-10T09:05:00Z');
    show(post(), 'BUSINESS', undefined, late);
    await openMenu();
    expect(items()).toEqual(['Post now', 'Reschedule', 'Delete']);
  });

  it('a paused post past its time offers only post now and delete', async () => {
    show(post({ IsPaused: true }), 'BUSINESS', undefined, new Date('2030-01-10T09:05:00Z'));
    await openMenu();
    expect(items()).toEqual(['Post now', 'Delete']);
  });

  it('a business manager sees the card without a menu', () => {
    show(post(), 'BUSINESS_MANAGER');
    expect(screen.getByText('Launch day')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Post actions' })).toBeNull();
  });
});
