import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ACCOUNT_DELETED, DELETE_REMARKS_REQUIRED, emptyPermissions, toggleModule } from '@virality/domain';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok, renderUi, seedUser, storeSession, testQueryClient } from '../../../testing';
import { ProfilePage } from './profile-page';

function renderHub(overrides: Parameters<typeof seedUser>[1]) {
  const queryClient = testQueryClient();
  storeSession(overrides?.profileType ?? 'INFLUENCER');
  seedUser(queryClient, overrides);
  return renderUi(
    <MemoryRouter>
      <ProfilePage />
    </MemoryRouter>,
    queryClient,
  );
}

const menuEntries = () =>
  within(screen.getByRole('navigation', { name: 'Profile menu' }))
    .getAllByRole('link')
    .map((a) => a.querySelector('.mantine-NavLink-label')?.textContent);

afterEach(() => vi.unstubAllGlobals());

describe('profile hub', () => {
  it('shows a paid BUSINESS every built entry, in the menu order, with User Role under Manage Users', () => {
    renderHub({ profileType: 'BUSINESS', paymentStatus: true });
    expect(menuEntries()).toEqual([
      'Notification',
      'Account Details',
      'Manage Users',
      'User Role',
      'Address Detail',
      'Social Media Accounts',
      'Virality Point',
      'Wallet',
      'Pricing',
      'Change Password',
      'API keys',
      'Privacy Policy',
      'Help & Support',
      "FAQ's",
    ]);
    expect(screen.getByRole('link', { name: /^Manage Users/ }).getAttribute('href')).toBe('/profile/manageusers');
    expect(screen.getByRole('link', { name: /^User Role/ }).getAttribute('href')).toBe('/profile/managesubusersrole');
    expect(screen.getByRole('link', { name: /^Virality Point/ }).getAttribute('href')).toBe('/profile/pointwallet');
    expect(screen.getByRole('link', { name: /^API keys/ }).getAttribute('href')).toBe('/profile/apikeys');
    expect(screen.getByRole('button', { name: /Delete Account/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it('hides Social Media Accounts and FAQ from an IMC, and Notification before it has paid', () => {
    renderHub({ profileType: 'IMC', paymentStatus: false });
    const entries = menuEntries();
    expect(entries).not.toContain('Social Media Accounts');
    expect(entries).not.toContain("FAQ's");
    expect(entries).not.toContain('Notification');
    expect(entries).not.toContain('Virality Point');
    expect(entries).toContain('Account Details');
  });

  it('leads every type but IMC to its Wallet at /profile/wallet; an IMC has none', () => {
    for (const profileType of ['INFLUENCER', 'BRANDS', 'BUSINESS', 'BUSINESS_MANAGER'] as const) {
      const { unmount } = renderHub({ profileType, paymentStatus: true });
      expect(screen.getByRole('link', { name: /^Wallet/ }).getAttribute('href')).toBe('/profile/wallet');
      unmount();
    }
    renderHub({ profileType: 'IMC', paymentStatus: true });
    expect(screen.queryByRole('link', { name: /^Wallet/ })).toBeNull();
  });

  it("offers a free-tier influencer 'Switch to Business', and a Google sign-in no Change Password", () => {
    renderHub({
      profileType: 'INFLUENCER',
      authType: 'GOOGLE',
      subscriptionDetails: {
        planType: 'FreeTier',
        planStatus: 'ACTIVE',
        subscriptionVerify: true,
        postLimit: 5,
        postCount: 0,
        planStartDate: null,
        planEndDate: null,
        bufferEndDate: null,
      },
    });
    const entries = menuEntries();
    expect(entries).toContain('Switch to Business');
    expect(entries).not.toContain('Change Password');
    expect(entries).toContain('Notification');
    expect(screen.getByText('Level:').parentElement?.textContent).toBe('Level: Maker');
  });

  it('shows a business manager their access and no team management or Pricing', () => {
    let permission = toggleModule(emptyPermissions(), '1', 'Post', true);
    permission = toggleModule(permission, '2', 'Analytics', true);
    renderHub({
      profileType: 'BUSINESS_MANAGER',
      businessRoleId: { _id: 'r1', roleName: 'Social lead', status: true, permission },
    });
    expect(screen.queryByRole('link', { name: /Manage Users/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /User Role/ })).toBeNull();
    expect(screen.queryByText(/Pricing/)).toBeNull();
    expect(menuEntries()).toContain('Notification');
    expect(screen.getByText('Role: Social lead')).toBeTruthy();
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(['InstagramPost', 'FacebookAnalytics']);
    expect(screen.queryByText(/Level:/)).toBeNull();
  });
});

describe('Delete Account', () => {
  it('keeps Yes closed while an account is linked, and says why', () => {
    renderHub({ profileType: 'INFLUENCER', socialLinks: { Tiktok: [{ id: 'a1' }] } });
    fireEvent.click(screen.getByRole('button', { name: /Delete Account/ }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    const yes = within(dialog).getByRole('button', { name: 'Yes, continue' });
    expect(yes.hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByText(/A social media account is still linked/)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Go to Social Media Accounts' }).getAttribute('href')).toBe(
      '/addsocialmedia?from=profile',
    );
  });

  it('asks for a reason (required, counted as typed, spaces collapsed), then deletes and clears the session', async () => {
    const calls = mockFetch((c) => (c.path === 'user/deleteUserDetails' ? ok(null, ACCOUNT_DELETED) : undefined));
    renderHub({ profileType: 'INFLUENCER' });
    fireEvent.click(screen.getByRole('button', { name: /Delete Account/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, continue' }));
    const dialog = screen.getByRole('dialog', { name: 'Why are you leaving?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Proceed' }));
    expect(within(dialog).getByText(DELETE_REMARKS_REQUIRED)).toBeTruthy();
    expect(calls).toHaveLength(0);

    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    fireEvent.change(reason, { target: { value: '  Too    many   apps ' } });
    expect((reason as HTMLTextAreaElement).value).toBe('Too many apps ');
    expect(within(dialog).getByText('13/100 characters')).toBeTruthy();
    fireEvent.change(reason, { target: { value: 'x'.repeat(120) } });
    expect((reason as HTMLTextAreaElement).value).toHaveLength(100);
    fireEvent.change(reason, { target: { value: 'Too many apps ' } });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(calls.map((c) => c.path)).toEqual(['user/deleteUserDetails']));
    expect(calls[0].body).toEqual({ remarks: 'Too many apps' });
    await waitFor(() => expect(localStorage.getItem('virality-auth-token')).toBeNull());
  });
});
