import { fireEvent, screen } from '@testing-library/react';
import { MONTH_CELL_CHIPS } from '@virality/domain';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok, renderUi, scheduledPost, storeSession, testQueryClient } from '../../../testing';
import { MonthView } from './month-view';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** The Monthly view of an IMC user (no campaigns), with the chosen day kept in state as the page keeps it in the address. */
function Harness({ phone }: { phone: boolean }) {
  const [day, setDay] = useState('2026-12-01');
  return (
    <MemoryRouter>
      <output data-testid="chosen">{day}</output>
      <MonthView day={day} today="2026-11-25" zone="UTC" imc phone={phone} onChoose={setDay} onOpenDay={() => {}} />
    </MemoryRouter>
  );
}

describe.each([
  ['desktop', false],
  ['phone', true],
])('the month grid on a %s', (_label, phone) => {
  it('moves the chosen day with the arrow keys, a day sideways and a week up or down, and the focus follows it', () => {
    storeSession('IMC');
    mockFetch((c) => (c.path.startsWith('campaigns/') ? ok({ docs: [], page: 1, pages: 1, total: 0 }) : undefined));
    renderUi(<Harness phone={phone} />);
    const first = screen.getByRole('button', { name: /^Tuesday 1 December 2026/ });
    expect(first.getAttribute('tabindex')).toBe('0');
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    expect(screen.getByTestId('chosen').textContent).toBe('2026-12-02');
    const second = screen.getByRole('button', { name: /^Wednesday 2 December 2026/ });
    expect(document.activeElement).toBe(second);
    fireEvent.keyDown(second, { key: 'ArrowDown' });
    expect(screen.getByTestId('chosen').textContent).toBe('2026-12-09');
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowUp' });
    // a week before the 2nd is in November: the grid moves to that month and the day keeps the focus
    expect(screen.getByTestId('chosen').textContent).toBe('2026-11-25');
    expect(document.activeElement?.getAttribute('data-day')).toBe('2026-11-25');
  });
});

/** A post scheduled at `at` (UTC), as the range call answers it. */
describe('the month grid on a desktop, with posts', () => {
  it('asks for three posts a day and shows "+N more" from the day’s full count', async () => {
    storeSession('INFLUENCER');
    const calls = mockFetch((c) =>
      c.path.endsWith('posts_date_range/')
        ? {
            body: {
              response_code: 200,
              response_message: 'Success',
              response_data: ['09', '10', '11'].map((h) => scheduledPost(h, `2026-12-08T${h}:00:00.000Z`)),
              day_counts: { '2026-12-08': 9 },
            },
          }
        : undefined,
    );
    renderUi(
      <MemoryRouter>
        <MonthView
          day="2026-12-01"
          today="2026-11-25"
          zone="UTC"
          imc={false}
          phone={false}
          onChoose={() => {}}
          onOpenDay={() => {}}
        />
      </MemoryRouter>,
      testQueryClient(),
    );
    expect(await screen.findByRole('button', { name: '+6 more on Tuesday 8 December 2026' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Tuesday 8 December 2026, 9 posts/ })).toBeTruthy();
    const range = calls.find((c) => c.path.endsWith('posts_date_range/'));
    expect(range?.body).toMatchObject({ PerDay: MONTH_CELL_CHIPS, TimeZone: 'UTC' });
  });
});

describe('the month grid of an IMC user', () => {
  const campaign = {
    _id: 'c1',
    name: 'Winter launch',
    brief: '',
    budget: 1000,
    spent: 0,
    left: 1000,
    currency: 'USD' as const,
    startDate: '2026-12-08',
    endDate: '2026-12-31',
    owner: { _id: 'm1', name: 'Mia Agency', userName: 'mia', profileImage: null },
    myRole: 'owner' as const,
    influencerCount: 2,
    acceptedCount: 1,
    createdAt: '2026-11-20T10:00:00.000Z',
  };

  it.each([
    ['desktop', false],
    ['phone', true],
  ])('on a %s marks the day a campaign starts, read for the grid’s weeks, and asks for no posts', async (_label, phone) => {
    storeSession('IMC');
    const calls = mockFetch((c) =>
      c.path === 'campaigns/campaignsByDate'
        ? ok({ docs: [campaign], page: 1, pages: 1, total: 1 })
        : c.path === 'campaigns/campaignByDay'
          ? ok({ docs: [], page: 1, pages: 1, total: 0 })
          : undefined,
    );
    renderUi(
      <MemoryRouter>
        <MonthView day="2026-12-01" today="2026-11-25" zone="UTC" imc phone={phone} onChoose={() => {}} onOpenDay={() => {}} />
      </MemoryRouter>,
      testQueryClient(),
    );
    expect(await screen.findByRole('button', { name: 'Tuesday 8 December 2026, 1 campaign starts' })).toBeTruthy();
    if (!phone)
      expect(screen.getByRole('link', { name: 'Campaign Winter launch starts' }).getAttribute('href')).toBe('/campaign/c1');
    expect(calls.find((c) => c.path === 'campaigns/campaignsByDate')?.body).toEqual({
      startDate: '2026-11-30',
      endDate: '2027-01-10',
    });
    expect(calls.some((c) => c.path.includes('posts_'))).toBe(false);
  });
});
