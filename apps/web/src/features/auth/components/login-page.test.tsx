import { cleanup, fireEvent, screen } from '@testing-library/react';
import { MSG } from '@virality/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, renderPage, renderRoutes } from '../../../testing';
import { GoogleRedirectPage } from './google-redirect-page';
import { LoginPage } from './login-page';

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('login errors show where the eye is: above the form, not only as a toast', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('a refused login shows the server message in an alert at the top of the form', async () => {
    const calls = mockFetch((call) => (call.path === 'user/userLogin' ? fail(400, MSG.invalidCredentials) : undefined));
    const notify = await import('../../../lib/notify');
    const spy = vi.spyOn(notify, 'notifyError');
    renderPage('/login', <LoginPage />);
    type('Email / Phone', 'ana@example.com');
    type('Password', 'Wrong#123');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(MSG.invalidCredentials);
    const form = alert.closest('form');
    expect(form?.firstElementChild?.contains(alert)).toBe(true);
    expect(calls.filter((c) => c.path === 'user/userLogin')).toHaveLength(1);
    expect(spy).not.toHaveBeenCalled();

    spy.mockRestore();
  });

  it('a login sent empty shows each field its message and calls no server', async () => {
    const calls = mockFetch(() => undefined);
    renderPage('/login', <LoginPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));

    const rules = await import('../lib/validation');
    expect(await screen.findByText(rules.identifierError('', '') as string)).toBeTruthy();
    expect(screen.getByText(rules.loginPasswordError('') as string)).toBeTruthy();
    expect(calls.filter((c) => c.path === 'user/userLogin')).toHaveLength(0);
  });

  it('a Google sign-in refused on its return page is shown above the login form', async () => {
    mockFetch(() => undefined);
    renderRoutes(
      [
        { path: '/redirect', element: <GoogleRedirectPage /> },
        { path: '/login', element: <LoginPage /> },
      ],
      '/redirect?credential=&state=',
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(MSG.googleTokenInvalid);
    expect(alert.closest('form')).toBeTruthy();
  });
});
