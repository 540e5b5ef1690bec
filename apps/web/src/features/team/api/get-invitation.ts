import { useQuery } from '@tanstack/react-query';
import type { TInvitation } from '@virality/domain';
import { api } from '../../../lib/api-client';

/** GET bussiness/invitation?token (public): who an invitation link is for. */
export async function getInvitation(token: string): Promise<TInvitation> {
  const res = await api.get('bussiness/invitation', { token });
  return { name: res.response?.name ?? null, email: res.response?.email ?? null };
}

export function useInvitation(token: string) {
  return useQuery({ queryKey: ['team', 'invitation', token], queryFn: () => getInvitation(token), enabled: !!token });
}
