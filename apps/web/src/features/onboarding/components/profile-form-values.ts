import type { TProfileFields, TProfileType } from '@virality/domain';
import { addressOf, type TProfileValues } from '../../../components/profile-form';

/** The PUT user/updateUser body for a profile type: only the fields that type's registration form shows. */
export function toProfilePayload(values: TProfileValues, profileType: TProfileType): TProfileFields {
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
    Object.assign(payload, addressOf(values));
  }
  if (profileType === 'IMC') payload.numOfInflunecer = values.numOfInflunecer ? Number(values.numOfInflunecer) : null;
  return payload;
}
