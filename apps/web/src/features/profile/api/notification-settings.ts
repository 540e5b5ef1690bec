import { useMutation, useQuery } from '@tanstack/react-query';
import type { TNotificationSettings, TNotificationSettingsUpdate } from '@virality/domain';
import { api } from '../../../lib/api-client';

export const NOTIFICATION_SETTINGS_KEY = ['notification-settings'] as const;

/** GET user/notificationSettings: the logged-in user's four switches. */
export async function getNotificationSettings(): Promise<TNotificationSettings> {
  return (await api.get('user/notificationSettings')).response;
}

/** PUT user/notificationSettings: changes the switches named; resolves to all four as saved. */
export async function saveNotificationSettings(body: TNotificationSettingsUpdate): Promise<TNotificationSettings> {
  return (await api.put('user/notificationSettings', body)).response;
}

export function useNotificationSettings() {
  return useQuery({ queryKey: NOTIFICATION_SETTINGS_KEY, queryFn: getNotificationSettings });
}

/**
 * One switch at a time, in the order they were flipped (one mutation scope): a quick on-off-on of a switch
 * reaches the server in that order, so what it keeps is what the page shows last.
 */
export function useSaveNotificationSettings(handlers: {
  onSuccess: (answer: TNotificationSettings) => void;
  onError: (err: Error) => void;
  onSettled: (sent: TNotificationSettingsUpdate) => void;
}) {
  return useMutation({
    mutationFn: saveNotificationSettings,
    scope: { id: 'notification-settings' },
    // on the mutation, not on each mutate(): every flip is answered, not only the newest
    onSuccess: (answer) => handlers.onSuccess(answer),
    onError: (err) => handlers.onError(err),
    onSettled: (_answer, _err, sent) => handlers.onSettled(sent),
  });
}
