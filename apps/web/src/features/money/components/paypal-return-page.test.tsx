import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TTransaction } from '@virality/domain';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok, storeSession, testQueryClient, WhereAmI } from '../../../testing';
import { PaypalReturnPage } from './paypal-return-page';

const tx = (over: Partial<TTransaction> = {}): TTransaction => ({
  _id: 't1',
  amount: 40,
  withdrawAmount: 0,
  currency: 'USD',
  paymentType: 'transaction',
  paymentStatus: 'COMPLETED',
  failureReason: null,
  payerId: { _id: 'b1', name: 'Acme Brand', profileImage: null },
  recieverId: { _id: 'u1', name: 'Ana Silva', profileImage: null },
  receiverPaypalId: null,
  campaign: { _id: 'c1', name: 'Spring launch' },
  date: '2026-05-10T12:00:00.000Z',
  orderId: 'ORDER-1',
  ...over,
});

/**
 * The page at PayPal's return address, in StrictMode at the root (where React mounts it, drops it and mounts it again
 * in development). Each test has its own order: a capture is asked once per order for the page's whole life.
 */
const open = (order: string) => {
  const router = createMemoryRouter(
    [
      { path: '/payment/return', element: <PaypalReturnPage /> },
      { path: '*', element: <WhereAmI /> },
    ],
    { initialEntries: [`/payment/return?via=paypal&token=${order}&PayerID=PAYER1`] },
  );
  return render(
    <StrictMode>
      <MantineProvider env="test">
        <QueryClientProvider client={testQueryClient({ staleTime: 0 })}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  );
};

describe('the return from PayPal', () => {
  it('captures the approved order once (even mounted twice), with a spinner, then the payment: amount, influencer, campaign', async () => {
    storeSession('BRANDS', { userId: 'b1' });
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    const calls = mockFetch((c) => (c.path === 'payments/paycapture' ? ok(tx({ orderId: 'ORDER-A' })) : undefined));
    // the answer waits until the spinner has been seen
    const answer = globalThis.fetch;
    vi.stubGlobal('fetch', async (...args: Parameters<typeof fetch>) => {
      await held;
      return answer(...args);
    });
    open('ORDER-A');
    expect(await screen.findByRole('heading', { name: 'Confirming your payment…' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('We are taking the payment you approved on PayPal');
    release();
    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeTruthy();
    expect(screen.getByTestId('paid-amount').textContent).toBe('$40.00');
    expect(screen.getByText('Ana Silva')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View campaign' }).getAttribute('href')).toBe('/campaign/c1');
    expect(screen.getByRole('link', { name: 'View transactions' }).getAttribute('href')).toBe('/profile/wallet');
    const captures = calls.filter((c) => c.path === 'payments/paycapture');
    expect(captures).toHaveLength(1);
    expect(captures[0].method).toBe('POST');
    expect(captures[0].body).toEqual({ orderId: 'ORDER-A' });
  });

  it('a capture PayPal is still processing says so, and leads to the transactions', async () => {
    storeSession('BRANDS');
    mockFetch((c) => (c.path === 'payments/paycapture' ? ok(tx({ paymentStatus: 'PENDING' })) : undefined));
    open('ORDER-B');
    expect(await screen.findByRole('heading', { name: 'PayPal is still processing this payment' })).toBeTruthy();
    expect(screen.queryByText('Payment successful')).toBeNull();
    expect(screen.getByRole('link', { name: 'View transactions' }).getAttribute('href')).toBe('/profile/wallet');
  });

  it("a refused capture shows the server's message; Try Again asks once more", async () => {
    storeSession('IMC');
    let refused = true;
    const calls = mockFetch((c) =>
      c.path === 'payments/paycapture'
        ? refused
          ? fail(502, 'PayPal is not available right now. Please try again in a few minutes.')
          : ok(tx())
        : undefined,
    );
    const user = userEvent.setup();
    open('ORDER-C');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'PayPal is not available right now. Please try again in a few minutes.',
    );
    expect(calls.filter((c) => c.path === 'payments/paycapture')).toHaveLength(1);
    // an IMC has no wallet: its way to what it paid is its campaigns
    expect(screen.getByRole('link', { name: 'Campaigns' }).getAttribute('href')).toBe('/campaigns');
    refused = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'View transactions' })).toBeNull();
    expect(calls.filter((c) => c.path === 'payments/paycapture')).toHaveLength(2);
  });

  it('a declined payment is never shown as a success', async () => {
    storeSession('BRANDS');
    mockFetch((c) =>
      c.path === 'payments/paycapture' ? ok(tx({ paymentStatus: 'DECLINED', failureReason: 'PayPal declined it.' })) : undefined,
    );
    open('ORDER-D');
    expect(await screen.findByRole('heading', { name: 'The payment did not go through' })).toBeTruthy();
    expect(screen.getByText('PayPal declined it.')).toBeTruthy();
    expect(screen.queryByText('Payment successful')).toBeNull();
  });

  it('signed out, it asks for the login and captures nothing', async () => {
    const calls = mockFetch(() => undefined);
    open('ORDER-E');
    expect(await screen.findByRole('heading', { name: 'No payment to confirm' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    await waitFor(() => expect(calls).toHaveLength(0));
  });
});
