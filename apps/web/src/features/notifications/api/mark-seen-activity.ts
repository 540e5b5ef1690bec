import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { STORAGE_KEYS } from '../../../lib/auth-storage';
import { CURRENT_USER_KEY, type TCurrentUser } from '../../../lib/use-current-user';
import { logActivityError } from './activities';

/** PUT activity/markSeenActivity: the bell or a notification was clicked, so the unseen count goes back to 0. */
export async function markSeenActivity() {
  return api.put('activity/markSeenActivity');
}

/** Marks everything seen: the bell's badge and the stored count go to 0 at once; a failure is only logged. */
export function useMarkSeenActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markSeenActivity,
    onMutate: () => {
      localStorage.setItem(STORAGE_KEYS.notificationCount, '0');
      queryClient.setQueryData<TCurrentUser>(CURRENT_USER_KEY, (user) => (user ? { ...user, UnseenNotifsCount: 0 } : user));
    },
    onError: (err) => logActivityError('marking the notifications seen', err),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
  });
}
