import { describe, expect, it } from 'vitest';
import { addMonths, freeTierPeriod } from './service';

const d = (iso: string) => new Date(iso);

describe('addMonths', () => {
  it.each([
    ['2025-01-15T10:00:00.000Z', 1, '2025-02-15T10:00:00.000Z'],
    ['2025-01-31T10:00:00.000Z', 1, '2025-02-28T10:00:00.000Z'],
    ['2024-01-31T10:00:00.000Z', 1, '2024-02-29T10:00:00.000Z'],
    ['2025-01-31T10:00:00.000Z', 2, '2025-03-31T10:00:00.000Z'],
    ['2025-12-31T23:59:59.000Z', 1, '2026-01-31T23:59:59.000Z'],
    ['2025-08-31T00:00:00.000Z', 6, '2026-02-28T00:00:00.000Z'],
  ])('%s + %i month(s) = %s (clamped, never rolling into the next month)', (from, months, expected) => {
    expect(addMonths(d(from), months).toISOString()).toBe(expected);
  });
});

describe('freeTierPeriod', () => {
  const anchor = d('2025-01-31T12:00:00.000Z');
  it.each([
    ['2025-02-10T00:00:00.000Z', '2025-01-31T12:00:00.000Z', '2025-02-28T12:00:00.000Z'],
    ['2025-02-28T12:00:00.000Z', '2025-02-28T12:00:00.000Z', '2025-03-31T12:00:00.000Z'],
    ['2025-04-01T00:00:00.000Z', '2025-03-31T12:00:00.000Z', '2025-04-30T12:00:00.000Z'],
    ['2026-03-15T00:00:00.000Z', '2026-02-28T12:00:00.000Z', '2026-03-31T12:00:00.000Z'],
  ])('on %s the period is %s → %s, anchored at the sign-up day', (now, start, end) => {
    const p = freeTierPeriod(anchor, d(now));
    expect([p.start.toISOString(), p.end.toISOString()]).toEqual([start, end]);
  });
});
