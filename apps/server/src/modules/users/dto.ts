import { minorToUsd, type TUser } from '@virality/domain';
import type { TUserRow } from './repository';

/** ACTIVE while the plan runs; EXPIRED once it has ended (the details already say EXPIRED past the end date). */
export const subscriptionStatusOf = (details: TUser['subscriptionDetails']): TUser['subscriptionStatus'] =>
  details === null ? null : details.planStatus.toUpperCase() === 'ACTIVE' ? 'ACTIVE' : 'EXPIRED';

/** The user as every client reads it. */
export function toUserDto(row: TUserRow, subscriptionDetails: TUser['subscriptionDetails']): TUser {
  return {
    _id: row.id,
    sphUserId: row.sphUserId,
    orgId: row.orgId,
    name: row.name,
    userName: row.userName,
    profileImage: row.profileImage,
    backgroundColor: row.backgroundColor,
    profileType: row.profileType as TUser['profileType'],
    profileCompleted: row.profileCompleted,
    authType: row.authType,
    paymentStatus: row.paymentStatus,
    viralityLevel: row.viralityLevel,
    email: row.email,
    emailVerified: row.emailVerified,
    mobileNumber: row.mobileNumber,
    phoneCode: row.phoneCode,
    mobileVerified: row.mobileVerified,
    gender: row.gender,
    pronouns: row.pronouns,
    dateOfBirth: row.dateOfBirth,
    industryType: row.industryType,
    companySize: row.companySize,
    companyName: row.companyName,
    numOfInflunecer: row.numOfInflunecer,
    associatedIMCCode: row.associatedIMCCode,
    paypalId: row.paypalId,
    paymentWallet: { amount: minorToUsd(row.walletMinor), currency: 'USD' as const },
    address: { addressLine: row.addressLine, city: row.city, state: row.state, pinCode: row.pinCode, country: row.country },
    companyAddress: row.companyAddress,
    interested: row.interested ?? [],
    socialLinks: {},
    subscriptionDetails,
    subscriptionStatus: subscriptionStatusOf(subscriptionDetails),
    totalPoints: row.totalPoints,
    userStatus: row.userStatus,
    createdAt: row.createdAt.toISOString(),
  };
}
