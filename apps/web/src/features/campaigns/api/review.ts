import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TApiResponse, TCampaignDetail, TCampaignPostPreview } from '@virality/domain';
import { apiCall } from '../../../lib/api-client';
import { postNow } from '../../posts/api/post-now';
import { CAMPAIGNS_KEY, campaignKeys } from './keys';

const base = (id: string) => `campaigns/${encodeURIComponent(id)}`;

/** GET campaigns/:id/posts/:postId: a post made for the campaign, whole (its text, media, accounts, review steps). */
export async function getCampaignPost(id: string, postId: string): Promise<TCampaignPostPreview> {
  return (await apiCall<TApiResponse<'GET /campaigns/:id/posts/:postId'>>(`${base(id)}/posts/${encodeURIComponent(postId)}`))
    .response;
}

export const campaignPostKey = (id: string, postId: string) => [...campaignKeys.one(id), 'post', postId] as const;

/** The post under review; idle while `postId` is null (the dialog closed). */
export function useCampaignPost(id: string, postId: string | null) {
  return useQuery({
    queryKey: campaignPostKey(id, postId ?? ''),
    queryFn: () => getCampaignPost(id, postId ?? ''),
    enabled: Boolean(postId),
  });
}

export type TReviewAnswer = { approve: true } | { approve: false; remark: string };

/**
 * POST campaigns/:id/posts/:postId/review {approve, remark?}: the owner approves a post (it goes out as its author
 * meant) or asks for changes with a remark. The campaign as it now stands and the server's words.
 */
export async function reviewCampaignPost(
  id: string,
  postId: string,
  answer: TReviewAnswer,
): Promise<{ campaign: TCampaignDetail; message: string }> {
  const res = await apiCall<TApiResponse<'POST /campaigns/:id/posts/:postId/review'>>(
    `${base(id)}/posts/${encodeURIComponent(postId)}/review`,
    { method: 'POST', body: answer },
  );
  return { campaign: res.response, message: res.message };
}

export function useReviewPost(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, answer }: { postId: string; answer: TReviewAnswer }) => reviewCampaignPost(id, postId, answer),
    onSuccess: ({ campaign }) => {
      client.setQueryData(campaignKeys.one(id), campaign);
      void client.invalidateQueries({ queryKey: CAMPAIGNS_KEY });
      // an approved post is on its way: the posts' lists read it again
      void client.invalidateQueries({ queryKey: ['posts'] });
    },
  });
}

/** PUT campaigns/:id/approval {required}: whether posts made for it wait for the owner's approval. */
export async function setApprovalRequired(
  id: string,
  required: boolean,
): Promise<{ campaign: TCampaignDetail; message: string }> {
  const res = await apiCall<TApiResponse<'PUT /campaigns/:id/approval'>>(`${base(id)}/approval`, {
    method: 'PUT',
    body: { required },
  });
  return { campaign: res.response, message: res.message };
}

export function useSetApproval(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (required: boolean) => setApprovalRequired(id, required),
    onSuccess: ({ campaign }) => {
      client.setQueryData(campaignKeys.one(id), campaign);
      void client.invalidateQueries({ queryKey: CAMPAIGNS_KEY });
    },
  });
}

/**
 * The influencer sends a post the owner asked changes to again (the "post now" call of a draft, which for a campaign
 * that approves content goes back to its owner): the server's words.
 */
export function useResendPost(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (postId: string) => (await postNow({ CommonPostID: postId })).message,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: campaignKeys.one(id) });
      void client.invalidateQueries({ queryKey: ['posts'] });
    },
  });
}
