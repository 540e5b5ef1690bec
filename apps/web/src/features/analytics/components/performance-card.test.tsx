import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TPerformance } from '@virality/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderPage, seedUser, storeSession, type TMockCall, testQueryClient } from '../../../testing';
import { axisFigure, axisTicks, axisWidth, deltaOf, deltaText } from '../lib/performance';
import { PerformanceCard } from './performance-card';

const zero = { Published: 0, Engagement: 0, Views: 0 };
function performance(days: number, over: Partial<TPerformance> = {}): TPerformance {
  const start = Date.parse('2026-11-25T00:00:00Z') - (days - 1) * 86_400_000;
  const Days = Array.from({ length: days }, (_, i) => ({
    Date: new Date(start + i * 86_400_000).toISOString().slice(0, 10),
    ...zero,
  }));
  return { ...zero, Days, Previous: zero, UpdatedAt: null, ...over };
}

function show(answer: (c: TMockCall) => TPerformance | null) {
  storeSession('INFLUENCER');
  const queryClient = testQueryClient({ staleTime: 0 });
  seedUser(queryClient, {});
  const calls = mockFetch((c) => {
    if (c.path !== '/sph/performance_overview/') return undefined;
    const data = answer(c);
    return data
      ? { body: { response_code: 200, response_message: 'Success', response_data: data } }
      : { status: 500, body: { response_code: 500, response_message: 'Something went wrong', response_data: null } };
  });
  renderPage('/home', <PerformanceCard />, { queryClient });
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('a figure against the period before', () => {
  it('reads up, down, level, and up from none without a percentage', () => {
    expect(deltaText(deltaOf(120, 100), 7)).toBe('+20% vs previous 7 days');
    expect(deltaText(deltaOf(50, 200), 30)).toBe('−75% vs previous 30 days');
    expect(deltaText(deltaOf(5, 5), 7)).toBe('Same as previous 7 days');
    expect(deltaText(deltaOf(9, 0), 90)).toBe('Up from none in the previous 90 days');
  });
});

describe("the chart's value axis", () => {
  it('writes figures short: 950, 22k, 1.5M', () => {
    expect([950, 22_000, 16_500, 1_500_000].map(axisFigure)).toEqual(['950', '22k', '16.5k', '1.5M']);
  });

  it('marks whole steps of 1, 2, 2.5 or 5 times a power of ten from 0 past the highest figure', () => {
    expect(axisTicks([1_200, 22_000, 9_000])).toEqual([0, 5_000, 10_000, 15_000, 20_000, 25_000]);
    expect(axisTicks([3, 1])).toEqual([0, 1, 2, 3]);
    expect(axisTicks([9])).toEqual([0, 2, 4, 6, 8, 10]);
    expect(axisTicks([0, 0])).toEqual([0, 1]);
  });

  it('is as wide as its longest label needs, so a five-digit week is drawn whole', () => {
    const ticks = axisTicks([22_000]);
    expect(axisWidth(ticks)).toBeGreaterThanOrEqual(Math.max(...ticks.map((t) => axisFigure(t).length)) * 7 + 10);
    expect(axisWidth(axisTicks([1_234_567]))).toBeGreaterThan(axisWidth(axisTicks([9])));
  });
});

describe('the performance card', () => {
  it('shows the week’s figures against the week before, the chart’s summary, and the days as a table', async () => {
    const week = performance(7, {
      Published: 3,
      Engagement: 1200,
      Views: 5400,
      Previous: { Published: 2, Engagement: 1000, Views: 6000 },
    });
    week.Days[6] = { ...week.Days[6], Published: 3, Engagement: 1200, Views: 5400 };
    const calls = show(() => week);
    expect(await screen.findByText('1,200')).toBeTruthy();
    // posts out per account, said so beside the dashboard's count of posts
    expect(screen.getByText('Published to accounts')).toBeTruthy();
    expect(screen.getByText('+20% vs previous 7 days')).toBeTruthy();
    expect(screen.getByText('−10% vs previous 7 days')).toBeTruthy();
    expect(screen.getByText('+50% vs previous 7 days')).toBeTruthy();
    expect(screen.getByRole('img').getAttribute('aria-label')).toMatch(
      /Engagement over the last 7 days: 1,200 in all, most on 25 November/,
    );
    expect(calls[0].body).toMatchObject({ Days: 7, TimeZone: expect.any(String) });

    await userEvent.setup().click(screen.getByRole('button', { name: 'View as table' }));
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(8);
    expect(within(table).getByRole('rowheader', { name: '25 Nov' })).toBeTruthy();
  });

  it('asks for 30 days when the period is switched', async () => {
    const calls = show((c) => performance((c.body as { Days: number }).Days, { Published: 1, Previous: zero }));
    await screen.findByText('Engagement by day');
    await userEvent.setup().click(screen.getByRole('radio', { name: '30 d' }));
    await vi.waitFor(() => expect(calls.map((c) => (c.body as { Days: number }).Days)).toEqual([7, 30]));
  });

  it('says so when no post went out in the period', async () => {
    show(() => performance(7));
    expect(await screen.findByText('No posts went out in the last 7 days')).toBeTruthy();
  });

  it('offers Try again when the figures cannot be loaded', async () => {
    let fail = true;
    show(() => (fail ? null : performance(7)));
    const again = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    await userEvent.setup().click(again);
    expect(await screen.findByText('No posts went out in the last 7 days')).toBeTruthy();
  });
});
