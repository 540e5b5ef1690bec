import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CURRENCIES, SOCIAL_NETWORK_KEYS, type TAdminOverview } from '@virality/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok, renderPage } from '../../../testing';
import { ADMIN_SECTIONS } from '../sections';
import { OverviewPage } from './overview-page';

const MONTHS = [
  '2030-04',
  '2030-05',
  '2030-06',
  '2030-07',
  '2030-08',
  '2030-09',
  '2030-10',
  '2030-11',
  '2030-12',
  '2031-01',
  '2031-02',
  '2031-03',
];

function overview(
  more: {
    signUps?: Record<string, number>;
    active?: Record<string, number>;
    paid?: Record<string, Record<string, number>>;
    networks?: Record<string, [number, number]>;
  } = {},
): TAdminOverview {
  return {
    months: MONTHS.map((month) => ({
      month,
      signUps: more.signUps?.[month] ?? 0,
      activeSubscriptions: more.active?.[month] ?? 0,
      revenue: CURRENCIES.map((currency) => ({ currency, amountMinor: more.paid?.[month]?.[currency] ?? 0 })),
    })),
    networks: SOCIAL_NETWORK_KEYS.map((network) => ({
      network,
      published: more.networks?.[network]?.[0] ?? 0,
      failed: more.networks?.[network]?.[1] ?? 0,
    })),
    postsFrom: '2031-02-13T12:00:00.000Z',
    asOf: '2031-03-15T12:00:00.000Z',
  };
}

const open = () => renderPage('/admin/overview', <OverviewPage />);
const card = (name: string) => screen.getByRole('region', { name });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the console opens on its Overview', () => {
  it('is the first section, so /admin opens it', () => {
    expect(ADMIN_SECTIONS[0]).toMatchObject({ path: 'overview', label: 'Overview' });
  });
});

describe('Overview', () => {
  it('shows skeletons while the figures load', async () => {
    mockFetch(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    open();
    expect(screen.getByLabelText('Loading the overview').getAttribute('aria-busy')).toBe('true');
  });

  it('says there is nothing yet when the whole period is empty', async () => {
    mockFetch((c) => (c.path === 'admin/overview' ? ok(overview()) : undefined));
    open();
    expect(await screen.findByText('Nothing to show yet')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Sign-ups' })).toBeNull();
  });

  it('says the figures could not be loaded, and loads them again on Try again', async () => {
    let calls = 0;
    mockFetch((c) => {
      if (c.path !== 'admin/overview') return undefined;
      calls++;
      return calls === 1 ? fail(500, 'Something went wrong') : ok(overview({ signUps: { '2031-03': 2 } }));
    });
    open();
    expect(await screen.findByText('Could not load the overview')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Sign-ups' })).toBeTruthy();
  });

  it('names each chart by a summary of its figures, and shows them month by month, newest first, as a table', async () => {
    mockFetch((c) =>
      c.path === 'admin/overview'
        ? ok(
            overview({
              signUps: { '2031-01': 1, '2031-02': 3, '2031-03': 1 },
              active: { '2031-01': 2, '2031-02': 3, '2031-03': 2 },
              paid: { '2031-01': { usd: 1900, gbp: 4200 }, '2031-02': { usd: 2900, inr: 149900 } },
            }),
          )
        : undefined,
    );
    open();
    const signUps = await screen.findByRole('region', { name: 'Sign-ups' });
    expect(within(signUps).getByRole('img').getAttribute('aria-label')).toBe(
      'Sign-ups by month from April 2030 to March 2031: 5 in all, 1 this month.',
    );
    await userEvent.click(within(signUps).getByRole('button', { name: 'View as table, Sign-ups' }));
    const feb = within(signUps).getByRole('row', { name: /February 2031/ });
    expect(within(feb).getByRole('cell').textContent).toBe('3');
    const rows = within(signUps).getAllByRole('row');
    expect(rows).toHaveLength(13);
    // newest first: this month heads the table, where the chart ends
    expect(rows[1].textContent).toBe('March 20311');
    expect(rows[12].textContent).toBe('April 20300');

    const subs = card('Active subscriptions');
    expect(within(subs).getByRole('img').getAttribute('aria-label')).toContain('2 now, most in February 2031 (3)');
  });

  it('shows revenue as money, one currency at a time in the chart and every paid currency in the table', async () => {
    mockFetch((c) =>
      c.path === 'admin/overview'
        ? ok(
            overview({
              signUps: { '2031-01': 1 },
              paid: { '2031-01': { usd: 1900, gbp: 4200 }, '2031-02': { usd: 2950, inr: 149900 } },
            }),
          )
        : undefined,
    );
    open();
    const revenue = await screen.findByRole('region', { name: 'Revenue' });
    expect(within(revenue).getByRole('img').getAttribute('aria-label')).toContain('Revenue in USD by month');
    expect(within(revenue).getByRole('img').getAttribute('aria-label')).toContain('$48.50 in all');
    await userEvent.click(within(revenue).getByRole('radio', { name: '₹ INR' }));
    await waitFor(() => expect(within(revenue).getByRole('img').getAttribute('aria-label')).toContain('₹1,499 in all'));
    await userEvent.click(within(revenue).getByRole('button', { name: 'View as table, Revenue' }));
    expect(
      within(revenue)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Month', 'USD', 'INR', 'GBP']);
    const feb = within(revenue).getByRole('row', { name: /February 2031/ });
    expect(
      within(feb)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['$29.50', '₹1,499', '£0']);
  });

  it('shows posts published and failed by network, every network with its mark in the table', async () => {
    mockFetch((c) =>
      c.path === 'admin/overview' ? ok(overview({ networks: { instagram: [2, 1], linkedin: [1, 2] } })) : undefined,
    );
    open();
    const posts = await screen.findByRole('region', { name: 'Posts by network, last 30 days' });
    expect(
      within(posts)
        .getByRole('img', { name: /^Posts in the last 30 days/ })
        .getAttribute('aria-label'),
    ).toBe('Posts in the last 30 days by network: Instagram 2 published, 1 failed; LinkedIn 1 published, 2 failed.');
    await userEvent.click(within(posts).getByRole('button', { name: /View as table/ }));
    expect(within(posts).getAllByRole('row')).toHaveLength(8);
    const linkedin = within(posts).getByRole('row', { name: /LinkedIn/ });
    expect(
      within(linkedin)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', '2']);
    expect(within(posts).getByRole('row', { name: /^X/ })).toBeTruthy();
  });
});
