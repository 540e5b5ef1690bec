import { describe, expect, it } from 'vitest';
import { HOUR_PX, openingMinutes, openingScrollTop, placeOnColumn, topOf } from './week-layout';

const at = (...minutes: number[]) => minutes.map((m, i) => ({ item: `p${i}`, minutes: m }));
const lanes = (minutes: number[]) => placeOnColumn(at(...minutes)).map((p) => [p.item, p.lane, p.lanes]);

describe('placing posts on a week column', () => {
  it('puts posts more than half an hour apart in the full width', () => {
    expect(lanes([60, 120, 600])).toEqual([
      ['p0', 0, 1],
      ['p1', 0, 1],
      ['p2', 0, 1],
    ]);
  });

  it('puts posts whose chips would overlap side by side, sharing the width', () => {
    expect(lanes([600, 600, 610, 700])).toEqual([
      ['p0', 0, 3],
      ['p1', 1, 3],
      ['p2', 2, 3],
      ['p3', 0, 1],
    ]);
  });

  it('reuses a lane once its chip has ended', () => {
    expect(lanes([0, 10, 30])).toEqual([
      ['p0', 0, 2],
      ['p1', 1, 2],
      ['p2', 0, 2],
    ]);
  });

  it('is 48 px an hour from midnight', () => {
    expect(topOf(0)).toBe(0);
    expect(topOf(90)).toBe(1.5 * HOUR_PX);
    expect(topOf(24 * 60)).toBe(24 * 48);
  });
});

describe('where the time rail opens', () => {
  it('opens on the current hour when today is shown, even with an earlier post', () => {
    expect(openingMinutes(true, 15 * 60 + 40, 7 * 60)).toBe(15 * 60);
  });

  it('opens on the first post of a week without today, else at 08:00', () => {
    expect(openingMinutes(false, 15 * 60, 6 * 60 + 30)).toBe(6 * 60);
    expect(openingMinutes(false, 15 * 60, null)).toBe(8 * 60);
  });

  it('puts the opening hour near the top with half an hour above it, never above midnight', () => {
    expect(openingScrollTop(15 * 60)).toBe(15 * HOUR_PX - HOUR_PX / 2);
    expect(openingScrollTop(0)).toBe(0);
  });
});
