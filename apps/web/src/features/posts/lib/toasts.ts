import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { createElement, type ReactNode } from 'react';
import { TOAST_CLOSE_PROPS } from '../../../lib/notify';

/** The spec's toast lengths: 3 s for a date error, 5 s for a post's result, 9 s for the video hint, 8 s other errors. */
export const TOAST_MS = { date: 3000, result: 5000, videoHint: 9000, error: 8000 } as const;

const ICONS = { green: IconCircleCheck, red: IconAlertTriangle, orange: IconInfoCircle } as const;

/** A toast with its icon and border (never colour alone), closed after `autoClose` ms. */
export function toast(message: ReactNode, color: keyof typeof ICONS, autoClose: number, id?: string): void {
  notifications.show({
    id,
    message,
    color,
    autoClose,
    withBorder: true,
    icon: createElement(ICONS[color], { size: 18, 'aria-hidden': true }),
    closeButtonProps: TOAST_CLOSE_PROPS,
  });
}
