import { MIN_INTERESTS, rolesForPath, type TProfileType } from '@virality/domain';
import { paths } from '../../../config/paths';

/** Who the onboarding steps speak to: a person who creates content, a business or brand, or an agency (IMC). */
export type TOnboardingAudience = 'person' | 'business' | 'agency';

export const audienceOf = (type: TProfileType): TOnboardingAudience =>
  type === 'IMC' ? 'agency' : type === 'BUSINESS' || type === 'BRANDS' ? 'business' : 'person';

/**
 * The onboarding steps' words by audience. A company is spoken to as a company (its profile, what it posts about),
 * never as a person who creates content; the account holder's own fields (gender, date of birth) say whose they are.
 */
export function onboardingWords(type: TProfileType) {
  const audience = audienceOf(type);
  // where Continue leads after the last step: linking the accounts, for those who may link them
  const linksAccounts = !!rolesForPath(paths.addSocialMedia)?.includes(type);
  return {
    audience,
    profileTitle:
      audience === 'person'
        ? 'Tell us about yourself'
        : audience === 'business'
          ? 'Tell us about your business'
          : 'Tell us about your agency',
    /** A company's form has the account holder's own fields under this heading. */
    holderTitle: audience === 'person' ? null : 'About you, who runs this account',
    holderLine:
      audience === 'person'
        ? null
        : `These are yours, not the ${audience === 'business' ? 'business' : 'agency'}'s: the account holder must be 18 or over.`,
    interestTitle: audience === 'person' ? 'Choose your interests' : 'Choose your topics',
    interestLine:
      audience === 'person'
        ? `Select ${MIN_INTERESTS} or more areas you create content about.`
        : audience === 'business'
          ? `Select ${MIN_INTERESTS} or more areas your business posts about.`
          : `Select ${MIN_INTERESTS} or more areas your agency runs campaigns in.`,
    doneLine:
      audience === 'person'
        ? 'Your profile is ready. Link your social accounts and start publishing everywhere at once.'
        : audience === 'business'
          ? "Your business's profile is ready. Link its social accounts and start publishing everywhere at once."
          : "Your agency's profile is ready. Choose a plan, then create campaigns and tag the influencers you work with.",
    doneTo: linksAccounts ? paths.addSocialMedia : paths.home,
  };
}
