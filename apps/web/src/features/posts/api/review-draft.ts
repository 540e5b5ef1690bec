import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPostResult } from '@virality/domain';
import { sph } from '../../../lib/api-client';

export type TReview = { CommonPostID: string; Decision: 'approve' | 'sendBack'; Remark?: string };

/** POST drafts/review-draft/: the owner approves a manager's draft (posted or scheduled) or sends it back with a remark. */
export async function reviewDraft(body: TReview): Promise<{ message: string; result: TPostResult }> {
  const res = await sph.post<TPostResult>('drafts/review-draft/', body);
  return { message: res.message, result: res.response };
}

export function useReviewDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewDraft,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['posts'] }),
  });
}
