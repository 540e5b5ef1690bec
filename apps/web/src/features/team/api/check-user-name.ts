import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type TUserNameCheck = { isExist: boolean; genData: string[] };

/**
 * POST user/checkUserName {userName, excludeUserId: null}: whether the name is taken by anyone (the
 * owner's own name included), and free suggestions (genData).
 */
export async function checkUserName(userName: string): Promise<TUserNameCheck> {
  const res = await api.post<TUserNameCheck>('user/checkUserName', { userName, excludeUserId: null });
  return { isExist: !!res.response?.isExist, genData: res.response?.genData ?? [] };
}

/** Availability of `userName`; idle while `enabled` is false (pass the debounced, locally valid value). */
export function useUserNameCheck(userName: string, enabled: boolean) {
  return useQuery({
    queryKey: ['team', 'check-user-name', userName],
    queryFn: () => checkUserName(userName),
    enabled: enabled && userName.length > 0,
    staleTime: 30_000,
    gcTime: 60_000,
  });
}
