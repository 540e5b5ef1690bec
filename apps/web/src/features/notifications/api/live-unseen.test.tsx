import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '../../../lib/api-client';
import { CURRENT_USER_KEY, type TCurrentUser } from '../../../lib/use-current-user';
import { mockFetch, ok } from '../../../testing';
import { makeUser, storeSession } from '../../../testing/session';
import { useLiveUnseenCount } from './live-unseen';

/** A stand-in for the browser's EventSource: the test plays the server's side. */
class FakeEventSource {
  static all: FakeEventSource[] = [];
  closed = false;
  private handlers = new Map<string, ((e: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(type: string, fn: (e: MessageEvent<string>) => void) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), fn]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data?: unknown) {
    for (const fn of this.handlers.get(type) ?? []) fn({ data: JSON.stringify(data) } as MessageEvent<string>);
  }
}

const flush = () => act(async () => await new Promise((r) => setTimeout(r, 0)));

describe('the live unseen count', () => {
  let client: QueryClient;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  beforeEach(() => {
    FakeEventSource.all = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    storeSession('INFLUENCER');
    client = new QueryClient();
    client.setQueryData<TCurrentUser>(CURRENT_USER_KEY, { ...makeUser(), UnseenNotifsCount: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('opens the stream with a ticket and shows each count it sends', async () => {
    let n = 0;
    mockFetch((call) => (call.path === 'events/ticket' ? ok({ ticket: `t${++n}`, expiresAt: '' }) : undefined));
    renderHook(() => useLiveUnseenCount(true), { wrapper });
    await flush();
    expect(FakeEventSource.all.map((s) => s.url)).toEqual(['/api/events?ticket=t1']);
    act(() => FakeEventSource.all[0].emit('unseen', { count: 3 }));
    expect(client.getQueryData<TCurrentUser>(CURRENT_USER_KEY)?.UnseenNotifsCount).toBe(3);
    expect(localStorage.getItem('notificationCount')).toBe('3');
  });

  it('a post that moved makes the post lists and drafts read again', async () => {
    mockFetch((call) => (call.path === 'events/ticket' ? ok({ ticket: 't1', expiresAt: '' }) : undefined));
    client.setQueryData(['posts', 'recent'], ['old']);
    client.setQueryData(['drafts', 1], ['old']);
    renderHook(() => useLiveUnseenCount(true), { wrapper });
    await flush();
    act(() => FakeEventSource.all[0].emit('post', { CommonPostID: 'p1' }));
    expect(client.getQueryState(['posts', 'recent'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['drafts', 1])?.isInvalidated).toBe(true);
  });

  it('after a lost stream, asks for a new ticket before opening it again (the old one expires)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let n = 0;
    mockFetch((call) => (call.path === 'events/ticket' ? ok({ ticket: `t${++n}`, expiresAt: '' }) : undefined));
    renderHook(() => useLiveUnseenCount(true), { wrapper });
    await flush();
    act(() => FakeEventSource.all[0].emit('error'));
    expect(FakeEventSource.all[0].closed).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2500);
    });
    expect(FakeEventSource.all.map((s) => s.url)).toEqual(['/api/events?ticket=t1', '/api/events?ticket=t2']);
  });

  it('does what a 401 does when the server ends the stream because the session ended', async () => {
    mockFetch((call) => (call.path === 'events/ticket' ? ok({ ticket: 't1', expiresAt: '' }) : undefined));
    const unauthorized = vi.fn();
    setUnauthorizedHandler(unauthorized);
    renderHook(() => useLiveUnseenCount(true), { wrapper });
    await flush();
    act(() => FakeEventSource.all[0].emit('end', { reason: 'session' }));
    expect(unauthorized).toHaveBeenCalledTimes(1);
    expect(FakeEventSource.all[0].closed).toBe(true);
  });

  it('opens nothing for a page without a logged-in user, and closes the stream when the page goes', async () => {
    const calls = mockFetch((call) => (call.path === 'events/ticket' ? ok({ ticket: 't1', expiresAt: '' }) : undefined));
    const { rerender, unmount } = renderHook(({ on }) => useLiveUnseenCount(on), { wrapper, initialProps: { on: false } });
    await flush();
    expect(calls).toHaveLength(0);
    rerender({ on: true });
    await flush();
    expect(FakeEventSource.all).toHaveLength(1);
    unmount();
    expect(FakeEventSource.all[0].closed).toBe(true);
  });
});
