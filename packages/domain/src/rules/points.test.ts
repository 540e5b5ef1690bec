import { describe, expect, it } from 'vitest';
import { zWalletFilterBody, zWalletFilterQuery } from '../contracts/points';
import {
  chartBuckets,
  customRangeIssues,
  daysAsMoments,
  levelForPoints,
  levelRank,
  POINTS_MSG,
  pointsProgress,
  walletDays,
  walletZone,
} from './points';

describe('levels by the points of the last 12 months', () => {
  it('Maker up to 143, Trailblazer from 144 to 287, Visionary from 288', () => {
    expect(levelForPoints(0)).toBe('Maker');
    expect(levelForPoints(143)).toBe('Maker');
    expect(levelForPoints(144)).toBe('Trailblazer');
    expect(levelForPoints(287)).toBe('Trailblazer');
    expect(levelForPoints(288)).toBe('Visionary');
    expect(levelForPoints(10_000)).toBe('Visionary');
  });
  it('ranks levels in order, an unknown name as Maker', () => {
    expect([levelRank('Maker'), levelRank('Trailblazer'), levelRank('Visionary'), levelRank('Gold')]).toEqual([0, 1, 2, 0]);
  });
});

describe('the progress bar is the points out of 248, and the Visionary marker', () => {
  it('divides by 248 and stops at 100 percent', () => {
    expect(pointsProgress(0).percent).toBe(0);
    expect(pointsProgress(124).percent).toBe(50);
    expect(pointsProgress(248).percent).toBe(100);
    expect(pointsProgress(500).percent).toBe(100);
  });
  it("reads 'Achieved' above 124 points, else 'Earn 124 Points more'", () => {
    expect(pointsProgress(124).visionaryMarker).toBe('Earn 124 Points more');
    expect(pointsProgress(125).visionaryMarker).toBe('Achieved');
  });
});

describe('the custom range', () => {
  const today = '2024-06-15';
  it('accepts a range within 2022-01-01 and today, a single day too', () => {
    expect(customRangeIssues({ startDate: '2022-01-01', endDate: today }, today)).toEqual({});
    expect(customRangeIssues({ startDate: '2024-03-01', endDate: '2024-03-01' }, today)).toEqual({});
  });
  it('refuses days after today, before the minimum, and an end before the start, in the product words', () => {
    expect(customRangeIssues({ startDate: '2024-06-16', endDate: today }, today).startDate).toBe(
      'Start date cannot be greater than the current date',
    );
    expect(customRangeIssues({ startDate: '2021-12-31', endDate: today }, today).startDate).toBe(
      'Start date cannot be below minimum date',
    );
    expect(customRangeIssues({ startDate: '2024-01-01', endDate: '2024-06-16' }, today).endDate).toBe(
      'End date cannot be greater than the current date',
    );
    expect(customRangeIssues({ startDate: '2024-05-02', endDate: '2024-05-01' }, today).endDate).toBe(
      'End date must be greater than the start date',
    );
  });
  it('needs both dates, real ones', () => {
    expect(customRangeIssues({}, today)).toEqual({ startDate: POINTS_MSG.startRequired, endDate: POINTS_MSG.endRequired });
    expect(customRangeIssues({ startDate: '2024-02-30', endDate: today }, today).startDate).toBe(POINTS_MSG.badDate);
  });
});

describe('filter ranges end today, today included', () => {
  const today = '2024-03-31';
  it('Weekly is 7 days, the months since the day after the same date', () => {
    expect(walletDays('Weekly', today)).toEqual({ startDay: '2024-03-25', endDay: today });
    expect(walletDays('Monthly', today)).toEqual({ startDay: '2024-03-01', endDay: today });
    expect(walletDays('3-Months', today)).toEqual({ startDay: '2024-01-01', endDay: today });
    expect(walletDays('6-Months', today)).toEqual({ startDay: '2023-10-01', endDay: today });
    expect(walletDays('One-Year', today)).toEqual({ startDay: '2023-04-01', endDay: today });
    expect(walletDays('Custom', today, { startDate: '2023-01-01', endDate: '2023-01-31' })).toEqual({
      startDay: '2023-01-01',
      endDay: '2023-01-31',
    });
    expect(walletDays(undefined, today)).toBeNull();
  });
  it('turns days into the moments of the zone', () => {
    const r = daysAsMoments({ startDay: '2024-03-25', endDay: '2024-03-31' }, 'Asia/Kolkata');
    expect(r.from.toISOString()).toBe('2024-03-24T18:30:00.000Z');
    expect(r.to.toISOString()).toBe('2024-03-31T18:30:00.000Z');
  });
  it('the zone is checked: a real one, else refused; none is UTC', () => {
    expect(walletZone('Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(walletZone(undefined)).toBe('UTC');
    expect(walletZone('Mars/Olympus')).toBeNull();
  });
});

describe('chart buckets', () => {
  it('a bar a day up to 31 days, a week up to 190, else a month', () => {
    const week = chartBuckets({ startDay: '2024-03-25', endDay: '2024-03-31' });
    expect(week.unit).toBe('day');
    expect(week.buckets).toHaveLength(7);
    const half = chartBuckets({ startDay: '2023-10-01', endDay: '2024-03-31' });
    expect(half.unit).toBe('week');
    expect(half.buckets.at(-1)?.untilDay).toBe('2024-04-01');
    const year = chartBuckets({ startDay: '2023-04-01', endDay: '2024-03-31' });
    expect(year.unit).toBe('month');
    expect(year.buckets).toHaveLength(12);
    expect(year.buckets[1]).toEqual({ startDay: '2023-05-01', untilDay: '2023-06-01' });
  });
});

describe('the filter calls read their input', () => {
  it('takes a page from a query string, refuses a bad filter or page', () => {
    expect(zWalletFilterQuery.parse({ page: '2', filterType: 'Weekly' })).toMatchObject({ page: 2, filterType: 'Weekly' });
    expect(zWalletFilterQuery.safeParse({ filterType: 'Daily' }).error?.issues[0]?.message).toBe(POINTS_MSG.badFilter);
    expect(zWalletFilterQuery.safeParse({ page: '0' }).success).toBe(false);
    expect(
      zWalletFilterBody.parse({ pageNo: 3, filterType: 'Custom', startDate: '2024-01-01', endDate: '2024-01-02' }).pageNo,
    ).toBe(3);
  });
});
