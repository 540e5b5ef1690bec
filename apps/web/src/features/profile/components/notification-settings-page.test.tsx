import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TNotificationSettings } from '@virality/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok, renderPage, storeSession } from '../../../testing';
import { NotificationSettingsPage } from './notification-settings-page';

const STORED: TNotificationSettings = { allNotification: true, promotional: false, socialMedia: true, advertisements: false };
const toggle = (name: string) => screen.getByRole('switch', { name }) as HTMLInputElement;

describe('notification settings', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the account's switches as the server keeps them and saves a flip of one switch only", async () => {
    storeSession('INFLUENCER');
    const calls = mockFetch((c) => {
      if (c.method === 'GET' && c.path === 'user/notificationSettings') return ok(STORED);
      if (c.method === 'PUT' && c.path === 'user/notificationSettings') return ok({ ...STORED, ...(c.body as object) });
      return undefined;
    });
    const user = userEvent.setup();
    renderPage('/profile/notification', <NotificationSettingsPage />);
    await waitFor(() => expect(toggle('Social media').checked).toBe(true));
    expect(toggle('Promotional').checked).toBe(false);
    await user.click(toggle('Promotional'));
    expect(toggle('Promotional').checked).toBe(true);
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ promotional: true }]);
  });

  it('a save the server refuses puts the switch back and says why above the list', async () => {
    storeSession('INFLUENCER');
    let refused = false;
    mockFetch((c) => {
      if (c.method === 'GET' && c.path === 'user/notificationSettings') return ok(STORED);
      if (c.method === 'PUT') {
        refused = true;
        return fail(500, 'Something went wrong');
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderPage('/profile/notification', <NotificationSettingsPage />);
    await waitFor(() => expect(toggle('Advertisements').checked).toBe(false));
    await user.click(toggle('Advertisements'));
    expect((await screen.findByTestId('form-error')).textContent).toContain('Something went wrong');
    expect(refused).toBe(true);
    await waitFor(() => expect(toggle('Advertisements').checked).toBe(false));
  });

  it('with All notification off the three kinds cannot be changed until it is on again', async () => {
    storeSession('BUSINESS_MANAGER');
    mockFetch((c) =>
      c.path === 'user/notificationSettings' ? ok({ ...STORED, allNotification: false, socialMedia: true }) : undefined,
    );
    renderPage('/profile/notification', <NotificationSettingsPage />);
    await waitFor(() => expect(toggle('All notification').checked).toBe(false));
    for (const name of ['Promotional', 'Social media', 'Advertisements']) expect(toggle(name).disabled).toBe(true);
    expect(toggle('Social media').checked).toBe(true);
    expect(screen.getByText('Off: no push or e-mail notification is sent.')).toBeTruthy();
  });
});
