import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TActivity, TActivityPage } from '@virality/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/auth-storage';
import { fail, mockFetch, ok, renderPage, seedUser, storeSession, testQueryClient } from '../../../testing';
import { NotificationsPage } from './notifications-page';

const note = (n: number, more: Partial<TActivity> = {}): TActivity => ({
  _id: `n${n}`,
  type: 'PLAN_PAID',
  title: `Note ${n}`,
  description: `About ${n}`,
  isRead: true,
  isSeen: true,
  createdAt: new Date(2025, 10, 26, 9, 5).toISOString(),
  senderId: null,
  payload: null,
  ...more,
});
const pageOf = (docs: TActivity[], total = docs.length): TActivityPage => ({
  docs,
  page: 1,
  pages: Math.ceil(total / 10),
  total,
});

const failedPost = note(1, {
  type: 'POST_NOTIFICATION',
  title: 'Post failed on X',
  description: 'X: X refused the picture',
  isRead: false,
  isSeen: false,
  payload: { payloadId: 'post-9' },
  postResData: {
    success: [
      {
        ResponseMediaID: 'r1',
        SocialMediaID: '1',
        SocialMediaName: 'Instagram',
        UserSocialMediaName: 'maya.shop',
        UserSocialMediaID: 'a1',
        CreatedBySourceID: 'u1',
        IsScheduled: false,
        PostUrl: null,
      },
    ],
    failure: [
      {
        SocialMediaID: '6',
        SocialMediaName: 'X',
        UserSocialMediaName: 'maya_shop',
        UserSocialMediaID: 'a2',
        CustomUserError: 'X refused the picture',
        InternalError: null,
      },
    ],
  },
});
const sentBack = note(2, {
  type: 'DRAFT_SENT_BACK',
  title: 'Your draft was sent back',
  description: 'Add the price',
  remarks: 'Add the price',
  status: 'sent_back',
  senderId: { _id: 'o1', name: 'Olga Berg', profileImage: null },
  payload: { payloadId: 'draft-3' },
});

function setUp(docs: TActivity[], handler: Parameters<typeof mockFetch>[0] = () => undefined) {
  storeSession('INFLUENCER');
  localStorage.setItem(STORAGE_KEYS.notificationCount, '3');
  let current = docs;
  const calls = mockFetch((c) => {
    const answer = handler(c);
    if (answer) return answer;
    if (c.path === 'activity/getAllActivityById') return ok(pageOf(current));
    if (c.path === 'activity/deleteAllActivity') {
      const removed = current.length;
      current = [];
      return ok({ removed });
    }
    if (c.path === 'activity/markReadActivity') return ok({ ...current[0], isRead: true });
    if (c.path === 'activity/markSeenActivity') return ok({ UnseenNotifsCount: 0 });
    if (c.path === 'admin/notification/ctrCount') return ok({ count: 1 });
    if (c.path === 'user/getUserStatus') return ok({ result: { ...seeded, UnseenNotifsCount: 0 } });
    return undefined;
  });
  const queryClient = testQueryClient({ staleTime: 0 });
  const seeded = seedUser(queryClient, { UnseenNotifsCount: 3 });
  renderPage('/notifications', <NotificationsPage />, { queryClient });
  return calls;
}

describe('the notifications page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it('shows each notification with its date, a post’s result account by account and a draft’s remarks; unread ones stand out', async () => {
    setUp([failedPost, sentBack]);
    const [post, draft] = await screen.findAllByTestId('notification');
    expect(post.hasAttribute('data-unread')).toBe(true);
    expect(draft.hasAttribute('data-unread')).toBe(false);
    expect(within(post).getByRole('button', { name: 'Unread: Post failed on X' })).toBeTruthy();
    const rows = within(within(post).getByRole('list', { name: 'Where the post went' })).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual(['maya_shopX refused the pictureFailed', 'maya.shopSent']);
    expect(within(post).getByText('Nov 26,09:05 AM')).toBeTruthy();
    expect(within(draft).getByText('Remarks')).toBeTruthy();
    expect(within(draft).getAllByText('Add the price')).toHaveLength(1);
    expect(within(draft).getByText('OB')).toBeTruthy();
  });

  it('a click marks it read and everything seen, sets the stored count to 0, counts the visit and opens its post', async () => {
    const calls = setUp([failedPost, sentBack]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Unread: Post failed on X' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/postoverview/post-9');
    expect(calls.find((c) => c.path === 'activity/markReadActivity')).toMatchObject({
      method: 'PUT',
      body: { activityId: 'n1' },
    });
    expect(calls.some((c) => c.method === 'PUT' && c.path === 'activity/markSeenActivity')).toBe(true);
    const visit = calls.find((c) => c.path === 'admin/notification/ctrCount');
    expect(visit?.query.get('userId')).toBe('u1');
    expect(localStorage.getItem(STORAGE_KEYS.notificationCount)).toBe('0');
  });

  it('a click on a campaign tag opens the campaign', async () => {
    const tag = note(3, {
      type: 'CAMPAIGN_TAGGED',
      title: 'Acme tagged you in Winter launch',
      isRead: false,
      isSeen: false,
      senderId: { _id: 'b1', name: 'Acme Brand', profileImage: null },
      payload: { payloadId: 'camp-7' },
    });
    setUp([tag]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Unread: Acme tagged you in Winter launch' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/campaign/camp-7');
  });

  it('a failed call is only logged: no toast, no alert', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setUp([note(1, { isRead: false, isSeen: false })], (c) =>
      c.path === 'activity/markReadActivity' || c.path === 'activity/markSeenActivity'
        ? fail(500, 'Something went wrong')
        : undefined,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Unread: Note 1' }));
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(screen.queryByText('Something went wrong')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('Clear All is disabled with fewer than five shown', async () => {
    setUp([1, 2, 3, 4].map((n) => note(n)));
    await screen.findAllByTestId('notification');
    expect((screen.getByRole('button', { name: 'Clear All' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('Clear All with five or more asks first, then empties the list to "No Notification"', async () => {
    const calls = setUp([1, 2, 3, 4, 5].map((n) => note(n)));
    const user = userEvent.setup();
    await screen.findAllByTestId('notification');
    const clear = screen.getByRole('button', { name: 'Clear All' }) as HTMLButtonElement;
    expect(clear.disabled).toBe(false);
    await user.click(clear);
    const dialog = await screen.findByRole('dialog', { name: 'Clear all notifications?' });
    await user.click(within(dialog).getByRole('button', { name: 'Clear All' }));
    expect(await screen.findByText('No Notification')).toBeTruthy();
    expect(calls.filter((c) => c.path === 'activity/deleteAllActivity').map((c) => c.method)).toEqual(['DELETE']);
  });

  it('deletes one notification by its own button', async () => {
    const calls = setUp([failedPost, sentBack]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete notification: Your draft was sent back' }));
    await waitFor(() => expect(calls.some((c) => c.path === 'activity/deleteActivity')).toBe(true));
    const del = calls.find((c) => c.path === 'activity/deleteActivity');
    expect(del).toMatchObject({ method: 'DELETE' });
    expect(del?.query.get('activityId')).toBe('n2');
  });

  it('with nothing to show says "No Notification"', async () => {
    setUp([]);
    expect(await screen.findByText('No Notification')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Clear All' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
