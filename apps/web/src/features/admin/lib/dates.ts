/** A moment as the console shows it: 26 Nov 2026, 20:35 (the browser's zone); '—' for none. */
export const formatWhen = (iso: string | null): string =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '—';

/** A day as the console shows it: 26 Nov 2026. */
export const formatDay = (iso: string): string => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });
