import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { createElement } from 'react';
import { NARROW_SCREEN } from './toast-layout';

/** Successes stay 4 s; errors 8 s, long enough to read a sentence. */
export const SUCCESS_MS = 4000;
export const ERROR_MS = 8000;
/** The toast's close button needs a name (axe button-name). */
export const TOAST_CLOSE_PROPS = { 'aria-label': 'Close notification' };

/**
 * One style for every message: the words as given (the spec's, or the server's), starting with a capital
 * ('address saved successfully' → 'Address saved successfully'), with no space around.
 */
export function toastText(message: string): string {
  const text = message.trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function show(message: string, color: 'green' | 'red', autoClose: number, icon: typeof IconCircleCheck): void {
  // On a phone the newest message replaces the one shown, so toasts never pile up over the page.
  if (typeof window !== 'undefined' && window.matchMedia?.(NARROW_SCREEN).matches) notifications.clean();
  notifications.show({
    message: toastText(message),
    color,
    autoClose,
    withBorder: true,
    icon: createElement(icon, { size: 18, 'aria-hidden': true }),
    closeButtonProps: TOAST_CLOSE_PROPS,
  });
}

/**
 * A green toast with a check, closed after 4 s: for an outcome the user should hear about after the page
 * has moved on (a form's own errors belong on the form: see components/form-error-alert).
 */
export function notifySuccess(message: string): void {
  show(message, 'green', SUCCESS_MS, IconCircleCheck);
}

/** A red toast with a warning sign, closed after 8 s: only for errors that have no form to show them on. */
export function notifyError(message: string): void {
  show(message, 'red', ERROR_MS, IconAlertTriangle);
}
