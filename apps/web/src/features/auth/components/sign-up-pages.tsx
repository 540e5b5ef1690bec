import { SIGNUP_PROFILE_TYPES, type TSignupProfileType } from '@virality/domain';
import { useLocation } from 'react-router';
import { PROFILE_TYPE_LABELS } from '../../../components/profile-type-label';
import { AuthCard } from './auth-card';
import { SignUpForm } from './sign-up-form';

function stateType(state: unknown): TSignupProfileType | null {
  const t = (state as { profileType?: unknown } | null)?.profileType;
  return SIGNUP_PROFILE_TYPES.includes(t as TSignupProfileType) ? (t as TSignupProfileType) : null;
}

/** /registration: Influencer or Business, as chosen on /selectprofiletype (a chooser when opened directly). */
export function RegistrationPage() {
  const chosen = stateType(useLocation().state);
  const type = chosen && chosen !== 'IMC' ? chosen : 'INFLUENCER';
  return (
    <AuthCard title="Create your account" subtitle={chosen ? `Signing up as ${PROFILE_TYPE_LABELS[type]}` : undefined}>
      <SignUpForm key={type} initialType={type} typeChoices={chosen ? undefined : ['INFLUENCER', 'BUSINESS']} />
    </AuthCard>
  );
}

/** /imcregistration: sign-up of an influencer marketing company. */
export function ImcRegistrationPage() {
  return (
    <AuthCard title="Create your account" subtitle="Signing up as IMC">
      <SignUpForm initialType="IMC" />
    </AuthCard>
  );
}

/** /signup: the profile type is picked on the form itself. */
export function SignUpPage() {
  const chosen = stateType(useLocation().state);
  return (
    <AuthCard title="Create your account">
      <SignUpForm initialType={chosen ?? 'INFLUENCER'} typeChoices={SIGNUP_PROFILE_TYPES} />
    </AuthCard>
  );
}
