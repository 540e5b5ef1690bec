import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../lib/auth-storage';
import { fakeToken, renderRoutes, storeSession, WhereAmI } from '../../testing';
import { RootLayout } from './root-layout';

const routes = [
  {
    element: <RootLayout />,
    children: [
      { path: '/userprofile', element: <p>profile step</p> },
      { path: '/interest', element: <p>interests step</p> },
      { path: '/Userintrest', element: <p>interests step</p> },
      { path: '/congratulation', element: <p>congratulations</p> },
      { path: '/login', element: <p>login page</p> },
      { path: '/forgot-password', element: <p>forgot password</p> },
      { path: '*', element: <WhereAmI /> },
    ],
  },
];

const expired = () => fakeToken(Math.floor(Date.now() / 1000) - 10);

describe('RootLayout: the session checks of the route guard', () => {
  // ScrollRestoration scrolls; jsdom has no scrolling.
  beforeEach(() => vi.spyOn(window, 'scrollTo').mockImplementation(() => {}));
  afterEach(() => {
    localStorage.clear();
    vi.restoreAllMocks();
  });

  it.each(['/userprofile', '/interest', '/Userintrest', '/congratulation'])(
    'a logged-out visitor who opens %s goes to /login',
    async (path) => {
      renderRoutes(routes, path);
      expect(await screen.findByText('login page')).toBeTruthy();
    },
  );

  it('an expired session on an onboarding step goes to /login and is cleared', async () => {
    storeSession('INFLUENCER', { token: expired() });
    renderRoutes(routes, '/interest');
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('a logged-in user may open the onboarding steps', async () => {
    storeSession('BUSINESS');
    renderRoutes(routes, '/congratulation');
    expect(await screen.findByText('congratulations')).toBeTruthy();
  });

  it('a logged-in user who opens /login goes to /home', async () => {
    storeSession('INFLUENCER');
    renderRoutes(routes, '/login');
    expect((await screen.findByTestId('location')).textContent).toBe('/home');
  });

  it('a visitor whose session has expired may log in again', async () => {
    storeSession('INFLUENCER', { token: expired() });
    renderRoutes(routes, '/login');
    expect(await screen.findByText('login page')).toBeTruthy();
  });

  it('leaves public pages alone, with or without a session', async () => {
    renderRoutes(routes, '/forgot-password');
    expect(await screen.findByText('forgot password')).toBeTruthy();
  });
});
