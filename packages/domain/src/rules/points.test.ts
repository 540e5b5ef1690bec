import { describe, expect, it } from 'vitest';
import { zWalletFilterBody, zWalletFilterQuery } from '../contracts/points';
import {
  chartBuckets,
  customRangeIssues,
  daysAsMoments,
  goalText,
  levelForPoints,
  levelRank,
  POINTS_MSG,
  PROGRESS_POINTS,
  pointsProgress,
  pointsStanding,
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

describe('the wallet’s standing: the level, the goal, the bar and the marker agree at every level boundary', () => {
  const at = (levelPoints: number, level = levelForPoints(levelPoints)) => pointsStanding({ levelPoints, level });

  it.each([
    // 12 months' points, level shown, next goal and points to go, bar share, marker words
    [0, 'Maker', 'Trailblazer', 144, 0, 'Earn 288 Points more'],
    [5, 'Maker', 'Trailblazer', 139, 1.7, 'Earn 283 Points more'],
    [143, 'Maker', 'Trailblazer', 1, 49.7, 'Earn 145 Points more'],
    [144, 'Trailblazer', 'Visionary', 144, 50, 'Earn 144 Points more'],
    [287, 'Trailblazer', 'Visionary', 1, 99.7, 'Earn 1 Points more'],
  ] as const)('%i points: %s, %i to %s', (points, level, next, toGo, percent, marker) => {
    const s = at(points);
    expect(s.level).toBe(level);
    expect(s.goal).toMatchObject({ name: next, pointsToGo: toGo, keeps: false });
    expect(s.percent).toBe(percent);
    expect(s.visionaryMarker).toBe(marker);
    // the goal is where the bar's mark for it stands, and the points to go are the distance to it
    expect(s.goal!.minPoints - s.levelPoints).toBe(s.goal!.pointsToGo);
    expect(s.marks.find((m) => m.name === next)?.minPoints).toBe(s.goal!.minPoints);
  });

  it('288 and above: Visionary, nothing left to earn, the bar full, Achieved', () => {
    for (const points of [288, 1000]) {
      expect(at(points)).toMatchObject({ level: 'Visionary', goal: null, percent: 100, visionaryMarker: 'Achieved' });
    }
    expect(goalText(at(288).goal)).toBeNull();
  });

  it('the bar runs to Visionary’s 288 with a mark where Trailblazer starts (half way) and one at Visionary', () => {
    expect(PROGRESS_POINTS).toBe(288);
    expect(at(0).marks).toEqual([
      { name: 'Trailblazer', minPoints: 144, percent: 50 },
      { name: 'Visionary', minPoints: 288, percent: 100 },
    ]);
  });

  it('a level held from earlier, above what the 12 months give: its next goal counts from the same points', () => {
    // Trailblazer held, 5 points in the 12 months: Visionary is 283 away (never "139 to Trailblazer")
    expect(at(5, 'Trailblazer')).toMatchObject({ level: 'Trailblazer', goal: { name: 'Visionary', pointsToGo: 283 } });
    // Visionary held with 5 points: keeping it takes 283; the marker says Achieved, as the level is held
    const held = at(5, 'Visionary');
    expect(held).toMatchObject({ level: 'Visionary', goal: { name: 'Visionary', pointsToGo: 283, keeps: true } });
    expect(held.visionaryMarker).toBe('Achieved');
    expect(goalText(held.goal)).toBe('Earn 283 more points within 12 months to keep Visionary for another 12 months.');
  });

  it('a stored level below what the points give counts as the higher one; bad numbers count as 0', () => {
    expect(at(200, 'Maker').level).toBe('Trailblazer');
    expect(pointsStanding({ levelPoints: Number.NaN, level: null })).toMatchObject({ level: 'Maker', levelPoints: 0 });
    expect(pointsStanding({ levelPoints: -4, level: 'Gold' }).goal).toMatchObject({ name: 'Trailblazer', pointsToGo: 144 });
  });

  it('says the goal in words, one point or many', () => {
    expect(goalText(at(5).goal)).toBe('Earn 139 more points within 12 months to reach Trailblazer.');
    expect(goalText(at(143).goal)).toBe('Earn 1 more point within 12 months to reach Trailblazer.');
  });

  it('the wire’s progress is the standing’s share and marker', () => {
    expect(pointsProgress({ levelPoints: 144, level: 'Trailblazer' })).toEqual({
      percent: 50,
      visionaryMarker: POINTS_MSG.earnMore(144),
    });
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
