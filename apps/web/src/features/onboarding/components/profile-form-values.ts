import type { TProfileFields, TProfileType, TUser } from '@virality/domain';

/** What the registration profile form holds; selects keep strings, the payload turns codes into numbers. */
export type TProfileFormValues = {
  profileImage: string;
  pronouns: string | null;
  name: string;
  gender: string | null;
  dateOfBirth: string;
  industryType: string | null;
  companySize: string | null;
  numOfInflunecer: string | null;
  userName: string;
  phoneCode: string;
  mobileNumber: string;
  email: string;
  country: string | null;
  state: string | null;
  city: string | null;
  addressLine: string;
  pinCode: string;
};

const NOT_SET = new Set(['', 'N/A']);
const str = (v: string | null | undefined): string => (v && !NOT_SET.has(v) ? v : '');
const opt = (v: string | null | undefined): string | null => (v && !NOT_SET.has(v) ? v : null);
const code = (v: number | null | undefined): string | null => (v === null || v === undefined ? null : String(v));

/** The form's first values, read from the logged-in user. */
export function initialProfileValues(user: TUser): TProfileFormValues {
  return {
    profileImage: str(user.profileImage),
    pronouns: opt(user.pronouns),
    name: str(user.name),
    gender: opt(user.gender),
    dateOfBirth: str(user.dateOfBirth).slice(0, 10),
    industryType: opt(user.industryType),
    companySize: code(user.companySize),
    numOfInflunecer: code(user.numOfInflunecer),
    userName: str(user.userName),
    phoneCode: str(user.phoneCode).replace(/^\+/, ''),
    mobileNumber: str(user.mobileNumber),
    email: str(user.email),
    country: opt(user.address?.country),
    state: opt(user.address?.state),
    city: opt(user.address?.city),
    addressLine: str(user.address?.addressLine),
    pinCode: str(user.address?.pinCode),
  };
}

/** The PUT user/updateUser body for a profile type: only the fields that type's form shows. */
export function toProfilePayload(values: TProfileFormValues, profileType: TProfileType): TProfileFields {
  const t = (v: string) => v.trim();
  const isInfluencer = profileType === 'INFLUENCER';
  const payload: TProfileFields = {
    name: t(values.name),
    userName: t(values.userName),
    pronouns: (values.pronouns || null) as TProfileFields['pronouns'],
    gender: (values.gender || null) as TProfileFields['gender'],
    dateOfBirth: values.dateOfBirth || null,
    email: t(values.email) ? t(values.email).toLowerCase() : null,
    phoneCode: t(values.mobileNumber) ? t(values.phoneCode).replace(/^\+/, '') : null,
    mobileNumber: t(values.mobileNumber) || null,
    profileImage: values.profileImage || null,
  };
  if (!isInfluencer) {
    payload.industryType = values.industryType || null;
    payload.companySize = values.companySize ? Number(values.companySize) : null;
    payload.country = values.country || null;
    payload.state = values.state || null;
    payload.city = values.city || null;
    payload.addressLine = t(values.addressLine);
    payload.pinCode = t(values.pinCode);
  }
  if (profileType === 'IMC') payload.numOfInflunecer = values.numOfInflunecer ? Number(values.numOfInflunecer) : null;
  return payload;
}
