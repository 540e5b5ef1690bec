import { QUEUE_DAY_NAMES } from '@virality/domain';

/** The browser's time zone (UTC when it cannot say). */
export function browserZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(zone: string): Intl.DateTimeFormat {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: zone,
    });
    formats.set(zone, f);
  }
  return f;
}

/** A moment on a zone's wall clock (the browser's when null): 'Tue 11 May, 09:00'. */
export function momentText(at: string | Date, zone: string | null): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  try {
    return formatIn(zone ?? browserZone()).format(date);
  } catch {
    return formatIn('UTC').format(date);
  }
}

/** ' (Europe/Berlin)' when times are on another zone than the browser's, so a time is never read on the wrong clock. */
export const zoneNote = (zone: string | null): string => (zone && zone !== browserZone() ? ` (${zone})` : '');

/** A weekly slot in short: 'Tue 09:00'. */
export const slotShort = (s: { day: number; time: string }): string => `${(QUEUE_DAY_NAMES[s.day] ?? '').slice(0, 3)} ${s.time}`;
