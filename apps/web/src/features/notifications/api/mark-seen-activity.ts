import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CURRENT_USER_KEY } from '../../../lib/use-current-user';

/** PUT activity/markSeenActivity: the bell was clicked, so the unseen count goes back to 0. */
export async function markSeenActivity() {
  return api.put('activity/markSeenActivity');
}

export function useMarkSeenActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markSeenActivity,
    onSettled: () => queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
  });
}
