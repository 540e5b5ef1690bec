export const PROFILE_TYPES = ['INFLUENCER', 'BRANDS', 'BUSINESS', 'IMC', 'BUSINESS_MANAGER'] as const;
export type TProfileType = (typeof PROFILE_TYPES)[number];
/**
 * Every kind of account: the five profile types and ADMIN, the operators who run the product from its console.
 * ADMIN is never offered at sign-up nor reachable by any profile or team call; the first one is made on the
 * command line.
 */
export const ACCOUNT_TYPES = [...PROFILE_TYPES, 'ADMIN'] as const;
export type TAccountType = (typeof ACCOUNT_TYPES)[number];
/** Types a person may choose when signing up (BRANDS comes from the business flow; managers are invited). */
export const SIGNUP_PROFILE_TYPES = ['INFLUENCER', 'BUSINESS', 'IMC'] as const;
export type TSignupProfileType = (typeof SIGNUP_PROFILE_TYPES)[number];

export const AUTH_TYPES = ['LOCAL', 'GOOGLE'] as const;
export type TAuthType = (typeof AUTH_TYPES)[number];

export const GENDERS = ['male', 'female', 'transgender'] as const;
export const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = {
  male: 'Male',
  female: 'Female',
  transgender: 'Other',
};
export const PRONOUNS = ['Mr', 'Mrs'] as const;
export const PRONOUN_LABELS: Record<(typeof PRONOUNS)[number], string> = { Mr: 'He/Him', Mrs: 'She/Her' };

export const COMPANY_SIZES: Record<number, string> = {
  1: '0-10',
  2: '10-50',
  3: '51-100',
  4: '101-200',
  5: '201-500',
  6: '500+',
};
export const INFLUENCER_COUNTS: Record<number, string> = {
  1: '0-1000',
  2: '1000-5000',
  3: '5001-10000',
  4: '10001-20000',
  5: '20001-50000',
  6: '50000+',
};

export const NETWORKS = {
  1: 'instagram',
  2: 'facebook',
  3: 'youtube',
  4: 'linkedin',
  5: 'tiktok',
  6: 'twitter',
  7: 'threads',
} as const;
