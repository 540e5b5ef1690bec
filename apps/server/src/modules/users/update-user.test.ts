import { MSG, type TProfileType } from '@virality/domain';
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

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

let n = 0;
const freeUserName = () => `usr${Date.now().toString(36).slice(-5)}${++n}`;
const iso = (d: Date) => d.toISOString().slice(0, 10);
const DAY = 86_400_000;
/** The latest date of birth of someone 18 today (29 February becomes 28 February in a common year). */
const eighteenYearsBack = (now: Date) => {
  const year = now.getUTCFullYear() - 18;
  const lastDay = new Date(Date.UTC(year, now.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, now.getUTCMonth(), Math.min(now.getUTCDate(), lastDay)));
};

/** An account signed up (and verified) by phone only, as the OTP step leaves it. */
async function phoneUser(profileType: TProfileType = 'INFLUENCER', opts: { email?: string | null } = {}) {
  const p = uniquePhone();
  const row = await t.services.users.createAccount({
    email: opts.email ?? null,
    emailVerified: !!opts.email,
    phoneCode: p.phoneCode,
    mobileNumber: p.mobileNumber,
    phoneKey: p.key,
    mobileVerified: true,
    profileType,
    authType: 'LOCAL',
  });
  const session = await t.services.auth.issueSession(row);
  return { user: row, token: session.accessToken, phone: p };
}

const influencerBody = (over: Record<string, unknown> = {}) => ({
  name: 'Asha Rao',
  userName: freeUserName(),
  pronouns: 'Mrs',
  gender: 'female',
  dateOfBirth: '1995-04-12',
  ...over,
});

const businessBody = (over: Record<string, unknown> = {}) => ({
  name: 'Acme Foods',
  userName: freeUserName(),
  dateOfBirth: '1990-01-01',
  industryType: 'Food & Beverages',
  companySize: 2,
  country: 'IN',
  state: 'Maharashtra',
  city: 'Mumbai',
  addressLine: '12 MG Road',
  pinCode: '400001',
  ...over,
});

const updateUser = (token: string | undefined, userId: string, body: unknown) =>
  call(t, 'PUT', `/api/user/updateUser?userId=${userId}`, { token, body });

/** An influencer with a verified e-mail (sign-up) and a verified mobile, ready for the profile step. */
async function influencerWithPhone() {
  const u = await buildUser(t, { profileType: 'INFLUENCER' });
  const p = await giveVerifiedPhone(t, u.user.id);
  return { ...u, phone: p };
}

/** Expects a 400 with that message and that the user's row is unchanged. */
async function expectRefused(token: string, userId: string, body: unknown, message: string, field?: string) {
  const before = await t.services.users.findById(userId);
  const res = await updateUser(token, userId, body);
  expect(res.status, JSON.stringify(res.json)).toBe(400);
  expect(res.json).toMatchObject({ status: false, message });
  if (field) expect(res.json.response.errors[field]).toBe(message);
  expect(await t.services.users.findById(userId)).toEqual(before);
  return res;
}

describe('PUT /api/user/updateUser: INFLUENCER profile step', () => {
  it('saves the profile and returns {result: TUser} with "Profile updated successfully"', async () => {
    const u = await influencerWithPhone();
    const body = influencerBody({ email: u.email, phoneCode: '91', mobileNumber: u.phone.mobileNumber });
    const res = await updateUser(u.token, u.user.id, body);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ status: true, message: MSG.profileUpdated });
    expect(res.json.response.pendingVerification).toEqual([]);
    expect(res.json.response.result).toMatchObject({
      _id: u.user.id,
      name: 'Asha Rao',
      userName: body.userName,
      pronouns: 'Mrs',
      gender: 'female',
      dateOfBirth: '1995-04-12',
      email: u.email,
      mobileNumber: u.phone.mobileNumber,
      profileCompleted: false,
    });
    const status = await call(t, 'GET', '/api/user/getUserStatus', { token: u.token });
    expect(status.json.response.result).toMatchObject({ name: 'Asha Rao', userName: body.userName });
  });

  it('accepts names of 2 and 40 characters with dots and digits', async () => {
    const u = await influencerWithPhone();
    for (const name of ['Al', `${'A'.repeat(39)}.`, 'J. R. R. Tolkien 2']) {
      const res = await updateUser(u.token, u.user.id, influencerBody({ name }));
      expect(res.status, `${name}: ${JSON.stringify(res.json)}`).toBe(200);
      expect(res.json.response.result.name).toBe(name);
    }
  });

  it.each([
    ['', MSG.nameRequired],
    ['   ', MSG.nameBlank],
    ['A', MSG.nameMin],
    ['A'.repeat(41), MSG.nameMax],
    ['Asha  Rao', MSG.nameBlank],
    [' Asha', MSG.nameBlank],
    ['Asha_Rao!', MSG.nameBlank],
  ])('refuses the name %j with %j', async (name, message) => {
    const u = await influencerWithPhone();
    await expectRefused(u.token, u.user.id, influencerBody({ name }), message, 'name');
  });

  it('refuses a missing name with "Please enter your name"', async () => {
    const u = await influencerWithPhone();
    const { name: _omit, ...body } = influencerBody();
    await expectRefused(u.token, u.user.id, body, MSG.nameRequired, 'name');
  });

  it.each([
    ['', MSG.userNameRequired],
    ['a'.repeat(21), MSG.userNameMax],
    ['asha rao', MSG.userNameSpaces],
  ])('refuses the userName %j with %j', async (userName, message) => {
    const u = await influencerWithPhone();
    await expectRefused(u.token, u.user.id, influencerBody({ userName }), message, 'userName');
  });

  it('refuses a userName another user has, case-insensitively; the owner may keep it', async () => {
    const taken = freeUserName();
    const owner = await buildUser(t, { userName: taken });
    const u = await influencerWithPhone();
    await expectRefused(u.token, u.user.id, influencerBody({ userName: taken.toUpperCase() }), MSG.userNameTaken, 'userName');
    // a 20-character name is fine
    const twenty = `${freeUserName()}${'x'.repeat(20)}`.slice(0, 20);
    expect((await updateUser(u.token, u.user.id, influencerBody({ userName: twenty }))).status).toBe(200);
    // the owner saving the same name (other case) is not a clash
    const p = uniquePhone();
    await setUserFields(t, owner.user.id, {
      phoneCode: p.phoneCode,
      mobileNumber: p.mobileNumber,
      phoneKey: p.key,
      mobileVerified: true,
    });
    const mine = await updateUser(owner.token, owner.user.id, influencerBody({ userName: taken.toUpperCase() }));
    expect(mine.status, JSON.stringify(mine.json)).toBe(200);
    expect(mine.json.response.result.userName).toBe(taken.toUpperCase());
  });

  it('reports every field in error in response.errors, a taken userName included', async () => {
    const taken = freeUserName();
    await buildUser(t, { userName: taken });
    const u = await buildUser(t, { profileType: 'INFLUENCER' }); // no mobile on the account
    const res = await expectRefused(
      u.token,
      u.user.id,
      { name: ' ', userName: taken, dateOfBirth: '', email: u.email, mobileNumber: '12345', phoneCode: '91' },
      MSG.nameBlank,
    );
    expect(res.json.response.errors).toEqual({
      name: MSG.nameBlank,
      userName: MSG.userNameTaken,
      dateOfBirth: MSG.dobRequired,
      mobileNumber: MSG.phoneInvalid,
    });
  });

  describe('date of birth', () => {
    it('is required', async () => {
      const u = await influencerWithPhone();
      await expectRefused(u.token, u.user.id, influencerBody({ dateOfBirth: undefined }), MSG.dobRequired, 'dateOfBirth');
      await expectRefused(u.token, u.user.id, influencerBody({ dateOfBirth: '' }), MSG.dobRequired, 'dateOfBirth');
    });

    it.each(['12/04/1995', '1995-02-30', '1995-4-1', 'yesterday'])('refuses the malformed date %j', async (dateOfBirth) => {
      const u = await influencerWithPhone();
      await expectRefused(u.token, u.user.id, influencerBody({ dateOfBirth }), MSG.dobInvalid, 'dateOfBirth');
    });

    it('refuses a date in the future', async () => {
      const u = await influencerWithPhone();
      const tomorrow = iso(new Date(t.clock.now().getTime() + DAY));
      await expectRefused(u.token, u.user.id, influencerBody({ dateOfBirth: tomorrow }), MSG.dobInvalid, 'dateOfBirth');
    });

    it('an influencer must be at least 18: born 18 years back today is allowed, a day later is refused in words', async () => {
      const u = await influencerWithPhone();
      const limit = eighteenYearsBack(t.clock.now());
      const tooYoung = iso(new Date(limit.getTime() + DAY));
      await expectRefused(u.token, u.user.id, influencerBody({ dateOfBirth: tooYoung }), MSG.dobUnderAge, 'dateOfBirth');
      const sevenYearsOld = iso(new Date(Date.UTC(t.clock.now().getUTCFullYear() - 7, 0, 1)));
      await expectRefused(u.token, u.user.id, influencerBody({ dateOfBirth: sevenYearsOld }), MSG.dobUnderAge, 'dateOfBirth');
      const ok = await updateUser(u.token, u.user.id, influencerBody({ dateOfBirth: iso(limit) }));
      expect(ok.status, JSON.stringify(ok.json)).toBe(200);
      expect(ok.json.response.result.dateOfBirth).toBe(iso(limit));
    });

    it('follows the server clock (t.clock): a date 18 years minus a day back becomes valid a day later', async () => {
      const u = await influencerWithPhone();
      const dob = iso(new Date(eighteenYearsBack(t.clock.now()).getTime() + 2 * DAY));
      await expectRefused(u.token, u.user.id, influencerBody({ dateOfBirth: dob }), MSG.dobUnderAge, 'dateOfBirth');
      t.clock.advance(3 * DAY);
      try {
        const res = await updateUser(u.token, u.user.id, influencerBody({ dateOfBirth: dob }));
        expect(res.status, JSON.stringify(res.json)).toBe(200);
      } finally {
        t.clock.advance(-3 * DAY);
      }
    });
  });

  describe('e-mail and mobile', () => {
    it('an influencer account with neither gets "Email is required" and "Phone number is required"', async () => {
      const row = await t.services.users.createAccount({ profileType: 'INFLUENCER', authType: 'LOCAL' });
      const { accessToken } = await t.services.auth.issueSession(row);
      const res = await expectRefused(accessToken, row.id, influencerBody(), MSG.emailRequired);
      expect(res.json.response.errors).toMatchObject({ email: MSG.emailRequired, mobileNumber: MSG.phoneRequired });
    });

    it('an influencer signed up by e-mail must give a mobile: "Phone number is required"', async () => {
      const u = await buildUser(t, { profileType: 'INFLUENCER' });
      await expectRefused(u.token, u.user.id, influencerBody(), MSG.phoneRequired, 'mobileNumber');
    });

    it('an influencer signed up by phone must give an e-mail: "Email is required"', async () => {
      const u = await phoneUser('INFLUENCER');
      await expectRefused(u.token, u.user.id, influencerBody(), MSG.emailRequired, 'email');
    });

    it.each(['987654321', '9876543210123', '98765abc10', '98765 43210'])(
      'refuses the mobile %j with "Phone number is not valid"',
      async (mobileNumber) => {
        const u = await buildUser(t, { profileType: 'INFLUENCER' });
        await expectRefused(
          u.token,
          u.user.id,
          influencerBody({ mobileNumber, phoneCode: '91' }),
          MSG.phoneInvalid,
          'mobileNumber',
        );
      },
    );

    it('refuses a mobile without a phone code', async () => {
      const u = await buildUser(t, { profileType: 'INFLUENCER' });
      await expectRefused(u.token, u.user.id, influencerBody({ mobileNumber: '9876543210' }), MSG.phoneCodeRequired, 'phoneCode');
    });

    it('refuses a malformed e-mail with "Email is not valid"', async () => {
      const u = await phoneUser('INFLUENCER');
      for (const email of ['not-an-email', `${'a'.repeat(55)}@example.com`]) {
        await expectRefused(u.token, u.user.id, influencerBody({ email }), MSG.emailInvalid, 'email');
      }
    });

    it('a new mobile is not saved but pending; sendOtp + verifyOtp with the token saves it verified', async () => {
      const u = await buildUser(t, { profileType: 'INFLUENCER' });
      const p = uniquePhone();
      const res = await updateUser(
        u.token,
        u.user.id,
        influencerBody({ email: u.email, phoneCode: p.phoneCode, mobileNumber: p.mobileNumber }),
      );
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json.response.pendingVerification).toEqual(['mobileNumber']);
      expect(res.json.response.result).toMatchObject({ name: 'Asha Rao', mobileNumber: null, mobileVerified: false });
      expect((await t.services.users.findById(u.user.id))?.mobileNumber).toBeNull();

      const sent = await call(t, 'POST', '/api/otp/sendOtp', {
        token: u.token,
        body: { mobileNumber: p.mobileNumber, phoneCode: p.phoneCode },
      });
      expect(sent.status, JSON.stringify(sent.json)).toBe(200);
      const verified = await call(t, 'POST', '/api/otp/verifyOtp', {
        token: u.token,
        body: { emailPhone: p.key, otp: t.messenger.lastOtp(p.key) },
      });
      expect(verified.status, JSON.stringify(verified.json)).toBe(200);
      expect(verified.json.response).toMatchObject({ purpose: 'contact' });

      const status = await call(t, 'GET', '/api/user/getUserStatus', { token: u.token });
      expect(status.json.response.result).toMatchObject({
        phoneCode: p.phoneCode,
        mobileNumber: p.mobileNumber,
        mobileVerified: true,
        email: u.email,
      });

      // the same form submitted again now saves with nothing pending
      const again = await updateUser(
        u.token,
        u.user.id,
        influencerBody({ email: u.email, phoneCode: p.phoneCode, mobileNumber: p.mobileNumber }),
      );
      expect(again.status).toBe(200);
      expect(again.json.response.pendingVerification).toEqual([]);

      // and the verified mobile cannot be swapped for another one
      const q = uniquePhone();
      await expectRefused(
        u.token,
        u.user.id,
        influencerBody({ email: u.email, phoneCode: q.phoneCode, mobileNumber: q.mobileNumber }),
        MSG.contactLocked,
        'mobileNumber',
      );
    });

    it('a new e-mail of a phone sign-up is pending, not saved', async () => {
      const u = await phoneUser('INFLUENCER');
      const email = uniqueEmail();
      const res = await updateUser(u.token, u.user.id, influencerBody({ email }));
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json.response.pendingVerification).toEqual(['email']);
      expect(res.json.response.result.email).toBeNull();
      expect((await t.services.users.findById(u.user.id))?.email).toBeNull();
    });

    it('changing the verified sign-up e-mail is refused with MSG.contactLocked', async () => {
      const u = await influencerWithPhone();
      await expectRefused(u.token, u.user.id, influencerBody({ email: uniqueEmail() }), MSG.contactLocked, 'email');
      // the same e-mail in another case is not a change
      const same = await updateUser(u.token, u.user.id, influencerBody({ email: u.email.toUpperCase() }));
      expect(same.status, JSON.stringify(same.json)).toBe(200);
      expect(same.json.response.result.email).toBe(u.email);
    });

    it('an e-mail or mobile owned by another account is refused with MSG.accountExists', async () => {
      const other = await influencerWithPhone();
      const u = await phoneUser('INFLUENCER');
      await expectRefused(u.token, u.user.id, influencerBody({ email: other.email }), MSG.accountExists, 'email');
      const v = await buildUser(t, { profileType: 'INFLUENCER' });
      await expectRefused(
        v.token,
        v.user.id,
        influencerBody({ phoneCode: other.phone.phoneCode, mobileNumber: other.phone.mobileNumber }),
        MSG.accountExists,
        'mobileNumber',
      );
    });
  });

  it("403 for another user's ?userId, and nothing changes", async () => {
    const me = await influencerWithPhone();
    const other = await influencerWithPhone();
    const before = await t.services.users.findById(other.user.id);
    const res = await updateUser(me.token, other.user.id, influencerBody());
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ status: false, message: MSG.forbidden });
    expect(await t.services.users.findById(other.user.id)).toEqual(before);
    expect((await t.services.users.findById(me.user.id))?.name).toBeNull();
  });

  it('401 without a token', async () => {
    const u = await influencerWithPhone();
    const res = await updateUser(undefined, u.user.id, influencerBody());
    expect(res).toMatchObject({
      status: 401,
      json: { status: false, message: MSG.unauthorized, response: null, code: 'UNAUTHORIZED' },
    });
    expect((await t.services.users.findById(u.user.id))?.name).toBeNull();
  });
});

describe('PUT /api/user/updateUser: BUSINESS profile step', () => {
  it('saves the business profile and its address; e-mail and mobile are optional', async () => {
    const u = await buildUser(t, { profileType: 'BUSINESS' });
    const body = businessBody();
    const res = await updateUser(u.token, u.user.id, body);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.response.pendingVerification).toEqual([]);
    expect(res.json.response.result).toMatchObject({
      name: 'Acme Foods',
      userName: body.userName,
      industryType: 'Food & Beverages',
      companySize: 2,
      address: { country: 'India', state: 'Maharashtra', city: 'Mumbai', addressLine: '12 MG Road', pinCode: '400001' },
    });
  });

  it.each(['BUSINESS', 'IMC'] as const)(
    'a %s account holder must be 18 too: a day short is refused in words and nothing is saved',
    async (profileType) => {
      const u = await buildUser(t, { profileType });
      const limit = eighteenYearsBack(t.clock.now());
      const body = businessBody(profileType === 'IMC' ? { numOfInflunecer: 2 } : {});
      await expectRefused(
        u.token,
        u.user.id,
        { ...body, dateOfBirth: iso(new Date(limit.getTime() + DAY)) },
        MSG.dobUnderAge,
        'dateOfBirth',
      );
      await expectRefused(u.token, u.user.id, { ...body, dateOfBirth: iso(t.clock.now()) }, MSG.dobUnderAge, 'dateOfBirth');
      const tomorrow = iso(new Date(t.clock.now().getTime() + DAY));
      await expectRefused(u.token, u.user.id, { ...body, dateOfBirth: tomorrow }, MSG.dobInvalid, 'dateOfBirth');
      const res = await updateUser(u.token, u.user.id, { ...body, dateOfBirth: iso(limit) });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json.response.result.dateOfBirth).toBe(iso(limit));
    },
  );

  it('stores a location given as ids (country code, state id, any-case city) as names', async () => {
    const u = await buildUser(t, { profileType: 'BUSINESS' });
    const states = await call(t, 'GET', '/api/location/getAllState?countryId=IN');
    const mh = states.json.response.find((s: { stateName: string }) => s.stateName === 'Maharashtra');
    const res = await updateUser(
      u.token,
      u.user.id,
      businessBody({ country: 'in', state: mh.stateId, city: 'mumbai', pinCode: 'ab12c' }),
    );
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.response.result.address).toEqual({
      country: 'India',
      state: 'Maharashtra',
      city: 'Mumbai',
      addressLine: '12 MG Road',
      pinCode: 'AB12C',
    });
  });

  it('a country without states saves state and city as N/A', async () => {
    const u = await buildUser(t, { profileType: 'BUSINESS' });
    const res = await updateUser(u.token, u.user.id, businessBody({ country: 'Aruba', state: null, city: null }));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.response.result.address).toMatchObject({ country: 'Aruba', state: 'N/A', city: 'N/A' });
  });

  it.each([
    [{ name: '' }, 'name', MSG.businessNameRequired],
    [{ name: '   ' }, 'name', MSG.businessNameRequired],
    [{ name: 'A' }, 'name', MSG.businessNameInvalid],
    [{ name: 'Acme  Foods' }, 'name', MSG.businessNameInvalid],
    [{ industryType: undefined }, 'industryType', MSG.industryRequired],
    [{ industryType: '' }, 'industryType', MSG.industryRequired],
    [{ industryType: 'Underwater Basket Weaving' }, 'industryType', MSG.industryRequired],
    [{ companySize: undefined }, 'companySize', MSG.companySizeRequired],
    [{ companySize: 0 }, 'companySize', MSG.companySizeRequired],
    [{ companySize: 7 }, 'companySize', MSG.companySizeRequired],
    [{ country: undefined, state: undefined, city: undefined }, 'country', MSG.countryRequired],
    [{ country: 'Atlantis' }, 'country', MSG.countryRequired],
    [{ state: undefined, city: undefined }, 'state', MSG.stateRequired],
    [{ state: 'Narnia', city: undefined }, 'state', MSG.stateRequired],
    [{ city: undefined }, 'city', MSG.cityRequired],
    [{ city: 'Gotham' }, 'city', MSG.cityRequired],
    [{ addressLine: '' }, 'addressLine', MSG.addressRequired],
    [{ addressLine: '12  MG Road' }, 'addressLine', MSG.addressInvalid],
    [{ addressLine: '12 MG Road!' }, 'addressLine', MSG.addressInvalid],
    [{ addressLine: '12 MG Road,\nMumbai' }, 'addressLine', MSG.addressInvalid],
    [{ country: 'GB', state: 'Aberdeen', city: 'Aberdeen  City' }, 'city', MSG.cityInvalid],
    [{ addressLine: ' 12 MG Road' }, 'addressLine', MSG.addressInvalid],
    [{ addressLine: 'a'.repeat(251) }, 'addressLine', MSG.addressMax],
    [{ pinCode: '' }, 'pinCode', MSG.pinRequired],
    [{ pinCode: undefined }, 'pinCode', MSG.pinRequired],
    [{ pinCode: '4000' }, 'pinCode', MSG.pinInvalid],
    [{ pinCode: '40000012' }, 'pinCode', MSG.pinInvalid],
    [{ pinCode: '400 001' }, 'pinCode', MSG.pinInvalid],
  ])('refuses %j: errors.%s = %j, nothing saved', async (over, field, message) => {
    const u = await buildUser(t, { profileType: 'BUSINESS' });
    const res = await updateUser(u.token, u.user.id, businessBody(over));
    expect(res.status, JSON.stringify(res.json)).toBe(400);
    expect(res.json.status).toBe(false);
    expect(res.json.response.errors).toEqual({ [field]: message });
    expect(res.json.message).toBe(message);
    const row = await t.services.users.findById(u.user.id);
    expect(row).toMatchObject({ name: null, userName: null, country: null, addressLine: null, industryType: null });
  });

  it('accepts an address line of 250 characters with - / @ and a 7-character pin', async () => {
    const u = await buildUser(t, { profileType: 'BUSINESS' });
    const addressLine = `Flat 4/B @ Sector-12 ${'x'.repeat(229)}`;
    expect(addressLine).toHaveLength(250);
    const res = await updateUser(u.token, u.user.id, businessBody({ addressLine, pinCode: 'SW1A1AA' }));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.response.result.address).toMatchObject({ addressLine, pinCode: 'SW1A1AA' });
  });

  it("accepts commas, periods, apostrophes and '#' in the address line", async () => {
    const u = await buildUser(t, { profileType: 'BUSINESS' });
    const addressLine = "Flat #4, St. Mary's Road, Bandra";
    const res = await updateUser(u.token, u.user.id, businessBody({ addressLine }));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.response.result.address.addressLine).toBe(addressLine);
  });

  it('keeps the city typed for a state that has no cities in the data (Aberdeen, United Kingdom)', async () => {
    const u = await buildUser(t, { profileType: 'BUSINESS' });
    const res = await updateUser(
      u.token,
      u.user.id,
      businessBody({ country: 'United Kingdom', state: 'Aberdeen', city: 'Aberdeen', pinCode: 'AB101AB' }),
    );
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.response.result.address).toMatchObject({ country: 'United Kingdom', state: 'Aberdeen', city: 'Aberdeen' });
  });

  it('a state without cities needs no city (saved as N/A)', async () => {
    const u = await buildUser(t, { profileType: 'BUSINESS' });
    const res = await updateUser(
      u.token,
      u.user.id,
      businessBody({ country: 'AR', state: 'AR-C', city: undefined, pinCode: 'C1000' }),
    );
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.response.result.address).toMatchObject({
      country: 'Argentina',
      state: 'Ciudad Autónoma de Buenos Aires',
      city: 'N/A',
    });
  });

  it('maps every field in error in response.errors and saves nothing', async () => {
    const u = await buildUser(t, { profileType: 'BUSINESS' });
    const before = await t.services.users.findById(u.user.id);
    const res = await updateUser(u.token, u.user.id, {
      name: '',
      userName: 'has space',
      dateOfBirth: '2999-01-01',
      industryType: 'Nope',
      companySize: 9,
      country: 'IN',
      addressLine: 'bad  address',
      pinCode: '1',
      email: 'nope',
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(MSG.businessNameRequired);
    expect(res.json.response.errors).toEqual({
      name: MSG.businessNameRequired,
      userName: MSG.userNameSpaces,
      dateOfBirth: MSG.dobInvalid,
      email: MSG.emailInvalid,
      industryType: MSG.industryRequired,
      companySize: MSG.companySizeRequired,
      state: MSG.stateRequired,
      addressLine: MSG.addressInvalid,
      pinCode: MSG.pinInvalid,
    });
    expect(await t.services.users.findById(u.user.id)).toEqual(before);
  });

  it('a new e-mail or mobile of a business is pending too', async () => {
    const u = await phoneUser('BUSINESS');
    const email = uniqueEmail();
    const res = await updateUser(u.token, u.user.id, businessBody({ email }));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.response.pendingVerification).toEqual(['email']);
    expect(res.json.response.result.email).toBeNull();
  });
});

describe('PUT /api/user/updateUser: interests step', () => {
  async function afterProfileStep() {
    const u = await influencerWithPhone();
    const res = await updateUser(u.token, u.user.id, influencerBody());
    expect(res.status).toBe(200);
    return u;
  }

  it('sets interested and profileCompleted true', async () => {
    const u = await afterProfileStep();
    const res = await updateUser(u.token, u.user.id, { interested: ['fashion', 'travel', 'food', 'travel'] });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ status: true, message: MSG.profileUpdated });
    expect(res.json.response.result).toMatchObject({ profileCompleted: true, interested: ['fashion', 'travel', 'food'] });
    const status = await call(t, 'GET', '/api/user/getUserStatus', { token: u.token });
    expect(status.json.response.result).toMatchObject({
      profileCompleted: true,
      interested: ['fashion', 'travel', 'food'],
      name: 'Asha Rao',
    });
  });

  it.each([
    [[]],
    [['fashion']],
    [['fashion', 'travel']],
    [['fashion', 'fashion', 'travel']],
    [['fashion', 'fashion', 'fashion']],
    ['fashion'],
    [null],
  ])('refuses %j with "Please select 3 or more areas of your choice"', async (interested) => {
    const u = await afterProfileStep();
    const before = await t.services.users.findById(u.user.id);
    const res = await updateUser(u.token, u.user.id, { interested });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ status: false, message: MSG.interestsMin });
    expect(await t.services.users.findById(u.user.id)).toEqual(before);
  });

  it('refuses unknown interest ids', async () => {
    const u = await afterProfileStep();
    const res = await updateUser(u.token, u.user.id, { interested: ['fashion', 'travel', 'underwater-chess'] });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ status: false, message: MSG.interestsUnknown });
    expect((await t.services.users.findById(u.user.id))?.profileCompleted).toBe(false);
  });

  it('refuses the interests before the profile step with MSG.completeRegistration', async () => {
    const u = await buildUser(t, { profileType: 'INFLUENCER' });
    const res = await updateUser(u.token, u.user.id, { interested: ['fashion', 'travel', 'food'] });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ status: false, message: MSG.completeRegistration });
    expect((await t.services.users.findById(u.user.id))?.profileCompleted).toBe(false);
  });

  it("ignores a client's profileCompleted flag on the profile step", async () => {
    const u = await influencerWithPhone();
    const res = await updateUser(u.token, u.user.id, influencerBody({ profileCompleted: true }));
    expect(res.status).toBe(200);
    expect(res.json.response.result.profileCompleted).toBe(false);
  });

  it("403 for another user's ?userId; 401 without a token", async () => {
    const me = await afterProfileStep();
    const other = await afterProfileStep();
    const res = await updateUser(me.token, other.user.id, { interested: ['fashion', 'travel', 'food'] });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ status: false, message: MSG.forbidden });
    expect((await t.services.users.findById(other.user.id))?.profileCompleted).toBe(false);
    expect((await t.services.users.findById(me.user.id))?.profileCompleted).toBe(false);
    const anon = await updateUser(undefined, me.user.id, { interested: ['fashion', 'travel', 'food'] });
    expect(anon).toMatchObject({ status: 401, json: { message: MSG.unauthorized } });
  });
});
