import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { PROFILE_TYPES, type TProfileType } from '@virality/domain';
import { MemoryRouter, matchRoutes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi, seedUser, storeSession, testQueryClient } from '../../testing';
import { routes } from '../routes';
import { AppNav, NotificationsBell } from './app-nav';

const renderNav = (profileType: TProfileType, paymentStatus: boolean, path = '/home', permission?: unknown) => {
  storeSession(profileType);
  const queryClient = testQueryClient();
  seedUser(queryClient, {
    profileType,
    paymentStatus,
    ...(permission === undefined ? {} : { businessRoleId: { status: true, permission } as never }),
  });
  return renderUi(
    <MemoryRouter initialEntries={[path]}>
      <AppNav profileType={profileType} paymentStatus={paymentStatus} />
    </MemoryRouter>,
    queryClient,
  );
};

const nav = () => screen.getByRole('navigation', { name: 'Main' });
const entryNames = () =>
  within(nav())
    .getAllByRole('link')
    .map((a) => a.textContent);

describe('the main navigation', () => {
  afterEach(() => localStorage.clear());

  it('gives an influencer Home, Calendar, Queue, Tagged, Drafts and Profile, each with its word, and Create post', () => {
    renderNav('INFLUENCER', false);
    expect(entryNames()).toEqual(['Home', 'Calendar', 'Queue', 'Tagged', 'Drafts', 'Profile']);
    expect(within(nav()).getByRole('link', { name: 'Queue' }).getAttribute('href')).toBe('/queue');
    expect(within(nav()).getByRole('link', { name: 'Tagged' }).getAttribute('href')).toBe('/tagged');
    expect(within(nav()).getByRole('link', { name: 'Drafts' }).getAttribute('href')).toBe('/postdraft');
    expect(within(nav()).getByRole('link', { name: 'Calendar' }).getAttribute('href')).toBe('/calender');
    expect(within(nav()).getByRole('button', { name: 'Create post' })).toBeTruthy();
  });

  it('marks the page the user is on (a nested page counts for its entry)', () => {
    renderNav('INFLUENCER', false, '/postdraft/2');
    expect(within(nav()).getByRole('link', { name: 'Drafts' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav()).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
  });

  it('has no Notifications entry while the notifications page does not exist', () => {
    renderNav('INFLUENCER', false);
    expect(within(nav()).queryByRole('link', { name: /Notifications/ })).toBeNull();
  });

  it('shows News and Profile to a BUSINESS without payment, News leading to the news room, and no Create', () => {
    renderNav('BUSINESS', false);
    expect(entryNames()).toEqual(['News', 'Profile']);
    expect(within(nav()).getByRole('link', { name: 'News' }).getAttribute('href')).toBe('/news-room');
    expect(within(nav()).queryByRole('button', { name: 'Create post' })).toBeNull();
  });

  it('shows an unpaid brand or IMC only News and Profile: no Campaigns, no Tagged, no Create', () => {
    for (const type of ['BRANDS', 'IMC'] as const) {
      cleanup();
      renderNav(type, false);
      expect(entryNames(), type).toEqual(['News', 'Profile']);
      expect(within(nav()).queryByRole('button', { name: 'Create post' }), type).toBeNull();
    }
  });

  it('shows an IMC user the Calendar and Campaigns (its campaigns) but no Drafts, no Queue, no Tagged and no Create', () => {
    renderNav('IMC', true);
    expect(entryNames()).toEqual(['Home', 'Calendar', 'Campaigns', 'Profile']);
    expect(within(nav()).getByRole('link', { name: 'Campaigns' }).getAttribute('href')).toBe('/campaigns');
    expect(within(nav()).queryByRole('button', { name: 'Create post' })).toBeNull();
  });

  it('shows a brand its Campaigns beside its posts, and no Tagged', () => {
    renderNav('BRANDS', true);
    expect(entryNames()).toEqual(['Home', 'Calendar', 'Queue', 'Campaigns', 'Drafts', 'Profile']);
    expect(within(nav()).getByRole('link', { name: 'Campaigns' }).getAttribute('href')).toBe('/campaigns');
    expect(within(nav()).queryByRole('link', { name: 'Tagged' })).toBeNull();
  });

  it('marks Campaigns on a campaign’s own pages too', () => {
    renderNav('BRANDS', true, '/campaigns?page=2');
    expect(within(nav()).getByRole('link', { name: 'Campaigns' }).getAttribute('aria-current')).toBe('page');
  });

  it('gives a business and its manager no campaign entry', () => {
    for (const role of ['BUSINESS', 'BUSINESS_MANAGER'] as const) {
      const { unmount } = renderNav(role, true);
      expect(within(nav()).queryByRole('link', { name: /Campaigns|Tagged/ })).toBeNull();
      unmount();
    }
  });

  it('shows a manager whose role opens no posting the entries but no Create', () => {
    renderNav('BUSINESS_MANAGER', false, '/home', []);
    expect(entryNames()).toEqual(['Home', 'Calendar', 'Queue', 'Drafts', 'Profile']);
    expect(within(nav()).queryByRole('button', { name: 'Create post' })).toBeNull();
  });

  it('puts Create in the middle of the phone tab bar, after Calendar and Queue', () => {
    renderNav('INFLUENCER', false);
    const order = (el: HTMLElement) => Number(el.closest('li')?.style.getPropertyValue('--phone-order'));
    const items = [
      ...within(nav())
        .getAllByRole('link')
        .map((a) => [a.textContent, order(a)] as const),
      ['Create post', order(within(nav()).getByRole('button', { name: 'Create post' }))] as const,
    ];
    expect(items.sort((a, b) => a[1] - b[1]).map(([name]) => name)).toEqual([
      'Home',
      'Calendar',
      'Queue',
      'Create post',
      'Tagged',
      'Drafts',
      'Profile',
    ]);
  });

  it('no entry leads to the not-found page, for any role, paid or not', () => {
    for (const profileType of PROFILE_TYPES) {
      for (const paymentStatus of [false, true]) {
        const { unmount } = renderNav(profileType, paymentStatus);
        for (const link of within(nav()).queryAllByRole('link')) {
          const href = link.getAttribute('href') ?? '';
          const deepest = matchRoutes(routes, href)?.at(-1)?.route;
          expect(deepest?.path, `${profileType} ${paymentStatus} ${link.textContent} → ${href}`).not.toBe('*');
        }
        unmount();
      }
    }
  });
});

describe('the bell', () => {
  const renderBell = (unseen: number, onClick = () => {}) =>
    renderUi(
      <MemoryRouter initialEntries={['/home']}>
        <NotificationsBell unseen={unseen} onClick={onClick} />
      </MemoryRouter>,
    );

  it('caps the badge at 9+', () => {
    renderBell(12);
    expect(screen.getByText('9+')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Notifications, 9+ unseen' })).toBeTruthy();
  });

  it('shows the count up to 9 and nothing at 0', () => {
    const { unmount } = renderBell(3);
    expect(screen.getByText('3')).toBeTruthy();
    unmount();
    renderBell(0);
    expect(screen.getByRole('link', { name: 'Notifications' })).toBeTruthy();
    expect(screen.queryByText('0')).toBeNull();
  });

  it('leads to the notifications and marks them seen when clicked', () => {
    const onClick = vi.fn();
    renderBell(2, onClick);
    const bell = screen.getByRole('link', { name: /Notifications/ });
    expect(bell.getAttribute('href')).toBe('/notifications');
    fireEvent.click(bell);
    expect(onClick).toHaveBeenCalledOnce();
  });
});
