import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { TProfileType, TUser } from '@virality/domain';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider, useLocation } from 'react-router';
import { STORAGE_KEYS } from '../lib/auth-storage';
import { CURRENT_USER_KEY, type TCurrentUser } from '../lib/use-current-user';

export const testQueryClient = () =>
  new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY }, mutations: { retry: false } },
  });

export function renderUi(ui: ReactNode, queryClient: QueryClient = testQueryClient()) {
  return render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );
}

/** Shows the path the router ended on. */
export function WhereAmI() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

export function renderRoutes(routes: RouteObject[], path: string, queryClient: QueryClient = testQueryClient()) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return renderUi(<RouterProvider router={router} />, queryClient);
}

/** A token whose `exp` claim is `expSeconds` (signature irrelevant to the browser). */
export const fakeToken = (expSeconds: number) => `h.${btoa(JSON.stringify({ exp: expSeconds }))}.s`;

export function storeSession(role: TProfileType, token = fakeToken(Math.floor(Date.now() / 1000) + 3600)) {
  localStorage.setItem(STORAGE_KEYS.token, token);
  localStorage.setItem(STORAGE_KEYS.role, role);
  localStorage.setItem(STORAGE_KEYS.userId, 'u1');
}

export function seedUser(queryClient: QueryClient, overrides: Partial<TUser & { UnseenNotifsCount: number }> = {}) {
  const user: TCurrentUser = {
    _id: 'u1',
    sphUserId: null,
    orgId: null,
    name: 'Ana Silva',
    userName: 'ana',
    profileImage: null,
    backgroundColor: null,
    profileType: 'INFLUENCER',
    profileCompleted: true,
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
    address: { addressLine: null, city: null, state: null, pinCode: null, country: null },
    companyAddress: null,
    interested: [],
    socialLinks: {},
    subscriptionDetails: null,
    totalPoints: 0,
    userStatus: true,
    createdAt: '2024-01-01T00:00:00.000Z',
    UnseenNotifsCount: 0,
    ...overrides,
  };
  queryClient.setQueryData(CURRENT_USER_KEY, user);
  return user;
}
