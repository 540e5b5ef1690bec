import { z } from 'zod';
import { addDays, weekdayOf } from './calendar';
import { isTimeZone, wallMs } from './insights';
import { SCHEDULE_LEAD_MINUTES } from './post';

/**
 * Posting queues: each linked account posts at its own weekly time slots (a day of the week and a time on the owner's
 * wall clock); a post added to the queue takes each account's next free slot. A slot is a wall-clock time, so a
 * 09:00 slot stays 09:00 across a daylight-saving change. A slot that falls in a change's gap (02:30 on the night
 * the clocks jump from 02:00 to 03:00) moves on by the gap (03:30); one that comes twice (01:30 on the night they go
 * back) is the first.
 */

/** A slot's day of the week: 0 Sunday … 6 Saturday. */
export const QUEUE_DAYS = [0, 1, 2, 3, 4, 5, 6] as const;
export const QUEUE_DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
/** At most this many slots a week per account (ten a day). */
export const QUEUE_SLOTS_MAX = 70;
/** How far ahead a queue looks for a free slot. */
export const QUEUE_HORIZON_DAYS = 366;
/** A slot closer to now than a scheduled post may be is not taken: the same lead as scheduling by hand. */
export const QUEUE_LEAD_MS = SCHEDULE_LEAD_MINUTES * 60_000;

export const QUEUE_MSG = {
  saved: 'Posting schedule saved',
  timeInvalid: 'A time must be HH:MM, from 00:00 to 23:59',
  dayInvalid: 'A day must be 0 (Sunday) to 6 (Saturday)',
  duplicateSlot: 'This time is already in the schedule for that day',
  tooManySlots: `At most ${QUEUE_SLOTS_MAX} time slots a week`,
  timeZoneInvalid: 'Choose a valid time zone',
  noSlots: 'This account has no time slots: add some to its posting schedule first',
  paused: 'This account’s queue is paused: resume it to add posts',
  noFreeSlot: 'This account’s queue has no free slot in the coming year: add time slots',
  accountNotFound: 'Account not found',
  added: 'Post added to the queue',
} as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** One weekly slot. */
export const zQueueSlot = z.strictObject({
  day: z
    .number({ error: QUEUE_MSG.dayInvalid })
    .int(QUEUE_MSG.dayInvalid)
    .min(0, QUEUE_MSG.dayInvalid)
    .max(6, QUEUE_MSG.dayInvalid),
  time: z.string({ error: QUEUE_MSG.timeInvalid }).max(5, QUEUE_MSG.timeInvalid).regex(TIME, QUEUE_MSG.timeInvalid),
});
export type TQueueSlot = z.infer<typeof zQueueSlot>;

/** An account's posting schedule: its zone, whether its queue is paused, and its weekly slots (kept in order). */
export const zQueueSettings = z.strictObject({
  timeZone: z
    .string({ error: QUEUE_MSG.timeZoneInvalid })
    .max(64, QUEUE_MSG.timeZoneInvalid)
    .refine(isTimeZone, QUEUE_MSG.timeZoneInvalid),
  paused: z.boolean().default(false),
  slots: z
    .array(zQueueSlot)
    .max(QUEUE_SLOTS_MAX, QUEUE_MSG.tooManySlots)
    .superRefine((slots, ctx) => {
      const seen = new Set<string>();
      slots.forEach((s, i) => {
        const key = `${s.day} ${s.time}`;
        if (seen.has(key)) ctx.addIssue({ code: 'custom', message: QUEUE_MSG.duplicateSlot, path: [i] });
        seen.add(key);
      });
    })
    .transform(sortSlots),
});
export type TQueueSettings = z.infer<typeof zQueueSettings>;

/** Slots by day (Sunday first), then time. */
export function sortSlots(slots: readonly TQueueSlot[]): TQueueSlot[] {
  return [...slots].sort((a, b) => a.day - b.day || a.time.localeCompare(b.time));
}

/**
 * The moment a wall-clock time of a day ('yyyy-MM-dd', 'HH:MM') happens in `zone`: in a daylight-saving gap, moved
 * on by the gap; when it happens twice, the first time.
 */
export function zonedMoment(day: string, time: string, zone: string): Date {
  const [h, m] = time.split(':').map(Number);
  const wall = Date.parse(`${day}T00:00:00.000Z`) + (h * 60 + m) * 60_000;
  // the zone's offsets around that moment (they change at most once a day)
  const offsets = [...new Set([-86_400_000, 0, 86_400_000].map((d) => wallMs(wall + d, zone) - (wall + d)))];
  const exact = offsets.map((o) => wall - o).filter((t) => wallMs(t, zone) === wall);
  if (exact.length) return new Date(Math.min(...exact));
  // in a gap: read with the offset before it, which lands after the jump by as much as the time was into the gap
  const before = wallMs(wall - 86_400_000, zone) - (wall - 86_400_000);
  return new Date(wall - before);
}

/** The day of a moment on `zone`'s wall calendar, 'yyyy-MM-dd'. */
function dayOf(at: number, zone: string): string {
  return new Date(wallMs(at, zone)).toISOString().slice(0, 10);
}

/**
 * The moments of an account's slots from `from` (included) to `until` (excluded), earliest first. Each slot is
 * its time on its day of the week on the schedule's wall clock.
 */
export function slotMoments(settings: Pick<TQueueSettings, 'timeZone' | 'slots'>, from: Date, until: Date): Date[] {
  if (settings.slots.length === 0 || until <= from) return [];
  const byDay = new Map<number, string[]>();
  for (const s of settings.slots) byDay.set(s.day, [...(byDay.get(s.day) ?? []), s.time]);
  const out: Date[] = [];
  // from the day before `from` (a zone's day may start before the UTC day) to the day after `until`
  let day = addDays(dayOf(from.getTime(), settings.timeZone), -1);
  const last = addDays(dayOf(until.getTime(), settings.timeZone), 1);
  while (day <= last) {
    for (const time of byDay.get(weekdayOf(day)) ?? []) {
      const at = zonedMoment(day, time, settings.timeZone);
      if (at >= from && at < until) out.push(at);
    }
    day = addDays(day, 1);
  }
  // two slots can meet at one moment in a gap (02:30 moved to 03:30 beside a 03:30 slot): one slot there
  return [...new Map(out.map((d) => [d.getTime(), d])).values()].sort((a, b) => a.getTime() - b.getTime());
}

/**
 * The next free slots of an account's queue after `now` (at least QUEUE_LEAD_MS ahead, as a post scheduled by hand): slots whose moment holds
 * no post of the account (`taken`: the moments of its posts already due, queued or scheduled another way). `count`
 * of them at most, earliest first; fewer when the year ahead has no more.
 */
export function nextFreeSlots(
  settings: Pick<TQueueSettings, 'timeZone' | 'slots'>,
  taken: Iterable<Date>,
  now: Date,
  count = 1,
): Date[] {
  const busy = new Set([...taken].map((d) => d.getTime()));
  const out: Date[] = [];
  let from = new Date(now.getTime() + QUEUE_LEAD_MS);
  const end = now.getTime() + QUEUE_HORIZON_DAYS * 86_400_000;
  // a few weeks at a time: a queue is usually full only a little ahead
  while (out.length < count && from.getTime() < end) {
    const until = new Date(Math.min(end, from.getTime() + 28 * 86_400_000));
    for (const at of slotMoments(settings, from, until)) {
      if (busy.has(at.getTime())) continue;
      out.push(at);
      if (out.length === count) break;
    }
    from = until;
  }
  return out;
}

/** A slot's words: 'Monday 09:00'. */
export const slotText = (s: TQueueSlot): string => `${QUEUE_DAY_NAMES[s.day]} ${s.time}`;

/** An account's posting schedule as the Queue page reads it: its own, or the organization's default it follows. */
export const zQueueSchedule = z.object({
  accountId: z.string(),
  network: z.string(),
  name: z.string(),
  /** null until a schedule (its own or the default) says a zone. */
  timeZone: z.string().nullable(),
  paused: z.boolean(),
  slots: z.array(zQueueSlot),
  /** false: the account follows the organization's default schedule (and its changes). */
  own: z.boolean(),
});
export type TQueueSchedule = z.infer<typeof zQueueSchedule>;

/** The organization's default schedule, which accounts without one of their own follow. */
export const zQueueDefault = z.object({ timeZone: z.string().nullable(), slots: z.array(zQueueSlot) });
export type TQueueDefault = z.infer<typeof zQueueDefault>;

/** POST /api/queue/schedules/:accountId/copy: the account's slots (and zone) given to these accounts. */
export const zQueueCopy = z.strictObject({
  accountIds: z.array(z.string().trim().min(1).max(64)).min(1, 'Choose at least one account').max(50),
});

export const QUEUE_SCHEDULE_MSG = {
  listed: 'Posting schedules',
  copied: (n: number) => `Time slots copied to ${n} account${n === 1 ? '' : 's'}`,
  reset: 'This account now follows the default schedule',
  defaultSaved: 'Default posting schedule saved',
  ownersOnly: 'Only the account owner can change the default schedule',
} as const;

/** The Queue page's calls (the envelope's `response`). */
export const QUEUE_RESPONSES = {
  'GET /queue/schedules': z.object({ default: zQueueDefault, accounts: z.array(zQueueSchedule) }),
  'PUT /queue/schedules/:accountId': zQueueSchedule,
  'DELETE /queue/schedules/:accountId': zQueueSchedule,
  'POST /queue/schedules/:accountId/copy': z.array(zQueueSchedule),
  'PUT /queue/default': zQueueDefault,
} as const;

/** How many coming slots the Queue page shows per account at most (its queued posts are always all shown). */
export const QUEUE_UPCOMING_MAX = 30;

/** One line of an account's queue: a coming slot with its post, an empty slot, or a queued post off the slots. */
export const zQueueItem = z.object({
  at: z.string(),
  /** queued: a post added to the queue; scheduled: a post scheduled by hand at a slot's time; empty: a free slot. */
  kind: z.enum(['queued', 'scheduled', 'empty']),
  post: z
    .object({
      id: z.string(),
      caption: z.string(),
      thumbnail: z.string().nullable(),
      /** scheduled, or paused (the post, or the queue) */
      state: z.string(),
      /** other accounts the post also goes to (each at its own slot) */
      alsoOn: z.number().int(),
    })
    .nullable(),
});
export type TQueueItem = z.infer<typeof zQueueItem>;

/** GET /api/queue/:accountId: an account's coming slots and its queued posts, earliest first. */
export const zQueueView = z.object({
  accountId: z.string(),
  timeZone: z.string().nullable(),
  paused: z.boolean(),
  items: z.array(zQueueItem),
});
export type TQueueView = z.infer<typeof zQueueView>;

/** POST /api/queue/:accountId/move: a queued post one place up (sooner) or down (later) in the account's queue. */
export const zQueueMove = z.strictObject({
  postId: z.string().trim().min(1).max(64),
  direction: z.enum(['up', 'down'], { error: 'direction must be up or down' }),
});

export const QUEUE_POST_MSG = {
  read: 'Queue',
  moved: 'Queue order changed',
  first: 'This post is already first in the queue',
  last: 'This post is already last in the queue',
  notQueued: 'This post is not in this account’s queue',
  takenOut: 'Post taken out of the queue',
  sharedNow: 'Post sent now: the others keep their slots',
} as const;

export const QUEUE_POST_RESPONSES = {
  'GET /queue/:accountId': zQueueView,
  'POST /queue/:accountId/move': zQueueView,
  'DELETE /queue/:accountId/posts/:postId': zQueueView,
  'POST /queue/:accountId/posts/:postId/share-now': zQueueView,
} as const;
