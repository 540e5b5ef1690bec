import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok, renderPage, storeSession } from '../../../testing';
import { PaymentFailedPage } from './payment-failed-page';
import { PaymentReturnPage } from './payment-return-page';
import { PaymentSuccessPage } from './payment-success-page';

const ORDER = {
  orderId: 'ord_1',
  planType: 'Starter',
  amount: 10.8,
  currency: 'usd',
  status: 'paid',
  createdAt: '2026-05-10T12:00:00Z',
};

describe('payment success page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('makes the payment update call until it answers 200, shows the order, then opens /home', async () => {
    storeSession('BUSINESS');
    let asked = 0;
    const calls = mockFetch((c) => {
      if (c.path === 'payment/updatePayment') {
        asked += 1;
        return asked < 2
          ? {
              status: 202,
              body: {
                status: true,
                message: 'Your payment is being confirmed',
                response: { status: 'pending', orderId: 'ord_1' },
              },
            }
          : ok({ status: 'paid', orderId: 'ord_1' }, 'Payment recorded');
      }
      if (c.path === 'payment/orderConfirmation') return ok(ORDER);
      if (c.path === 'events/ticket') return fail(500, 'no stream in tests');
      return undefined;
    });
    renderPage('/pricing/success?session_id=cs_test_1', <PaymentSuccessPage />, { route: '/pricing/success' });
    expect(screen.getByRole('status')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Payment received' }, { timeout: 4000 })).toBeTruthy();
    expect(within(await screen.findByRole('group', { name: 'Order confirmation' })).getByText('$10.80')).toBeTruthy();
    expect(await screen.findByTestId('location', {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/home');
    expect(calls.filter((c) => c.path === 'payment/updatePayment').map((c) => c.body)).toEqual([
      { session_id: 'cs_test_1' },
      { session_id: 'cs_test_1' },
    ]);
  });

  it("says 'Failed to update payment' with the server's reason when the call is refused", async () => {
    storeSession('BUSINESS');
    mockFetch((c) => (c.path === 'payment/updatePayment' ? fail(404, 'Payment not found') : undefined));
    renderPage('/pricing/success?session_id=cs_nope', <PaymentSuccessPage />, { route: '/pricing/success' });
    expect(await screen.findByRole('heading', { name: 'Failed to update payment' })).toBeTruthy();
    expect(screen.getByText('Payment not found')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it('reads the token of older clients when there is no session_id', async () => {
    storeSession('BUSINESS');
    const calls = mockFetch((c) => (c.path === 'payment/updatePayment' ? fail(404, 'Payment not found') : undefined));
    renderPage('/pricing/success?token=cs_old', <PaymentSuccessPage />, { route: '/pricing/success' });
    await screen.findByRole('heading', { name: 'Failed to update payment' });
    expect(calls[0].body).toEqual({ session_id: 'cs_old' });
  });
});

/** A stand-in for the browser's EventSource: the test plays the server's side. */
class FakeEventSource {
  static all: FakeEventSource[] = [];
  private handlers = new Map<string, ((e: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(type: string, fn: (e: MessageEvent<string>) => void) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), fn]);
  }
  close() {}
  emit(type: string, data?: unknown) {
    for (const fn of this.handlers.get(type) ?? []) fn({ data: JSON.stringify(data) } as MessageEvent<string>);
  }
}

describe('payment success page, told live', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("asks again the moment the live 'payment' event says the webhook recorded it, without waiting for the next check", async () => {
    FakeEventSource.all = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    storeSession('BUSINESS');
    let recorded = false;
    const calls = mockFetch((c) => {
      if (c.path === 'events/ticket') return ok({ ticket: 't1', expiresAt: '' });
      if (c.path === 'payment/updatePayment')
        return recorded
          ? ok({ status: 'paid', orderId: 'ord_1' })
          : { status: 202, body: { status: true, message: 'pending', response: { status: 'pending', orderId: 'ord_1' } } };
      if (c.path === 'payment/orderConfirmation') return ok(ORDER);
      return undefined;
    });
    renderPage('/pricing/success?session_id=cs_live', <PaymentSuccessPage />, { route: '/pricing/success' });
    await waitFor(() => expect(FakeEventSource.all.map((s) => s.url)).toEqual(['/api/events?ticket=t1']));
    await waitFor(() => expect(calls.filter((c) => c.path === 'payment/updatePayment')).toHaveLength(1));
    recorded = true;
    act(() => FakeEventSource.all[0].emit('payment', { orderId: 'ord_1', status: 'paid' }));
    // well before the next scheduled check
    expect(await screen.findByRole('heading', { name: 'Payment received' }, { timeout: 1000 })).toBeTruthy();
    expect(calls.filter((c) => c.path === 'payment/updatePayment')).toHaveLength(2);
  });
});

describe('payment failed page', () => {
  it("says 'Payment Failed !!.' with a Home link", () => {
    storeSession('BUSINESS');
    renderPage('/pricing/payment-failed', <PaymentFailedPage />);
    expect(screen.getByRole('heading', { name: 'Payment Failed !!.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/home');
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/profile/pricing');
  });
});

describe('payment return page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the token, shows a spinner while pending, then the order confirmation', async () => {
    storeSession('BUSINESS');
    let asked = 0;
    const calls = mockFetch((c) => {
      if (c.path === 'payment/verifyPaymentSuccess') {
        asked += 1;
        return ok({ status: asked < 2 ? 'pending' : 'paid', orderId: 'ord_1', planType: 'Starter', planEndDate: null });
      }
      if (c.path === 'payment/orderConfirmation') return ok(ORDER);
      if (c.path === 'events/ticket') return fail(500, 'no stream in tests');
      return undefined;
    });
    renderPage('/payment/return?token=ord_1', <PaymentReturnPage />);
    expect(await screen.findByLabelText('Confirming your order')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Order confirmed' }, { timeout: 4000 })).toBeTruthy();
    expect(within(await screen.findByRole('group', { name: 'Order confirmation' })).getByText('Starter')).toBeTruthy();
    expect(calls.find((c) => c.path === 'payment/verifyPaymentSuccess')?.body).toEqual({ token: 'ord_1' });
    expect(Object.fromEntries(calls.find((c) => c.path === 'payment/orderConfirmation')!.query)).toEqual({ orderId: 'ord_1' });
  });

  it("says 'Payment Failed !!.' for a failed payment", async () => {
    storeSession('BUSINESS');
    mockFetch((c) =>
      c.path === 'payment/verifyPaymentSuccess'
        ? ok({ status: 'failed', orderId: 'ord_2', planType: 'Starter', planEndDate: null })
        : undefined,
    );
    renderPage('/payment/return?session_id=cs_2', <PaymentReturnPage />);
    expect(await screen.findByRole('heading', { name: 'Payment Failed !!.' })).toBeTruthy();
  });
});
