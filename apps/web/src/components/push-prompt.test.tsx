import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WEB_PUSH_MSG } from '@virality/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  applicationServerKey,
  dismissPushOffer,
  NOT_NOW_DAYS,
  offerPush,
  PUSH_NOT_NOW_KEY,
  pushPromptWanted,
  removePushOnLogout,
} from '../lib/web-push';
import { fakeToken, mockFetch, ok, renderUi, storeSession } from '../testing';
import { PushPrompt } from './push-prompt';

// the server's VAPID public key (65 bytes) as GET config gives it
const PUBLIC_KEY = `BA${'A'.repeat(85)}`;
const SUBSCRIPTION = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
  expirationTime: null,
  keys: { p256dh: 'p256', auth: 'auth' },
};

/** A browser with the Push API: the permission it answers, and what its push manager does. */
function fakeBrowser(opts: { permission: NotificationPermission; answer?: NotificationPermission; existing?: boolean }) {
  const unsubscribe = vi.fn(async () => true);
  const sub = {
    ...SUBSCRIPTION,
    options: { applicationServerKey: applicationServerKey(PUBLIC_KEY).buffer },
    toJSON: () => SUBSCRIPTION,
    unsubscribe,
  };
  const pushManager = {
    getSubscription: vi.fn(async () => (opts.existing ? sub : null)),
    subscribe: vi.fn(async () => sub),
  };
  const registration = { pushManager };
  const requestPermission = vi.fn(async () => opts.answer ?? opts.permission);
  vi.stubGlobal(
    'Notification',
    Object.assign(function Notification() {}, { permission: opts.permission, requestPermission }),
  );
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      register: vi.fn(async () => registration),
      ready: Promise.resolve(registration),
      getRegistration: vi.fn(async () => registration),
    },
  });
  return { pushManager, requestPermission, unsubscribe };
}

const config = { sandbox: true, googleClientId: null, socialNetworks: [], webPushPublicKey: PUBLIC_KEY };

beforeEach(() => {
  sessionStorage.clear();
  dismissPushOffer();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Reflect.deleteProperty(window, 'isSecureContext');
});

describe('pushPromptWanted', () => {
  it('only where the browser has the Push API and the permission has never been answered', () => {
    expect(pushPromptWanted()).toBe(false); // jsdom: no service worker, no PushManager
    fakeBrowser({ permission: 'default' });
    expect(pushPromptWanted()).toBe(true);
    fakeBrowser({ permission: 'denied' });
    expect(pushPromptWanted()).toBe(false);
    fakeBrowser({ permission: 'granted' });
    expect(pushPromptWanted()).toBe(false);
  });
  it(`Not now is remembered on the device for ${NOT_NOW_DAYS} days`, () => {
    fakeBrowser({ permission: 'default' });
    const now = Date.parse('2026-03-01T00:00:00Z');
    localStorage.setItem(PUSH_NOT_NOW_KEY, String(now));
    expect(pushPromptWanted(now + 29 * 86_400_000)).toBe(false);
    expect(pushPromptWanted(now + 31 * 86_400_000)).toBe(true);
  });
});

describe('the prompt after a post is created', () => {
  const render = () => {
    storeSession('INFLUENCER');
    const calls = mockFetch((c) => {
      if (c.path === 'config') return ok(config);
      if (c.path === 'notification/registerDeviceToken') return ok(null, 'Device token registered');
      return undefined;
    });
    renderUi(<PushPrompt userId="u1" />);
    return calls;
  };

  it('is not shown before a post, nor where the browser cannot receive pushes', async () => {
    render();
    await act(async () => offerPush());
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
  });

  it('Turn on asks the browser, subscribes with the server key and registers the subscription', async () => {
    const browser = fakeBrowser({ permission: 'default', answer: 'granted' });
    const calls = render();
    await act(async () => offerPush());
    const region = await screen.findByRole('region', { name: 'Notifications' });
    expect(region.textContent).toContain('Get told when your posts go out');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(calls.some((c) => c.path === 'notification/registerDeviceToken')).toBe(true));
    expect(browser.requestPermission).toHaveBeenCalledOnce();
    const [options] = browser.pushManager.subscribe.mock.calls[0] as unknown as [PushSubscriptionOptionsInit];
    expect(options.userVisibleOnly).toBe(true);
    expect([...(options.applicationServerKey as Uint8Array)]).toEqual([...applicationServerKey(PUBLIC_KEY)]);
    const reg = calls.find((c) => c.path === 'notification/registerDeviceToken');
    expect(reg?.body).toEqual({ deviceToken: JSON.stringify(SUBSCRIPTION), deviceType: 'web' });
    expect(await screen.findByText(WEB_PUSH_MSG.turnedOn)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
  });

  it('a refusal in the browser registers nothing and says how to allow it', async () => {
    fakeBrowser({ permission: 'default', answer: 'denied' });
    const calls = render();
    await act(async () => offerPush());
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText(WEB_PUSH_MSG.blocked)).toBeTruthy();
    expect(calls.some((c) => c.path === 'notification/registerDeviceToken')).toBe(false);
  });

  it('Not now closes it and is remembered: the next post does not ask again', async () => {
    const browser = fakeBrowser({ permission: 'default' });
    render();
    await act(async () => offerPush());
    await userEvent.click(await screen.findByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
    expect(localStorage.getItem(PUSH_NOT_NOW_KEY)).not.toBeNull();
    await act(async () => offerPush());
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
    expect(browser.requestPermission).not.toHaveBeenCalled();
  });

  it('where permission was given before, the subscription is registered again quietly, once per tab', async () => {
    const browser = fakeBrowser({ permission: 'granted', existing: true });
    const calls = render();
    await waitFor(() => expect(calls.filter((c) => c.path === 'notification/registerDeviceToken')).toHaveLength(1));
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(browser.requestPermission).not.toHaveBeenCalled();
    renderUi(<PushPrompt userId="u1" />);
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.filter((c) => c.path === 'notification/registerDeviceToken')).toHaveLength(1);
  });
});

describe('removePushOnLogout', () => {
  it("removes this browser's subscription with the session's token, then unsubscribes", async () => {
    const browser = fakeBrowser({ permission: 'granted', existing: true });
    const calls = mockFetch(() => ok({ removed: 1 }, 'Device token removed'));
    const fetchSpy = vi.mocked(fetch);
    await removePushOnLogout(fakeToken(9_999_999_999));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: 'DELETE',
      path: 'notification/removeToken',
      body: { deviceTokenWeb: JSON.stringify(SUBSCRIPTION) },
    });
    expect(calls[0].query.get('deviceType')).toBe('web');
    const init = fetchSpy.mock.calls[0][1] as RequestInit;
    expect((init.headers as Record<string, string>)['x-access-token']).toBe(fakeToken(9_999_999_999));
    expect(browser.unsubscribe).toHaveBeenCalledOnce();
  });
  it('does nothing where the browser has no subscription', async () => {
    fakeBrowser({ permission: 'default' });
    const calls = mockFetch(() => undefined);
    await removePushOnLogout('token');
    expect(calls).toEqual([]);
  });
});
