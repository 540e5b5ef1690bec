import { MSG } from '@virality/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  buildUser,
  call,
  giveVerifiedPhone,
  setUserFields,
  type TTestApp,
  uniqueEmail,
  uniquePhone,
} from '../../test/helpers';
import { makeTeam } from '../team/team-test-kit';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

let n = 0;
const freeUserName = () => `acc${Date.now().toString(36).slice(-5)}${++n}`;
const DAY = 86_400_000;
const UNAUTHORIZED = { status: false, message: MSG.unauthorized, response: null, code: 'UNAUTHORIZED' };

/** A user who went through the registration profile step (and has a verified mobile). */
async function registered(profileType: 'INFLUENCER' | 'BUSINESS' = 'INFLUENCER') {
  const userName = freeUserName();
  const u = await buildUser(t, { profileType, name: profileType === 'BUSINESS' ? 'Acme Foods' : 'Asha Rao', userName });
  const p = await giveVerifiedPhone(t, u.user.id, {
    dateOfBirth: '1995-04-12',
    pronouns: 'Mrs',
    gender: 'female',
    ...(profileType === 'BUSINESS' ? { industryType: 'Accounting', companySize: 3 } : {}),
  });
  return { ...u, userName, phone: p };
}

const updateProfile = (token: string | undefined, body: unknown) => call(t, 'PUT', '/api/user/updateProfile', { token, body });
const updateAddress = (token: string | undefined, body: unknown) => call(t, 'PUT', '/api/user/updateAddress', { token, body });

describe('PUT /api/user/updateProfile (Account Details)', () => {
  it('updates the details and answers "Profile updated successfully" with the user', async () => {
    const u = await registered();
    const res = await updateProfile(u.token, {
      name: 'Asha R. Mehta',
      userName: u.userName,
      gender: 'transgender',
      pronouns: 'Mr',
      dateOfBirth: '1990-01-31',
      email: u.email,
      phoneCode: u.phone.phoneCode,
      mobileNumber: u.phone.mobileNumber,
      backgroundColor: '#ff8800',
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ status: true, message: MSG.profileUpdated });
    expect(res.json.response.pendingVerification).toEqual([]);
    expect(res.json.response.result).toMatchObject({
      name: 'Asha R. Mehta',
      gender: 'transgender',
      pronouns: 'Mr',
      dateOfBirth: '1990-01-31',
      backgroundColor: '#ff8800',
      userName: u.userName,
    });
    const status = await call(t, 'GET', '/api/user/getUserStatus', { token: u.token });
    expect(status.json.response.result).toMatchObject({ name: 'Asha R. Mehta', gender: 'transgender' });
  });

  it('keeps the fields the Account Details form does not send (username, pronouns, contact)', async () => {
    const u = await registered();
    const res = await updateProfile(u.token, { name: 'Asha Mehta', gender: 'female', dateOfBirth: '1995-04-12' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.response.result).toMatchObject({
      name: 'Asha Mehta',
      userName: u.userName,
      pronouns: 'Mrs',
      email: u.email,
      mobileNumber: u.phone.mobileNumber,
    });
  });

  it('a business needs no address here (it has its own form), but still industry and company size', async () => {
    const u = await registered('BUSINESS');
    const res = await updateProfile(u.token, { name: 'Acme Foods Ltd', industryType: 'Banking', companySize: 5 });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.response.result).toMatchObject({
      name: 'Acme Foods Ltd',
      industryType: 'Banking',
      companySize: 5,
      address: { country: null, state: null, city: null, addressLine: null, pinCode: null },
    });
    const bad = await updateProfile(u.token, { name: 'Acme Foods Ltd', industryType: 'Nope', companySize: 9 });
    expect(bad.status).toBe(400);
    expect(bad.json.response.errors).toEqual({ industryType: MSG.industryRequired, companySize: MSG.companySizeRequired });
  });

  it('e-mail and mobile are locked once set (MSG.contactLocked), and nothing changes', async () => {
    const u = await registered();
    const before = await t.services.users.findById(u.user.id);
    const email = await updateProfile(u.token, { name: 'Someone Else', email: uniqueEmail() });
    expect(email.status).toBe(400);
    expect(email.json).toMatchObject({
      status: false,
      message: MSG.contactLocked,
      response: { errors: { email: MSG.contactLocked } },
    });
    const q = uniquePhone();
    const mobile = await updateProfile(u.token, { name: 'Someone Else', phoneCode: q.phoneCode, mobileNumber: q.mobileNumber });
    expect(mobile.status).toBe(400);
    expect(mobile.json).toMatchObject({ message: MSG.contactLocked, response: { errors: { mobileNumber: MSG.contactLocked } } });
    expect(await t.services.users.findById(u.user.id)).toEqual(before);
  });

  it('a contact not set yet may be added: it is pending until verified by OTP', async () => {
    const u = await buildUser(t, { name: 'Asha Rao', userName: freeUserName() });
    await setUserFields(t, u.user.id, { dateOfBirth: '1995-04-12' });
    const p = uniquePhone();
    const res = await updateProfile(u.token, { phoneCode: p.phoneCode, mobileNumber: p.mobileNumber });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.response.pendingVerification).toEqual(['mobileNumber']);
    expect(res.json.response.result.mobileNumber).toBeNull();
  });

  it.each([
    [{ name: '' }, 'name', MSG.nameRequired],
    [{ name: '  ' }, 'name', MSG.nameBlank],
    [{ name: 'A'.repeat(41) }, 'name', MSG.nameMax],
    [{ dateOfBirth: '2999-01-01' }, 'dateOfBirth', MSG.dobInvalid],
    [{ dateOfBirth: '31-01-1990' }, 'dateOfBirth', MSG.dobInvalid],
    [{ dateOfBirth: '' }, 'dateOfBirth', MSG.dobRequired],
    [{ userName: 'with space' }, 'userName', MSG.userNameSpaces],
    [{ gender: 'robot' }, 'gender', MSG.genderInvalid],
    [{ pronouns: 'They' }, 'pronouns', MSG.pronounsInvalid],
  ])('refuses %j with errors.%s = %j and changes nothing', async (over, field, message) => {
    const u = await registered();
    const before = await t.services.users.findById(u.user.id);
    const res = await updateProfile(u.token, { name: 'Asha Rao', ...over });
    expect(res.status, JSON.stringify(res.json)).toBe(400);
    expect(res.json).toMatchObject({ status: false, message });
    expect(res.json.response.errors[field]).toBe(message);
    expect(await t.services.users.findById(u.user.id)).toEqual(before);
  });

  it.each(['INFLUENCER', 'BUSINESS'] as const)('a %s under 18 is refused in words and nothing changes', async (profileType) => {
    const u = await registered(profileType);
    const before = await t.services.users.findById(u.user.id);
    const dob = new Date(t.clock.now().getTime() - 17 * 365 * DAY).toISOString().slice(0, 10);
    const res = await updateProfile(u.token, { name: profileType === 'BUSINESS' ? 'Acme Foods' : 'Asha Rao', dateOfBirth: dob });
    expect(res.status, JSON.stringify(res.json)).toBe(400);
    expect(res.json).toMatchObject({
      status: false,
      message: MSG.dobUnderAge,
      response: { errors: { dateOfBirth: MSG.dobUnderAge } },
    });
    expect(await t.services.users.findById(u.user.id)).toEqual(before);
  });

  it("refuses a username another user has, case-insensitively ('UserName already exist!')", async () => {
    const other = await registered();
    const u = await registered();
    const res = await updateProfile(u.token, { userName: other.userName.toUpperCase() });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ message: MSG.userNameTaken, response: { errors: { userName: MSG.userNameTaken } } });
  });

  it("a business's team member is a person: their own details save without an industry or company size", async () => {
    const team = await makeTeam(t, 'Detail Foods');
    const res = await updateProfile(team.manager.token, { name: 'Sam S. Social', gender: 'male', dateOfBirth: '1996-07-14' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.response.result).toMatchObject({ name: 'Sam S. Social', industryType: null, companySize: null });
    // a person's name rule, not a business's
    const blank = await updateProfile(team.manager.token, { name: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.json).toMatchObject({ message: MSG.nameBlank, response: { errors: { name: MSG.nameBlank } } });
    // the e-mail the owner invited them with is theirs for good
    const email = await updateProfile(team.manager.token, { name: 'Sam Social', email: uniqueEmail() });
    expect(email.status).toBe(400);
    expect(email.json.response.errors).toEqual({ email: MSG.contactLocked });
  });

  it('an IMC keeps its company name: it is read-only here', async () => {
    const u = await buildUser(t, { profileType: 'IMC', name: 'Reach Agency', userName: freeUserName() });
    await setUserFields(t, u.user.id, {
      companyName: 'Reach Agency Ltd',
      dateOfBirth: '1990-05-20',
      industryType: 'Marketing and Advertising',
      companySize: 2,
    });
    const res = await updateProfile(u.token, { name: 'Reach Agency', companyName: 'Someone Else Ltd', numOfInflunecer: 3 });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.response.result).toMatchObject({ companyName: 'Reach Agency Ltd', numOfInflunecer: 3 });
  });

  it('401 without a token', async () => {
    expect(await updateProfile(undefined, { name: 'Asha Rao' })).toMatchObject({ status: 401, json: UNAUTHORIZED });
  });
});

describe('the payout id (paypalId) on the profile', () => {
  it('is saved by updateProfile and read back with the user', async () => {
    const u = await registered();
    const res = await updateProfile(u.token, { paypalId: 'asha.payouts@example.com' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.response.result.paypalId).toBe('asha.payouts@example.com');
    const status = await call(t, 'GET', '/api/user/getUserStatus', { token: u.token });
    expect(status.json.response.result.paypalId).toBe('asha.payouts@example.com');
  });

  it("a paypalId with a space is refused with 'space is not valid' and changes nothing", async () => {
    const u = await registered();
    await updateProfile(u.token, { paypalId: 'first@example.com' });
    const res = await updateProfile(u.token, { paypalId: 'asha payouts@example.com' });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      status: false,
      message: MSG.paypalIdSpaces,
      response: { errors: { paypalId: 'space is not valid' } },
    });
    const status = await call(t, 'GET', '/api/user/getUserStatus', { token: u.token });
    expect(status.json.response.result.paypalId).toBe('first@example.com');
  });

  it('is kept when the form leaves it out, and removed when sent empty', async () => {
    const u = await registered();
    await updateProfile(u.token, { paypalId: 'keep@example.com' });
    expect((await updateProfile(u.token, { name: 'Asha Rao' })).json.response.result.paypalId).toBe('keep@example.com');
    expect((await updateProfile(u.token, { paypalId: '' })).json.response.result.paypalId).toBeNull();
  });

  it('is refused past 127 characters', async () => {
    const u = await registered();
    const res = await updateProfile(u.token, { paypalId: `${'a'.repeat(120)}@example.com` });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(MSG.paypalIdTooLong);
  });
});

describe('PUT /api/user/updateAddress', () => {
  const address = (over: Record<string, unknown> = {}) => ({
    country: 'India',
    state: 'Maharashtra',
    city: 'Pune',
    addressLine: '221/B Baker Street',
    pinCode: '411001',
    ...over,
  });

  it("saves the address: 'address saved successfully'", async () => {
    const u = await registered('BUSINESS');
    const res = await updateAddress(u.token, address());
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ status: true, message: 'address saved successfully' });
    expect(res.json.response.result.address).toEqual({
      country: 'India',
      state: 'Maharashtra',
      city: 'Pune',
      addressLine: '221/B Baker Street',
      pinCode: '411001',
    });
    const status = await call(t, 'GET', '/api/user/getUserStatus', { token: u.token });
    expect(status.json.response.result.address.city).toBe('Pune');
  });

  it('influencers may save an address too; ids are stored as names', async () => {
    const u = await registered();
    const res = await updateAddress(u.token, address({ country: 'IN', state: 'IN-MH', city: 'PUNE' }));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.response.result.address).toMatchObject({ country: 'India', state: 'Maharashtra', city: 'Pune' });
  });

  it('saves state and city as N/A for a country without states', async () => {
    const states = await call(t, 'GET', '/api/location/getAllState?countryId=AW');
    expect(states.status).toBe(200);
    expect(states.json.response).toEqual([]);
    const u = await registered();
    const res = await updateAddress(u.token, address({ country: 'AW', state: null, city: null, pinCode: '00000' }));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.response.result.address).toEqual({
      country: 'Aruba',
      state: 'N/A',
      city: 'N/A',
      addressLine: '221/B Baker Street',
      pinCode: '00000',
    });
    // a state typed anyway for such a country is not kept; the city, which the data cannot offer, is
    const typed = await updateAddress(u.token, address({ country: 'Aruba', state: 'Oranjestad', city: ' Oranjestad ' }));
    expect(typed.status).toBe(200);
    expect(typed.json.response.result.address).toMatchObject({ state: 'N/A', city: 'Oranjestad' });
  });

  it('keeps a typed city where the state has no cities in the data (Aberdeen, United Kingdom)', async () => {
    const u = await registered('BUSINESS');
    const res = await updateAddress(
      u.token,
      address({ country: 'United Kingdom', state: 'Aberdeen', city: 'Aberdeen', pinCode: 'AB101AB' }),
    );
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.response.result.address).toMatchObject({ country: 'United Kingdom', state: 'Aberdeen', city: 'Aberdeen' });
    // no city is fine there too (saved as N/A), but a typed city must read as a place name
    const none = await updateAddress(u.token, address({ country: 'GB', state: 'Aberdeen', city: null, pinCode: 'AB101AB' }));
    expect(none.json.response.result.address).toMatchObject({ state: 'Aberdeen', city: 'N/A' });
    const before = await t.services.users.findById(u.user.id);
    const bad = await updateAddress(
      u.token,
      address({ country: 'GB', state: 'Aberdeen', city: 'Aber<script>', pinCode: 'AB101AB' }),
    );
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ status: false, message: MSG.cityInvalid, response: { errors: { city: MSG.cityInvalid } } });
    expect(await t.services.users.findById(u.user.id)).toEqual(before);
  });

  it("accepts an address line as real addresses are written: '12 Baker Street, London', 'Flat #4', O'Connell St.", async () => {
    const u = await registered('BUSINESS');
    for (const addressLine of ['12 Baker Street, London', "Flat #4, O'Connell St.", 'Apt. 5/B @ Sector-12']) {
      const res = await updateAddress(u.token, address({ addressLine }));
      expect(res.status, addressLine).toBe(200);
      expect(res.json.response.result.address.addressLine).toBe(addressLine);
    }
  });

  it.each([
    [{ country: null }, 'country', MSG.countryRequired],
    [{ country: '' }, 'country', MSG.countryRequired],
    [{ state: '' }, 'state', MSG.stateRequired],
    [{ city: undefined }, 'city', MSG.cityRequired],
    [{ addressLine: undefined }, 'addressLine', MSG.addressRequired],
    [{ addressLine: 'Flat #4,\tBaker Street' }, 'addressLine', MSG.addressInvalid],
    [{ addressLine: 'Baker Street\u0007' }, 'addressLine', MSG.addressInvalid],
    [{ addressLine: 'Baker   Street' }, 'addressLine', MSG.addressInvalid],
    [{ addressLine: 'Baker Street, <b>London</b>' }, 'addressLine', MSG.addressInvalid],
    [{ city: 'Gotham' }, 'city', MSG.cityRequired],
    [{ addressLine: 'b'.repeat(251) }, 'addressLine', MSG.addressMax],
    [{ pinCode: null }, 'pinCode', MSG.pinRequired],
    [{ pinCode: '41100111' }, 'pinCode', MSG.pinInvalid],
    [{ pinCode: '41-001' }, 'pinCode', MSG.pinInvalid],
  ])('refuses %j with errors.%s = %j and saves nothing', async (over, field, message) => {
    const u = await registered();
    const before = await t.services.users.findById(u.user.id);
    const res = await updateAddress(u.token, address(over));
    expect(res.status, JSON.stringify(res.json)).toBe(400);
    expect(res.json).toMatchObject({ status: false, message });
    expect(res.json.response.errors).toEqual({ [field]: message });
    expect(await t.services.users.findById(u.user.id)).toEqual(before);
  });

  it('reports every field in error at once', async () => {
    const u = await registered();
    const res = await updateAddress(u.token, { country: 'IN', addressLine: '', pinCode: '1' });
    expect(res.status).toBe(400);
    expect(res.json.response.errors).toEqual({
      state: MSG.stateRequired,
      addressLine: MSG.addressRequired,
      pinCode: MSG.pinInvalid,
    });
  });

  it('401 without a token', async () => {
    expect(await updateAddress(undefined, address())).toMatchObject({ status: 401, json: UNAUTHORIZED });
  });
});
