import { accountDetailsFields, type TProfileFields, type TProfileType, type TUser } from '@virality/domain';
import type { TProfileValues } from '../../../components/profile-form';

/**
 * The PUT user/updateProfile body: the fields this type's form shows. A saved e-mail or mobile is locked, so it is
 * not sent; a new one is (the server keeps it pending until its OTP is verified). An empty payout id removes it.
 */
export function toAccountDetailsPayload(values: TProfileValues, user: TUser): TProfileFields {
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
