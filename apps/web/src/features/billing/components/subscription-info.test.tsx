import { screen } from '@testing-library/react';
import type { TUser } from '@virality/domain';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeUser, renderUi } from '../../../testing';
import { PlanGate } from './plan-gate';
import { PricingMenuEntry, SubscriptionInfo } from './subscription-info';

const DAY = 86_400_000;
const inDays = (d: number) => new Date(Date.now() + d * DAY + 3_600_000).toISOString();

function user(
  profileType: TUser['profileType'],
  sub: Partial<NonNullable<TUser['subscriptionDetails']>> | null,
  paymentStatus = true,
) {
  return {
    ...makeUser({ profileType, paymentStatus, name: 'Acme', profileCompleted: true }),
    subscriptionDetails: sub
      ? {
          planType: 'Starter',
          planStatus: 'ACTIVE',
          subscriptionVerify: true,
          postLimit: 20,
          postCount: 0,
          planStartDate: null,
          planEndDate: inDays(12),
          bufferEndDate: null,
          ...sub,
        }
      : null,
    UnseenNotifsCount: 0,
  };
}
const show = (node: React.ReactNode) => renderUi(<MemoryRouter>{node}</MemoryRouter>);

describe('subscription on the profile hub', () => {
  it('names the free tier "Free plan" and gives its days to renewal and posts left as a sentence', () => {
    show(<SubscriptionInfo user={user('INFLUENCER', { planType: 'FreeTier', postLimit: 5, postCount: 3 }, false)} />);
    expect(screen.getByText('Free plan')).toBeTruthy();
    expect(screen.queryByText(/FreeTier/)).toBeNull();
    expect(screen.getByText('Renews in 12 days. 2 posts left in this period.')).toBeTruthy();
  });

  it('gives Starter its days left and posts left, and warns at the 19-post threshold', () => {
    show(<SubscriptionInfo user={user('BUSINESS', { postCount: 19 })} />);
    expect(screen.getByText('Starter')).toBeTruthy();
    expect(screen.getByText('12 days left. 1 post left in this period.')).toBeTruthy();
    expect(screen.getByText(/You have used 19 of your 20 Starter posts/)).toBeTruthy();
  });

  it("says 'expiring Today' on the last day", () => {
    show(<SubscriptionInfo user={user('BUSINESS', { planType: 'Professional', postLimit: null, planEndDate: inDays(0) })} />);
    expect(screen.getByText('expiring Today')).toBeTruthy();
  });

  it("says 'Your Subscription is Expired' in red once it has ended", () => {
    show(<SubscriptionInfo user={user('BUSINESS', { planStatus: 'EXPIRED', planEndDate: inDays(-2) })} />);
    const text = screen.getByText('Your Subscription is Expired');
    expect(text.getAttribute('style') ?? text.className).toMatch(/red/);
    expect(screen.getByRole('link', { name: 'Renew' }).getAttribute('href')).toBe('/profile/pricing');
  });

  it("reads 'Switch to Business' for a free-tier influencer, Pricing for others, nothing for managers", () => {
    const { unmount } = show(<PricingMenuEntry user={user('INFLUENCER', { planType: 'FreeTier', postLimit: 5 }, false)} />);
    expect(screen.getByRole('link', { name: /Switch to Business/ }).getAttribute('href')).toBe('/profile/pricing');
    unmount();
    const b = show(<PricingMenuEntry user={user('IMC', null, false)} />);
    expect(screen.getByRole('link', { name: /^Pricing/ })).toBeTruthy();
    b.unmount();
    show(<PricingMenuEntry user={user('BUSINESS_MANAGER', null, false)} />);
    expect(screen.queryByRole('link')).toBeNull();
  });
});

describe('plan gate', () => {
  it('offers a business without a plan the pricing page', () => {
    show(<PlanGate user={user('BUSINESS', null, false)} />);
    expect(screen.getByRole('heading', { name: 'Choose a plan to open your dashboard' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/profile/pricing');
  });

  it('tells a user whose plan ended that it is expired', () => {
    show(<PlanGate user={user('BRANDS', { planStatus: 'EXPIRED', planEndDate: inDays(-1) })} />);
    expect(screen.getByRole('heading', { name: 'Your Subscription is Expired' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Renew your plan' }).getAttribute('href')).toBe('/profile/pricing');
  });
});
