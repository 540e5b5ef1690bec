/** A week column is 48 px an hour; a chip is as tall as half an hour. */
export const HOUR_PX = 48;
export const CHIP_MINUTES = 30;
/** A column's height, and a chip's (a late post's chip stays inside its day). */
export const DAY_PX = 24 * HOUR_PX;
export const CHIP_PX = 22;

export type TPlaced<T> = { item: T; minutes: number; lane: number; lanes: number };

/**
 * Places a day's posts on its column: each at its minute, side by side when their chips would overlap (each
 * group of overlapping chips shares the column's width in equal lanes). `items` are earliest first.
 */
export function placeOnColumn<T>(items: readonly { item: T; minutes: number }[]): TPlaced<T>[] {
  const out: TPlaced<T>[] = [];
  let group: TPlaced<T>[] = [];
  let laneEnds: number[] = [];
  let groupEnd = -1;
  const close = () => {
    for (const p of group) p.lanes = laneEnds.length;
    group = [];
    laneEnds = [];
  };
  for (const { item, minutes } of items) {
    if (minutes >= groupEnd) close();
    let lane = laneEnds.findIndex((end) => end <= minutes);
    if (lane === -1) lane = laneEnds.push(0) - 1;
    laneEnds[lane] = minutes + CHIP_MINUTES;
    groupEnd = Math.max(groupEnd, minutes + CHIP_MINUTES);
    const placed = { item, minutes, lane, lanes: 1 };
    group.push(placed);
    out.push(placed);
  }
  close();
  return out;
}

/** Where a minute of the day sits on a column, in px from midnight. */
export const topOf = (minutes: number) => (minutes / 60) * HOUR_PX;

/** The hour the rail opens on when nothing else decides: the start of a working day. */
export const DEFAULT_OPEN_MINUTES = 8 * 60;

/**
 * Where the rail opens: on the current hour when the days shown hold today (where the now-line is), else at the
 * first post of the days shown, else at 08:00. A minute of the day, rounded down to its hour.
 */
export function openingMinutes(showsToday: boolean, nowMinutes: number, firstPostMinutes: number | null): number {
  const at = showsToday ? nowMinutes : (firstPostMinutes ?? DEFAULT_OPEN_MINUTES);
  return Math.floor(at / 60) * 60;
}

/** The rail's scroll offset for an opening minute: its hour at the top, with half an hour above it for context. */
export const openingScrollTop = (minutes: number) => Math.max(0, topOf(minutes) - HOUR_PX / 2);

/** A chip of a week's column: two lines (time and network, then the caption), as tall as 45 minutes. */
export const WEEK_CHIP_PX = 38;
const WEEK_CHIP_GAP = 2;

/**
 * Places a week column's posts (earliest first) at the column's full width, so each caption has the column's room:
 * each at its minute, or just under the chip before it when they would overlap (posts at the same time stack, and
 * each chip says its own time). A late chip stays inside its day.
 */
export function stackOnColumn<T>(items: readonly { item: T; minutes: number }[]): { item: T; minutes: number; top: number }[] {
  let bottom = -Infinity;
  return items.map(({ item, minutes }) => {
    const top = Math.min(Math.max(topOf(minutes), bottom + WEEK_CHIP_GAP), DAY_PX - WEEK_CHIP_PX);
    bottom = top + WEEK_CHIP_PX;
    return { item, minutes, top };
  });
}
