import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG, type TUser } from '@virality/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, mockFetch, ok, renderPage, storeSession, type TMockAnswer, type TMockCall } from '../../../testing';
import { UserProfilePage } from './user-profile-page';

const COUNTRIES = [
  { countryId: 'IN', countryName: 'India', phoneCode: '91' },
  { countryId: 'NP', countryName: 'Nepal', phoneCode: '977' },
];
const STATES: Record<string, { stateId: string; stateName: string }[]> = {
  IN: [
    { stateId: 'KL', stateName: 'Kerala' },
    { stateId: 'GA', stateName: 'Goa' },
  ],
  NP: [{ stateId: 'BA', stateName: 'Bagmati' }],
};
const CITIES: Record<string, { cityName: string }[]> = {
  KL: [{ cityName: 'Kochi' }, { cityName: 'Kollam' }],
  GA: [{ cityName: 'Panaji' }],
  BA: [{ cityName: 'Kathmandu' }],
};

function serve(user: TUser, extra?: (call: TMockCall) => TMockAnswer | undefined) {
  storeSession(user.profileType, { userId: user._id });
  return mockFetch((call) => {
    const answer = extra?.(call);
    if (answer) return answer;
    if (call.path === 'user/getUserStatus') return ok({ result: { ...user, UnseenNotifsCount: 0 } });
    if (call.path === 'location/getAllCountry') return ok(COUNTRIES);
    if (call.path === 'location/getAllState') return ok(STATES[call.query.get('countryId') ?? ''] ?? []);
    if (call.path === 'location/getAllCity') return ok(CITIES[call.query.get('stateId') ?? ''] ?? []);
    return undefined;
  });
}

/** Opens a Mantine Select by its label and picks an option. */
async function pick(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(field(label));
  const listbox = await screen.findByRole('listbox', {}, { timeout: 10_000 });
  await user.click(await within(listbox).findByRole('option', { name: option }, { timeout: 10_000 }));
}

/** The input a label names (a Mantine listbox carries the same label). */
const field = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const findField = (label: string) => screen.findByLabelText(label, { selector: 'input' }) as Promise<HTMLInputElement>;
const inputValue = (label: string) => field(label).value;

describe('UserProfilePage', { timeout: 40_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows the taken message after the pause, and a suggestion click fills the username', async () => {
    const calls = serve(makeUser(), (call) => {
      if (call.path !== 'user/checkUserName') return undefined;
      const { userName } = call.body as { userName: string };
      return ok(userName === 'ana' ? { isExist: true, genData: ['ana_01', 'ana.creates'] } : { isExist: false, genData: [] });
    });
    const user = userEvent.setup();
    renderPage('/userprofile', <UserProfilePage />);

    await user.type(await findField('Username'), 'ana');
    // Nothing is asked while typing; the check comes 1300 ms after the last key.
    expect(calls.some((c) => c.path === 'user/checkUserName')).toBe(false);
    expect(await screen.findByText(MSG.userNameTaken, {}, { timeout: 10_000 })).toBeTruthy();
    expect(calls.filter((c) => c.path === 'user/checkUserName').map((c) => c.body)).toEqual([{ userName: 'ana' }]);

    await user.click(screen.getByRole('button', { name: 'ana.creates' }));
    expect(inputValue('Username')).toBe('ana.creates');
    expect(screen.queryByText(MSG.userNameTaken)).toBeNull();
    expect(screen.queryByRole('button', { name: 'ana_01' })).toBeNull();
    expect(await screen.findByText('Username is available', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('clears state and city when the country changes, and the city when the state changes', async () => {
    const business = makeUser({
      profileType: 'BUSINESS',
      address: { country: 'India', state: 'Kerala', city: 'Kochi', addressLine: '12 MG Road', pinCode: '682001' },
    });
    const calls = serve(business);
    const user = userEvent.setup();
    renderPage('/userprofile', <UserProfilePage />);

    await waitFor(() => expect(inputValue('City')).toBe('Kochi'), { timeout: 10_000 });
    expect(inputValue('Country')).toBe('India');
    expect(inputValue('State')).toBe('Kerala');

    await pick(user, 'State', 'Goa');
    expect(inputValue('State')).toBe('Goa');
    expect(inputValue('City')).toBe('');
    await waitFor(() =>
      expect(calls.some((c) => c.path === 'location/getAllCity' && c.query.get('stateId') === 'GA')).toBe(true),
    );
    await pick(user, 'City', 'Panaji');
    expect(inputValue('City')).toBe('Panaji');

    await pick(user, 'Country', 'Nepal');
    expect(inputValue('Country')).toBe('Nepal');
    expect(inputValue('State')).toBe('');
    expect(inputValue('City')).toBe('');
    expect(field('City').disabled).toBe(true);
    await waitFor(() =>
      expect(calls.some((c) => c.path === 'location/getAllState' && c.query.get('countryId') === 'NP')).toBe(true),
    );
    await pick(user, 'State', 'Bagmati');
    await pick(user, 'City', 'Kathmandu');
    expect(inputValue('City')).toBe('Kathmandu');
  });

  it('toasts a failed location lookup', async () => {
    serve(makeUser({ profileType: 'BUSINESS' }), (call) =>
      call.path === 'location/getAllCountry'
        ? { status: 500, body: { status: false, message: 'Location service down', response: null } }
        : undefined,
    );
    const notify = await import('../../../lib/notify');
    const spy = vi.spyOn(notify, 'notifyError');
    renderPage('/userprofile', <UserProfilePage />);
    await waitFor(() => expect(spy).toHaveBeenCalledWith('Location service down'), { timeout: 10_000 });
    spy.mockRestore();
  });

  it('validates with the shared rules and sends nothing when invalid', async () => {
    const calls = serve(makeUser());
    const user = userEvent.setup();
    renderPage('/userprofile', <UserProfilePage />);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(MSG.nameRequired)).toBeTruthy();
    expect(screen.getByText(MSG.userNameRequired)).toBeTruthy();
    expect(screen.getByText(MSG.phoneRequired)).toBeTruthy();
    expect(calls.some((c) => c.path === 'user/updateUser')).toBe(false);
  });

  it('saves, sends an OTP to a newly entered mobile and goes to /verifyotp', async () => {
    const me = makeUser({ userName: 'ana' });
    const calls = serve(me, (call) => {
      if (call.path === 'user/updateUser') return ok({ result: me, pendingVerification: ['mobileNumber'] });
      if (call.path === 'otp/sendOtp') return ok({ emailPhone: '+919876543210', resendAfterSeconds: 60 });
      return undefined;
    });
    const user = userEvent.setup();
    renderPage('/userprofile', <UserProfilePage />);

    await user.type(await findField('Name'), 'Ana Maria');
    expect(field('Email').readOnly).toBe(true);
    await user.type(field('Date of birth'), '2000-05-17');
    await user.type(field('Phone code'), '91');
    await user.type(field('Mobile number'), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/verifyotp'));
    const update = calls.find((c) => c.path === 'user/updateUser');
    expect(update?.query.get('userId')).toBe('u1');
    expect(update?.body).toMatchObject({
      name: 'Ana Maria',
      userName: 'ana',
      dateOfBirth: '2000-05-17',
      email: 'ana@example.com',
      phoneCode: '91',
      mobileNumber: '9876543210',
    });
    expect(calls.find((c) => c.path === 'otp/sendOtp')?.body).toEqual({ mobileNumber: '9876543210', phoneCode: '91' });
    expect(JSON.parse(screen.getByTestId('location').dataset.state ?? 'null')).toEqual({
      emailPhone: '+919876543210',
      origin: 'userprofile',
      next: '/interest',
    });
  });

  it('shows server field errors on the fields', async () => {
    const me = makeUser({
      userName: 'ana',
      name: 'Ana',
      dateOfBirth: '2000-05-17',
      mobileNumber: '9876543210',
      phoneCode: '91',
      mobileVerified: true,
    });
    serve(me, (call) =>
      call.path === 'user/updateUser'
        ? {
            status: 400,
            body: { status: false, message: MSG.userNameTaken, response: { errors: { userName: MSG.userNameTaken } } },
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderPage('/userprofile', <UserProfilePage />);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(MSG.userNameTaken)).toBeTruthy();
    expect(field('Username').getAttribute('aria-invalid')).toBe('true');
  });
});
