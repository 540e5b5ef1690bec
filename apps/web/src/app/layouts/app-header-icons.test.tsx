import { fireEvent, screen } from '@testing-library/react';
import { PROFILE_TYPES } from '@virality/domain';
import { MemoryRouter, matchRoutes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../testing';
import { routes } from '../routes';
import { AppHeaderIcons } from './app-header-icons';

const renderIcons = (props: Partial<Parameters<typeof AppHeaderIcons>[0]> = {}) =>
  renderUi(
    <MemoryRouter>
      <AppHeaderIcons profileType="INFLUENCER" paymentStatus={false} unseen={0} onBellClick={() => {}} {...props} />
    </MemoryRouter>,
  );

describe('logged-in header', () => {
  it('caps the bell badge at 9+', () => {
    renderIcons({ unseen: 12 });
    expect(screen.getByText('9+')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Notifications, 9+ unseen' })).toBeTruthy();
  });

  it('shows the count up to 9 and nothing at 0', () => {
    const { unmount } = renderIcons({ unseen: 3 });
    expect(screen.getByText('3')).toBeTruthy();
    unmount();
    renderIcons({ unseen: 0 });
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy();
    expect(screen.queryByText('0')).toBeNull();
  });

  it('calls the mark-seen handler when the bell is clicked', () => {
    const onBellClick = vi.fn();
    renderIcons({ unseen: 2, onBellClick });
    fireEvent.click(screen.getByRole('button', { name: /Notifications/ }));
    expect(onBellClick).toHaveBeenCalledOnce();
  });

  it('shows only Profile to a BUSINESS without payment (News has no page yet)', () => {
    renderIcons({ profileType: 'BUSINESS', paymentStatus: false });
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('aria-label'))).toEqual(['Profile']);
    expect(screen.queryByRole('link', { name: 'News' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Notifications/ })).toBeNull();
  });

  it('shows an influencer the icons whose pages exist (Post draft to /postdraft, Calendar to /calender) and the bell', () => {
    renderIcons();
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('aria-label'))).toEqual([
      'Home',
      'Post draft',
      'Calendar',
      'Profile',
    ]);
    expect(screen.getByRole('link', { name: 'Post draft' }).getAttribute('href')).toBe('/postdraft');
    expect(screen.getByRole('link', { name: 'Calendar' }).getAttribute('href')).toBe('/calender');
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy();
  });

  it('shows an IMC user the Calendar (its campaigns) but no Post draft', () => {
    renderIcons({ profileType: 'IMC', paymentStatus: true });
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('aria-label'))).toEqual(['Home', 'Calendar', 'Profile']);
  });

  it('no header icon leads to the not-found page, for any role, paid or not', () => {
    for (const profileType of PROFILE_TYPES) {
      for (const paymentStatus of [false, true]) {
        const { unmount } = renderIcons({ profileType, paymentStatus });
        for (const link of screen.queryAllByRole('link')) {
          const href = link.getAttribute('href') ?? '';
          const deepest = matchRoutes(routes, href)?.at(-1)?.route;
          expect(deepest?.path, `${profileType} ${paymentStatus} ${link.getAttribute('aria-label')} → ${href}`).not.toBe('*');
        }
        unmount();
      }
    }
  });
});
