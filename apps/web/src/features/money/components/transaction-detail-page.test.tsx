import { screen, within } from '@testing-library/react';
import type { TTransaction } from '@virality/domain';
import { describe, expect, it } from 'vitest';
import { fail, mockFetch, ok, renderPage, storeSession } from '../../../testing';
import { TransactionDetailPage } from './transaction-detail-page';

const tx = (over: Partial<TTransaction> = {}): TTransaction => ({
  _id: 't1',
  amount: 25,
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
  orderId: '5O190127TN364715T',
  ...over,
});

const open = (id = 't1') =>
  renderPage(`/transactiondetail/${id}`, <TransactionDetailPage />, { route: '/transactiondetail/:id' });

describe('a transaction’s details', () => {
  it("a completed payment is 'Transaction Successful': the amount, the influencer, the campaign, the date and PayPal's order", async () => {
    storeSession('BRANDS', { userId: 'b1' });
    const calls = mockFetch((c) => (c.path === 'payments/detail/t1' ? ok(tx()) : undefined));
    open();
    expect(await screen.findByRole('heading', { name: 'Transaction Successful' })).toBeTruthy();
    expect(screen.getByTestId('detail-amount').textContent).toBe('$25.00');
    const facts = screen.getByText('Paid to').closest('dl')!;
    expect(within(facts).getByText('Ana Silva')).toBeTruthy();
    expect(within(facts).getByRole('link', { name: 'Spring launch' }).getAttribute('href')).toBe('/campaign/c1');
    expect(within(facts).getByText('5O190127TN364715T')).toBeTruthy();
    expect(facts.querySelector('time')?.getAttribute('dateTime')).toBe('2026-05-10T12:00:00.000Z');
    expect(screen.getByRole('link', { name: 'Back to Transactions' }).getAttribute('href')).toBe('/profile/wallet');
    expect(calls.map((c) => c.path)).toEqual(['payments/detail/t1']);
  });

  it('a payment not completed says where it stands in words, and a failed one why, never as a success', async () => {
    storeSession('IMC');
    mockFetch((c) =>
      c.path === 'payments/detail/t2'
        ? ok(tx({ _id: 't2', paymentStatus: 'DECLINED', failureReason: 'PayPal declined this payment.' }))
        : c.path === 'payments/detail/t3'
          ? ok(tx({ _id: 't3', paymentStatus: 'PENDING' }))
          : undefined,
    );
    const first = open('t2');
    expect(await screen.findByRole('heading', { name: 'Transaction failed' })).toBeTruthy();
    expect(screen.getByText('PayPal declined this payment.')).toBeTruthy();
    expect(screen.queryByText('Transaction Successful')).toBeNull();
    expect(screen.getByText('Failed').closest('[data-tone]')?.getAttribute('data-tone')).toBe('failed');
    first.unmount();
    open('t3');
    expect(await screen.findByRole('heading', { name: 'Transaction pending' })).toBeTruthy();
    expect(screen.getByText('Pending').closest('[data-tone]')?.getAttribute('data-tone')).toBe('waiting');
  });

  it("another user's payment or an unknown id (404) reads 'Transaction not found'", async () => {
    storeSession('BRANDS');
    mockFetch((c) => (c.path === 'payments/detail/other' ? fail(404, 'Transaction not found') : undefined));
    open('other');
    expect(await screen.findByRole('heading', { name: 'Transaction not found' })).toBeTruthy();
    expect(screen.queryByTestId('detail-amount')).toBeNull();
  });

  it('any other failure shows the server’s message', async () => {
    storeSession('BRANDS');
    mockFetch((c) => (c.path === 'payments/detail/t1' ? fail(500, 'Something went wrong') : undefined));
    open();
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong');
  });
});
