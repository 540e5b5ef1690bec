import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { STORAGE_KEYS } from '../../lib/auth-storage';

export type TMockCall = { method: string; path: string; query: URLSearchParams; body: unknown };
type THandler = (call: TMockCall) => { status?: number; body: unknown } | undefined;

/** Replaces fetch: `handler` answers `{status, body}` (the whole envelope) or undefined for a 404. Calls are recorded. */
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

export const ok = (response: unknown, message = 'ok') => ({ body: { status: true, message, response } });
export const fail = (status: number, message: string, response: unknown = null) => ({
  status,
  body: { status: false, message, response },
});

/** A stored BUSINESS session, so calls carry a token. */
export function storeBusinessSession(): void {
  localStorage.setItem(STORAGE_KEYS.token, 'test-token');
  localStorage.setItem(STORAGE_KEYS.role, 'BUSINESS');
  localStorage.setItem(STORAGE_KEYS.userId, 'owner1');
}

function LocationProbe() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

/** Renders `page` at `url` (route `route`) with Mantine, toasts, modals, a fresh query client and a location probe elsewhere. */
export function renderTeamPage(url: string, route: string, page: ReactNode) {
  notifications.clean();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <MemoryRouter initialEntries={[url]}>
            <Routes>
              <Route path={route} element={page} />
              <Route path="*" element={<LocationProbe />} />
            </Routes>
          </MemoryRouter>
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
