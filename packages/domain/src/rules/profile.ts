import { z } from 'zod';
import { COMPANY_SIZES, GENDERS, INFLUENCER_COUNTS, PRONOUNS, type TProfileType } from '../enums';
import { MSG } from '../messages';
import { isEmail } from './identifier';
import { IDENTIFIER_FIELD_MAX, PHONE_CODE_FIELD_MAX, PLACE_MAX, TEXT_FIELD_MAX, tooLong } from './limits';
import { zBackgroundColor, zProfileImageField } from './media';

export const NAME_MIN = 2;
export const NAME_MAX = 40;
export const USERNAME_MAX = 20;
export const PROFILE_PHONE_MIN = 10;
export const PROFILE_PHONE_MAX = 12;
export const ADDRESS_MAX = 250;
export const PIN_MIN = 5;
export const PIN_MAX = 7;
/**
 * Nobody under 18 may have an account they signed up for themselves (influencers, businesses, IMC; brands too):
 * the terms and the privacy policy say so. A business's sub-users follow the sub-user form's own rule.
 */
export const ACCOUNT_MIN_AGE_YEARS = 18;
export const USERNAME_CHECK_DEBOUNCE_MS = 1300;
export const PROFILE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** The longest PayPal receiver (an e-mail address can have 127 characters there). */
export const PAYPAL_ID_MAX = 127;
/** The earliest date of birth any form accepts (yyyy-MM-dd). */
export const DATE_OF_BIRTH_MIN = '1900-01-01';
/** A date of birth is exactly yyyy-MM-dd. */
export const DATE_FIELD_MAX = 10;

/** Letters, digits, dots and single spaces between words. */
const NAME_RE = /^[\p{L}\d.]+( [\p{L}\d.]+)*$/u;
/**
 * Address line: what real addresses hold. Letters (with their accents and vowel signs), digits, and
 * , . ' ’ # - / @, in words separated by single spaces. Control characters, tabs, line breaks, double
 * spaces and spaces at either end are refused.
 */
const ADDRESS_RE = /^[\p{L}\p{M}\d,.'’#\-/@]+( [\p{L}\p{M}\d,.'’#\-/@]+)*$/u;
/**
 * A city typed where the place data lists none: letters (with accents and vowel signs), digits and
 * . , ' ’ - ( ), in words separated by single spaces ('St. John’s', 'Aix-en-Provence', 'Xi'an').
 */
const CITY_RE = /^[\p{L}\p{M}\d.,'’\-()]+( [\p{L}\p{M}\d.,'’\-()]+)*$/u;
const PIN_RE = /^[A-Za-z0-9]{5,7}$/;
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

export const zPersonName = z
  .string({ error: MSG.nameRequired })
  .min(1, { error: MSG.nameRequired, abort: true })
  .refine((v) => v.trim().length > 0, MSG.nameBlank)
  .pipe(z.string().min(NAME_MIN, MSG.nameMin).max(NAME_MAX, MSG.nameMax).regex(NAME_RE, MSG.nameBlank));

export const zBusinessName = z
  .string({ error: MSG.businessNameRequired })
  .min(1, { error: MSG.businessNameRequired, abort: true })
  .refine((v) => v.trim().length > 0, MSG.businessNameRequired)
  .pipe(
    z
      .string()
      .min(NAME_MIN, MSG.businessNameInvalid)
      .max(NAME_MAX, MSG.businessNameInvalid)
      .regex(NAME_RE, MSG.businessNameInvalid),
  );

export const zUserName = z
  .string({ error: MSG.userNameRequired })
  .min(1, { error: MSG.userNameRequired, abort: true })
  .max(USERNAME_MAX, MSG.userNameMax)
  .refine((v) => !/\s/.test(v), MSG.userNameSpaces);

export const zProfilePhone = z.string().regex(/^\d{10,12}$/, MSG.phoneInvalid);

export const zAddressLine = z
  .string({ error: MSG.addressRequired })
  .min(1, { error: MSG.addressRequired, abort: true })
  .max(ADDRESS_MAX, MSG.addressMax)
  .regex(ADDRESS_RE, MSG.addressInvalid);

/** A city typed by the user (only where the place data has no cities for the chosen country or state). */
export const zTypedCity = z.string().max(PLACE_MAX, tooLong('City')).regex(CITY_RE, MSG.cityInvalid);

export const zPinCode = z
  .string({ error: MSG.pinRequired })
  .min(1, { error: MSG.pinRequired, abort: true })
  .regex(PIN_RE, MSG.pinInvalid);

/** Formats a Date as yyyy-MM-dd in UTC. */
export const toIsoDate = (d: Date): string => d.toISOString().slice(0, 10);

/**
 * The latest date of birth a profile type may pick on `today` (yyyy-MM-dd): 18 years back for every account
 * holder; a business manager (its form has its own rule) may pick up to today.
 */
export function maxDateOfBirth(profileType: TProfileType, today: Date): string {
  if (profileType === 'BUSINESS_MANAGER') return toIsoDate(today);
  const year = today.getUTCFullYear() - ACCOUNT_MIN_AGE_YEARS;
  const month = today.getUTCMonth();
  // 29 February 18 years back does not exist in a common year: clamp to the month's last day (28 Feb), never roll into March.
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return toIsoDate(new Date(Date.UTC(year, month, Math.min(today.getUTCDate(), lastDay))));
}

/**
 * Checks a date of birth (yyyy-MM-dd) for a profile type; returns the message or null. A date that is not a
 * real one, is before 1900 or in the future is 'Invalid Date of Birth'; a real date less than 18 years back
 * says that the account holder must be 18.
 */
export function dateOfBirthIssue(value: string | undefined | null, profileType: TProfileType, today: Date): string | null {
  if (!value) return MSG.dobRequired;
  if (!DATE_RE.test(value)) return MSG.dobInvalid;
  const parsed = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || toIsoDate(parsed) !== value) return MSG.dobInvalid;
  if (value < DATE_OF_BIRTH_MIN || value > toIsoDate(today)) return MSG.dobInvalid;
  if (value > maxDateOfBirth(profileType, today)) return MSG.dobUnderAge;
  return null;
}

export type TLocationNeeds = { statesExist: boolean; citiesExist: boolean };

export const INDUSTRY_FIELD_MAX = 120;

/**
 * The profile fields a request may carry, each bounded. Where the profile rules (profileIssues) have a
 * limit whose message does not depend on the profile type, the same limit and message apply here;
 * name (its message differs for a business) and e-mail / mobile (read after trimming) get a looser
 * cap, so the rule's own message still answers up to it. profileImage must also pass imageUrlIssue.
 */
export const zProfileFields = z.object({
  name: z.string().max(TEXT_FIELD_MAX, tooLong('Name')).optional(),
  userName: z.string().max(USERNAME_MAX, MSG.userNameMax).optional(),
  pronouns: z.enum(PRONOUNS, { error: MSG.pronounsInvalid }).optional().nullable(),
  gender: z.enum(GENDERS, { error: MSG.genderInvalid }).optional().nullable(),
  dateOfBirth: z.string().max(DATE_FIELD_MAX, MSG.dobInvalid).optional().nullable(),
  industryType: z.string().max(INDUSTRY_FIELD_MAX, tooLong('Industry')).optional().nullable(),
  companySize: z.coerce.number().int().optional().nullable(),
  companyName: z.string().max(NAME_MAX, tooLong('Company name')).optional().nullable(),
  numOfInflunecer: z.coerce.number().int().optional().nullable(),
  email: z.string().max(IDENTIFIER_FIELD_MAX, MSG.emailInvalid).optional().nullable(),
  phoneCode: z.string().max(PHONE_CODE_FIELD_MAX, MSG.phoneCodeRequired).optional().nullable(),
  mobileNumber: z.string().max(IDENTIFIER_FIELD_MAX, MSG.phoneInvalid).optional().nullable(),
  profileImage: zProfileImageField,
  backgroundColor: zBackgroundColor,
  country: z.string().max(PLACE_MAX, tooLong('Country')).optional().nullable(),
  state: z.string().max(PLACE_MAX, tooLong('State')).optional().nullable(),
  city: z.string().max(PLACE_MAX, tooLong('City')).optional().nullable(),
  addressLine: z.string().max(ADDRESS_MAX, MSG.addressMax).optional().nullable(),
  pinCode: z.string().max(PIN_MAX, MSG.pinInvalid).optional().nullable(),
  /** Where payouts go (a PayPal e-mail, phone or id); null or empty removes it. */
  paypalId: z.string().max(PAYPAL_ID_MAX, MSG.paypalIdTooLong).optional().nullable(),
});

/** The body of the address form (PUT user/updateAddress): the address fields of the profile. */
export const zAddressFields = zProfileFields.pick({ country: true, state: true, city: true, addressLine: true, pinCode: true });
export type TProfileFields = z.infer<typeof zProfileFields>;

export type TProfileContext = {
  profileType: TProfileType;
  today: Date;
  /** The registration page requires both e-mail and mobile of an influencer. */
  registration: boolean;
  location?: TLocationNeeds;
  industries?: readonly string[];
};

const firstIssue = (schema: z.ZodType, value: unknown): string | null => {
  const r = schema.safeParse(value);
  return r.success ? null : (r.error.issues[0]?.message ?? MSG.somethingWentWrong);
};

/**
 * Validates the registration / account-details profile for a profile type. Returns field → message for every
 * field in error; an empty object means valid.
 */
export function profileIssues(input: TProfileFields, ctx: TProfileContext): Record<string, string> {
  const issues: Record<string, string> = {};
  const set = (field: string, message: string | null) => {
    if (message && !issues[field]) issues[field] = message;
  };
  const isInfluencer = ctx.profileType === 'INFLUENCER';
  set('name', firstIssue(isInfluencer ? zPersonName : zBusinessName, input.name ?? ''));
  set('userName', firstIssue(zUserName, input.userName ?? ''));
  set('dateOfBirth', dateOfBirthIssue(input.dateOfBirth, ctx.profileType, ctx.today));

  const email = (input.email ?? '').trim();
  const mobile = (input.mobileNumber ?? '').trim();
  if (email) set('email', email.length > 60 || !isEmail(email) ? MSG.emailInvalid : null);
  else if (isInfluencer && ctx.registration) set('email', MSG.emailRequired);
  if (mobile) {
    set('mobileNumber', firstIssue(zProfilePhone, mobile));
    if (!/^\d{1,3}$/.test((input.phoneCode ?? '').replace(/^\+/, ''))) set('phoneCode', MSG.phoneCodeRequired);
  } else if (isInfluencer && ctx.registration) set('mobileNumber', MSG.phoneRequired);

  if (input.paypalId && /\s/.test(input.paypalId)) set('paypalId', MSG.paypalIdSpaces);

  if (ctx.profileType === 'IMC' && input.numOfInflunecer != null && !INFLUENCER_COUNTS[input.numOfInflunecer]) {
    set('numOfInflunecer', MSG.somethingWentWrong);
  }
  if (!isInfluencer) {
    if (!input.industryType) set('industryType', MSG.industryRequired);
    else if (ctx.industries && !ctx.industries.includes(input.industryType)) set('industryType', MSG.industryRequired);
    if (input.companySize == null || !COMPANY_SIZES[input.companySize]) set('companySize', MSG.companySizeRequired);
    Object.assign(issues, { ...addressIssues(input, ctx.location), ...issues });
  } else if (input.companySize != null && !COMPANY_SIZES[input.companySize]) {
    set('companySize', MSG.companySizeRequired);
  }
  return issues;
}

/**
 * Validates an address (non-influencer profile and the address form): state and city are required only
 * when the place data has options for them; a city typed where it has none is checked by zTypedCity.
 */
export function addressIssues(
  input: Pick<TProfileFields, 'country' | 'state' | 'city' | 'addressLine' | 'pinCode'>,
  location?: TLocationNeeds,
): Record<string, string> {
  const issues: Record<string, string> = {};
  if (!input.country) issues.country = MSG.countryRequired;
  if (location?.statesExist && !input.state) issues.state = MSG.stateRequired;
  if (location?.citiesExist && !input.city) issues.city = MSG.cityRequired;
  // Where the data lists no city, the user types it: optional, but it must read as a place name.
  if (location && !location.citiesExist && input.city) {
    const c = firstIssue(zTypedCity, input.city);
    if (c) issues.city = c;
  }
  const a = firstIssue(zAddressLine, input.addressLine ?? '');
  if (a) issues.addressLine = a;
  const p = firstIssue(zPinCode, input.pinCode ?? '');
  if (p) issues.pinCode = p;
  return issues;
}

/** Folds case and accents, so 'cote' finds 'Côte d’Ivoire' and 'aland' finds 'Åland Islands'. */
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const WORD_CHAR = /[\p{L}\p{N}]/u;

/** 0: the name starts with q; 1: one of its words does; 2: q is inside a word; -1: no match. */
function matchTier(name: string, q: string): number {
  let at = name.indexOf(q);
  if (at === 0) return 0;
  let tier = -1;
  while (at > 0) {
    if (!WORD_CHAR.test(name[at - 1]!)) return 1;
    tier = 2;
    at = name.indexOf(q, at + 1);
  }
  return tier;
}

/**
 * The names that contain the typed text, best first: names that start with it, then names with a word
 * that starts with it, then the rest; each group keeps the given (alphabetical) order. Case and accents
 * are ignored. 'ind' puts India and Indonesia before British Indian Ocean Territory. An empty query
 * keeps every name, in order.
 */
export function rankPlaceNames(names: readonly string[], query: string): string[] {
  const q = fold(query.trim());
  if (!q) return [...names];
  const tiers: string[][] = [[], [], []];
  for (const name of names) {
    const tier = matchTier(fold(name), q);
    if (tier >= 0) tiers[tier]!.push(name);
  }
  return tiers.flat();
}
