import { act, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../config/paths';
import { mockFetch, renderUi, seedUser, storeSession, testQueryClient } from '../../testing';
import { PublicLayout } from './public-layout';

const routes = [
  {
    element: <PublicLayout />,
    children: [
      { path: '/login', element: <p>login page</p> },
      { path: paths.team, element: <p>team page</p> },
      { path: paths.verifyOtp, element: <p>otp page</p> },
      { path: '*', element: <p>not found page</p> },
    ],
  },
];

function render(path: string, { loggedIn = false, state }: { loggedIn?: boolean; state?: unknown } = {}) {
  const qc = testQueryClient();
  if (loggedIn) {
    storeSession('INFLUENCER');
    seedUser(qc);
  }
  mockFetch(() => undefined);
  const router = createMemoryRouter(routes, { initialEntries: [{ pathname: path, state }] });
  return { ...renderUi(<RouterProvider router={router} />, qc), router };
}

describe('public layout headers', () => {
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('shows a logged-out visitor Team, News, Pricing, Login and Get Started', async () => {
    render('/login');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Team', '/team'],
      ['News', '/news-room'],
      ['Pricing', '/pricing'],
      ['Login', '/login'],
      ['Get Started', '/selectprofiletype'],
    ]);
  });

  it('ends the team page with the site footer, and leaves it off the log-in page', async () => {
    const { router } = render('/team');
    // the footer is a lazy chunk: its first import in a test takes a few seconds
    const footer = await screen.findByRole('contentinfo', {}, { timeout: 10_000 });
    expect(within(footer).getByRole('link', { name: 'Team' }).getAttribute('href')).toBe('/team');
    expect(within(footer).getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('mailto:support@virality.app');
    await act(() => router.navigate('/login'));
    expect(screen.getByText('login page')).toBeTruthy();
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('keeps the logged-in header on the not-found page for a logged-in user', async () => {
    render('/no/such/page', { loggedIn: true });
    expect(await screen.findByRole('link', { name: 'Profile' })).toBeTruthy();
    expect(screen.getByText('not found page')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Get Started' })).toBeNull();
  });

  it('shows the public header on the not-found page without a session', async () => {
    render('/no/such/page');
    expect(await screen.findByRole('link', { name: 'Login' })).toBeTruthy();
    expect(screen.getByText('not found page')).toBeTruthy();
  });

  it('shows the onboarding header on /verifyotp for a logged-in user verifying a contact from the profile step', async () => {
    render(paths.verifyOtp, { loggedIn: true, state: { emailPhone: 'a@b.co', origin: 'userprofile' } });
    expect((await screen.findByTestId('onboarding-title')).textContent).toBe('Creating Influencer profile');
    expect(screen.getByText('otp page')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
  });

  it('keeps the public header on /verifyotp in the logged-out forgot-password flow', async () => {
    render(paths.verifyOtp, { state: { emailPhone: 'a@b.co', origin: 'reset-password' } });
    expect(await screen.findByRole('link', { name: 'Login' })).toBeTruthy();
    expect(screen.queryByTestId('onboarding-title')).toBeNull();
  });

  it('keeps the keyboard on the phone menu button when the menu’s code arrives and the button is swapped for it', async () => {
    render('/login');
    // before the page has settled the button is a stand-in; a keyboard user may already be on it
    const standIn = screen.getByRole('button', { name: 'Open menu' });
    standIn.focus();
    expect(document.activeElement).toBe(standIn);
    // the menu's code arrives (a lazy chunk: its first import in a test takes a few seconds)
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open menu' })).not.toBe(standIn), { timeout: 10_000 });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open menu' }));
  });
});
