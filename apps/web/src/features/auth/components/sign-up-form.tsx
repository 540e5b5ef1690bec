import { Anchor, Button, Divider, SegmentedControl, Stack, Text, VisuallyHidden } from '@mantine/core';
import { ACCOUNT_MIN_AGE_YEARS, MSG, PASSWORD_MAX, type TSignupProfileType } from '@virality/domain';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormErrorAlert, useFormError } from '../../../components/form-error-alert';
import { PROFILE_TYPE_LABELS } from '../../../components/profile-type-label';
import { paths } from '../../../config/paths';
import { notifySuccess } from '../../../lib/notify';
import type { TOtpState } from '../../../lib/otp-state';
import { useCreateUser } from '../api/create-user';
import {
  confirmError,
  identifierError,
  identifierTarget,
  newPasswordError,
  phoneCodeError,
  readIdentifier,
} from '../lib/validation';
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

  const parsed = readIdentifier(identifier, phoneCode);
  const passwordIssue = newPasswordError(password);
  const confirmIssue = confirmError(password, confirm);
  // Enabled once the identifier is valid and both passwords are valid and equal.
  const canSubmit = !!parsed && !passwordIssue && !confirmIssue && !createUser.isPending;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setTouched({ identifier: true, password: true, confirm: true });
    if (!parsed || !canSubmit) return;
    formError.clear();
    const target = identifierTarget(parsed);
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
      <form onSubmit={onSubmit} noValidate>
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
            error={touched.identifier ? identifierError(identifier, phoneCode) : null}
            phoneCodeError={touched.identifier ? phoneCodeError(identifier, phoneCode) : null}
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
            error={touched.password ? passwordIssue : null}
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
            error={touched.confirm ? confirmIssue : null}
          />
          <Text size="sm" c="dimmed" id={termsId}>
            By signing up you agree to our <LegalLink to={paths.terms}>Terms of Service</LegalLink> and{' '}
            <LegalLink to={paths.privacyPolicy}>Privacy Policy</LegalLink>. You must be at least {ACCOUNT_MIN_AGE_YEARS} years
            old.
          </Text>
          <Button type="submit" fullWidth mt="xs" disabled={!canSubmit} aria-describedby={termsId}>
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
