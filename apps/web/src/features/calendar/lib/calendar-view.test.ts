import { describe, expect, it } from 'vitest';
import { calendarSearch, rangeOf, readCalendarParams, stepLabel, stepOf, titleOf } from './calendar-view';

const read = (qs: string) => readCalendarParams(new URLSearchParams(qs), '2026-11-25');

describe('the calendar address', () => {
  it('keeps the view and the chosen day, so a reload or a shared link shows the same', () => {
    expect(read(calendarSearch('month', '2026-11-01'))).toEqual({ view: 'month', day: '2026-11-01' });
    expect(calendarSearch('month', '2026-11-01')).toBe('?view=month&date=2026-11-01');
  });

  it('opens the Daily view of today without one, or with an unknown view or a day that does not exist', () => {
    expect(read('')).toEqual({ view: 'day', day: '2026-11-25' });
    expect(read('view=year&date=2026-02-30')).toEqual({ view: 'day', day: '2026-11-25' });
    expect(read('view=week&date=tomorrow')).toEqual({ view: 'week', day: '2026-11-25' });
  });
});

describe('what a view reads', () => {
  it('reads the Monday-to-Sunday week for the day strip and the week, and the 42-day grid for a month', () => {
    expect(rangeOf('day', '2026-11-25')).toEqual({ start: '2026-11-23', end: '2026-11-29' });
    expect(rangeOf('week', '2026-11-01')).toEqual({ start: '2026-10-26', end: '2026-11-01' });
    expect(rangeOf('month', '2026-11-25')).toEqual({ start: '2026-10-26', end: '2026-12-06' });
  });
});

describe('the arrows', () => {
  it('move by a day, a week or a month, and say so', () => {
    expect(stepOf('day', '2026-11-30', 1)).toBe('2026-12-01');
    expect(stepOf('week', '2026-11-25', -1)).toBe('2026-11-18');
    expect(stepOf('month', '2026-01-31', 1)).toBe('2026-02-28');
    expect(stepLabel('month', -1)).toBe('Previous month');
    expect(stepLabel('day', 1)).toBe('Next day');
  });
});

describe('titleOf', () => {
  it('names the day, the week (across months and years) or the month', () => {
    expect(titleOf('day', '2026-11-01')).toBe('Sunday 1 November 2026');
    expect(titleOf('month', '2026-11-17')).toBe('November 2026');
    expect(titleOf('week', '2026-11-11')).toBe('9 – 15 Nov 2026');
    expect(titleOf('week', '2026-11-01')).toBe('26 Oct – 1 Nov 2026');
    expect(titleOf('week', '2026-12-31')).toBe('28 Dec 2026 – 3 Jan 2027');
  });
});
