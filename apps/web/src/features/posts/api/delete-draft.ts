import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sph } from '../../../lib/api-client';

/** PUT drafts/delete-draft/ {CommonPostID, IsActive: false}: the server's message. */
export async function deleteDraft(CommonPostID: string): Promise<string> {
  return (await sph.put<null>('drafts/delete-draft/', { CommonPostID, IsActive: false })).message;
}

export function useDeleteDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDraft,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['posts'] }),
  });
}
