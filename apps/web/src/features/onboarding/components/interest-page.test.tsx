import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@virality/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/auth-storage';
import { fail, makeUser, mockFetch, ok, renderPage, storeSession, type TMockCall } from '../../../testing';
import { InterestPage } from './interest-page';

const INTERESTS = [
  { id: 'i1', value: 'Fashion' },
  { id: 'i2', value: 'Travel' },
  { id: 'i3', value: 'Food' },
  { id: 'i4', value: 'Gaming' },
];

function serve(user = makeUser(), extra?: (call: TMockCall) => ReturnType<Parameters<typeof mockFetch>[0]>) {
  storeSession(user.profileType, { userId: user._id });
  return mockFetch((call: TMockCall) => {
    const answer = extra?.(call);
    if (answer) return answer;
    if (call.path === 'user/getUserStatus') return ok({ result: { ...user, UnseenNotifsCount: 0 } });
    if (call.path === 'intrest/getAllIntrest') return ok(INTERESTS);
    if (call.path === 'user/updateUser') return ok({ result: { ...user, profileCompleted: true } });
    if (call.path === 'subscription/AddInfSubs') return ok({ subscriptionDetails: null });
    if (call.path === 'user/addUserOnSphDatabase') return ok({ userData: { orgId: 'org1', sphUserId: 'sph1' } });
    return undefined;
  });
}

describe('InterestPage', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('asks for 3 or more interests and sends nothing with fewer', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderPage('/interest', <InterestPage />);

    await user.click(await screen.findByRole('checkbox', { name: 'Fashion' }));
    await user.click(screen.getByRole('checkbox', { name: 'Travel' }));
    expect(screen.queryByText(MSG.interestsMin)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Proceed' }));

    expect(await screen.findByText(MSG.interestsMin)).toBeTruthy();
    expect(calls.some((c) => c.path === 'user/updateUser')).toBe(false);

    // A third pick clears the message.
    await user.click(screen.getByRole('checkbox', { name: 'Food' }));
    expect(screen.queryByText(MSG.interestsMin)).toBeNull();
  });

  it('completes an influencer registration: interests, free tier, posting-side ids, then /congratulation', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderPage('/interest', <InterestPage />);

    for (const name of ['Fashion', 'Food', 'Gaming']) await user.click(await screen.findByRole('checkbox', { name }));
    await user.click(screen.getByRole('button', { name: 'Proceed' }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/congratulation'));
    const update = calls.find((c) => c.path === 'user/updateUser');
    expect(update?.method).toBe('PUT');
    expect(update?.query.get('userId')).toBe('u1');
    expect(update?.body).toEqual({ interested: ['i1', 'i3', 'i4'] });
    expect(calls.find((c) => c.path === 'subscription/AddInfSubs')?.body).toEqual({ userId: 'u1' });
    expect(calls.find((c) => c.path === 'user/addUserOnSphDatabase')?.query.get('userId')).toBe('u1');
    expect(localStorage.getItem(STORAGE_KEYS.orgId)).toBe('org1');
    expect(localStorage.getItem(STORAGE_KEYS.sphUserId)).toBe('sph1');
  });

  it('does not create a free tier for a business', async () => {
    const calls = serve(makeUser({ profileType: 'BUSINESS' }));
    const user = userEvent.setup();
    renderPage('/interest', <InterestPage />);
    for (const name of ['Fashion', 'Food', 'Gaming']) await user.click(await screen.findByRole('checkbox', { name }));
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/congratulation'));
    expect(calls.some((c) => c.path === 'subscription/AddInfSubs')).toBe(false);
  });

  it("a failed posting-side sync says 'server error' at the top of the form and stays", async () => {
    serve(makeUser(), (call) => (call.path === 'user/addUserOnSphDatabase' ? fail(500, 'Internal error') : undefined));
    const user = userEvent.setup();
    renderPage('/interest', <InterestPage />);
    for (const name of ['Fashion', 'Food', 'Gaming']) await user.click(await screen.findByRole('checkbox', { name }));
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    const alert = await screen.findByTestId('form-error');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toBe(MSG.serverError);
    expect(document.querySelector('.mantine-Notification-root')).toBeNull();
    expect(screen.queryByTestId('location')).toBeNull();
  });
});
