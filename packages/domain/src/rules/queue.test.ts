import { describe, expect, it } from 'vitest';
import { SCHEDULE_LEAD_MINUTES } from './post';
import { nextFreeSlots, QUEUE_MSG, QUEUE_SLOTS_MAX, slotMoments, zonedMoment, zQueueSettings } from './queue';

const iso = (d: Date) => d.toISOString();

describe('a slot is a wall-clock time of its zone', () => {
  it('09:00 in Berlin is 08:00 UTC in winter and 07:00 UTC in summer', () => {
    expect(iso(zonedMoment('2027-01-11', '09:00', 'Europe/Berlin'))).toBe('2027-01-11T08:00:00.000Z');
    expect(iso(zonedMoment('2027-07-12', '09:00', 'Europe/Berlin'))).toBe('2027-07-12T07:00:00.000Z');
  });

  it('a time in the spring-forward gap moves on by the gap: 02:30 on 28 March 2027 in Berlin is 03:30 CEST', () => {
    expect(iso(zonedMoment('2027-03-28', '02:30', 'Europe/Berlin'))).toBe('2027-03-28T01:30:00.000Z');
    // the hour before and after the gap are as on the clock
    expect(iso(zonedMoment('2027-03-28', '01:59', 'Europe/Berlin'))).toBe('2027-03-28T00:59:00.000Z');
    expect(iso(zonedMoment('2027-03-28', '03:00', 'Europe/Berlin'))).toBe('2027-03-28T01:00:00.000Z');
  });

  it('a time that comes twice in autumn is the first: 02:30 on 31 October 2027 in Berlin is 02:30 CEST', () => {
    expect(iso(zonedMoment('2027-10-31', '02:30', 'Europe/Berlin'))).toBe('2027-10-31T00:30:00.000Z');
  });

  it('New York, Kolkata (no change) and UTC', () => {
    expect(iso(zonedMoment('2027-03-14', '09:00', 'America/New_York'))).toBe('2027-03-14T13:00:00.000Z');
    expect(iso(zonedMoment('2027-03-13', '09:00', 'America/New_York'))).toBe('2027-03-13T14:00:00.000Z');
    expect(iso(zonedMoment('2027-03-14', '09:00', 'Asia/Kolkata'))).toBe('2027-03-14T03:30:00.000Z');
    expect(iso(zonedMoment('2027-03-14', '09:00', 'UTC'))).toBe('2027-03-14T09:00:00.000Z');
  });
});

describe('the slots of a week', () => {
  const berlin = {
    timeZone: 'Europe/Berlin',
    slots: [
      { day: 1, time: '09:00' },
      { day: 3, time: '17:30' },
    ],
  };

  it('are their days of the week at their times, earliest first, across a change: 09:00 stays 09:00', () => {
    // Monday 22 and 29 March 2027 around the change of 28 March
    const got = slotMoments(berlin, new Date('2027-03-21T00:00:00Z'), new Date('2027-04-01T00:00:00Z'));
    expect(got.map(iso)).toEqual([
      '2027-03-22T08:00:00.000Z',
      '2027-03-24T16:30:00.000Z',
      '2027-03-29T07:00:00.000Z',
      '2027-03-31T15:30:00.000Z',
    ]);
  });

  it('a zone far from UTC finds its slots on its own days', () => {
    const auckland = { timeZone: 'Pacific/Auckland', slots: [{ day: 1, time: '08:00' }] };
    // Monday 08:00 in Auckland (NZDT, +13) is Sunday 19:00 UTC
    expect(slotMoments(auckland, new Date('2027-01-09T00:00:00Z'), new Date('2027-01-12T00:00:00Z')).map(iso)).toEqual([
      '2027-01-10T19:00:00.000Z',
    ]);
  });

  it('none without slots', () => {
    expect(slotMoments({ timeZone: 'UTC', slots: [] }, new Date('2027-01-01'), new Date('2027-02-01'))).toEqual([]);
  });
});

describe('the next free slot', () => {
  const daily = {
    timeZone: 'UTC',
    slots: [0, 1, 2, 3, 4, 5, 6].flatMap((day) => [
      { day, time: '09:00' },
      { day, time: '15:00' },
    ]),
  };
  const now = new Date('2027-05-10T10:00:00Z');

  it('is the first slot after now that holds no post of the account', () => {
    expect(nextFreeSlots(daily, [], now).map(iso)).toEqual(['2027-05-10T15:00:00.000Z']);
    // a post already there (queued, or scheduled another way at that moment) takes it
    expect(nextFreeSlots(daily, [new Date('2027-05-10T15:00:00Z')], now).map(iso)).toEqual(['2027-05-11T09:00:00.000Z']);
    expect(nextFreeSlots(daily, [], now, 3).map(iso)).toEqual([
      '2027-05-10T15:00:00.000Z',
      '2027-05-11T09:00:00.000Z',
      '2027-05-11T15:00:00.000Z',
    ]);
  });

  it(`a slot less than ${SCHEDULE_LEAD_MINUTES} minutes away is not taken, as a post scheduled by hand may not be`, () => {
    expect(nextFreeSlots(daily, [], new Date('2027-05-10T14:51:00Z')).map(iso)).toEqual(['2027-05-11T09:00:00.000Z']);
    expect(nextFreeSlots(daily, [], new Date('2027-05-10T14:50:00Z')).map(iso)).toEqual(['2027-05-10T15:00:00.000Z']);
  });

  it('a post at another moment does not take a slot', () => {
    expect(nextFreeSlots(daily, [new Date('2027-05-10T15:01:00Z')], now).map(iso)).toEqual(['2027-05-10T15:00:00.000Z']);
  });

  it('looks past a month of full slots; none without slots', () => {
    const weekly = { timeZone: 'UTC', slots: [{ day: 1, time: '09:00' }] };
    const taken = Array.from({ length: 8 }, (_, i) => new Date(Date.UTC(2027, 4, 17 + 7 * i, 9)));
    expect(nextFreeSlots(weekly, taken, now).map(iso)).toEqual(['2027-07-12T09:00:00.000Z']);
    expect(nextFreeSlots({ timeZone: 'UTC', slots: [] }, [], now)).toEqual([]);
  });
});

describe('a posting schedule as sent', () => {
  it('is read with its slots in order', () => {
    const read = zQueueSettings.parse({
      timeZone: 'Europe/Berlin',
      slots: [
        { day: 3, time: '17:30' },
        { day: 1, time: '09:00' },
        { day: 1, time: '08:15' },
      ],
    });
    expect(read).toEqual({
      timeZone: 'Europe/Berlin',
      paused: false,
      slots: [
        { day: 1, time: '08:15' },
        { day: 1, time: '09:00' },
        { day: 3, time: '17:30' },
      ],
    });
  });

  it('refuses a bad time, a bad day, a slot twice, too many slots and an unknown zone, in the app’s words', () => {
    const issue = (v: unknown) => zQueueSettings.safeParse(v).error?.issues[0]?.message;
    expect(issue({ timeZone: 'UTC', slots: [{ day: 1, time: '24:00' }] })).toBe(QUEUE_MSG.timeInvalid);
    expect(issue({ timeZone: 'UTC', slots: [{ day: 1, time: '9:00' }] })).toBe(QUEUE_MSG.timeInvalid);
    expect(issue({ timeZone: 'UTC', slots: [{ day: 7, time: '09:00' }] })).toBe(QUEUE_MSG.dayInvalid);
    expect(
      issue({
        timeZone: 'UTC',
        slots: [
          { day: 1, time: '09:00' },
          { day: 1, time: '09:00' },
        ],
      }),
    ).toBe(QUEUE_MSG.duplicateSlot);
    const many = Array.from({ length: QUEUE_SLOTS_MAX + 1 }, (_, i) => ({
      day: i % 7,
      time: `${String(Math.floor(i / 7)).padStart(2, '0')}:00`,
    }));
    expect(issue({ timeZone: 'UTC', slots: many })).toBe(QUEUE_MSG.tooManySlots);
    expect(issue({ timeZone: 'Mars/Olympus', slots: [] })).toBe(QUEUE_MSG.timeZoneInvalid);
  });
});
