import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockFetch, ok, renderPage, storeSession } from '../../testing';
import { PaymentReturnRoute } from './payment-return-route';

describe('the payment return address', () => {
  it('a return from PayPal (via=paypal) captures the brand’s payment and never asks about a plan', async () => {
    storeSession('BRANDS');
    const calls = mockFetch((c) =>
      c.path === 'payments/paycapture'
        ? ok({
            _id: 't1',
            amount: 12.5,
            withdrawAmount: 0,
            currency: 'USD',
            paymentType: 'transaction',
            paymentStatus: 'COMPLETED',
            failureReason: null,
            payerId: null,
            recieverId: { _id: 'u1', name: 'Ana Silva', profileImage: null },
            receiverPaypalId: null,
            campaign: null,
            date: '2026-05-10T12:00:00.000Z',
            orderId: 'ROUTE-1',
          })
        : undefined,
    );
    renderPage('/payment/return?via=paypal&token=ROUTE-1&PayerID=P1', <PaymentReturnRoute />);
    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual(['payments/paycapture']);
    expect(calls[0].body).toEqual({ orderId: 'ROUTE-1' });
  });

  it('any other return is a plan’s checkout: its order is confirmed as before, and nothing is captured', async () => {
    storeSession('BUSINESS');
    const calls = mockFetch((c) => {
      if (c.path === 'payment/verifyPaymentSuccess')
        return ok({ status: 'failed', orderId: 'ord_9', planType: 'Starter', planEndDate: null });
      if (c.path === 'events/ticket') return fail(500, 'no stream in tests');
      return undefined;
    });
    renderPage('/payment/return?token=ord_9', <PaymentReturnRoute />);
    expect(await screen.findByRole('heading', { name: 'Payment Failed !!.' })).toBeTruthy();
    expect(calls.some((c) => c.path === 'payments/paycapture')).toBe(false);
    expect(calls.find((c) => c.path === 'payment/verifyPaymentSuccess')?.body).toEqual({ token: 'ord_9' });
  });
});
