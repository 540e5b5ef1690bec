import { screen, within } from '@testing-library/react';
import type { TPost } from '@virality/domain';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok, renderUi, scheduledPost, storeSession, testQueryClient } from '../../../testing';
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

describe('the Daily view of an IMC user', () => {
  const showImc = (docs: unknown[]) => {
    storeSession('IMC');
    const calls = mockFetch((c) =>
      c.path === 'campaigns/campaignByDay' ? ok({ docs, page: 1, pages: 1, total: docs.length }) : undefined,
    );
    renderUi(
      <MemoryRouter>
        <DayView
          day="2026-12-08"
          today="2026-11-25"
          zone="UTC"
          imc
          now={new Date('2026-11-25T10:00:00Z')}
          phone={false}
          onChoose={() => {}}
        />
      </MemoryRouter>,
      testQueryClient(),
    );
    return calls;
  };

  it('without a campaign starting that day says "No campaigns starting today"', async () => {
    const calls = showImc([]);
    expect(await screen.findByRole('heading', { name: 'No campaigns starting today' })).toBeTruthy();
    expect(calls.find((c) => c.path === 'campaigns/campaignByDay')?.body).toEqual({ date: '2026-12-08' });
    expect(calls.some((c) => c.path.includes('posts_'))).toBe(false);
  });

  it('lists the campaigns starting that day, each opening its page', async () => {
    showImc([
      {
        _id: 'c1',
        name: 'Winter launch',
        brief: '',
        budget: 1000,
        spent: 0,
        left: 1000,
        currency: 'USD',
        startDate: '2026-12-08',
        endDate: '2026-12-31',
        owner: { _id: 'm1', name: 'Mia Agency', userName: 'mia', profileImage: null },
        myRole: 'owner',
        influencerCount: 2,
        acceptedCount: 1,
        createdAt: '2026-11-20T10:00:00.000Z',
      },
    ]);
    const region = await screen.findByRole('region', { name: 'Campaigns starting on Tuesday 8 December 2026' });
    const link = await within(region).findByRole('link', { name: /Winter launch/ });
    expect(link.getAttribute('href')).toBe('/campaign/c1');
    expect(within(link).getByText('Dec 8 – Dec 31, 2026')).toBeTruthy();
  });
});
