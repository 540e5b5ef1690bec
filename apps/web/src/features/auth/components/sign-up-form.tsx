import { Anchor, Button, Divider, SegmentedControl, Stack, Text, VisuallyHidden } from '@mantine/core';
import { ACCOUNT_MIN_AGE_YEARS, MSG, PASSWORD_MAX, type TSignupProfileType } from '@virality/domain';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormErrorAlert, useFormError } from '../../../components/form-error-alert';
import { PROFILE_TYPE_LABELS } from '../../../components/profile-type-label';
import { paths } from '../../../config/paths';
import type { TOtpState } from '../../../lib/otp-state';
import { useCreateUser } from '../api/create-user';
import { notifySuccess } from '../lib/toasts';
import { type TAuthRules, useAuthRules } from '../lib/use-auth-rules';
import { GoogleButton } from './google-button';
import { IdentifierField } from './identifier-field';
import { PasswordField } from './password-field';

type TProps = {
  initialType: TSignupProfileType;
  /** Profile types offered in a segmented control; none means the type is fixed. */
  typeChoices?: readonly TSignupProfileType[];
};

/** A link to a legal page, opened in a new tab so the form keeps what was typed. */
function LegalLink({ to, children }: { to: string; children: string }) {
  return (
    <Anchor component={Link} to={to} target="_blank" rel="noopener" underline="always" size="sm">
      {children}
      <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
    </Anchor>
  );
}

/** Sign-up: one Email / Phone field, password and confirm; Google only for influencers. */
export function SignUpForm({ initialType, typeChoices }: TProps) {
  const navigate = useNavigate();
  const createUser = useCreateUser();
  const [profileType, setProfileType] = useState<TSignupProfileType>(initialType);
  const [identifier, setIdentifier] = useState('');
  const [phoneCode, setPhoneCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const formError = useFormError();
  const termsId = useId();
  const [touched, setTouched] = useState({ identifier: false, password: false, confirm: false });
  const [edited, setEdited] = useState({ identifier: false, password: false, confirm: false });
  const edit = (field: keyof typeof edited) => setEdited((e) => (e[field] ? e : { ...e, [field]: true }));
  // A field only passed through (focus, then leave without typing) shows no error yet: showing one on
  // that blur would shift the layout under the pointer and swallow the click that caused the blur (e.g.
  // on 'Sign up with Google' while the autofocused identifier is still empty).
  const touch = (field: keyof typeof touched) => {
    if (edited[field]) setTouched((t) => ({ ...t, [field]: true }));
  };

  // The rules load on the first key, tap or change in the form (the fields are empty before: nothing to check).
  const { rules, load, start } = useAuthRules();
  const check = (r: TAuthRules) => {
    const parsed = r.readIdentifier(identifier, phoneCode);
    const passwordIssue = r.newPasswordError(password);
    const confirmIssue = r.confirmError(password, confirm);
    // Enabled once the identifier is valid and both passwords are valid and equal.
    const canSubmit = !!parsed && !passwordIssue && !confirmIssue && !createUser.isPending;
    return { parsed, passwordIssue, confirmIssue, canSubmit };
  };
  const checked = rules ? check(rules) : null;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setTouched({ identifier: true, password: true, confirm: true });
    load().then(submit, () => formError.show(MSG.networkLost));
  };

  const submit = (r: TAuthRules) => {
    const { parsed, canSubmit } = check(r);
    if (!parsed || !canSubmit) return;
    formError.clear();
    const target = r.identifierTarget(parsed);
    createUser.mutate(
      { ...target, password, confirmPassword: confirm, profileType },
      {
        onSuccess: (res) => {
          notifySuccess(res.message);
          const state: TOtpState = {
            emailPhone: res.response.emailPhone,
            origin: 'registration',
            attemptId: res.response.attemptId,
            ...target,
          };
          navigate(paths.registrationOtp, { state });
        },
        onError: (err) => formError.show(err.message || MSG.somethingWentWrong),
      },
    );
  };

  return (
    <Stack gap="md">
      {typeChoices && typeChoices.length > 1 && (
        <SegmentedControl
          aria-label="Profile type"
          fullWidth
          value={profileType}
          onChange={(v) => setProfileType(v as TSignupProfileType)}
          data={typeChoices.map((t) => ({ value: t, label: PROFILE_TYPE_LABELS[t] }))}
        />
      )}
      <form method="post" onSubmit={onSubmit} onKeyDown={start} onPointerDown={start} onChange={start} noValidate>
        <Stack gap="sm">
          <FormErrorAlert error={formError.error} />
          <IdentifierField
            value={identifier}
            phoneCode={phoneCode}
            onChange={(value) => {
              edit('identifier');
              setIdentifier(value);
            }}
            onPhoneCodeChange={setPhoneCode}
            onBlur={() => touch('identifier')}
            error={touched.identifier && rules ? rules.identifierError(identifier, phoneCode) : null}
            phoneCodeError={touched.identifier && rules ? rules.phoneCodeError(identifier, phoneCode) : null}
            autoFocus
          />
          <PasswordField
            label="Password"
            toggleLabel="Toggle visibility"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX}
            value={password}
            onChange={(e) => {
              edit('password');
              setPassword(e.currentTarget.value);
            }}
            onBlur={() => touch('password')}
            error={touched.password ? (checked?.passwordIssue ?? null) : null}
          />
          <PasswordField
            label="Confirm Password"
            toggleLabel="Toggle confirmation visibility"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX}
            value={confirm}
            onChange={(e) => {
              edit('confirm');
              setConfirm(e.currentTarget.value);
            }}
            onBlur={() => touch('confirm')}
            error={touched.confirm ? (checked?.confirmIssue ?? null) : null}
          />
          <Text size="sm" c="dimmed" id={termsId}>
            By signing up you agree to our <LegalLink to={paths.terms}>Terms of Service</LegalLink> and{' '}
            <LegalLink to={paths.privacyPolicy}>Privacy Policy</LegalLink>. You must be at least {ACCOUNT_MIN_AGE_YEARS} years
            old.
          </Text>
          <Button type="submit" fullWidth mt="xs" disabled={!checked?.canSubmit} aria-describedby={termsId}>
            {createUser.isPending ? 'Signing up...' : 'Sign Up'}
          </Button>
        </Stack>
      </form>
      {profileType === 'INFLUENCER' && (
        <>
          <Divider label="or" labelPosition="center" />
          <GoogleButton mode="signup" profileType="INFLUENCER" label="Sign up with Google" onError={formError.show} />
        </>
      )}
      <Text size="sm" ta="center">
        Already have an account?{' '}
        <Anchor component={Link} to={paths.login} underline="always">
          Log in
        </Anchor>
      </Text>
    </Stack>
  );
}
