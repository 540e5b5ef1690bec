import type { TUser } from '@virality/domain';

/**
 * What every profile form holds (the registration step, Account Details, Address): one shape, read from the user
 * one way. Selects keep strings; each form's payload takes the fields it shows and turns codes into numbers.
 */
export type TProfileValues = {
  profileImage: string;
  name: string;
  userName: string;
  pronouns: string | null;
  gender: string | null;
  dateOfBirth: string;
  industryType: string | null;
  companySize: string | null;
  numOfInflunecer: string | null;
  phoneCode: string;
  mobileNumber: string;
  email: string;
  paypalId: string;
  country: string | null;
  state: string | null;
  city: string | null;
  addressLine: string;
  pinCode: string;
};

/** What older records hold for "not set". */
const NOT_SET = new Set(['', 'N/A']);
const str = (v: string | null | undefined): string => (v && !NOT_SET.has(v) ? v : '');
const opt = (v: string | null | undefined): string | null => (v && !NOT_SET.has(v) ? v : null);
const code = (v: number | null | undefined): string | null => (v === null || v === undefined ? null : String(v));

/** A profile form's first values, read from the logged-in user. */
export function initialProfileValues(user: TUser): TProfileValues {
  return {
    profileImage: str(user.profileImage),
    name: str(user.name),
    userName: str(user.userName),
    pronouns: opt(user.pronouns),
    gender: opt(user.gender),
    dateOfBirth: str(user.dateOfBirth).slice(0, 10),
    industryType: opt(user.industryType),
    companySize: code(user.companySize),
    numOfInflunecer: code(user.numOfInflunecer),
    phoneCode: str(user.phoneCode).replace(/^\+/, ''),
    mobileNumber: str(user.mobileNumber),
    email: str(user.email),
    paypalId: str(user.paypalId),
    country: opt(user.address?.country),
    state: opt(user.address?.state),
    city: opt(user.address?.city),
    addressLine: str(user.address?.addressLine),
    pinCode: str(user.address?.pinCode),
  };
}

/** The address part of the values, as the address form and a company's registration send it. */
export const addressOf = (v: TProfileValues) => ({
  country: v.country || null,
  state: v.state || null,
  city: v.city?.trim() || null,
  addressLine: v.addressLine.trim(),
  pinCode: v.pinCode.trim(),
});
