import { screen, within } from '@testing-library/react';
import type { TPost } from '@virality/domain';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderUi, scheduledPost, storeSession, testQueryClient } from '../../../testing';
import { DayView } from './day-view';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function show(phone: boolean, posts: TPost[]) {
  storeSession('INFLUENCER');
  mockFetch((c) =>
    c.path.endsWith('posts_info_by_date/') || c.path.endsWith('posts_date_range/')
      ? { body: { response_code: 200, response_message: 'Success', response_data: posts } }
      : undefined,
  );
  renderUi(
    <MemoryRouter>
      <DayView
        day="2026-12-08"
        today="2026-11-25"
        zone="UTC"
        imc={false}
        now={new Date('2026-11-25T10:00:00Z')}
        phone={phone}
        onChoose={() => {}}
      />
    </MemoryRouter>,
    testQueryClient(),
  );
}

describe('the Daily view', () => {
  it('on a desktop puts the day’s posts on a 24-hour rail, each at its time', async () => {
    show(false, [scheduledPost('a', '2026-12-08T09:15:00.000Z'), scheduledPost('b', '2026-12-08T16:40:00.000Z')]);
    const column = await screen.findByRole('list', { name: 'Tuesday 8 December 2026, 2 posts' });
    const region = screen.getByRole('region', { name: 'Posts on Tuesday 8 December 2026' });
    expect(region.contains(column)).toBe(true);
    expect(within(column).getAllByRole('listitem')).toHaveLength(2);
    // the rail names the hours
    expect(within(region).getByText('16:00')).toBeTruthy();
    expect(within(region).getByRole('link', { name: /09:15.*Post a/ })).toBeTruthy();
  });

  it('on a phone lists them as an agenda, and without posts says so', async () => {
    show(true, [scheduledPost('a', '2026-12-08T09:15:00.000Z')]);
    const link = await screen.findByRole('link', { name: /09:15.*Post a/ });
    const region = screen.getByRole('region', { name: 'Posts on Tuesday 8 December 2026' });
    expect(region.contains(link)).toBe(true);
    expect(within(region).queryByText('16:00')).toBeNull();
  });

  it('without posts says "No Post Today"', async () => {
    show(false, []);
    expect(await screen.findByRole('heading', { name: 'No Post Today' })).toBeTruthy();
  });
});
