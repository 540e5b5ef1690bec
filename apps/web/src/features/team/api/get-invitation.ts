import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type TInvitation = { name: string | null; email: string | null };

/** GET bussiness/invitation?token (public): who an invitation link is for. */
export async function getInvitation(token: string): Promise<TInvitation> {
  const res = await api.get<TInvitation>('bussiness/invitation', { token });
  return { name: res.response?.name ?? null, email: res.response?.email ?? null };
}

export function useInvitation(token: string) {
  return useQuery({ queryKey: ['team', 'invitation', token], queryFn: () => getInvitation(token), enabled: !!token });
}
