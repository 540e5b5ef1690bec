import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TTransaction, TTransactionList } from '@virality/domain';
import { describe, expect, it, vi } from 'vitest';
import { CURRENT_USER_KEY, type TCurrentUser } from '../../../lib/use-current-user';
import { fail, makeUser, mockFetch, ok, renderPage, storeSession, type TMockCall, testQueryClient } from '../../../testing';
import { TransactionsPage } from './transactions-page';

const BRAND = { _id: 'b1', name: 'Acme Brand', profileImage: null };
const ANA = { _id: 'u1', name: 'Ana Silva', profileImage: null };

const tx = (over: Partial<TTransaction> = {}): TTransaction => ({
  _id: 't1',
  amount: 25,
  withdrawAmount: 0,
  currency: 'USD',
  paymentType: 'transaction',
  paymentStatus: 'COMPLETED',
  failureReason: null,
  payerId: BRAND,
  recieverId: ANA,
  receiverPaypalId: null,
  campaign: { _id: 'c1', name: 'Spring launch' },
  date: '2026-05-10T12:00:00.000Z',
  orderId: 'ORDER-1',
  ...over,
});
const listOf = (docs: TTransaction[], over: Partial<TTransactionList> = {}): TTransactionList => ({
  docs,
  page: 1,
  pages: 1,
  total: docs.length,
  ...over,
});
const userOf = (over: Partial<TCurrentUser> = {}): TCurrentUser => ({
  ...makeUser({ name: 'Ana Silva', userName: 'ana', profileCompleted: true, paypalId: 'ana@paypal.test' }),
  paymentWallet: { amount: 25, currency: 'USD' },
  UnseenNotifsCount: 0,
  ...over,
});

/** Answers the user's status and the list; `other` answers the rest. */
function serve(user: () => TCurrentUser, list: (c: TMockCall) => TTransactionList, other?: (c: TMockCall) => unknown) {
  return mockFetch((c) => {
    if (c.path === 'user/getUserStatus') return ok({ result: user() });
    if (c.path === 'payments/list') return ok(list(c));
    return other?.(c) as ReturnType<Parameters<typeof mockFetch>[0]>;
  });
}
const count = (calls: TMockCall[], path: string) => calls.filter((c) => c.path === path).length;

describe('the transactions page of an influencer', () => {
  it('shows the wallet balance, where withdrawals go, and each row: who paid, the amount, the status and the date', async () => {
    storeSession('INFLUENCER');
    const calls = serve(
      () => userOf(),
      () =>
        listOf([
          tx(),
          tx({
            _id: 't2',
            paymentType: 'self',
            amount: 10.5,
            withdrawAmount: 10.5,
            paymentStatus: 'PENDING',
            payerId: ANA,
            recieverId: ANA,
            receiverPaypalId: 'ana@paypal.test',
            campaign: null,
          }),
        ]),
    );
    renderPage('/transactions', <TransactionsPage />);
    expect((await screen.findByTestId('wallet-amount')).textContent).toBe('$25.00');
    expect(screen.getByTestId('wallet-paypal').textContent).toBe('ana@paypal.test');
    expect(screen.getByRole('heading', { name: 'Wallet' })).toBeTruthy();
    const rows = await screen.findAllByTestId('transaction');
    expect(rows).toHaveLength(2);
    expect(rows[0].textContent).toContain('Received from');
    expect(within(rows[0]).getByTestId('transaction-party').textContent).toBe('Acme Brand');
    expect(within(rows[0]).getByTestId('transaction-amount').textContent).toBe('$25.00');
    expect(within(rows[0]).getByText('Completed')).toBeTruthy();
    expect(rows[0].querySelector('time')?.getAttribute('dateTime')).toBe('2026-05-10T12:00:00.000Z');
    expect(rows[0].querySelector('time')?.textContent).toContain('2026');
    expect(rows[1].textContent).toContain('Withdrawal to PayPal');
    expect(within(rows[1]).getByTestId('transaction-party').textContent).toBe('ana@paypal.test');
    expect(within(rows[1]).getByTestId('transaction-amount').textContent).toBe('$10.50');
    expect(within(rows[1]).getByText('Pending')).toBeTruthy();
    // an influencer's rows open their details in a dialog (the detail page is the payer's), never a link
    expect(screen.getAllByTestId('transaction-link').map((b) => b.tagName)).toEqual(['BUTTON', 'BUTTON']);
    const first = calls.find((c) => c.path === 'payments/list')!;
    expect(first.query.get('filter')).toBe('All');
    expect(first.query.get('page')).toBe('1');
    expect(first.query.get('timeZone')).toBeTruthy();
  });

  it('without a PayPal id, the card leads to the profile to add one; Withdraw is off while the wallet is empty', async () => {
    storeSession('INFLUENCER');
    serve(
      () => userOf({ paypalId: null, paymentWallet: { amount: 0, currency: 'USD' } }),
      () => listOf([]),
    );
    renderPage('/transactions', <TransactionsPage />);
    expect((await screen.findByTestId('wallet-amount')).textContent).toBe('$0.00');
    expect(screen.getByRole('link', { name: 'Add your PayPal id' }).getAttribute('href')).toBe('/profile/updateprofile');
    expect(screen.getByRole('button', { name: 'Withdraw' }).hasAttribute('disabled')).toBe(true);
    expect(await screen.findByText('No Data Found')).toBeTruthy();
  });

  it('a status badge is green only when completed: pending and created amber, anything else red with its reason', async () => {
    storeSession('INFLUENCER');
    serve(
      () => userOf(),
      () =>
        listOf([
          tx({ _id: 'a', paymentStatus: 'COMPLETED' }),
          tx({ _id: 'b', paymentStatus: 'PENDING' }),
          tx({ _id: 'c', paymentStatus: 'CREATED' }),
          tx({ _id: 'd', paymentType: 'self', paymentStatus: 'RETURNED', failureReason: 'PayPal returned it.' }),
          tx({ _id: 'e', paymentStatus: 'DECLINED', failureReason: null }),
        ]),
    );
    renderPage('/transactions', <TransactionsPage />);
    const rows = await screen.findAllByTestId('transaction');
    const badge = (row: HTMLElement, label: string) =>
      within(row).getByText(label).closest('[data-tone]')?.getAttribute('data-tone');
    expect(badge(rows[0], 'Completed')).toBe('ok');
    expect(badge(rows[1], 'Pending')).toBe('waiting');
    expect(badge(rows[2], 'Created')).toBe('waiting');
    expect(badge(rows[3], 'Failed')).toBe('failed');
    expect(within(rows[3]).getByTestId('transaction-failure').textContent).toBe('PayPal returned it.');
    expect(badge(rows[4], 'Failed')).toBe('failed');
    // the raw words never show
    expect(screen.queryByText('RETURNED')).toBeNull();
    expect(screen.queryByText('DECLINED')).toBeNull();
  });

  it('a filter asks for page 1 of its period; the pages move through the list', async () => {
    storeSession('INFLUENCER');
    const calls = serve(
      () => userOf(),
      (c) => listOf([tx({ _id: `p${c.query.get('page')}` })], { page: Number(c.query.get('page')), pages: 3, total: 25 }),
    );
    const user = userEvent.setup();
    renderPage('/transactions', <TransactionsPage />);
    await screen.findAllByTestId('transaction');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(calls.at(-1)?.query.get('page')).toBe('2'));
    await user.click(screen.getByText('3 months'));
    await waitFor(() => expect(calls.at(-1)?.query.get('filter')).toBe('3Months'));
    expect(calls.at(-1)?.query.get('page')).toBe('1');
    for (const label of ['All', 'Last month', '3 months', '6 months']) expect(screen.getByText(label)).toBeTruthy();
  });

  it('says why the list could not be read, and reads it again on Try again', async () => {
    storeSession('INFLUENCER');
    let broken = true;
    mockFetch((c) => {
      if (c.path === 'user/getUserStatus') return ok({ result: userOf() });
      if (c.path === 'payments/list') return broken ? fail(500, 'Something went wrong') : ok(listOf([tx()]));
      return undefined;
    });
    const user = userEvent.setup();
    renderPage('/transactions', <TransactionsPage />);
    expect(await screen.findByText('Something went wrong')).toBeTruthy();
    broken = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('transaction')).toHaveLength(1);
  });
});

describe('the transactions page of a brand or an IMC', () => {
  it('has no wallet; a payment reads "Sent to" its influencer and opens its details', async () => {
    storeSession('BRANDS', { userId: 'b1' });
    serve(
      () => userOf({ _id: 'b1', profileType: 'BRANDS', name: 'Acme Brand', paymentWallet: { amount: 0, currency: 'USD' } }),
      () => listOf([tx({ _id: 'pay 1' })]),
    );
    renderPage('/transactions', <TransactionsPage />);
    const row = await screen.findByTestId('transaction');
    expect(row.textContent).toContain('Sent to');
    expect(within(row).getByTestId('transaction-party').textContent).toBe('Ana Silva');
    expect(within(row).getByRole('link').getAttribute('href')).toBe('/transactiondetail/pay%201');
    expect(screen.queryByTestId('wallet-amount')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull();
  });

  it('an IMC paying for its campaign reads the same, and opens the details too', async () => {
    storeSession('IMC', { userId: 'i1' });
    serve(
      () => userOf({ _id: 'i1', profileType: 'IMC', name: 'Agency' }),
      () => listOf([tx({ payerId: { _id: 'i1', name: 'Agency', profileImage: null } })]),
    );
    renderPage('/transactions', <TransactionsPage />);
    const row = await screen.findByTestId('transaction');
    expect(row.textContent).toContain('Sent to');
    expect(within(row).getByRole('link').getAttribute('href')).toBe('/transactiondetail/t1');
    expect(screen.queryByTestId('wallet-amount')).toBeNull();
  });
});

describe('the withdraw dialog', () => {
  const open = async () => {
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw' });
    return { user, dialog, input: within(dialog).getByLabelText(/Amount/) as HTMLInputElement };
  };

  it('refuses a sign or an exponent as keys, and amounts under the minimum or over the balance, with the server’s words', async () => {
    storeSession('INFLUENCER');
    const calls = serve(
      () => userOf(),
      () => listOf([]),
    );
    renderPage('/transactions', <TransactionsPage />);
    const { user, dialog, input } = await open();
    // the keys themselves are refused, not only what they would type
    for (const key of ['-', '+', 'e', 'E']) expect(fireEvent.keyDown(input, { key })).toBe(false);
    expect(fireEvent.keyDown(input, { key: '5' })).toBe(true);
    await user.type(input, '-+e5');
    expect(input.value).toBe('5');
    await user.clear(input);
    await user.type(input, '0.5');
    await user.click(within(dialog).getByRole('button', { name: 'Proceed' }));
    expect(within(dialog).getByText('Minimum withdrawal amount is 1 USD')).toBeTruthy();
    await user.clear(input);
    await user.type(input, '25.01');
    expect(within(dialog).getByText('Amount is more than your wallet balance')).toBeTruthy();
    await user.clear(input);
    await user.click(within(dialog).getByRole('button', { name: 'Proceed' }));
    expect(within(dialog).getByText('Please enter an amount')).toBeTruthy();
    expect(count(calls, 'payments/payout')).toBe(0);
  });

  it("shows the server's refusal in the dialog and keeps it open", async () => {
    storeSession('INFLUENCER');
    serve(
      () => userOf({ paypalId: null }),
      () => listOf([]),
      (c) =>
        c.path === 'payments/payout' ? fail(400, 'Please enter your paypal id by going to profile > user profile') : undefined,
    );
    renderPage('/transactions', <TransactionsPage />);
    const { user, dialog, input } = await open();
    await user.type(input, '5');
    await user.click(within(dialog).getByRole('button', { name: 'Proceed' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'Please enter your paypal id by going to profile > user profile',
    );
    expect(screen.getByRole('dialog', { name: 'Withdraw' })).toBeTruthy();
  });

  it('Proceed is off while the withdrawal is sent; then a toast, and the wallet and the list are read again', async () => {
    storeSession('INFLUENCER');
    let balance = 25;
    let release: () => void = () => {};
    const sent = new Promise<void>((r) => {
      release = r;
    });
    const calls: TMockCall[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        const url = new URL(input, 'http://localhost');
        const path = url.pathname.replace(/^\/api\//, '');
        calls.push({
          method: init?.method ?? 'GET',
          path,
          query: url.searchParams,
          body: init?.body ? JSON.parse(String(init.body)) : undefined,
        });
        const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
        if (path === 'user/getUserStatus')
          return json({
            status: true,
            message: 'ok',
            response: { result: userOf({ paymentWallet: { amount: balance, currency: 'USD' } }) },
          });
        if (path === 'payments/list') return json({ status: true, message: 'ok', response: listOf([]) });
        if (path === 'payments/payout') {
          await sent;
          balance = 15;
          return json({
            status: true,
            message: 'ok',
            response: tx({ paymentType: 'self', amount: 10, paymentStatus: 'PENDING' }),
          });
        }
        return new Response('{}', { status: 404 });
      }),
    );
    renderPage('/transactions', <TransactionsPage />);
    const { user, dialog, input } = await open();
    await user.type(input, '10');
    const usersBefore = count(calls, 'user/getUserStatus');
    const listsBefore = count(calls, 'payments/list');
    await user.click(within(dialog).getByRole('button', { name: 'Proceed' }));
    await waitFor(() =>
      expect(
        within(dialog)
          .getByRole('button', { name: /Proceed/ })
          .hasAttribute('disabled'),
      ).toBe(true),
    );
    expect(calls.find((c) => c.path === 'payments/payout')?.body).toEqual({ amount: 10 });
    await act(async () => release());
    expect(await screen.findByText('Your withdrawal is on its way to your PayPal account')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Withdraw' })).toBeNull());
    await waitFor(() => expect(screen.getByTestId('wallet-amount').textContent).toBe('$15.00'));
    expect(count(calls, 'user/getUserStatus')).toBeGreaterThan(usersBefore);
    expect(count(calls, 'payments/list')).toBeGreaterThan(listsBefore);
    expect(count(calls, 'payments/payout')).toBe(1);
  });
});

describe('the list follows money as it moves', () => {
  it('a row on its way is asked about again until it settles, and the wallet is read again when it does', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storeSession('INFLUENCER');
    let status = 'PENDING';
    const calls = serve(
      () => userOf(),
      () => listOf([tx({ paymentType: 'self', paymentStatus: status })]),
    );
    renderPage('/transactions', <TransactionsPage />);
    await screen.findByText('Pending');
    const users = count(calls, 'user/getUserStatus');
    status = 'COMPLETED';
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_500);
    });
    expect(await screen.findByText('Completed')).toBeTruthy();
    await waitFor(() => expect(count(calls, 'user/getUserStatus')).toBeGreaterThan(users));
    const lists = count(calls, 'payments/list');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(25_000);
    });
    // settled: no more asking
    expect(count(calls, 'payments/list')).toBe(lists);
  });

  it('a new money notification reads the list and the wallet again; another kind does not', async () => {
    storeSession('INFLUENCER');
    const client = testQueryClient({ staleTime: 0 });
    let newest = { _id: 'n1', type: 'POST_NOTIFICATION' };
    const calls = serve(
      () => userOf(),
      () => listOf([tx()]),
      (c) =>
        c.path === 'activity/getAllActivityById'
          ? ok({
              docs: [
                {
                  ...newest,
                  title: 'x',
                  description: null,
                  isRead: false,
                  isSeen: false,
                  createdAt: '',
                  senderId: null,
                  payload: null,
                },
              ],
              page: 1,
              pages: 1,
              total: 1,
            })
          : undefined,
    );
    renderPage('/transactions', <TransactionsPage />, { queryClient: client });
    await screen.findByTestId('transaction');
    const bump = (n: number) =>
      act(() => client.setQueryData<TCurrentUser>(CURRENT_USER_KEY, (u) => (u ? { ...u, UnseenNotifsCount: n } : u)));
    const lists = count(calls, 'payments/list');
    bump(1);
    await waitFor(() => expect(count(calls, 'activity/getAllActivityById')).toBe(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(count(calls, 'payments/list')).toBe(lists);
    newest = { _id: 'n2', type: 'PAYOUT_COMPLETED' };
    const users = count(calls, 'user/getUserStatus');
    bump(2);
    await waitFor(() => expect(count(calls, 'payments/list')).toBeGreaterThan(lists));
    await waitFor(() => expect(count(calls, 'user/getUserStatus')).toBeGreaterThan(users));
  });
});
