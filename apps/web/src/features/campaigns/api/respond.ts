import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TApiResponse, TCampaignDetail } from '@virality/domain';
import { ApiError, apiCall } from '../../../lib/api-client';
import { CAMPAIGNS_KEY, campaignKeys } from './keys';

export type TAnswer = {
  id: string;
  accept: boolean;
  /**
   * The terms' setAt the influencer read ('' when they read none): the server refuses the answer (409) when the
   * terms are not those any more. Left out, the answer is taken whatever the terms.
   */
  termsAt?: string;
};

/** POST campaigns/:id/respond {accept, termsAt?}: a tagged influencer accepts or declines; the campaign as it now stands. */
export async function respondToCampaign({ id, accept, termsAt }: TAnswer): Promise<TCampaignDetail> {
  return (
    await apiCall<TApiResponse<'POST /campaigns/:id/respond'>>(`campaigns/${encodeURIComponent(id)}/respond`, {
      method: 'POST',
      body: termsAt === undefined ? { accept } : { accept, termsAt },
    })
  ).response;
}

/** The server refused an answer because the terms changed since they were read (or there are terms not read). */
export const isTermsConflict = (err: unknown) => err instanceof ApiError && err.status === 409;

/** Accept or decline any campaign (the tagged list answers several); terms changed meanwhile read the campaign again. */
export function useRespond() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: respondToCampaign,
    onSuccess: (campaign) => {
      client.setQueryData(campaignKeys.one(campaign._id), campaign);
      void client.invalidateQueries({ queryKey: CAMPAIGNS_KEY });
    },
    onError: (err, { id }) => {
      if (isTermsConflict(err)) void client.invalidateQueries({ queryKey: campaignKeys.one(id) });
    },
  });
}
