/**
 * Below this width (a phone, with the bottom tab bar) toasts come one at a time, at the bottom. Kept apart
 * from notify.ts so the toasts' host can read it without loading the toast library on the first paint.
 */
export const NARROW_SCREEN = '(max-width: 820px)';
