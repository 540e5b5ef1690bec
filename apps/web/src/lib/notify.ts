import { notifications } from '@mantine/notifications';

const AUTO_CLOSE_MS = 4000;

/** A green toast that closes after 4 s. */
export function notifySuccess(message: string): void {
  notifications.show({ message, color: 'green', autoClose: AUTO_CLOSE_MS });
}

/** A red toast that closes after 4 s. */
export function notifyError(message: string): void {
  notifications.show({ message, color: 'red', autoClose: AUTO_CLOSE_MS });
}
