import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TPlanOffer } from '@virality/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok, renderPage, seedUser, storeSession, testQueryClient } from '../../../testing';
import { navigateAway } from '../lib/navigate-away';
import { PricingPage } from './pricing-page';

vi.mock('../lib/navigate-away', () => ({ navigateAway: vi.fn() }));

const DAY = 86_400_000;
const inDays = (d: number) => new Date(Date.now() + d * DAY + 3_600_000).toISOString();

const offer = (planType: string, planLevel: number, planAmount: number, PlanPostLimit: number | null): TPlanOffer => ({
  planId: `plan-${planType.toLowerCase()}`,
  planName: planType,
  planLevel,
  planAmount,
  planCurrency: 'usd',
  planFeature: [`${planType} feature`],
  PlanPostLimit,
  planType,
  priceId: `price_${planType.toLowerCase()}_usd`,
});
const PLANS = [offer('Starter', 1, 12, 20), offer('Professional', 2, 29, null), offer('Enterprise', 3, 17499, null)];
const priceList = (plans = PLANS, currency = 'usd') => ok({ currency, symbol: '$', plans });

const cards = () => screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent);
const card = (name: string) => screen.getByRole('article', { name });

function account(sub: Record<string, unknown> | null, profileType: 'BUSINESS' | 'INFLUENCER' = 'BUSINESS') {
  storeSession(profileType);
  const queryClient = testQueryClient({ staleTime: 0 });
  seedUser(queryClient, {
    profileType,
    paymentStatus: !!sub && sub.planType !== 'FreeTier',
    subscriptionDetails: sub
      ? {
          planType: 'Starter',
          planStatus: 'ACTIVE',
          subscriptionVerify: true,
          postLimit: 20,
          postCount: 0,
          planStartDate: null,
          planEndDate: inDays(20),
          bufferEndDate: null,
          ...sub,
        }
      : null,
  });
  // the seeded user stays as given
  queryClient.setQueryDefaults(['user-status'], { staleTime: Number.POSITIVE_INFINITY });
  return renderPage('/profile/pricing', <PricingPage mode="account" />, { queryClient });
}

describe('pricing page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(navigateAway).mockReset();
  });

  it('shows a skeleton, then the plans in the server’s currency without the 17499 plan in dollars', async () => {
    mockFetch((c) => (c.path === 'payment/getPriceList' ? priceList() : undefined));
    renderPage('/pricing', <PricingPage mode="public" />);
    expect(screen.getByRole('status', { name: 'Loading plans' })).toBeTruthy();
    await screen.findByRole('article', { name: 'Starter' });
    expect(cards()).toEqual(['Starter', 'Professional']);
    expect(within(card('Starter')).getByText('$12')).toBeTruthy();
    expect(within(card('Starter')).getByText('20 posts a month')).toBeTruthy();
    expect(within(card('Professional')).getByText('Unlimited posts a month')).toBeTruthy();
  });

  it('shows the 17499 plan in another currency', async () => {
    mockFetch((c) =>
      c.path === 'payment/getPriceList'
        ? priceList(
            PLANS.map((p) => ({ ...p, planCurrency: 'inr' })),
            'inr',
          )
        : undefined,
    );
    renderPage('/pricing', <PricingPage mode="public" />);
    await screen.findByRole('article', { name: 'Enterprise' });
    expect(within(card('Enterprise')).getByText('₹17,499')).toBeTruthy();
  });

  it('sends a visitor’s Subscribe to the profile type chooser', async () => {
    mockFetch((c) => (c.path === 'payment/getPriceList' ? priceList() : undefined));
    renderPage('/pricing', <PricingPage mode="public" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Subscribe Starter' }));
    expect(screen.getByTestId('location').textContent).toBe('/selectprofiletype');
  });

  it('offers Try Again when the plans fail to load, and loads them again', async () => {
    let failing = true;
    mockFetch((c) => (c.path === 'payment/getPriceList' ? (failing ? fail(500, 'Server down') : priceList()) : undefined));
    renderPage('/pricing', <PricingPage mode="public" />);
    const again = await screen.findByRole('button', { name: 'Try Again' }, { timeout: 4000 });
    failing = false;
    await userEvent.click(again);
    expect(await screen.findByRole('article', { name: 'Starter' })).toBeTruthy();
  });

  it('shows an influencer on the free tier only the first plan', async () => {
    mockFetch((c) => (c.path === 'payment/getPriceList' ? priceList() : undefined));
    account({ planType: 'FreeTier', postLimit: 5, postCount: 2 }, 'INFLUENCER');
    await screen.findByRole('article', { name: 'Starter' });
    expect(cards()).toEqual(['Starter']);
    expect(screen.getByRole('button', { name: 'Subscribe Starter' })).toBeTruthy();
  });

  it('marks an active Starter plan and offers Upgrade to Professional', async () => {
    mockFetch((c) => (c.path === 'payment/getPriceList' ? priceList() : undefined));
    account({ planType: 'Starter', planEndDate: inDays(20) });
    await screen.findByRole('article', { name: 'Starter' });
    expect(within(card('Starter')).getByTestId('plan-badge').textContent).toBe('current plan');
    expect(screen.getByRole('button', { name: 'Upgrade Professional' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Subscribe Starter' })).toBeTruthy();
  });

  it('counts the last days down and offers Renew with fewer than 2 days left', async () => {
    mockFetch((c) => (c.path === 'payment/getPriceList' ? priceList() : undefined));
    account({ planType: 'Professional', postLimit: null, planEndDate: inDays(1) });
    await screen.findByRole('article', { name: 'Professional' });
    expect(within(card('Professional')).getByTestId('plan-badge').textContent).toBe('1 days remaining');
    expect(screen.getByRole('button', { name: 'Renew Professional' })).toBeTruthy();
    // a plan below the active one waits for it to end
    expect((screen.getByRole('button', { name: 'Subscribe Starter' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says expired on an expired plan and offers Subscribe again', async () => {
    mockFetch((c) => (c.path === 'payment/getPriceList' ? priceList() : undefined));
    account({ planType: 'Starter', planStatus: 'EXPIRED', planEndDate: inDays(-3) });
    await screen.findByRole('article', { name: 'Starter' });
    expect(within(card('Starter')).getByTestId('plan-badge').textContent).toBe('expired');
    expect(screen.getByRole('button', { name: 'Subscribe Professional' })).toBeTruthy();
  });
});

describe('checkout', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(navigateAway).mockReset();
  });

  async function openStarter(handler: Parameters<typeof mockFetch>[0]) {
    const calls = mockFetch((c) => (c.path === 'payment/getPriceList' ? priceList() : handler(c)));
    account(null);
    await userEvent.click(await screen.findByRole('button', { name: 'Subscribe Starter' }));
    return { calls, dialog: screen.getByRole('dialog', { name: 'Subscribe to Starter' }) };
  }

  it('verifies a coupon: Verify disabled while empty, then the message and the discounted total', async () => {
    const { calls, dialog } = await openStarter((c) =>
      c.path === 'admin/coupon/verifyCoupon'
        ? ok({ couponCode: 'WELCOME10', discountedAmount: 10.8, planId: 'plan-starter' }, 'Coupon verified successfully')
        : c.path === 'payment/createSubscriptionSession'
          ? ok({ urlRedirect: 'http://pay.example/cs_1', orderId: 'o1' })
          : undefined,
    );
    const verify = within(dialog).getByRole('button', { name: 'Verify' }) as HTMLButtonElement;
    expect(verify.disabled).toBe(true);
    await userEvent.type(within(dialog).getByLabelText('Coupon code'), '  ');
    expect(verify.disabled).toBe(true);
    await userEvent.clear(within(dialog).getByLabelText('Coupon code'));
    await userEvent.type(within(dialog).getByLabelText('Coupon code'), 'WELCOME10');
    await userEvent.click(verify);
    expect(await within(dialog).findByText('Coupon verified successfully')).toBeTruthy();
    expect(within(dialog).getByText('$10.80')).toBeTruthy();
    expect(calls.find((c) => c.path === 'admin/coupon/verifyCoupon')?.body).toEqual({
      priceId: 'price_starter_usd',
      promoCode: 'WELCOME10',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(navigateAway).toHaveBeenCalledWith('http://pay.example/cs_1'));
    expect(screen.getByText('Please wait... We are navigating to payment')).toBeTruthy();
    expect(calls.find((c) => c.path === 'payment/createSubscriptionSession')?.body).toEqual({
      priceId: 'price_starter_usd',
      planType: 'Starter',
      userId: 'u1',
      postLimit: 20,
      COUPON_ID: 'WELCOME10',
    });
  });

  it('shows the server’s message when a coupon is refused', async () => {
    const { dialog } = await openStarter((c) =>
      c.path === 'admin/coupon/verifyCoupon' ? fail(400, 'Invalid coupon code') : undefined,
    );
    fireEvent.change(within(dialog).getByLabelText('Coupon code'), { target: { value: 'NOPE' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText('Invalid coupon code')).toBeTruthy();
    // an unverified code holds the payment back until it is verified or cleared
    expect((within(dialog).getByRole('button', { name: 'Continue to payment' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says the payment page could not be reached, with Try Again', async () => {
    let attempts = 0;
    const { dialog } = await openStarter((c) => {
      if (c.path !== 'payment/createSubscriptionSession') return undefined;
      attempts += 1;
      return attempts === 1 ? fail(502, 'Stripe is unreachable') : ok({ urlRedirect: 'http://pay.example/cs_2', orderId: 'o2' });
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
    expect(await within(dialog).findByText('Something went wrong while navigating to the payment page.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(navigateAway).toHaveBeenCalledWith('http://pay.example/cs_2'));
  });
});
