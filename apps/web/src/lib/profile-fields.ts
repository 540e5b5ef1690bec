import { COMPANY_SIZES, GENDER_LABELS, GENDERS, INDUSTRIES, INFLUENCER_COUNTS, PRONOUN_LABELS, PRONOUNS } from '@virality/domain';

/** The choices of the profile's select fields, as the registration step and the account details page offer them. */
export const PRONOUN_OPTIONS = PRONOUNS.map((p) => ({ value: p, label: PRONOUN_LABELS[p] }));
export const GENDER_OPTIONS = GENDERS.map((g) => ({ value: g, label: GENDER_LABELS[g] }));
export const COMPANY_SIZE_OPTIONS = Object.entries(COMPANY_SIZES).map(([value, label]) => ({
  value,
  label: `${label} employees`,
}));
export const INFLUENCER_COUNT_OPTIONS = Object.entries(INFLUENCER_COUNTS).map(([value, label]) => ({ value, label }));
export const INDUSTRY_OPTIONS = [...new Set<string>(INDUSTRIES)];

/** Only digits, at most `max` of them. */
export const digitsOnly = (v: string, max: number) => v.replace(/\D/g, '').slice(0, max);

/** Moves focus to the first field the page's form marked invalid. */
export const focusFirstInvalid = () =>
  requestAnimationFrame(() => document.querySelector<HTMLElement>('main [aria-invalid="true"]')?.focus());
