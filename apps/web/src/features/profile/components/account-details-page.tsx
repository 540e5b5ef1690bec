import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import {
  accountDetailsFields,
  accountDetailsIssues,
  MSG,
  maxDateOfBirth,
  PAYPAL_ID_MAX,
  phoneKey,
  type TProfileType,
  type TUser,
} from '@virality/domain';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ProfilePhotoField } from '../../../components';
import { FormErrorAlert, useFormError } from '../../../components/form-error-alert';
import { ProfileSubpage } from '../../../components/profile-subpage';
import classes from '../../../components/required-mark.module.css';
import { RequiredNote } from '../../../components/required-note';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import type { TOtpState } from '../../../lib/otp-state';
import { rankedFilter } from '../../../lib/place-filter';
import {
  COMPANY_SIZE_OPTIONS,
  digitsOnly,
  focusFirstInvalid,
  GENDER_OPTIONS,
  INDUSTRY_OPTIONS,
  INFLUENCER_COUNT_OPTIONS,
  PRONOUN_OPTIONS,
} from '../../../lib/profile-fields';
import { CURRENT_USER_KEY, useCurrentUser } from '../../../lib/use-current-user';
import { type TContactOtpBody, useSendContactOtp } from '../api/send-otp';
import { useUpdateProfile } from '../api/update-profile';
import { uploadProfileImage } from '../api/upload-profile-image';
import {
  initialAccountDetails,
  judgedProfile,
  type TAccountDetailsValues,
  toAccountDetailsPayload,
} from './account-details-values';

/** Back to the hub this long after a save, so the success is seen first. */
const BACK_AFTER_MS = 300;

/** /profile/updateprofile: Account Details. */
export function AccountDetailsPage() {
  const userQ = useCurrentUser();
  const user = userQ.data;
  return (
    <ProfileSubpage
      title="Account Details"
      subtitle="Your photo, name and contact details, as your team and the people you work with see them."
      actions={
        user?.profileType === 'BUSINESS' && (
          <>
            <Button component={Link} to={paths.manageRoles} variant="default">
              User Role
            </Button>
            <Button component={Link} to={paths.manageUsers} variant="default">
              User Management
            </Button>
          </>
        )
      }
    >
      {user ? (
        <AccountDetailsForm user={user} />
      ) : userQ.error ? (
        <Alert color="red" title="Could not load your profile">
          {userQ.error.message}
        </Alert>
      ) : (
        <Center py="xl">
          <Loader aria-label="Loading" />
        </Center>
      )}
    </ProfileSubpage>
  );
}

function AccountDetailsForm({ user }: { user: TUser }) {
  const profileType = user.profileType as TProfileType;
  const fields = accountDetailsFields(profileType);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const update = useUpdateProfile();
  const sendOtp = useSendContactOtp();
  const formError = useFormError();
  const [busy, setBusy] = useState(false);
  const [today] = useState(() => new Date());
  const leaving = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(leaving.current), []);

  const emailLocked = !!user.email;
  const mobileLocked = !!user.mobileNumber;
  const issuesOf = (values: TAccountDetailsValues) =>
    accountDetailsIssues(judgedProfile(toAccountDetailsPayload(values, user), user), {
      profileType,
      today: new Date(),
      industries: fields.business ? INDUSTRY_OPTIONS : undefined,
    });

  const form = useForm<TAccountDetailsValues>({
    initialValues: initialAccountDetails(user),
    validate: (values) => issuesOf(values),
    validateInputOnBlur: true,
    // a space in the payout id is said at once, as it is typed
    validateInputOnChange: ['paypalId'],
  });

  const handleSubmit = async (values: TAccountDetailsValues) => {
    formError.clear();
    const payload = toAccountDetailsPayload(values, user);
    setBusy(true);
    try {
      const saved = await update.mutateAsync(payload);
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      const pending = saved.pendingVerification ?? [];
      if (pending.length === 0) {
        notifySuccess(saved.message || MSG.profileUpdated);
        leaving.current = setTimeout(() => navigate(paths.profile), BACK_AFTER_MS);
        return;
      }
      // A new e-mail or mobile is saved only once its OTP is verified on /verifyotp.
      const body: TContactOtpBody =
        pending.includes('email') && payload.email
          ? { email: payload.email }
          : { mobileNumber: payload.mobileNumber ?? '', phoneCode: payload.phoneCode ?? '' };
      // The rest is saved: a code that could not be sent is only logged (what failed, never the address), and the
      // code page still opens, where Resend asks for another.
      const sent = await sendOtp.mutateAsync(body).catch((err: unknown) => {
        console.warn('account details: the verification code was not sent', otpFailureForLog(err));
        return null;
      });
      const state: TOtpState = {
        emailPhone: sent?.emailPhone || ('email' in body ? body.email : phoneKey(body.phoneCode, body.mobileNumber)),
        origin: 'profile update',
        ...body,
        next: paths.profile,
      };
      navigate(paths.verifyOtp, { state });
    } catch (err) {
      const fieldErrors = readFieldErrors(err);
      if (fieldErrors) {
        form.setErrors(fieldErrors);
        focusFirstInvalid();
        // a field the form does not show still needs to be heard: at the top of the form
        if (Object.keys(fieldErrors).some((f) => !(f in values))) formError.show(errorText(err));
      } else {
        formError.show(errorText(err));
      }
    } finally {
      setBusy(false);
    }
  };

  const locked = (on: boolean): Partial<TextInputProps> =>
    on
      ? {
          readOnly: true,
          description: 'It cannot be changed once set',
          inputWrapperOrder: ['label', 'input', 'description', 'error'],
        }
      : {};

  return (
    <Paper
      component="form"
      noValidate
      onSubmit={form.onSubmit(handleSubmit, focusFirstInvalid)}
      withBorder
      radius="lg"
      shadow="xs"
      p={{ base: 'md', sm: 'lg' }}
      className={classes.marksRequired}
    >
      <Stack gap="md">
        <RequiredNote />
        <FormErrorAlert error={formError.error} />
        <ProfilePhotoField
          value={form.values.profileImage}
          name={form.values.name}
          onChange={(url) => form.setFieldValue('profileImage', url)}
          upload={uploadProfileImage}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={fields.business ? 'Business/Brand name' : 'Name'}
            autoComplete={fields.business ? 'organization' : 'name'}
            maxLength={40}
            aria-required
            {...form.getInputProps('name')}
          />
          {fields.imc && (
            <TextInput
              label="Company name"
              value={user.companyName ?? ''}
              readOnly
              description="Set when your company registered"
              inputWrapperOrder={['label', 'input', 'description', 'error']}
            />
          )}
          {fields.pronouns && (
            <Select
              label="Pronouns"
              placeholder="Select pronouns"
              data={PRONOUN_OPTIONS}
              clearable
              {...form.getInputProps('pronouns')}
            />
          )}
          <Select label="Gender" placeholder="Select gender" data={GENDER_OPTIONS} clearable {...form.getInputProps('gender')} />
          <TextInput
            label="Date of birth"
            type="date"
            min="1900-01-01"
            max={maxDateOfBirth(profileType, today)}
            aria-required
            {...form.getInputProps('dateOfBirth')}
          />
          {fields.business && (
            <Select
              label="Industry"
              placeholder="Search industry"
              data={INDUSTRY_OPTIONS}
              searchable
              openOnFocus={false}
              limit={50}
              filter={rankedFilter}
              nothingFoundMessage="No industry found"
              aria-required
              {...form.getInputProps('industryType')}
            />
          )}
          {fields.business && (
            <Select
              label="Company size"
              placeholder="Select company size"
              data={COMPANY_SIZE_OPTIONS}
              aria-required
              {...form.getInputProps('companySize')}
            />
          )}
          {fields.imc && (
            <Select
              label="Number of influencers"
              placeholder="Select a range"
              data={INFLUENCER_COUNT_OPTIONS}
              {...form.getInputProps('numOfInflunecer')}
            />
          )}
        </SimpleGrid>

        <Group align="flex-start" wrap="nowrap" gap="sm">
          <TextInput
            label="Phone code"
            w={110}
            inputMode="numeric"
            autoComplete="tel-country-code"
            leftSection="+"
            maxLength={3}
            readOnly={mobileLocked}
            {...form.getInputProps('phoneCode')}
            onChange={(e) => form.setFieldValue('phoneCode', digitsOnly(e.currentTarget.value, 3))}
          />
          <TextInput
            label="Mobile number"
            style={{ flex: 1 }}
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={12}
            {...locked(mobileLocked)}
            {...form.getInputProps('mobileNumber')}
            onChange={(e) => form.setFieldValue('mobileNumber', digitsOnly(e.currentTarget.value, 12))}
          />
        </Group>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          maxLength={60}
          {...locked(emailLocked)}
          {...form.getInputProps('email')}
        />
        {(!emailLocked || !mobileLocked) && (
          <Text size="sm" c="dimmed" mt={-8}>
            A new {emailLocked ? 'mobile number' : mobileLocked ? 'e-mail address' : 'e-mail address or mobile number'} is saved
            once you enter the code we send to it.
          </Text>
        )}
        {fields.paypalId && (
          <TextInput
            label="PayPal id"
            description="Where your wallet's payouts go: the e-mail, phone number or id of your PayPal account."
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            autoComplete="off"
            spellCheck={false}
            maxLength={PAYPAL_ID_MAX}
            {...form.getInputProps('paypalId')}
          />
        )}

        <Group justify="flex-end">
          {/* Keeps the focus where it is on press: the field left would be checked on blur, its message would
              push this button down between press and release, and the click would be lost. */}
          <Button type="submit" loading={busy} onMouseDown={(e) => e.preventDefault()}>
            Save
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

const errorText = (err: unknown) => (err instanceof Error && err.message) || MSG.somethingWentWrong;

/** What the log keeps of a failed code send: the status and code of the answer, never the address it was for. */
function otpFailureForLog(err: unknown): { status: number | null; code: string | null } {
  return err instanceof ApiError ? { status: err.status, code: err.code } : { status: null, code: null };
}

/** The server's per-field messages of a 400 (response.errors), if any. */
function readFieldErrors(err: unknown): Record<string, string> | null {
  if (!(err instanceof ApiError) || err.status !== 400) return null;
  const errors = (err.response as { errors?: Record<string, string> } | null)?.errors;
  return errors && typeof errors === 'object' && Object.keys(errors).length > 0 ? errors : null;
}
