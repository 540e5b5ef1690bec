import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../testing';
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

  it('shows only News and Profile to a BUSINESS without payment', () => {
    renderIcons({ profileType: 'BUSINESS', paymentStatus: false });
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('aria-label'))).toEqual(['News', 'Profile']);
    expect(screen.queryByRole('button', { name: /Notifications/ })).toBeNull();
  });

  it('shows the full set to an influencer', () => {
    renderIcons();
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('aria-label'))).toEqual([
      'Home',
      'Post draft',
      'Calendar',
      'Profile',
    ]);
  });
});
