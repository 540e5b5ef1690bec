import { BEST_TIMES_MSG, QUEUE_MSG } from '@virality/domain';
import { describe, expect, it } from 'vitest';
import type { TQueueView } from './queue-api';
import { bestTimesHint, bestTimesLabel, nextSlotOf } from './queue-text';
import { browserZone, momentText } from './zoned-time';

const view = (over: Partial<TQueueView>): TQueueView => ({
  accountId: 'x1',
  timeZone: 'UTC',
  paused: false,
  items: [],
  ...over,
});
const post = { id: 'p1', caption: 'Hello', thumbnail: null, state: 'scheduled', alsoOn: 0 };

describe('when a post added to the queue would go', () => {
  it('is the first free slot, on the schedule’s clock (named when it is not the browser’s)', () => {
    const items: TQueueView['items'] = [
      { at: '2027-05-11T09:00:00.000Z', kind: 'queued', post },
      { at: '2027-05-11T15:00:00.000Z', kind: 'empty', post: null },
    ];
    expect(nextSlotOf(view({ items }))).toEqual({
      at: '2027-05-11T15:00:00.000Z',
      text: `Tue 11 May, 15:00${browserZone() === 'UTC' ? '' : ' (UTC)'}`,
    });
    const berlin = nextSlotOf(view({ items, timeZone: 'Europe/Berlin' }));
    expect(berlin).toMatchObject({ text: expect.stringMatching(/^Tue 11 May, 17:00/) });
    expect(momentText('2027-05-11T15:00:00.000Z', 'America/New_York')).toBe('Tue 11 May, 11:00');
  });

  it('says why not in the app’s words: paused, no slots, no free slot', () => {
    expect(nextSlotOf(view({ paused: true, items: [{ at: '2027-05-11T15:00:00.000Z', kind: 'empty', post: null }] }))).toEqual({
      problem: QUEUE_MSG.paused,
    });
    expect(nextSlotOf(view({ timeZone: null }))).toEqual({ problem: QUEUE_MSG.noSlots });
    expect(nextSlotOf(view({ items: [{ at: '2027-05-11T09:00:00.000Z', kind: 'queued', post }] }))).toEqual({
      problem: QUEUE_MSG.noFreeSlot,
    });
  });
});

describe('the best times’ words', () => {
  it('names what they rest on: the account’s own posts, or its network’s general times', () => {
    expect(bestTimesLabel({ basis: 'own', network: 'twitter' })).toBe(BEST_TIMES_MSG.own);
    expect(bestTimesLabel({ basis: 'general', network: 'twitter' })).toBe('General times for X: not enough posts of yours yet');
  });

  it('makes the composer’s hint short: day and time, best first', () => {
    const times = [
      { day: 2, time: '09:00', score: null, basis: 'general' as const },
      { day: 4, time: '18:00', score: null, basis: 'general' as const },
    ];
    expect(bestTimesHint({ times, timeZone: browserZone() })).toBe('Best times: Tue 09:00, Thu 18:00');
    expect(bestTimesHint({ times, timeZone: 'Pacific/Auckland' })).toBe('Best times: Tue 09:00, Thu 18:00 (Pacific/Auckland)');
  });
});
