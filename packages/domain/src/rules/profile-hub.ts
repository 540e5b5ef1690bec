import type { TProfileType } from '../enums';
import { maySeePricing } from './plan-display';
import { profileIssues, type TProfileFields, zPersonName } from './profile';
import { rolesForPath } from './routes';

/** The profile hub's menu, in the order it is shown. */
export const HUB_ENTRIES = [
  'notification',
  'accountDetails',
  'manageUsers',
  'addressDetail',
  'socialMediaAccounts',
  'viralityPoint',
  'wallet',
  'pricing',
  'changePassword',
  'apiKeys',
  'privacyPolicy',
  'helpSupport',
  'faq',
  'deleteAccount',
  'logout',
] as const;
export type THubEntry = (typeof HUB_ENTRIES)[number];

type THubUser = { profileType: TProfileType; paymentStatus: boolean; authType: string };

/**
 * Whether a hub entry is for this user. Notification waits for payment, except for managers and influencers
 * (an influencer's free tier is never paid for, and the bell is always theirs); Manage Users is a BUSINESS's;
 * IMC has no Social Media Accounts, Virality Point or FAQ's; Virality Point follows its route's roles; Pricing is
 * not a manager's; Wallet follows its route's roles (every type but IMC); a Google sign-in has no
 * password to change; API keys follow their route's roles (an organization's owners).
 */
export function showsHubEntry(entry: THubEntry, user: THubUser): boolean {
  const type = user.profileType;
  switch (entry) {
    case 'notification':
      return user.paymentStatus || type === 'BUSINESS_MANAGER' || type === 'INFLUENCER';
    case 'manageUsers':
      return type === 'BUSINESS';
    case 'socialMediaAccounts':
    case 'faq':
      return type !== 'IMC';
    case 'viralityPoint':
      return !!rolesForPath('/profile/pointwallet')?.includes(type);
    case 'wallet':
      return !!rolesForPath('/profile/wallet')?.includes(type);
    case 'pricing':
      return maySeePricing(type);
    case 'changePassword':
      return user.authType !== 'GOOGLE';
    case 'apiKeys':
      return !!rolesForPath('/profile/apikeys')?.includes(type);
    default:
      return true;
  }
}

/** The hub entries this user gets, in menu order. */
export const profileHubEntries = (user: THubUser): THubEntry[] => HUB_ENTRIES.filter((e) => showsHubEntry(e, user));

/** The membership level badge: influencers and businesses only; Maker and Visionary as stored, anything else Trailblazer. */
export function levelBadge(user: { profileType: TProfileType; viralityLevel: string | null | undefined }): string | null {
  if (user.profileType !== 'INFLUENCER' && user.profileType !== 'BUSINESS') return null;
  return user.viralityLevel === 'Maker' || user.viralityLevel === 'Visionary' ? user.viralityLevel : 'Trailblazer';
}

/** Where the Account Details form leaves the address: it has its own page (/profile/address). */
const ADDRESS_FIELDS = new Set(['country', 'state', 'city', 'addressLine', 'pinCode']);

/** What each profile type fills in on Account Details (besides photo, name, gender, date of birth, e-mail and mobile). */
export function accountDetailsFields(profileType: TProfileType) {
  const business = profileType === 'BUSINESS' || profileType === 'BRANDS' || profileType === 'IMC';
  return {
    /** A business, a brand and an IMC pick their industry and company size; people do not. */
    business,
    /** IMC: the company name (read-only) and the number of influencers. */
    imc: profileType === 'IMC',
    /** Pronouns: people (influencers and a business's team members). */
    pronouns: !business,
    /** Where the wallet's payouts go: everyone with a wallet (all but IMC). */
    paypalId: !!rolesForPath('/profile/wallet')?.includes(profileType),
  };
}

export type TAccountDetailsContext = { profileType: TProfileType; today: Date; industries?: readonly string[] };

/**
 * The Account Details rules for a profile type, field → message. A business's team member (BUSINESS_MANAGER) is a
 * person: a person's name and no industry or company size (the business has those).
 * The others follow the profile rules (e-mail and mobile as formats only: their locking is the server's), without
 * the address, which has its own form.
 */
export function accountDetailsIssues(input: TProfileFields, ctx: TAccountDetailsContext): Record<string, string> {
  const all = profileIssues(input, { ...ctx, registration: false });
  const issues = Object.fromEntries(Object.entries(all).filter(([field]) => !ADDRESS_FIELDS.has(field)));
  if (ctx.profileType !== 'BUSINESS_MANAGER') return issues;
  delete issues.industryType;
  delete issues.companySize;
  const name = zPersonName.safeParse(input.name ?? '');
  if (name.success) delete issues.name;
  else issues.name = name.error.issues[0]!.message;
  return issues;
}
