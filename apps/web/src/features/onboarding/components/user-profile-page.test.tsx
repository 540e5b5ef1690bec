import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
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

  it('shows a failed location lookup under the field it feeds, not as a toast', async () => {
    serve(makeUser({ profileType: 'BUSINESS' }), (call) =>
      call.path === 'location/getAllCountry'
        ? { status: 500, body: { status: false, message: 'Location service down', response: null } }
        : undefined,
    );
    const notify = await import('../../../lib/notify');
    const spy = vi.spyOn(notify, 'notifyError');
    renderPage('/userprofile', <UserProfilePage />);
    await waitFor(() => expect(field('Country').getAttribute('aria-invalid')).toBe('true'), { timeout: 10_000 });
    expect(screen.getByText('Location service down')).toBeTruthy();
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });

  it('announces the required fields before Continue is pressed (the form draws their asterisk), and says what * means', async () => {
    serve(makeUser({ profileType: 'BUSINESS' }));
    renderPage('/userprofile', <UserProfilePage />);
    await findField('Business/Brand name');
    const required = ['Business/Brand name', 'Username', 'Date of birth', 'Industry', 'Company size', 'Country', 'State', 'City'];
    for (const label of [...required, 'Address', 'Pin code']) {
      expect(field(label).getAttribute('aria-required'), label).toBe('true');
    }
    // a business has no pronouns (the form speaks to a company; gender and date of birth are its holder's)
    expect(screen.queryByRole('textbox', { name: 'Pronouns' })).toBeNull();
    for (const label of ['Gender', 'Email', 'Mobile number', 'Phone code']) {
      expect(field(label).getAttribute('aria-required') ?? 'false', label).toBe('false');
    }
    expect(screen.getByText(/Fields marked/).textContent).toBe(
      'Complete your profile to continue. Fields marked * are required.',
    );
  });

  it('country search puts names that start with the typed text first', async () => {
    serve(makeUser({ profileType: 'BUSINESS' }), (call) =>
      call.path === 'location/getAllCountry'
        ? ok([
            { countryId: 'IO', countryName: 'British Indian Ocean Territory', phoneCode: '246' },
            { countryId: 'IN', countryName: 'India', phoneCode: '91' },
            { countryId: 'ID', countryName: 'Indonesia', phoneCode: '62' },
            { countryId: 'NP', countryName: 'Nepal', phoneCode: '977' },
          ])
        : undefined,
    );
    const user = userEvent.setup();
    renderPage('/userprofile', <UserProfilePage />);
    await waitFor(() => expect(field('Country').placeholder).toBe('Select country'), { timeout: 10_000 });
    await user.type(field('Country'), 'ind');
    const listbox = await screen.findByRole('listbox', {}, { timeout: 10_000 });
    await waitFor(() =>
      expect(
        within(listbox)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['India', 'Indonesia', 'British Indian Ocean Territory']),
    );
  });

  it('lets the user type the city where the state has no cities in the data, and sends it', async () => {
    const business = makeUser({
      profileType: 'BUSINESS',
      name: 'Acme Foods',
      userName: 'acme',
      dateOfBirth: '2001-01-01',
      industryType: 'Food & Beverages',
      companySize: 2,
      address: { country: 'India', state: null, city: null, addressLine: null, pinCode: null },
    });
    const calls = serve(business, (call) => {
      if (call.path === 'location/getAllState' && call.query.get('countryId') === 'IN')
        return ok([...STATES.IN, { stateId: 'LD', stateName: 'Lakshadweep' }]);
      if (call.path === 'user/updateUser') return ok({ result: business, pendingVerification: [] });
      return undefined;
    });
    const user = userEvent.setup();
    renderPage('/userprofile', <UserProfilePage />);
    await waitFor(() => expect(inputValue('Country')).toBe('India'), { timeout: 10_000 });
    await pick(user, 'State', 'Lakshadweep');
    // no list to pick from: a text field, optional, instead of a dead end
    const city = await findField('City');
    await waitFor(() => expect(field('City').tagName).toBe('INPUT'));
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(city.getAttribute('aria-required')).toBeNull();
    await user.type(field('City'), 'Kavaratti');
    fireEvent.change(field('Address'), { target: { value: 'Flat #4, Beach Road' } });
    fireEvent.change(field('Pin code'), { target: { value: '682555' } });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(calls.some((c) => c.path === 'user/updateUser')).toBe(true), { timeout: 10_000 });
    expect(calls.find((c) => c.path === 'user/updateUser')?.body).toMatchObject({
      country: 'India',
      state: 'Lakshadweep',
      city: 'Kavaratti',
      addressLine: 'Flat #4, Beach Road',
    });
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
      mobileNumber: '9876543210',
      phoneCode: '91',
      next: '/interest',
    });
  });

  it('a code that could not be sent is only logged (never the number): no error on the form, the code page opens', async () => {
    const me = makeUser({ userName: 'ana' });
    serve(me, (call) => {
      if (call.path === 'user/updateUser') return ok({ result: me, pendingVerification: ['mobileNumber'] });
      if (call.path === 'otp/sendOtp') return { status: 503, body: { status: false, message: 'SMS is down', response: null } };
      return undefined;
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup();
    renderPage('/userprofile', <UserProfilePage />);
    await user.type(await findField('Name'), 'Ana Maria');
    await user.type(field('Date of birth'), '2000-05-17');
    await user.type(field('Phone code'), '91');
    await user.type(field('Mobile number'), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/verifyotp'));
    expect(JSON.parse(screen.getByTestId('location').dataset.state ?? 'null')).toMatchObject({ emailPhone: '+919876543210' });
    expect(screen.queryByText('SMS is down')).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(warn.mock.calls)).toContain('503');
    expect(JSON.stringify(warn.mock.calls)).not.toContain('9876543210');
    warn.mockRestore();
  });

  it('shows a refusal that names no field above the form, not as a toast', async () => {
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
        ? { status: 500, body: { status: false, message: 'Server unavailable', response: null } }
        : undefined,
    );
    const notify = await import('../../../lib/notify');
    const spy = vi.spyOn(notify, 'notifyError');
    const user = userEvent.setup();
    renderPage('/userprofile', <UserProfilePage />);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toContain('Server unavailable');
    expect(alert.closest('form')).toBeTruthy();
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
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
