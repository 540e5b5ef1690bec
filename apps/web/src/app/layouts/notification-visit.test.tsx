import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok, renderUi } from '../../testing';
import type { TMockCall } from '../../testing/fetch-mock';
import { useNotificationVisit } from './use-notification-visit';

function Probe({ userId }: { userId: string }) {
  useNotificationVisit(userId);
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

const open = (entry: string) => {
  const calls = mockFetch((c) => (c.path === 'admin/notification/ctrCount' ? ok({ count: 1 }) : undefined));
  renderUi(
    <MemoryRouter initialEntries={[entry]}>
      <Probe userId="u1" />
    </MemoryRouter>,
  );
  return calls;
};
const visits = (calls: TMockCall[]) => calls.filter((c) => c.path === 'admin/notification/ctrCount');

describe('a visit opened from a push notification is counted', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('the page the notification opened counts the visit once for the user, and the mark leaves the address', async () => {
    const calls = open('/postoverview/p1?tab=stats&opened=notification');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/postoverview/p1?tab=stats'));
    await waitFor(() => expect(visits(calls)).toHaveLength(1));
    expect(visits(calls)[0]?.query.get('userId')).toBe('u1');
  });

  it('a page opened any other way counts nothing', async () => {
    const calls = open('/postoverview/p1');
    await new Promise((r) => setTimeout(r, 50));
    expect(visits(calls)).toHaveLength(0);
  });
});

/** Runs public/sw.js with a stand-in `self`, and clicks a notification about `url`. */
async function clickInWorker(url: string, windows: { url: string; focused?: boolean; visibilityState?: string }[] = []) {
  const listeners: Record<string, (event: unknown) => void> = {};
  const opened: string[] = [];
  const navigated: string[] = [];
  const told: unknown[] = [];
  const clients = windows.map((w) => {
    const client = {
      ...w,
      focus: async () => client,
      navigate: async (to: string) => {
        navigated.push(to);
        return client;
      },
      postMessage: (m: unknown) => told.push(m),
    };
    return client;
  });
  const self = {
    location: { origin: 'https://app.example' },
    addEventListener: (type: string, fn: (event: unknown) => void) => {
      listeners[type] = fn;
    },
    skipWaiting: () => undefined,
    clients: {
      claim: async () => undefined,
      matchAll: async () => clients,
      openWindow: async (to: string) => {
        opened.push(to);
      },
    },
  };
  const source = readFileSync(path.resolve(__dirname, '../../../public/sw.js'), 'utf8');
  runInNewContext(source, { self, URL, console });
  let done: Promise<unknown> = Promise.resolve();
  listeners.notificationclick({
    notification: { close: () => undefined, data: { url } },
    waitUntil: (p: Promise<unknown>) => {
      done = p;
    },
  });
  await done;
  return { opened, navigated, told };
}

describe('the service worker opens a notification’s page marked as opened from a notification', () => {
  it('no tab of the app: a new one, on the page with the mark', async () => {
    const { opened } = await clickInWorker('/postoverview/p1');
    expect(opened).toEqual(['https://app.example/postoverview/p1?opened=notification']);
  });

  it('a tab of the app elsewhere: it goes to the page with the mark', async () => {
    const { navigated, opened } = await clickInWorker('/campaign/c1', [{ url: 'https://app.example/home', focused: true }]);
    expect(navigated).toEqual(['https://app.example/campaign/c1?opened=notification']);
    expect(opened).toEqual([]);
  });

  it('a tab already on the page: brought forward and told, so it counts the visit without loading again', async () => {
    const { told, navigated, opened } = await clickInWorker('/notifications', [{ url: 'https://app.example/notifications' }]);
    expect(told).toEqual([{ type: 'notification-opened' }]);
    expect([...navigated, ...opened]).toEqual([]);
  });
});
