import { screen } from '@testing-library/react';
import { emptyPermissions, toggleModule } from '@virality/domain';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderUi, seedUser, storeSession, testQueryClient } from '../../../testing';
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

describe('profile hub', () => {
  it('shows Manage Users and User Role to a BUSINESS', () => {
    renderHub({ profileType: 'BUSINESS' });
    expect(screen.getByRole('link', { name: /^Manage Users/ }).getAttribute('href')).toBe('/profile/manageusers');
    expect(screen.getByRole('link', { name: /^User Role/ }).getAttribute('href')).toBe('/profile/managesubusersrole');
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
    expect(screen.getByText('Role: Social lead')).toBeTruthy();
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(['InstagramPost', 'FacebookAnalytics']);
  });

  it('shows an influencer neither', () => {
    renderHub({ profileType: 'INFLUENCER' });
    expect(screen.queryByRole('link', { name: /Manage Users/ })).toBeNull();
    expect(screen.queryByText('Your access')).toBeNull();
  });
});
