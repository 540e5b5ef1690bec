import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { TUser } from '@virality/domain';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { STORAGE_KEYS } from '../../lib/auth-storage';

/** Browser APIs Mantine needs that jsdom lacks (only when the shared test setup has not added them). */
export function polyfillBrowser(): void {
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  if (typeof window.ResizeObserver === 'undefined') {
    window.ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
  }
  if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
}

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
    address: { addressLine: null, city: null, state: null, pinCode: null, country: null },
    companyAddress: null,
    interested: [],
    socialLinks: {},
    subscriptionDetails: null,
    totalPoints: 0,
    userStatus: true,
    createdAt: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** Stores a session so useCurrentUser asks the (mocked) server. */
export function storeSession(user: TUser): void {
  localStorage.setItem(STORAGE_KEYS.token, 'test-token');
  localStorage.setItem(STORAGE_KEYS.role, user.profileType);
  localStorage.setItem(STORAGE_KEYS.userId, user._id);
}

export type TMockCall = { method: string; path: string; query: URLSearchParams; body: unknown };
type THandler = (call: TMockCall) => { status?: number; body: unknown } | undefined;

/**
 * Replaces fetch: `handler` answers `{status, body}` (body is the whole envelope) or undefined for a
 * 404. Every call is recorded in the returned list.
 */
export function mockFetch(handler: THandler): TMockCall[] {
  const calls: TMockCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const rawBody = init?.body;
      const call: TMockCall = {
        method: init?.method ?? 'GET',
        path: url.pathname.replace(/^\/api\//, ''),
        query: url.searchParams,
        body: typeof rawBody === 'string' ? JSON.parse(rawBody) : rawBody,
      };
      calls.push(call);
      const answer = handler(call) ?? { status: 404, body: { status: false, message: 'Not found', response: null } };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

export const ok = (response: unknown) => ({ body: { status: true, message: 'ok', response } });

/** Where the router is, and the state it was given. */
function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname}
    </output>
  );
}

/** Renders a page at `path` with Mantine, a fresh query client and a router that shows where it went. */
export function renderPage(path: string, page: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={path} element={page} />
            <Route path="*" element={<LocationProbe />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
