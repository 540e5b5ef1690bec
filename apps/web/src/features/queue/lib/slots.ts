import { QUEUE_MSG, QUEUE_SLOTS_MAX, sortSlots, type TQueueSlot, zQueueSlot } from '@virality/domain';

/** The week as the editor lists it: Monday first (a slot's day stays 0 Sunday … 6 Saturday). */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/** Each day of the week (Monday first) with its times, earliest first. */
export function slotsByDay(slots: readonly TQueueSlot[]): { day: number; times: string[] }[] {
  const sorted = sortSlots(slots);
  return WEEK_ORDER.map((day) => ({ day, times: sorted.filter((s) => s.day === day).map((s) => s.time) }));
}

const same = (a: TQueueSlot, b: TQueueSlot) => a.day === b.day && a.time === b.time;

/** A slot added, or why not, in the app's words (the same rules the server applies). */
export function addSlot(slots: readonly TQueueSlot[], slot: TQueueSlot): { slots: TQueueSlot[] } | { error: string } {
  const parsed = zQueueSlot.safeParse(slot);
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? QUEUE_MSG.timeInvalid };
  if (slots.some((s) => same(s, slot))) return { error: QUEUE_MSG.duplicateSlot };
  if (slots.length >= QUEUE_SLOTS_MAX) return { error: QUEUE_MSG.tooManySlots };
  return { slots: sortSlots([...slots, parsed.data]) };
}

export const removeSlot = (slots: readonly TQueueSlot[], slot: TQueueSlot): TQueueSlot[] => slots.filter((s) => !same(s, slot));

/** Suggested times added to the slots being edited, skipping those already there (and any past the week's limit). */
export function addSuggested(
  slots: readonly TQueueSlot[],
  times: readonly { day: number; time: string }[],
): { slots: TQueueSlot[]; added: number } {
  let out = [...slots];
  let added = 0;
  for (const t of times) {
    const next = addSlot(out, { day: t.day, time: t.time });
    if ('slots' in next) {
      out = next.slots;
      added++;
    }
  }
  return { slots: sortSlots(out), added };
}

/** Whether two schedules hold the same slots (in any order). */
export function sameSlots(a: readonly TQueueSlot[], b: readonly TQueueSlot[]): boolean {
  if (a.length !== b.length) return false;
  const key = (s: TQueueSlot) => `${s.day} ${s.time}`;
  const bs = new Set(b.map(key));
  return a.every((s) => bs.has(key(s)));
}

/** The zones a schedule may be on: the browser's list (with UTC), and the one in use if the list lacks it. */
export function timeZoneOptions(current: string | null): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  const all = new Set(['UTC', ...zones]);
  if (current) all.add(current);
  return [...all].sort((a, b) => (a === 'UTC' ? -1 : b === 'UTC' ? 1 : a.localeCompare(b)));
}
