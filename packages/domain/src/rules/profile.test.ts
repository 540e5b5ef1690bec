import { describe, expect, it } from 'vitest';
import { INDUSTRIES } from '../data/industries';
import { PROFILE_TYPES, type TProfileType } from '../enums';
import {
  ACCOUNT_MIN_AGE_YEARS,
  ADDRESS_MAX,
  addressIssues,
  dateOfBirthIssue,
  maxDateOfBirth,
  NAME_MAX,
  NAME_MIN,
  PIN_MAX,
  PIN_MIN,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_PHONE_MAX,
  PROFILE_PHONE_MIN,
  profileIssues,
  rankPlaceNames,
  type TProfileContext,
  type TProfileFields,
  toIsoDate,
  USERNAME_CHECK_DEBOUNCE_MS,
  USERNAME_MAX,
  zAddressLine,
  zBusinessName,
  zPersonName,
  zPinCode,
  zProfileFields,
  zProfilePhone,
  zTypedCity,
  zUserName,
} from './profile';

const first = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues[0].message;
/** Fixed "today" (time is passed in, never read from the clock). */
const TODAY = new Date('2025-06-15T12:00:00Z');

const M = {
  nameRequired: 'Please enter your name',
  nameMin: 'Name must be at least 2 characters',
  nameMax: 'Name must be at most 40 characters',
  nameBlank: '* This field cannot contain only blank spaces',
  businessNameRequired: 'Please enter your Business/Brand name',
  businessNameInvalid: 'Name is not valid',
  userNameRequired: 'Please enter your Username',
  userNameMax: 'Username must be at most 20 characters',
  userNameSpaces: 'Username cannot contain spaces',
  phoneInvalid: 'Phone number is not valid',
  phoneRequired: 'Phone number is required',
  phoneCodeRequired: 'Please enter your phone code',
  emailInvalid: 'Email is not valid',
  emailRequired: 'Email is required',
  addressRequired: 'Address is required',
  addressInvalid: '* Extra blank spaces and some characters are not allowed',
  addressMax: 'Address must be at most 250 characters',
  pinRequired: 'Zip/Pin code is required',
  pinInvalid: 'Zip/Pin code is not valid',
  countryRequired: 'Country name is required',
  stateRequired: 'State is required',
  cityRequired: 'City is required',
  cityInvalid: 'City is not valid',
  industryRequired: 'Industry is required',
  companySizeRequired: 'Company size is required',
  dobRequired: 'Date of birth is required',
  dobInvalid: 'Invalid Date of Birth',
  dobUnderAge: 'You must be at least 18 years old to use Virality',
};

describe('profile constants', () => {
  it('name 2-40, userName 20, profile phone 10-12, address 250, pin 5-7', () => {
    expect([NAME_MIN, NAME_MAX, USERNAME_MAX]).toEqual([2, 40, 20]);
    expect([PROFILE_PHONE_MIN, PROFILE_PHONE_MAX]).toEqual([10, 12]);
    expect(ADDRESS_MAX).toBe(250);
    expect([PIN_MIN, PIN_MAX]).toEqual([5, 7]);
  });
  it('account holders 18 years, username check pause 1300 ms, image 2 MB', () => {
    expect(ACCOUNT_MIN_AGE_YEARS).toBe(18);
    expect(USERNAME_CHECK_DEBOUNCE_MS).toBe(1300);
    expect(PROFILE_IMAGE_MAX_BYTES).toBe(2 * 1024 * 1024);
  });
});

describe('zPersonName (profile, individual)', () => {
  it("says 'Please enter your name' when missing or empty", () => {
    expect(first(zPersonName.safeParse(undefined))).toBe(M.nameRequired);
    expect(first(zPersonName.safeParse(''))).toBe(M.nameRequired);
  });
  it("says '* This field cannot contain only blank spaces' for blanks only", () => {
    expect(first(zPersonName.safeParse('   '))).toBe(M.nameBlank);
  });
  it('accepts 2 and 40 characters, refuses 1 and 41', () => {
    expect(zPersonName.safeParse('Al').success).toBe(true);
    expect(zPersonName.safeParse('a'.repeat(40)).success).toBe(true);
    expect(first(zPersonName.safeParse('A'))).toBe(M.nameMin);
    expect(first(zPersonName.safeParse('a'.repeat(41)))).toBe(M.nameMax);
  });
  it('allows letters, digits, dots and single spaces', () => {
    for (const v of ['John Doe', 'J. R. R. Tolkien', 'Agent 47', 'José Núñez'])
      expect(zPersonName.safeParse(v).success, v).toBe(true);
  });
  it('refuses double, leading or trailing spaces and other characters', () => {
    for (const v of ['John  Doe', ' John', 'John ', 'John_Doe', 'John-Doe', "O'Neil"]) {
      expect(first(zPersonName.safeParse(v)), v).toBe(M.nameBlank);
    }
  });
});

describe('zBusinessName (profile, business)', () => {
  it("says 'Please enter your Business/Brand name' when missing, empty or blank", () => {
    for (const v of [undefined, '', '   ']) expect(first(zBusinessName.safeParse(v))).toBe(M.businessNameRequired);
  });
  it("says 'Name is not valid' outside 2-40 or with other characters", () => {
    expect(zBusinessName.safeParse('Ab').success).toBe(true);
    expect(zBusinessName.safeParse('a'.repeat(40)).success).toBe(true);
    expect(zBusinessName.safeParse('Acme Co. 2').success).toBe(true);
    for (const v of ['A', 'a'.repeat(41), 'Acme!', 'Acme  Co'])
      expect(first(zBusinessName.safeParse(v)), v).toBe(M.businessNameInvalid);
  });
});

describe('zUserName', () => {
  it("says 'Please enter your Username' when missing or empty", () => {
    expect(first(zUserName.safeParse(undefined))).toBe(M.userNameRequired);
    expect(first(zUserName.safeParse(''))).toBe(M.userNameRequired);
  });
  it('accepts 20 characters, refuses 21', () => {
    expect(zUserName.safeParse('u'.repeat(20)).success).toBe(true);
    expect(first(zUserName.safeParse('u'.repeat(21)))).toBe(M.userNameMax);
  });
  it('has no spaces', () => {
    expect(first(zUserName.safeParse('john doe'))).toBe(M.userNameSpaces);
  });
});

describe('zProfilePhone', () => {
  it("accepts 10 and 12 digits; says 'Phone number is not valid' at 9, 13 or with non-digits", () => {
    expect(zProfilePhone.safeParse('9'.repeat(10)).success).toBe(true);
    expect(zProfilePhone.safeParse('9'.repeat(12)).success).toBe(true);
    for (const v of ['9'.repeat(9), '9'.repeat(13), '98765abcde', '+919876543210', '']) {
      expect(first(zProfilePhone.safeParse(v)), v).toBe(M.phoneInvalid);
    }
  });
});

describe('zAddressLine (address form)', () => {
  it("says 'Address is required' when missing or empty", () => {
    expect(first(zAddressLine.safeParse(undefined))).toBe(M.addressRequired);
    expect(first(zAddressLine.safeParse(''))).toBe(M.addressRequired);
  });
  it('accepts 250 characters, refuses 251', () => {
    const words = (n: number) => `${'Lane 12 '.repeat(Math.floor(n / 8))}${'x'.repeat(n % 8)}`.trim().padEnd(n, 'x');
    expect(words(250)).toHaveLength(250);
    expect(zAddressLine.safeParse(words(250)).success).toBe(true);
    expect(first(zAddressLine.safeParse('a'.repeat(251)))).toBe(M.addressMax);
  });
  it("accepts what real addresses hold: letters, digits, , . ' ’ # - / @ and single spaces", () => {
    for (const v of [
      '12 Main Street',
      'Flat 4-B/7 @ MG Road',
      'Rue de la Paix 3',
      '12 Baker Street, London',
      'Apt. 5, 221/B Baker St.',
      "O'Connell Street",
      'O’Connell Street',
      '#12 Main Street',
      'Suite #400, 1 Infinite Loop',
      'Straße des 17. Juni 135',
      'नई दिल्ली 110001',
    ])
      expect(zAddressLine.safeParse(v).success, v).toBe(true);
  });
  it("says '* Extra blank spaces and some characters are not allowed' for control characters, double or edge spaces and other symbols", () => {
    for (const v of [
      '12  Main Street',
      '12,  Main Street',
      ' 12 Main',
      '12 Main ',
      '12\nMain',
      '12\tMain',
      '12 Main\u0000',
      '12 Main\u0007',
      '12\u00a0Main',
      'Main_Street',
      '12 Main; DROP',
      '<b>12 Main</b>',
      '12 Main!',
    ]) {
      expect(first(zAddressLine.safeParse(v)), JSON.stringify(v)).toBe(M.addressInvalid);
    }
  });
});

describe('zTypedCity (a city the place data does not list)', () => {
  it('accepts place names as people write them', () => {
    for (const v of [
      'Aberdeen',
      'St. John’s',
      "Xi'an",
      'Aix-en-Provence',
      'São Paulo',
      'Frankfurt am Main',
      'Washington, D.C.',
      'Newport (Gwent)',
    ])
      expect(zTypedCity.safeParse(v).success, v).toBe(true);
  });
  it("says 'City is not valid' for empty text, double or edge spaces, control characters and symbols", () => {
    for (const v of ['', ' Aberdeen', 'Aberdeen ', 'New  York', 'Aber\ndeen', 'Aber\u0000deen', '<script>', 'Aberdeen #2', 'a@b'])
      expect(first(zTypedCity.safeParse(v)), JSON.stringify(v)).toBe(M.cityInvalid);
  });
  it('is at most 100 characters', () => {
    expect(zTypedCity.safeParse('a'.repeat(100)).success).toBe(true);
    expect(zTypedCity.safeParse('a'.repeat(101)).success).toBe(false);
  });
});

describe('rankPlaceNames (country, state and city search)', () => {
  const countries = ['British Indian Ocean Territory', 'India', 'Indonesia', 'Saint Kitts and Nevis', 'United Kingdom'];
  it("puts names that start with the typed text first: 'India' before 'British Indian Ocean Territory'", () => {
    expect(rankPlaceNames(countries, 'Ind')).toEqual(['India', 'Indonesia', 'British Indian Ocean Territory']);
    expect(rankPlaceNames(countries, 'india')).toEqual(['India', 'British Indian Ocean Territory']);
  });
  it('then names with a word that starts with it, then names that hold it inside a word', () => {
    expect(rankPlaceNames(['Akingdom', 'United Kingdom', 'Kingston'], 'king')).toEqual([
      'Kingston',
      'United Kingdom',
      'Akingdom',
    ]);
  });
  it('ignores case, accents and spaces around the text; keeps the given order within a group', () => {
    expect(rankPlaceNames(['Åland Islands', 'Côte d’Ivoire', 'Curaçao'], ' cote ')).toEqual(['Côte d’Ivoire']);
    expect(rankPlaceNames(['Åland Islands', 'Poland', 'Aland'], 'aland')).toEqual(['Åland Islands', 'Aland']);
    expect(rankPlaceNames(['Niger', 'Nigeria'], 'nig')).toEqual(['Niger', 'Nigeria']);
  });
  it('keeps every name for an empty query and none that do not match', () => {
    expect(rankPlaceNames(countries, '  ')).toEqual(countries);
    expect(rankPlaceNames(countries, 'zz')).toEqual([]);
  });
});

describe('zPinCode', () => {
  it("says 'Zip/Pin code is required' when missing or empty", () => {
    expect(first(zPinCode.safeParse(undefined))).toBe(M.pinRequired);
    expect(first(zPinCode.safeParse(''))).toBe(M.pinRequired);
  });
  it('accepts 5-7 letters and digits', () => {
    for (const v of ['12345', '560001', 'SW1A1AA', 'k1a0b1']) expect(zPinCode.safeParse(v).success, v).toBe(true);
  });
  it("says 'Zip/Pin code is not valid' at 4 or 8 characters or with other characters", () => {
    for (const v of ['1234', '12345678', '123 45', 'AB-123', '12.345'])
      expect(first(zPinCode.safeParse(v)), v).toBe(M.pinInvalid);
  });
});

describe('an empty required field gets its required message alone', () => {
  it.each([
    ['zPersonName', zPersonName, M.nameRequired],
    ['zBusinessName', zBusinessName, M.businessNameRequired],
    ['zUserName', zUserName, M.userNameRequired],
    ['zAddressLine', zAddressLine, M.addressRequired],
    ['zPinCode', zPinCode, M.pinRequired],
  ] as const)('%s', (_name, schema, message) => {
    expect(schema.safeParse('').error?.issues.map((i) => i.message)).toEqual([message]);
  });
});

describe('toIsoDate', () => {
  it('formats yyyy-MM-dd in UTC', () => {
    expect(toIsoDate(new Date('2025-01-05T23:59:59Z'))).toBe('2025-01-05');
  });
});

const SELF_REGISTERED = ['INFLUENCER', 'BUSINESS', 'IMC', 'BRANDS'] as const;

describe('maxDateOfBirth', () => {
  it('is exactly 18 years back for every account holder, influencers included', () => {
    for (const t of SELF_REGISTERED) expect(maxDateOfBirth(t, TODAY), t).toBe('2007-06-15');
  });
  it('is today for a business manager (the sub-user form has its own rule)', () => {
    expect(maxDateOfBirth('BUSINESS_MANAGER', TODAY)).toBe('2025-06-15');
  });
  it('does not depend on the time of day', () => {
    expect(maxDateOfBirth('INFLUENCER', new Date('2025-06-15T00:00:00Z'))).toBe('2007-06-15');
    expect(maxDateOfBirth('INFLUENCER', new Date('2025-06-15T23:59:59.999Z'))).toBe('2007-06-15');
  });
  it('on 29 February, 18 years back is 28 February (never 1 March)', () => {
    expect(maxDateOfBirth('INFLUENCER', new Date('2028-02-29T10:00:00Z'))).toBe('2010-02-28');
    expect(maxDateOfBirth('INFLUENCER', new Date('2027-03-01T10:00:00Z'))).toBe('2009-03-01');
  });
});

describe('dateOfBirthIssue', () => {
  it("says 'Date of birth is required' when missing", () => {
    for (const v of [undefined, null, '']) expect(dateOfBirthIssue(v, 'INFLUENCER', TODAY)).toBe(M.dobRequired);
  });
  it('the minimum age is 18 for every account holder: born exactly 18 years back is allowed, a day later is refused in words', () => {
    for (const t of SELF_REGISTERED) {
      expect(dateOfBirthIssue('2007-06-15', t, TODAY), t).toBeNull();
      expect(dateOfBirthIssue('2007-06-16', t, TODAY), t).toBe(M.dobUnderAge);
      expect(dateOfBirthIssue('2018-06-15', t, TODAY), t).toBe(M.dobUnderAge);
      expect(dateOfBirthIssue('2025-06-15', t, TODAY), t).toBe(M.dobUnderAge);
    }
  });
  it("a date in the future is 'Invalid Date of Birth' for everyone", () => {
    for (const t of PROFILE_TYPES) expect(dateOfBirthIssue('2025-06-16', t, TODAY), t).toBe(M.dobInvalid);
  });
  it("says 'Invalid Date of Birth' for anything not yyyy-MM-dd or not a real date", () => {
    for (const v of ['15-06-2000', '2000/06/15', '2000-6-15', '2001-02-29', '2000-13-01', '2000-04-31', 'yesterday']) {
      expect(dateOfBirthIssue(v, 'BUSINESS', TODAY), v).toBe(M.dobInvalid);
    }
    expect(dateOfBirthIssue('2000-02-29', 'BUSINESS', TODAY)).toBeNull();
  });
  it('refuses dates before 1900', () => {
    expect(dateOfBirthIssue('1899-12-31', 'BUSINESS', TODAY)).toBe(M.dobInvalid);
    expect(dateOfBirthIssue('1900-01-01', 'BUSINESS', TODAY)).toBeNull();
  });
});

describe('zProfileFields', () => {
  it("says 'Gender is not valid' and 'Pronouns are not valid' outside the code tables", () => {
    expect(first(zProfileFields.safeParse({ gender: 'other' }))).toBe('Gender is not valid');
    expect(first(zProfileFields.safeParse({ pronouns: 'Ms' }))).toBe('Pronouns are not valid');
    expect(zProfileFields.safeParse({ gender: 'transgender', pronouns: 'Mrs' }).success).toBe(true);
  });
  it('reads company size and influencer count codes as numbers', () => {
    expect(zProfileFields.parse({ companySize: '3', numOfInflunecer: '6' })).toMatchObject({
      companySize: 3,
      numOfInflunecer: 6,
    });
  });
});

const influencer: TProfileFields = {
  name: 'Asha Rao',
  userName: 'asha_rao',
  dateOfBirth: '2000-01-01',
  email: 'asha@example.com',
  phoneCode: '91',
  mobileNumber: '9876543210',
};
const business: TProfileFields = {
  name: 'Acme Foods',
  userName: 'acmefoods',
  dateOfBirth: '1990-01-01',
  industryType: 'Food & Beverages',
  companySize: 2,
  country: 'India',
  state: 'Karnataka',
  city: 'Bengaluru',
  addressLine: '12 MG Road',
  pinCode: '560001',
};
const ctx = (profileType: TProfileType, extra: Partial<TProfileContext> = {}): TProfileContext => ({
  profileType,
  today: TODAY,
  registration: true,
  ...extra,
});

describe('profileIssues: influencer', () => {
  it('is empty for a valid registration', () => {
    expect(profileIssues(influencer, ctx('INFLUENCER'))).toEqual({});
  });
  it('needs both e-mail and mobile on the registration page', () => {
    const { email: _e, mobileNumber: _m, phoneCode: _c, ...rest } = influencer;
    expect(profileIssues(rest, ctx('INFLUENCER'))).toEqual({ email: M.emailRequired, mobileNumber: M.phoneRequired });
    expect(profileIssues(rest, ctx('INFLUENCER', { registration: false }))).toEqual({});
  });
  it("says 'Email is not valid' for a bad or over-long e-mail", () => {
    expect(profileIssues({ ...influencer, email: 'asha@' }, ctx('INFLUENCER')).email).toBe(M.emailInvalid);
    const long = `${'a'.repeat(49)}@example.com`;
    expect(profileIssues({ ...influencer, email: long }, ctx('INFLUENCER')).email).toBe(M.emailInvalid);
    expect(profileIssues({ ...influencer, email: long.slice(1) }, ctx('INFLUENCER')).email).toBeUndefined();
  });
  it("says 'Phone number is not valid' outside 10-12 digits and asks for the phone code", () => {
    expect(profileIssues({ ...influencer, mobileNumber: '987654321' }, ctx('INFLUENCER')).mobileNumber).toBe(M.phoneInvalid);
    expect(profileIssues({ ...influencer, mobileNumber: '9'.repeat(13) }, ctx('INFLUENCER')).mobileNumber).toBe(M.phoneInvalid);
    expect(profileIssues({ ...influencer, mobileNumber: '9'.repeat(12) }, ctx('INFLUENCER'))).toEqual({});
    expect(profileIssues({ ...influencer, phoneCode: '' }, ctx('INFLUENCER')).phoneCode).toBe(M.phoneCodeRequired);
    expect(profileIssues({ ...influencer, phoneCode: '1234' }, ctx('INFLUENCER')).phoneCode).toBe(M.phoneCodeRequired);
  });
  it('uses the individual name and username messages', () => {
    expect(profileIssues({ ...influencer, name: '' }, ctx('INFLUENCER')).name).toBe(M.nameRequired);
    expect(profileIssues({ ...influencer, name: undefined, userName: undefined }, ctx('INFLUENCER'))).toMatchObject({
      name: M.nameRequired,
      userName: M.userNameRequired,
    });
  });
  it('says an influencer under 18 may not have an account', () => {
    expect(profileIssues({ ...influencer, dateOfBirth: '2007-06-16' }, ctx('INFLUENCER')).dateOfBirth).toBe(M.dobUnderAge);
    expect(profileIssues({ ...influencer, dateOfBirth: null }, ctx('INFLUENCER')).dateOfBirth).toBe(M.dobRequired);
  });
  it('needs no industry, company size or address, but checks a company size given', () => {
    expect(profileIssues({ ...influencer, companySize: 7 }, ctx('INFLUENCER'))).toEqual({ companySize: M.companySizeRequired });
  });
});

describe('profileIssues: non-influencers', () => {
  it('is empty for a valid business, brand, IMC', () => {
    for (const t of ['BUSINESS', 'BRANDS', 'IMC'] as const) expect(profileIssues(business, ctx(t)), t).toEqual({});
  });
  it('needs the account holder to be 18, like an influencer', () => {
    expect(profileIssues({ ...business, dateOfBirth: '2007-06-15' }, ctx('BUSINESS'))).toEqual({});
    expect(profileIssues({ ...business, dateOfBirth: '2025-06-15' }, ctx('BUSINESS')).dateOfBirth).toBe(M.dobUnderAge);
    expect(profileIssues({ ...business, dateOfBirth: '2025-06-16' }, ctx('BUSINESS')).dateOfBirth).toBe(M.dobInvalid);
  });
  it('uses the business name messages', () => {
    expect(profileIssues({ ...business, name: '' }, ctx('BUSINESS')).name).toBe(M.businessNameRequired);
    expect(profileIssues({ ...business, name: 'Acme!' }, ctx('BUSINESS')).name).toBe(M.businessNameInvalid);
  });
  it('needs industry (from the list when one is given) and company size', () => {
    expect(profileIssues({ ...business, industryType: null, companySize: null }, ctx('BUSINESS'))).toEqual({
      industryType: M.industryRequired,
      companySize: M.companySizeRequired,
    });
    expect(
      profileIssues({ ...business, industryType: 'Space Piracy' }, ctx('BUSINESS', { industries: INDUSTRIES })).industryType,
    ).toBe(M.industryRequired);
    expect(profileIssues(business, ctx('BUSINESS', { industries: INDUSTRIES }))).toEqual({});
    expect(profileIssues({ ...business, companySize: 0 }, ctx('BUSINESS')).companySize).toBe(M.companySizeRequired);
    expect(profileIssues({ ...business, companySize: 6 }, ctx('BUSINESS'))).toEqual({});
  });
  it('needs the address: country, address line, pin code', () => {
    expect(profileIssues({ ...business, country: null, addressLine: null, pinCode: null }, ctx('BUSINESS'))).toEqual({
      country: M.countryRequired,
      addressLine: M.addressRequired,
      pinCode: M.pinRequired,
    });
  });
  it('checks the IMC influencer count code (1-6)', () => {
    expect(profileIssues({ ...business, numOfInflunecer: 6 }, ctx('IMC'))).toEqual({});
    expect(Object.keys(profileIssues({ ...business, numOfInflunecer: 7 }, ctx('IMC')))).toEqual(['numOfInflunecer']);
  });
  it('keeps the first issue of a field', () => {
    const r = profileIssues({ ...business, name: '', addressLine: '12  Road' }, ctx('BUSINESS'));
    expect(r).toEqual({ name: M.businessNameRequired, addressLine: M.addressInvalid });
  });
});

describe('addressIssues', () => {
  const address = { country: 'India', state: 'Goa', city: 'Panaji', addressLine: '5 Beach Road', pinCode: '403001' };
  it('is empty for a valid address', () => {
    expect(addressIssues(address, { statesExist: true, citiesExist: true })).toEqual({});
  });
  it('needs state and city only when options exist', () => {
    const noPlace = { ...address, state: null, city: null };
    expect(addressIssues(noPlace, { statesExist: true, citiesExist: true })).toEqual({
      state: M.stateRequired,
      city: M.cityRequired,
    });
    expect(addressIssues(noPlace, { statesExist: false, citiesExist: false })).toEqual({});
    expect(addressIssues(noPlace)).toEqual({});
  });
  it('takes a typed city where the data lists none, and checks it reads as a place name', () => {
    const none = { statesExist: true, citiesExist: false };
    expect(addressIssues({ ...address, state: 'Aberdeen', city: 'Aberdeen' }, none)).toEqual({});
    expect(addressIssues({ ...address, city: null }, none)).toEqual({});
    expect(addressIssues({ ...address, city: 'Aber  deen' }, none)).toEqual({ city: M.cityInvalid });
    expect(addressIssues({ ...address, city: '<b>x</b>' }, { statesExist: false, citiesExist: false })).toEqual({
      city: M.cityInvalid,
    });
  });
  it("says 'Country name is required', 'Zip/Pin code is not valid' and the address line messages", () => {
    expect(addressIssues({ ...address, country: '', pinCode: '12', addressLine: 'a'.repeat(251) })).toEqual({
      country: M.countryRequired,
      pinCode: M.pinInvalid,
      addressLine: M.addressMax,
    });
  });
});

describe('the payout id (paypalId)', () => {
  const base = { name: 'Asha Rao', userName: 'asha', dateOfBirth: '1995-04-12' };
  const ctx = { profileType: 'INFLUENCER' as const, today: new Date('2026-06-01T00:00:00Z'), registration: false };
  it("has no spaces: 'space is not valid'", () => {
    expect(profileIssues({ ...base, paypalId: 'asha rao@example.com' }, ctx).paypalId).toBe('space is not valid');
    expect(profileIssues({ ...base, paypalId: 'asha@example.com' }, ctx).paypalId).toBeUndefined();
  });
  it('is optional', () => {
    expect(profileIssues({ ...base }, ctx).paypalId).toBeUndefined();
  });
});
