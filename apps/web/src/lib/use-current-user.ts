import { useQuery } from '@tanstack/react-query';
import type { TUserStatus } from '@virality/domain';
import { api } from './api-client';
import { readSession, STORAGE_KEYS, saveRoleName } from './auth-storage';

export type TCurrentUser = TUserStatus['result'];

export const CURRENT_USER_KEY = ['user-status'] as const;

/** GET user/getUserStatus: the logged-in user with the unseen-notification count. */
export async function getUserStatus(): Promise<TCurrentUser> {
  const res = await api.get('user/getUserStatus');
  const user = res.response.result;
  localStorage.setItem(STORAGE_KEYS.notificationCount, String(user.UnseenNotifsCount ?? 0));
  // a status that answers after a logout writes nothing back
  if (readSession()) saveRoleName(user.businessRoleId?.roleName ?? null);
  return user;
}

/** The logged-in user (react-query key ['user-status']); idle without a stored session, and for an admin (no profile). */
export function useCurrentUser() {
  const session = readSession();
  return useQuery({ queryKey: CURRENT_USER_KEY, queryFn: getUserStatus, enabled: !!session && session.role !== 'ADMIN' });
}
