import { screen } from '@testing-library/react';
import { TEAM_MSG } from '@virality/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok, renderPage, storeSession } from '../../../testing';
import { ManageUsersPage } from './manage-users-page';
import { UpdateSubUserPage } from './update-sub-user-page';

/** A business owner whose plan runs (paid, ACTIVE, ending in a year). */
const PAYING_OWNER = {
  _id: 'owner1',
  profileType: 'BUSINESS',
  UnseenNotifsCount: 0,
  paymentStatus: true,
  subscriptionDetails: {
    planType: 'Professional',
    planStatus: 'ACTIVE',
    planEndDate: new Date(Date.now() + 365 * 86_400_000).toISOString(),
    postLimit: null,
    postCount: 0,
  },
};

describe('team pages', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("the update screen without a user in state says 'User data is not available.' and goes to Manage Users", async () => {
    storeSession('BUSINESS', { userId: 'owner1' });
    mockFetch(() => undefined);
    renderPage('/profile/updatesubuser', <UpdateSubUserPage />);
    expect(await screen.findByText(TEAM_MSG.userNotAvailable)).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/profile/manageusers');
  });

  it("Manage Users shows 'No users found' for an empty list and asks for the owner's sub-users", async () => {
    storeSession('BUSINESS', { userId: 'owner1' });
    const calls = mockFetch((call) => {
      if (call.path === 'user/getUserStatus') return ok({ result: PAYING_OWNER });
      if (call.path === 'bussiness/getAll') return ok({ result: [], pagination: { totalPages: 1, page: 1, total: 0 } });
      return undefined;
    });
    renderPage('/profile/manageusers', <ManageUsersPage />);
    expect(await screen.findByText(TEAM_MSG.noUsers)).toBeTruthy();
    const list = calls.find((c) => c.path === 'bussiness/getAll')!;
    expect(Object.fromEntries(list.query)).toEqual({ businessId: 'owner1', page: '1' });
    expect(screen.getByRole('link', { name: 'Add User' }).getAttribute('href')).toBe('/create-subuser');
  });
});

describe('a business without a running plan', () => {
  it('is told on Manage Users that building a team needs a plan: the list stays, Add User is not offered', async () => {
    storeSession('BUSINESS', { userId: 'owner1' });
    mockFetch((call) => {
      if (call.path === 'user/getUserStatus')
        return ok({ result: { _id: 'owner1', profileType: 'BUSINESS', UnseenNotifsCount: 0, paymentStatus: false } });
      if (call.path === 'bussiness/getAll') return ok({ result: [], pagination: { totalPages: 1, page: 1, total: 0 } });
      return undefined;
    });
    renderPage('/profile/manageusers', <ManageUsersPage />);
    expect(await screen.findByText(TEAM_MSG.planRequired)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/profile/pricing');
    expect(await screen.findByText(TEAM_MSG.noUsers)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Add User' })).toBeNull();
  });
});
