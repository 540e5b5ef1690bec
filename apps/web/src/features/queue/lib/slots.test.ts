import { QUEUE_MSG, QUEUE_SLOTS_MAX } from '@virality/domain';
import { describe, expect, it } from 'vitest';
import { addSlot, addSuggested, removeSlot, sameSlots, slotsByDay, timeZoneOptions } from './slots';

describe('the slot editor’s rules', () => {
  it('lists the week Monday first, each day’s times earliest first', () => {
    const week = slotsByDay([
      { day: 0, time: '10:00' },
      { day: 1, time: '18:00' },
      { day: 1, time: '09:00' },
    ]);
    expect(week.map((d) => d.day)).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(week[0].times).toEqual(['09:00', '18:00']);
    expect(week[6].times).toEqual(['10:00']);
  });

  it('adds a slot in order, and refuses a bad time, a slot twice and a 71st, in the app’s words', () => {
    const one = addSlot([{ day: 2, time: '15:00' }], { day: 2, time: '09:00' });
    expect(one).toEqual({
      slots: [
        { day: 2, time: '09:00' },
        { day: 2, time: '15:00' },
      ],
    });
    expect(addSlot([], { day: 2, time: '24:00' })).toEqual({ error: QUEUE_MSG.timeInvalid });
    expect(addSlot([], { day: 2, time: '' })).toEqual({ error: QUEUE_MSG.timeInvalid });
    expect(addSlot([{ day: 2, time: '09:00' }], { day: 2, time: '09:00' })).toEqual({ error: QUEUE_MSG.duplicateSlot });
    const full = Array.from({ length: QUEUE_SLOTS_MAX }, (_, i) => ({
      day: i % 7,
      time: `${String(Math.floor(i / 7)).padStart(2, '0')}:00`,
    }));
    expect(addSlot(full, { day: 0, time: '23:30' })).toEqual({ error: QUEUE_MSG.tooManySlots });
  });

  it('removes a slot; two schedules with the same slots in another order are the same', () => {
    const slots = [
      { day: 1, time: '09:00' },
      { day: 3, time: '12:00' },
    ];
    expect(removeSlot(slots, { day: 1, time: '09:00' })).toEqual([{ day: 3, time: '12:00' }]);
    expect(sameSlots(slots, [...slots].reverse())).toBe(true);
    expect(sameSlots(slots, [{ day: 1, time: '09:00' }])).toBe(false);
  });

  it('adds the suggested times that are not slots yet, and counts them', () => {
    const next = addSuggested(
      [{ day: 2, time: '09:00' }],
      [
        { day: 2, time: '09:00' },
        { day: 4, time: '18:00' },
        { day: 3, time: '11:00' },
      ],
    );
    expect(next.added).toBe(2);
    expect(next.slots).toEqual([
      { day: 2, time: '09:00' },
      { day: 3, time: '11:00' },
      { day: 4, time: '18:00' },
    ]);
  });

  it('offers UTC first among the zones, and the zone in use even when the list lacks it', () => {
    const zones = timeZoneOptions('Mars/Olympus_Mons');
    expect(zones[0]).toBe('UTC');
    expect(zones).toContain('Europe/Berlin');
    expect(zones).toContain('Mars/Olympus_Mons');
  });
});
