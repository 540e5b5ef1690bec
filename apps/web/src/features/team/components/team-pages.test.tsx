import { screen } from '@testing-library/react';
import { TEAM_MSG } from '@virality/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok, renderPage, storeSession } from '../../../testing';
import { ManageUsersPage } from './manage-users-page';
import { UpdateSubUserPage } from './update-sub-user-page';

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
      if (call.path === 'user/getUserStatus')
        return ok({ result: { _id: 'owner1', profileType: 'BUSINESS', UnseenNotifsCount: 0 } });
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
