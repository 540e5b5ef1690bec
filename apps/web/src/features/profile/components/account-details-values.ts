import { accountDetailsFields, type TProfileFields, type TProfileType, type TUser } from '@virality/domain';

/** What the Account Details form holds; selects keep strings, the payload turns codes into numbers. */
export type TAccountDetailsValues = {
  profileImage: string;
  name: string;
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
};

const NOT_SET = new Set(['', 'N/A']);
const str = (v: string | null | undefined): string => (v && !NOT_SET.has(v) ? v : '');
const opt = (v: string | null | undefined): string | null => (v && !NOT_SET.has(v) ? v : null);
const code = (v: number | null | undefined): string | null => (v === null || v === undefined ? null : String(v));

/** The form's first values, read from the logged-in user. */
export function initialAccountDetails(user: TUser): TAccountDetailsValues {
  return {
    profileImage: str(user.profileImage),
    name: str(user.name),
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
  };
}

/**
 * The PUT user/updateProfile body: the fields this type's form shows. A saved e-mail or mobile is locked, so it is
 * not sent; a new one is (the server keeps it pending until its OTP is verified). An empty payout id removes it.
 */
export function toAccountDetailsPayload(values: TAccountDetailsValues, user: TUser): TProfileFields {
  const fields = accountDetailsFields(user.profileType as TProfileType);
  const t = (v: string) => v.trim();
  const payload: TProfileFields = {
    name: t(values.name),
    gender: (values.gender || null) as TProfileFields['gender'],
    dateOfBirth: values.dateOfBirth || null,
    profileImage: values.profileImage || null,
  };
  if (fields.pronouns) payload.pronouns = (values.pronouns || null) as TProfileFields['pronouns'];
  if (fields.business) {
    payload.industryType = values.industryType || null;
    payload.companySize = values.companySize ? Number(values.companySize) : null;
  }
  if (fields.imc) payload.numOfInflunecer = values.numOfInflunecer ? Number(values.numOfInflunecer) : null;
  if (fields.paypalId) payload.paypalId = t(values.paypalId);
  if (!user.email && t(values.email)) payload.email = t(values.email).toLowerCase();
  if (!user.mobileNumber && t(values.mobileNumber)) {
    payload.mobileNumber = t(values.mobileNumber);
    payload.phoneCode = t(values.phoneCode).replace(/^\+/, '');
  }
  return payload;
}

/** What the rules judge: the payload with what the server keeps when the form leaves it out (username, saved contact). */
export const judgedProfile = (payload: TProfileFields, user: TUser): TProfileFields => ({
  ...payload,
  userName: user.userName ?? '',
  email: payload.email ?? user.email,
  mobileNumber: payload.mobileNumber ?? user.mobileNumber,
  phoneCode: payload.mobileNumber ? payload.phoneCode : user.phoneCode,
});
