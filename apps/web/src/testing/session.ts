import type { QueryClient } from '@tanstack/react-query';
import type { TProfileType, TUser } from '@virality/domain';
import { STORAGE_KEYS } from '../lib/auth-storage';
import { CURRENT_USER_KEY, type TCurrentUser } from '../lib/use-current-user';

/** A token whose `exp` claim is `expSeconds` (signature irrelevant to the browser). */
export const fakeToken = (expSeconds: number) => `h.${btoa(JSON.stringify({ exp: expSeconds }))}.s`;

/** Stores a session (a token valid for an hour unless given), so calls carry a token and guards let the user in. */
export function storeSession(
  role: TProfileType,
  { token = fakeToken(Math.floor(Date.now() / 1000) + 3600), userId = 'u1' }: { token?: string; userId?: string } = {},
): void {
  localStorage.setItem(STORAGE_KEYS.token, token);
  localStorage.setItem(STORAGE_KEYS.role, role);
  localStorage.setItem(STORAGE_KEYS.userId, userId);
}

/** A user at the start of registration (no name, username or completed profile yet). */
export function makeUser(overrides: Partial<TUser> = {}): TUser {
  return {
    _id: 'u1',
    sphUserId: null,
    orgId: null,
    name: null,
    userName: null,
    profileImage: null,
    backgroundColor: null,
    profileType: 'INFLUENCER',
    profileCompleted: false,
    authType: 'LOCAL',
    paymentStatus: false,
    viralityLevel: 'Maker',
    email: 'ana@example.com',
    emailVerified: true,
    mobileNumber: null,
    phoneCode: null,
    mobileVerified: false,
    gender: null,
    pronouns: null,
    dateOfBirth: null,
    industryType: null,
    companySize: null,
    companyName: null,
    numOfInflunecer: null,
    associatedIMCCode: null,
    paypalId: null,
    paymentWallet: { amount: 0, currency: 'USD' },
    address: { addressLine: null, city: null, state: null, pinCode: null, country: null },
    companyAddress: null,
    interested: [],
    socialLinks: {},
    subscriptionDetails: null,
    subscriptionStatus: null,
    totalPoints: 0,
    userStatus: true,
    createdAt: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** Puts a registered user (Ana Silva, @ana) in the query cache as the logged-in user, without a fetch. */
export function seedUser(queryClient: QueryClient, overrides: Partial<TCurrentUser> = {}) {
  const user: TCurrentUser = {
    ...makeUser({ name: 'Ana Silva', userName: 'ana', profileCompleted: true }),
    UnseenNotifsCount: 0,
    ...overrides,
  };
  queryClient.setQueryData(CURRENT_USER_KEY, user);
  return user;
}
