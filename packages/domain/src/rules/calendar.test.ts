import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  dayInZone,
  dayStrip,
  daysBetween,
  groupPostsByDay,
  isCalendarDay,
  MONTH_CELL_CHIPS,
  minutesInZone,
  monthCellChips,
  monthGrid,
  timeInZone,
  weekBounds,
} from './calendar';
import type { TPostState } from './post-status';

const scheduled = (id: string, date: string, time: string) => ({
  id,
  IsScheduled: true,
  IsPostDone: false,
  IsPaused: false,
  ScheduledDate: date,
  ScheduledTime: time,
  SocialMediaPostDate: null,
});
const posted = (id: string, at: string | null): TPostState & { id: string } => ({
  id,
  IsScheduled: false,
  IsPostDone: true,
  IsPaused: false,
  ScheduledDate: null,
  ScheduledTime: null,
  SocialMediaPostDate: at,
});

describe('calendar days', () => {
  it('accepts only real yyyy-MM-dd days', () => {
    expect(isCalendarDay('2026-11-01')).toBe(true);
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-13-01')).toBe(false);
    expect(isCalendarDay('2026-1-01')).toBe(false);
    expect(isCalendarDay(null)).toBe(false);
  });

  it('moves by days across months, years and the clock change', () => {
    expect(addDays('2026-10-31', 1)).toBe('2026-11-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
  });

  it('moves by months and keeps the day inside the shorter month', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-11-15', 2)).toBe('2027-01-15');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
  });
});

describe('weekBounds', () => {
  it('is the Monday-to-Sunday week that holds the day', () => {
    expect(weekBounds('2026-11-01')).toEqual({ start: '2026-10-26', end: '2026-11-01' }); // a Sunday
    expect(weekBounds('2026-11-02')).toEqual({ start: '2026-11-02', end: '2026-11-08' }); // a Monday
    expect(weekBounds('2026-12-31')).toEqual({ start: '2026-12-28', end: '2027-01-03' });
  });
});

describe('monthGrid', () => {
  it('is 42 days, six weeks from the Monday on or before the 1st, holding the whole month', () => {
    const grid = monthGrid('2026-11-17');
    expect(grid).toHaveLength(42);
    expect(grid[0]).toBe('2026-10-26');
    expect(grid[41]).toBe('2026-12-06');
    expect(grid).toContain('2026-11-01');
    expect(grid).toContain('2026-11-30');
  });

  it('starts on the 1st when the month starts on a Monday', () => {
    expect(monthGrid('2027-02-10')[0]).toBe('2027-02-01');
  });

  it('holds each day once, in order, across a year end', () => {
    const grid = monthGrid('2026-12-01');
    expect(grid[0]).toBe('2026-11-30');
    expect(grid).toEqual(daysBetween(grid[0] as string, grid[41] as string));
  });
});

describe('dayStrip', () => {
  it('is seven days from the first one', () => {
    expect(dayStrip('2026-11-28')).toEqual([
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
    ]);
  });
});

describe('a moment in a time zone', () => {
  const at = new Date('2026-11-10T20:30:00Z');
  it('falls on the next day in Asia/Kolkata and the same day in America/Los_Angeles', () => {
    expect(dayInZone(at, 'Asia/Kolkata')).toBe('2026-11-11');
    expect(timeInZone(at, 'Asia/Kolkata')).toBe('02:00');
    expect(dayInZone(at, 'America/Los_Angeles')).toBe('2026-11-10');
    expect(timeInZone(at, 'America/Los_Angeles')).toBe('12:30');
    expect(dayInZone(at, 'UTC')).toBe('2026-11-10');
  });

  it('gives the minutes after midnight for the time rail, midnight as 0', () => {
    expect(minutesInZone(new Date('2026-11-10T00:00:00Z'), 'UTC')).toBe(0);
    expect(minutesInZone(new Date('2026-11-10T23:59:00Z'), 'UTC')).toBe(1439);
    expect(minutesInZone(at, 'Asia/Kolkata')).toBe(120);
  });
});

describe('groupPostsByDay', () => {
  it('puts each post on its local day by the moment it shows, earliest first, and leaves out posts without one', () => {
    const posts = [
      scheduled('late', '2026-11-10', '20:30'),
      posted('early', '2026-11-10T09:00:00.000Z'),
      scheduled('noon', '2026-11-11', '12:00'),
      posted('never', null),
    ];
    const kolkata = groupPostsByDay(posts, 'Asia/Kolkata');
    expect([...kolkata.keys()]).toEqual(['2026-11-10', '2026-11-11']);
    expect(kolkata.get('2026-11-10')?.map((p) => p.id)).toEqual(['early']);
    expect(kolkata.get('2026-11-11')?.map((p) => p.id)).toEqual(['late', 'noon']);

    const la = groupPostsByDay(posts, 'America/Los_Angeles');
    expect(la.get('2026-11-10')?.map((p) => p.id)).toEqual(['early', 'late']);
    expect(la.get('2026-11-11')?.map((p) => p.id)).toEqual(['noon']);
  });

  it('places a paused or done post by when it went out, not its old schedule', () => {
    const done = { ...scheduled('done', '2026-11-10', '10:00'), IsPostDone: true, SocialMediaPostDate: '2026-11-12T10:00:00Z' };
    expect([...groupPostsByDay([done], 'UTC').keys()]).toEqual(['2026-11-12']);
  });
});

describe('monthCellChips', () => {
  it(`shows at most ${MONTH_CELL_CHIPS} and counts the rest`, () => {
    expect(monthCellChips([1, 2])).toEqual({ shown: [1, 2], more: 0 });
    expect(monthCellChips([1, 2, 3, 4, 5])).toEqual({ shown: [1, 2, 3], more: 2 });
  });
});
