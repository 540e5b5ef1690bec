import { BEST_TIMES_MSG, QUEUE_MSG, socialNetwork } from '@virality/domain';
import type { TBestTimes, TQueueView } from './queue-api';
import { momentText, slotShort, zoneNote } from './zoned-time';

/** What the best times rest on: the account's own posts, or its network's general times while it has too few. */
export function bestTimesLabel(best: Pick<TBestTimes, 'basis' | 'network'>): string {
  if (best.basis === 'own') return BEST_TIMES_MSG.own;
  return BEST_TIMES_MSG.general(socialNetwork(best.network)?.label ?? best.network);
}

/** The composer's hint: 'Best times: Tue 09:00, Thu 18:00' (with the zone when it is not the browser's). */
export const bestTimesHint = (best: Pick<TBestTimes, 'times' | 'timeZone'>): string =>
  `Best times: ${best.times.map(slotShort).join(', ')}${zoneNote(best.timeZone)}`;

/**
 * When a post added to this account's queue now would go: the first free slot (the one the server gives), or why it
 * cannot be added, in the app's words (no time slots, the queue paused, no free slot among those shown).
 */
export function nextSlotOf(view: TQueueView): { at: string; text: string } | { problem: string } {
  if (view.paused) return { problem: QUEUE_MSG.paused };
  const free = view.items.find((i) => i.kind === 'empty');
  if (free) return { at: free.at, text: `${momentText(free.at, view.timeZone)}${zoneNote(view.timeZone)}` };
  return { problem: view.items.length === 0 ? QUEUE_MSG.noSlots : QUEUE_MSG.noFreeSlot };
}
