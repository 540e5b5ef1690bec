import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TCurrentUser } from '../../../lib/use-current-user';
import { renderPage, seedUser, storeSession, testQueryClient } from '../../../testing';
import { HomePage } from './home-page';

const role = (Post: boolean, Analytics: boolean, Scheduler: boolean) => ({
  _id: 'r1',
  roleName: 'Social',
  status: true,
  permission: [{ accountId: '6', accountType: 'twitter', access: true, moduleAccess: { Post, Analytics, Scheduler } }],
});

/** The home page for a user, with slots that say they were drawn. */
function show(user: Partial<TCurrentUser>) {
  storeSession(user.profileType ?? 'INFLUENCER');
  const queryClient = testQueryClient();
  seedUser(queryClient, user);
  const open = vi.fn();
  const posts = vi.fn(() => <p>the posts</p>);
  renderPage(
    '/home',
    <HomePage
      composer={{ host: <span data-testid="host" />, open }}
      createAction={<button type="button">Create</button>}
      posts={posts}
      side={<p>the accounts</p>}
    />,
    { queryClient },
  );
  return { open, posts };
}

afterEach(() => localStorage.clear());

describe('the home page', () => {
  it('greets the user; the composer box opens the create-post dialog', async () => {
    const { open, posts } = show({});
    expect(screen.getByRole('heading', { name: 'Welcome, Ana Silva', level: 1 })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'What would you like to share?' }));
    expect(open).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Create' })).toBeTruthy();
    expect(screen.getByText('the posts')).toBeTruthy();
    expect(posts).toHaveBeenCalledWith('u1');
    expect(screen.getByText('the accounts')).toBeTruthy();
  });

  it('shows an IMC account no post sections and no way to post: IMC accounts post nothing', () => {
    const { posts } = show({ profileType: 'IMC' });
    expect(posts).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: /Create|What would you like to share/ })).toBeNull();
    expect(screen.queryByTestId('host')).toBeNull();
    expect(screen.getByText('the accounts')).toBeTruthy();
  });

  it('shows a business manager Create and the composer only when its role opens Post or Scheduler somewhere', () => {
    show({ profileType: 'BUSINESS_MANAGER', businessRoleId: role(false, true, false) } as Partial<TCurrentUser>);
    expect(screen.queryByRole('button', { name: /Create|What would you like to share/ })).toBeNull();
    expect(screen.getByText('the posts')).toBeTruthy();
  });

  it('shows a business manager whose role schedules the way to post', () => {
    show({ profileType: 'BUSINESS_MANAGER', businessRoleId: role(false, false, true) } as Partial<TCurrentUser>);
    expect(screen.getByRole('button', { name: 'Create' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'What would you like to share?' })).toBeTruthy();
  });

  it('shows a business manager whose role is inactive no way to post', () => {
    show({
      profileType: 'BUSINESS_MANAGER',
      businessRoleId: { ...role(true, true, true), status: false },
    } as Partial<TCurrentUser>);
    expect(screen.queryByRole('button', { name: 'Create' })).toBeNull();
  });
});

describe('the money on the home page', () => {
  it("shows an influencer the wallet's balance beside the accounts, with the way to the transactions", () => {
    show({ profileType: 'INFLUENCER', paymentWallet: { amount: 25, currency: 'USD' } });
    const wallet = screen.getByRole('region', { name: 'Wallet' });
    expect(within(wallet).getByTestId('home-wallet-amount').textContent).toBe('$25.00');
    expect(within(wallet).getByRole('link', { name: 'View transactions' }).getAttribute('href')).toBe('/profile/wallet');
  });

  it('leads a brand to the payments it made (no balance); an IMC has no wallet, its payments are on its campaigns', () => {
    const { unmount } = render('BRANDS');
    expect(screen.getByRole('link', { name: 'Transactions' }).getAttribute('href')).toBe('/profile/wallet');
    expect(screen.queryByRole('region', { name: 'Wallet' })).toBeNull();
    unmount();
    render('IMC');
    expect(screen.queryByRole('link', { name: /transactions/i })).toBeNull();
  });

  it('shows a business and its managers no money', () => {
    for (const profileType of ['BUSINESS', 'BUSINESS_MANAGER'] as const) {
      const { unmount } = render(profileType);
      expect(screen.queryByRole('link', { name: /transactions/i })).toBeNull();
      expect(screen.queryByRole('region', { name: 'Wallet' })).toBeNull();
      unmount();
    }
  });
});

function render(profileType: TCurrentUser['profileType']) {
  storeSession(profileType);
  const queryClient = testQueryClient();
  seedUser(queryClient, { profileType });
  return renderPage('/home', <HomePage side={<p>the accounts</p>} />, { queryClient });
}
