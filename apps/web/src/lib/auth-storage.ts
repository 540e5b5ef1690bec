import type { TAccountType, TAuthResult } from '@virality/domain';

/** Local-storage keys; the mobile and web clients share them. */
export const STORAGE_KEYS = {
  token: 'virality-auth-token',
  userId: 'userId',
  viralityUserId: 'virality-user-id',
  role: 'virality-role-type',
  orgId: 'orgId',
  sphUserId: 'sphUserId',
  notificationCount: 'notificationCount',
  /** A business manager's role (e.g. 'Social lead'); absent for every other account. */
  roleName: 'roleName',
} as const;

export type TStoredSession = {
  token: string;
  /** The account's type: a profile type, or ADMIN (the console's). */
  role: TAccountType;
  userId: string;
  orgId: string | null;
  sphUserId: string | null;
  /** The business manager's role name; null for the other account types. */
  roleName: string | null;
};

export function saveSession(auth: TAuthResult): void {
  localStorage.setItem(STORAGE_KEYS.token, auth.accessToken);
  localStorage.setItem(STORAGE_KEYS.role, auth.profileType);
  localStorage.setItem(STORAGE_KEYS.userId, auth.userData._id);
  localStorage.setItem(STORAGE_KEYS.viralityUserId, auth.userData._id);
  if (auth.userData.orgId) localStorage.setItem(STORAGE_KEYS.orgId, auth.userData.orgId);
  if (auth.userData.sphUserId) localStorage.setItem(STORAGE_KEYS.sphUserId, auth.userData.sphUserId);
  saveRoleName(auth.userData.businessRoleId?.roleName ?? null);
}

/** Keeps the session's role name as the server last said it (the owner may rename or change the role). */
export function saveRoleName(roleName: string | null): void {
  if (roleName) localStorage.setItem(STORAGE_KEYS.roleName, roleName);
  else localStorage.removeItem(STORAGE_KEYS.roleName);
}

export function saveSphIds(orgId: string, sphUserId: string): void {
  localStorage.setItem(STORAGE_KEYS.orgId, orgId);
  localStorage.setItem(STORAGE_KEYS.sphUserId, sphUserId);
}

export function readSession(): TStoredSession | null {
  // the build renders the public pages ahead of time, where there is no browser and so no session
  if (typeof localStorage === 'undefined') return null;
  const token = localStorage.getItem(STORAGE_KEYS.token);
  const role = localStorage.getItem(STORAGE_KEYS.role) as TAccountType | null;
  const userId = localStorage.getItem(STORAGE_KEYS.userId);
  if (!token || !role || !userId) return null;
  return {
    token,
    role,
    userId,
    orgId: localStorage.getItem(STORAGE_KEYS.orgId),
    sphUserId: localStorage.getItem(STORAGE_KEYS.sphUserId),
    roleName: localStorage.getItem(STORAGE_KEYS.roleName),
  };
}

export function clearSession(): void {
  for (const key of Object.values(STORAGE_KEYS)) localStorage.removeItem(key);
}

/** The token's expiry in ms, read from its `exp` claim; null when it cannot be read. */
export function tokenExpiresAtMs(token: string): number | null {
  try {
    const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    return typeof payload.exp === 'number' ? payload.exp * 1000 : null;
  } catch {
    return null;
  }
}
