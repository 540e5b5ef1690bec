import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  BEST_TIMES_MSG,
  QUEUE_MSG,
  QUEUE_POST_MSG,
  QUEUE_SCHEDULE_MSG,
  type TProfileType,
  type TQueueSchedule,
} from '@virality/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TQueueView } from '../../../lib/queue-api';
import { mockFetch, ok, renderPage, seedUser, storeSession, testQueryClient } from '../../../testing';
import { QueuePage } from './queue-page';

const X: TQueueSchedule = {
  accountId: 'x1',
  network: 'twitter',
  name: 'quinn',
  timeZone: 'UTC',
  paused: false,
  slots: [
    { day: 2, time: '09:00' },
    { day: 2, time: '15:00' },
  ],
  own: true,
};
const IG: TQueueSchedule = { ...X, accountId: 'ig1', network: 'instagram', name: 'quinn.cooks', own: false, slots: [] };
const post = (id: string, caption: string, alsoOn = 0) => ({ id, caption, thumbnail: null, state: 'scheduled', alsoOn });
// Tuesdays in May 2027
const VIEW: TQueueView = {
  accountId: 'x1',
  timeZone: 'UTC',
  paused: false,
  items: [
    { at: '2027-05-11T09:00:00.000Z', kind: 'queued', post: post('p1', 'Spring menu') },
    { at: '2027-05-11T15:00:00.000Z', kind: 'queued', post: post('p2', 'Chef’s table', 1) },
    { at: '2027-05-18T09:00:00.000Z', kind: 'empty', post: null },
  ],
};
const BEST = {
  accountId: 'x1',
  network: 'twitter',
  basis: 'general',
  postsRead: 2,
  postsNeeded: 10,
  timeZone: 'UTC',
  times: [
    { day: 2, time: '09:00', score: null, basis: 'general' },
    { day: 4, time: '18:00', score: null, basis: 'general' },
    { day: 3, time: '12:00', score: null, basis: 'general' },
  ],
};

function open(
  {
    accounts = [X, IG],
    view = VIEW,
    role = 'INFLUENCER',
  }: { accounts?: TQueueSchedule[]; view?: TQueueView; role?: TProfileType } = {},
  extra: Parameters<typeof mockFetch>[0] = () => undefined,
) {
  storeSession(role);
  const queryClient = testQueryClient({ staleTime: 0 });
  seedUser(queryClient, { profileType: role, paymentStatus: true });
  const calls = mockFetch((c) => {
    const more = extra(c);
    if (more) return more;
    if (c.method === 'GET' && c.path === 'queue/schedules')
      return ok({ default: { timeZone: 'UTC', slots: [{ day: 1, time: '10:00' }] }, accounts });
    if (c.method === 'GET' && c.path === 'queue/x1') return ok(view);
    if (c.method === 'GET' && c.path === 'queue/x1/best-times') return ok(BEST);
    return undefined;
  });
  renderPage('/queue', <QueuePage />, { queryClient });
  return calls;
}

const list = () => screen.findByRole('list', { name: 'Coming slots' });

describe('the Queue page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows each account as a tab, and the first one’s coming slots: posts at their times, empty slots as empty', async () => {
    open();
    expect(await screen.findByRole('tab', { name: 'X quinn' })).toHaveProperty('ariaSelected', 'true');
    expect(screen.getByRole('tab', { name: 'Instagram quinn.cooks' })).toBeTruthy();
    const slots = await list();
    const rows = within(slots).getAllByRole('listitem');
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual([
      'Tue 11 May, 09:00: Spring menu',
      'Tue 11 May, 15:00: Chef’s table',
      'Tue 18 May, 09:00: empty slot',
    ]);
    expect(within(rows[1]).getByText('Also on 1 other account')).toBeTruthy();
    expect(within(rows[2]).getByText('Empty slot')).toBeTruthy();
    // the first queued post cannot go up, the last cannot go down; an empty slot has no buttons
    expect(within(rows[0]).getByRole('button', { name: 'Move up' })).toHaveProperty('disabled', true);
    expect(within(rows[1]).getByRole('button', { name: 'Move down' })).toHaveProperty('disabled', true);
    expect(within(rows[2]).queryAllByRole('button')).toEqual([]);
  });

  it('moves a post up: the server’s order is shown with its words', async () => {
    const moved: TQueueView = {
      ...VIEW,
      items: [{ ...VIEW.items[0], post: VIEW.items[1].post }, { ...VIEW.items[1], post: VIEW.items[0].post }, VIEW.items[2]],
    };
    const calls = open({}, (c) =>
      c.method === 'POST' && c.path === 'queue/x1/move' ? ok(moved, QUEUE_POST_MSG.moved) : undefined,
    );
    const user = userEvent.setup();
    const slots = await list();
    await user.click(within(within(slots).getAllByRole('listitem')[1]).getByRole('button', { name: 'Move up' }));
    expect(await screen.findByText(QUEUE_POST_MSG.moved)).toBeTruthy();
    expect(calls.find((c) => c.path === 'queue/x1/move')?.body).toEqual({ postId: 'p2', direction: 'up' });
    await waitFor(() =>
      expect(within(slots).getAllByRole('listitem')[0].getAttribute('aria-label')).toBe('Tue 11 May, 09:00: Chef’s table'),
    );
  });

  it('takes a post out only once asked, saying what happens to it', async () => {
    const after: TQueueView = { ...VIEW, items: [{ ...VIEW.items[0] }, { ...VIEW.items[1], kind: 'empty', post: null }] };
    const calls = open({}, (c) =>
      c.method === 'DELETE' && c.path === 'queue/x1/posts/p2' ? ok(after, QUEUE_POST_MSG.takenOut) : undefined,
    );
    const user = userEvent.setup();
    const slots = await list();
    await user.click(within(within(slots).getAllByRole('listitem')[1]).getByRole('button', { name: 'Take out of the queue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take this post out of the queue?' });
    expect(within(dialog).getByText(/stays queued on its other account/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Take out' }));
    expect(await screen.findByText(QUEUE_POST_MSG.takenOut)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['queue/x1/posts/p2']);
  });

  it('edits the slots: a time twice is refused, suggested times are added (those not there yet), Save sends the week', async () => {
    const calls = open({}, (c) =>
      c.method === 'PUT' && c.path === 'queue/schedules/x1' ? ok({ ...X, ...(c.body as object) }, QUEUE_MSG.saved) : undefined,
    );
    const user = userEvent.setup();
    const editor = await screen.findByRole('region', { name: 'Posting schedule' });
    expect(within(editor).getByText('Own schedule')).toBeTruthy();
    const tuesday = within(editor).getByRole('listitem', { name: 'Tuesday' });
    expect(within(tuesday).getByText('09:00')).toBeTruthy();
    // Tuesday 09:00 again
    await user.selectOptions(within(editor).getByLabelText('Day'), 'Tuesday');
    fireEvent.change(within(editor).getByLabelText('Time'), { target: { value: '09:00' } });
    await user.click(within(editor).getByRole('button', { name: 'Add time slot' }));
    expect(within(editor).getByRole('alert').textContent).toBe(QUEUE_MSG.duplicateSlot);
    // the suggestions say what they rest on; Tuesday 09:00 is a slot already
    const suggested = await within(editor).findByRole('group', { name: 'Suggested times' });
    expect(within(suggested).getByText('General times for X: not enough posts of yours yet')).toBeTruthy();
    expect(within(suggested).getByRole('listitem', { name: 'Tue 09:00, already a slot' })).toBeTruthy();
    await user.click(within(suggested).getByRole('button', { name: 'Add suggested times' }));
    expect(within(suggested).getByText('2 times added: save the schedule to keep them.')).toBeTruthy();
    // one removed
    await user.click(within(editor).getByRole('button', { name: 'Remove Tuesday 15:00' }));
    await user.click(within(editor).getByRole('button', { name: 'Save schedule' }));
    expect(await screen.findByText(QUEUE_MSG.saved)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      timeZone: 'UTC',
      paused: false,
      slots: [
        { day: 2, time: '09:00' },
        { day: 3, time: '12:00' },
        { day: 4, time: '18:00' },
      ],
    });
  });

  it('shows the server’s refusal above the form', async () => {
    open({}, (c) =>
      c.method === 'PUT'
        ? { status: 400, body: { status: false, message: QUEUE_MSG.timeZoneInvalid, response: null } }
        : undefined,
    );
    const user = userEvent.setup();
    const editor = await screen.findByRole('region', { name: 'Posting schedule' });
    await user.click(within(editor).getByRole('button', { name: 'Remove Tuesday 15:00' }));
    await user.click(within(editor).getByRole('button', { name: 'Save schedule' }));
    expect((await within(editor).findByRole('alert')).textContent).toContain(QUEUE_MSG.timeZoneInvalid);
  });

  it('a paused queue says so, and Resume starts it again with its slots', async () => {
    const calls = open({ accounts: [{ ...X, paused: true }], view: { ...VIEW, paused: true } }, (c) =>
      c.method === 'PUT' ? ok({ ...X, paused: false }, QUEUE_MSG.saved) : undefined,
    );
    const user = userEvent.setup();
    const coming = await screen.findByRole('region', { name: 'Coming slots' });
    expect(await within(coming).findByText('This queue is paused')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'X quinn, paused' })).toBeTruthy();
    await user.click(within(coming).getByRole('button', { name: 'Resume queue' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ timeZone: 'UTC', slots: X.slots, paused: false }),
    );
  });

  it('copies an account’s slots to the accounts chosen', async () => {
    const calls = open({}, (c) =>
      c.method === 'POST' && c.path === 'queue/schedules/x1/copy'
        ? ok([{ ...IG, own: true, slots: X.slots }], QUEUE_SCHEDULE_MSG.copied(1))
        : undefined,
    );
    const user = userEvent.setup();
    const editor = await screen.findByRole('region', { name: 'Posting schedule' });
    await user.click(within(editor).getByRole('button', { name: 'Copy to other accounts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy to other accounts' });
    await user.click(within(dialog).getByRole('button', { name: 'Copy time slots' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Choose at least one account');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Instagram quinn.cooks' }));
    await user.click(within(dialog).getByRole('button', { name: 'Copy time slots' }));
    expect(await screen.findByText('Time slots copied to 1 account')).toBeTruthy();
    expect(calls.find((c) => c.path === 'queue/schedules/x1/copy')?.body).toEqual({ accountIds: ['ig1'] });
  });

  it('lets the owner edit the default schedule; a manager only reads it', async () => {
    open({ role: 'BUSINESS_MANAGER' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Default schedule' }));
    const card = await screen.findByRole('region', { name: 'Default schedule' });
    expect(within(card).getByText(QUEUE_SCHEDULE_MSG.ownersOnly)).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Save default schedule' })).toBeNull();
    expect(within(card).queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(within(card).getByText('1 account follows it', { exact: false })).toBeTruthy();
  });

  it('with no account linked: says so, with the way to link one', async () => {
    open({ accounts: [] });
    expect(await screen.findByRole('heading', { name: 'No accounts linked yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Link an account' }).getAttribute('href')).toBe('/addsocialmedia');
  });

  it('says the best times rest on the account’s own posts when they do', async () => {
    open({}, (c) => (c.path === 'queue/x1/best-times' ? ok({ ...BEST, basis: 'own', postsRead: 14 }) : undefined));
    expect(await screen.findByText(BEST_TIMES_MSG.own)).toBeTruthy();
  });
});
