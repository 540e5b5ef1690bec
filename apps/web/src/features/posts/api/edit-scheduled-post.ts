import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { zEditScheduledBody } from '@virality/domain';
import type { z } from 'zod';
import { sph } from '../../../lib/api-client';

export type TEditScheduled = z.input<typeof zEditScheduledBody>;

/** PUT edit_scheduled_post/: reschedule (ScheduledDate, ScheduledTime in UTC), pause or resume, or delete; the server's message. */
export async function editScheduledPost(body: TEditScheduled): Promise<string> {
  return (await sph.put<null>('edit_scheduled_post/', body)).message;
}

/** The edit, then every list of posts reads again. */
export function useEditScheduledPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editScheduledPost,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['posts'] }),
  });
}
