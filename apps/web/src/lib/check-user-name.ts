import { useQuery } from '@tanstack/react-query';
import type { TUserNameCheck } from '@virality/domain';
import { api } from './api-client';

/**
 * POST user/checkUserName {userName[, excludeUserId]}: whether the name is taken, and free suggestions
 * (genData). `excludeUserId` says whose saved name counts as free, and is sent only when defined, since
 * the server reads a missing one and a null one differently:
 * - omitted: the caller's own name is free (a user choosing their own name);
 * - `null`: nobody's name is free, the caller's included (an owner naming a sub-user);
 * - an id: that user's name is free.
 */
export async function checkUserName(userName: string, excludeUserId?: string | null): Promise<TUserNameCheck> {
  const body = excludeUserId === undefined ? { userName } : { userName, excludeUserId };
  const res = await api.post('user/checkUserName', body);
  return { isExist: !!res.response?.isExist, genData: res.response?.genData ?? [] };
}

/**
 * The cache key of one check. `{ excludeUserId }` hashes to `{}` when it is undefined and to
 * `{"excludeUserId":null}` when null, so the two readings never share an answer.
 */
export const userNameCheckKey = (userName: string, excludeUserId?: string | null) =>
  ['check-user-name', userName, { excludeUserId }] as const;

/** Availability of `userName`; idle while `enabled` is false (pass the debounced, locally valid value). */
export function useUserNameCheck(userName: string, enabled: boolean, excludeUserId?: string | null) {
  return useQuery({
    queryKey: userNameCheckKey(userName, excludeUserId),
    queryFn: () => checkUserName(userName, excludeUserId),
    enabled: enabled && userName.length > 0,
    staleTime: 30_000,
    gcTime: 60_000,
  });
}
