import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TApiResponse } from '@virality/domain';
import { apiCall } from '../../../lib/api-client';
import { CAMPAIGNS_KEY } from './keys';

/**
 * PUT or DELETE campaigns/mutes/:ownerId: an influencer mutes a campaign owner (their tags are still listed, never
 * notified) or unmutes them. Answers the server's words.
 */
export async function setOwnerMuted(ownerId: string, muted: boolean): Promise<string> {
  const path = `campaigns/mutes/${encodeURIComponent(ownerId)}`;
  const res = muted
    ? await apiCall<TApiResponse<'PUT /campaigns/mutes/:ownerId'>>(path, { method: 'PUT' })
    : await apiCall<TApiResponse<'DELETE /campaigns/mutes/:ownerId'>>(path, { method: 'DELETE' });
  return res.message;
}

/** Mute or unmute; every campaign read again (each carries whether its owner is muted). */
export function useMuteOwner() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ ownerId, muted }: { ownerId: string; muted: boolean }) => setOwnerMuted(ownerId, muted),
    onSuccess: () => void client.invalidateQueries({ queryKey: CAMPAIGNS_KEY }),
  });
}
