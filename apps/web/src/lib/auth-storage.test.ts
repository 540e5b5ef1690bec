import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, mockFetch, ok, storeSession } from '../testing';
import { clearSession, readSession, STORAGE_KEYS, saveSession } from './auth-storage';
import { getUserStatus } from './use-current-user';

const role = (roleName: string) => ({ _id: 'r1', roleName, status: true, permission: [] });
const authOf = (user = makeUser()) => ({ accessToken: 'h.e30.s', profileType: user.profileType, expiresAt: '', userData: user });

describe('the stored session keeps the role name', () => {
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it("a business manager's login keeps its role name with the session, and logout clears it", () => {
    saveSession(authOf(makeUser({ profileType: 'BUSINESS_MANAGER', businessRoleId: role('Social lead') })));
    expect(localStorage.getItem(STORAGE_KEYS.roleName)).toBe('Social lead');
    expect(readSession()?.roleName).toBe('Social lead');
    clearSession();
    expect(localStorage.getItem(STORAGE_KEYS.roleName)).toBeNull();
  });

  it('any other account has no role name, and a login leaves none from an earlier session', () => {
    localStorage.setItem(STORAGE_KEYS.roleName, 'Old role');
    saveSession(authOf(makeUser({ profileType: 'BUSINESS' })));
    expect(readSession()?.roleName).toBeNull();
  });

  it('the status check keeps it current when the owner renames or changes the role', async () => {
    storeSession('BUSINESS_MANAGER');
    localStorage.setItem(STORAGE_KEYS.roleName, 'Social lead');
    mockFetch(() =>
      ok({ result: { ...makeUser({ profileType: 'BUSINESS_MANAGER', businessRoleId: role('Analyst') }), UnseenNotifsCount: 0 } }),
    );
    await getUserStatus();
    expect(readSession()?.roleName).toBe('Analyst');
  });
});
