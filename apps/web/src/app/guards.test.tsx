import { screen } from '@testing-library/react';
import type { TProfileType } from '@virality/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../lib/auth-storage';
import { fakeToken, renderRoutes, seedUser, storeSession, testQueryClient, WhereAmI } from '../testing';
import { RoleGuard } from './guards';

const routes = [
  {
    element: <RoleGuard />,
    children: [
      { path: '/home', element: <p>home page</p> },
      { path: '/profile/wallet', element: <p>wallet page</p> },
      { path: '/queue', element: <p>queue page</p> },
    ],
  },
  { path: '*', element: <WhereAmI /> },
];

function setup(path: string, role: TProfileType | null, profileCompleted = true) {
  const qc = testQueryClient();
  if (role) {
    storeSession(role);
    seedUser(qc, { profileType: role, profileCompleted });
  }
  return renderRoutes(routes, path, qc);
}

describe('RoleGuard', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends a visitor without a token to /login', async () => {
    setup('/home', null);
    expect((await screen.findByTestId('location')).textContent).toBe('/login');
  });

  it('sends an expired token to /login and clears storage', async () => {
    const qc = testQueryClient();
    storeSession('INFLUENCER', { token: fakeToken(Math.floor(Date.now() / 1000) - 10) });
    seedUser(qc);
    renderRoutes(routes, '/home', qc);
    expect((await screen.findByTestId('location')).textContent).toBe('/login');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('sends a user whose profile is incomplete to /userprofile', async () => {
    setup('/home', 'INFLUENCER', false);
    expect((await screen.findByTestId('location')).textContent).toBe('/userprofile');
  });

  it('sends a role that may not use the route to /home', async () => {
    setup('/profile/wallet', 'IMC');
    expect(await screen.findByText('home page')).toBeTruthy();
  });

  it('lets an allowed, complete user through', async () => {
    setup('/profile/wallet', 'INFLUENCER');
    expect(await screen.findByText('wallet page')).toBeTruthy();
  });

  it('guards the queue as the drafts: a visitor goes to /login, an IMC user home, those who post get in', async () => {
    const { unmount } = setup('/queue', null);
    expect((await screen.findByTestId('location')).textContent).toBe('/login');
    unmount();
    localStorage.clear();
    const imc = setup('/queue', 'IMC');
    expect(await screen.findByText('home page')).toBeTruthy();
    imc.unmount();
    localStorage.clear();
    setup('/queue', 'BUSINESS_MANAGER');
    expect(await screen.findByText('queue page')).toBeTruthy();
  });
});
