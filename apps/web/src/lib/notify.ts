import { notifications } from '@mantine/notifications';

const AUTO_CLOSE_MS = 4000;
/** The toast's close button needs a name (axe button-name). */
export const TOAST_CLOSE_PROPS = { 'aria-label': 'Close notification' };

/** A green toast that closes after 4 s. */
export function notifySuccess(message: string): void {
  notifications.show({ message, color: 'green', autoClose: AUTO_CLOSE_MS, closeButtonProps: TOAST_CLOSE_PROPS });
}

/** A red toast that closes after 4 s. */
export function notifyError(message: string): void {
  notifications.show({ message, color: 'red', autoClose: AUTO_CLOSE_MS, closeButtonProps: TOAST_CLOSE_PROPS });
}
