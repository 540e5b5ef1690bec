import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TWallet, TWalletPage } from '@virality/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok, renderPage, storeSession } from '../../../testing';
import { PointWalletPage } from './point-wallet-page';

const WALLET: TWallet = {
  user: {
    _id: 'u1',
    totalPoints: 3,
    viralityLevel: 'Maker',
    levelPoints: 3,
    levelReachedAt: null,
    levelHeldUntil: null,
  },
  achievements: [
    { name: 'Maker', minPoints: 0, maxPoints: 143, achieved: true, current: true },
    { name: 'Trailblazer', minPoints: 144, maxPoints: 287, achieved: false, current: false },
    { name: 'Visionary', minPoints: 288, maxPoints: null, achieved: false, current: false },
  ],
  progress: { percent: 1, visionaryMarker: 'Earn 285 Points more' },
  pointsEarned: [],
  totalPages: 1,
};
const pageOf = (over: Partial<TWalletPage> = {}): TWalletPage => ({
  filterType: null,
  startDate: null,
  endDate: null,
  timeZone: 'UTC',
  page: 1,
  totalPages: 1,
  totalCount: 1,
  periodPoints: 2,
  pointsEarned: [
    { _id: 'e1', points: 2, earnDate: '2024-03-30T10:00:00.000Z', postId: 'p1', network: 'instagram', caption: 'Launch day' },
  ],
  chart: { unit: 'day', points: [{ startDate: '2024-03-30', points: 2 }] },
  ...over,
});

describe('the point wallet', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the total, the level, the progress with its Visionary marker, and each earning with its post and network', async () => {
    storeSession('INFLUENCER');
    mockFetch((c) => {
      if (c.path === 'wallet/getUserWallet') return ok(WALLET);
      if (c.path === 'wallet/getUserFillterWallet') return ok(pageOf());
      return undefined;
    });
    renderPage('/profile/pointwallet', <PointWalletPage />);
    expect((await screen.findByTestId('total-points')).textContent).toBe('3');
    expect(screen.getByTestId('level-name').textContent).toBe('Maker');
    expect(screen.getByTestId('level-goal').textContent).toBe('Earn 141 more points within 12 months to reach Trailblazer.');
    expect(screen.getByRole('img', { name: 'Maker badge' })).toBeTruthy();
    const card = await screen.findByTestId('earning');
    expect(card.textContent).toContain('+2');
    expect(card.textContent).toContain('Post on Instagram');
    expect(within(card).getByRole('link', { name: 'Launch day' }).getAttribute('href')).toBe('/postoverview/p1');
  });

  it('every figure agrees: the count, the bar, its marks and the goal come from the 12 months’ points (5 of 288)', async () => {
    storeSession('INFLUENCER');
    // the case once shown as 'Earn 139 more … to reach Trailblazer' beside 'Visionary', 'Earn 124 Points more', '5 / 248'
    const wallet: TWallet = {
      ...WALLET,
      user: { ...WALLET.user, totalPoints: 5, levelPoints: 5 },
      progress: { percent: 1.7, visionaryMarker: 'Earn 283 Points more' },
    };
    mockFetch((c) => {
      if (c.path === 'wallet/getUserWallet') return ok(wallet);
      if (c.path === 'wallet/getUserFillterWallet') return ok(pageOf());
      return undefined;
    });
    renderPage('/profile/pointwallet', <PointWalletPage />);
    expect((await screen.findByTestId('progress-count')).textContent).toBe('5 / 288 points');
    expect(screen.getByTestId('level-goal').textContent).toBe('Earn 139 more points within 12 months to reach Trailblazer.');
    expect(screen.getByRole('progressbar', { name: /Points of the last 12 months/ }).getAttribute('aria-valuenow')).toBe('1.7');
    const text = document.body.textContent ?? '';
    for (const stale of ['248', '124', 'Earn 124']) expect(text).not.toContain(stale);
    expect(text).toContain('Trailblazer 144');
    expect(text).toContain('Visionary 288');
  });

  it('a level held from earlier: says until when, and what keeps or raises it, from the same count', async () => {
    storeSession('INFLUENCER');
    const wallet: TWallet = {
      ...WALLET,
      user: {
        ...WALLET.user,
        totalPoints: 400,
        levelPoints: 5,
        viralityLevel: 'Visionary',
        levelReachedAt: '2024-01-10T10:00:00.000Z',
        levelHeldUntil: '2025-01-10T10:00:00.000Z',
      },
    };
    mockFetch((c) => {
      if (c.path === 'wallet/getUserWallet') return ok(wallet);
      if (c.path === 'wallet/getUserFillterWallet') return ok(pageOf());
      return undefined;
    });
    renderPage('/profile/pointwallet', <PointWalletPage />);
    expect((await screen.findByTestId('level-name')).textContent).toBe('Visionary');
    expect(screen.getByTestId('level-held').textContent).toMatch(/^Visionary is yours until /);
    expect(screen.getByTestId('level-goal').textContent).toBe(
      'Earn 283 more points within 12 months to keep Visionary for another 12 months.',
    );
    expect(screen.getByTestId('level-Visionary').textContent).toContain('Your level');
  });

  it("says 'No points earned data available' when a period has none; a filter asks for page 1 of it", async () => {
    storeSession('BUSINESS');
    const calls = mockFetch((c) => {
      if (c.path === 'wallet/getUserWallet') return ok(WALLET);
      if (c.path === 'wallet/getUserFillterWallet')
        return ok(pageOf({ totalCount: 0, periodPoints: 0, pointsEarned: [], filterType: c.query.get('filterType') }));
      return undefined;
    });
    const user = userEvent.setup();
    renderPage('/profile/pointwallet', <PointWalletPage />);
    expect(await screen.findByText('No points earned data available')).toBeTruthy();
    await user.click((await screen.findAllByLabelText('Period'))[0]!);
    await user.click(await screen.findByRole('option', { name: 'Weekly' }));
    await waitFor(() =>
      expect(calls.some((c) => c.path === 'wallet/getUserFillterWallet' && c.query.get('filterType') === 'Weekly')).toBe(true),
    );
    const weekly = calls.filter((c) => c.query.get('filterType') === 'Weekly').at(-1)!;
    expect(weekly.query.get('page')).toBe('1');
    expect(weekly.query.get('timeZone')).toBeTruthy();
  });

  it('the custom dialog checks the days as chosen with the server’s words, and Apply needs both', async () => {
    storeSession('INFLUENCER');
    const calls = mockFetch((c) => {
      if (c.path === 'wallet/getUserWallet') return ok(WALLET);
      if (c.path === 'wallet/getUserFillterWallet') return ok(pageOf());
      return undefined;
    });
    const user = userEvent.setup();
    renderPage('/profile/pointwallet', <PointWalletPage />);
    await screen.findByTestId('earning');
    await user.click((await screen.findAllByLabelText('Period'))[0]!);
    await user.click(await screen.findByRole('option', { name: 'Custom…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Custom period' });
    const apply = within(dialog).getByRole('button', { name: 'Apply' });
    expect(apply.hasAttribute('disabled')).toBe(true);
    const start = within(dialog).getByLabelText(/Start date/);
    const end = within(dialog).getByLabelText(/End date/);
    await user.type(start, '2021-12-31');
    expect(within(dialog).getByText('Start date cannot be below minimum date')).toBeTruthy();
    await user.clear(start);
    await user.type(start, '2099-01-01');
    expect(within(dialog).getByText('Start date cannot be greater than the current date')).toBeTruthy();
    await user.clear(start);
    await user.type(start, '2023-02-10');
    await user.type(end, '2023-02-01');
    expect(within(dialog).getByText('End date must be greater than the start date')).toBeTruthy();
    expect(apply.hasAttribute('disabled')).toBe(true);
    await user.clear(end);
    await user.type(end, '2023-02-20');
    expect(apply.hasAttribute('disabled')).toBe(false);
    await user.click(apply);
    await waitFor(() =>
      expect(
        calls.some(
          (c) =>
            c.query.get('filterType') === 'Custom' &&
            c.query.get('startDate') === '2023-02-10' &&
            c.query.get('endDate') === '2023-02-20' &&
            c.query.get('page') === '1',
        ),
      ).toBe(true),
    );
    // clearing goes back to everything
    await user.click(await screen.findByRole('button', { name: 'Clear the custom period' }));
    await waitFor(() => expect(calls.at(-1)?.query.get('filterType')).toBeNull());
  });
});
