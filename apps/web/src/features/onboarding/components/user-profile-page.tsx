import {
  Alert,
  Button,
  Center,
  Grid,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { MSG, maxDateOfBirth, phoneKey, profileIssues, type TProfileType, type TUser } from '@virality/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { OnboardingLayout, ProfilePhotoField, UserNameField } from '../../../components';
import { FormErrorAlert, useFormError } from '../../../components/form-error-alert';
import { LocationFields } from '../../../components/location-fields';
import classes from '../../../components/required-mark.module.css';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useLocationOptions } from '../../../lib/location/use-location-options';
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
import { useCurrentUser } from '../../../lib/use-current-user';
import { useUserNameAvailability } from '../../../lib/use-user-name-availability';
import { type TSendOtpBody, useSendOtp } from '../api/send-otp';
import { useUpdateUser } from '../api/update-user';
import { uploadProfileImage } from '../api/upload-profile-image';
import { onboardingWords } from '../lib/onboarding-words';
import { initialProfileValues, type TProfileFormValues, toProfilePayload } from './profile-form-values';

/** /userprofile: the registration profile step. */
export function UserProfilePage() {
  const userQ = useCurrentUser();
  return (
    <OnboardingLayout>
      {userQ.data ? (
        <ProfileForm user={userQ.data} />
      ) : userQ.error ? (
        <Alert color="red" title="Could not load your profile">
          {userQ.error.message}
        </Alert>
      ) : (
        <Center py="xl">
          <Loader aria-label="Loading" />
        </Center>
      )}
    </OnboardingLayout>
  );
}

function ProfileForm({ user }: { user: TUser }) {
  const profileType: TProfileType = user.profileType;
  const isInfluencer = profileType === 'INFLUENCER';
  const words = onboardingWords(profileType);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const updateUser = useUpdateUser();
  const sendOtp = useSendOtp();
  const [busy, setBusy] = useState(false);
  const [today] = useState(() => new Date());
  const formError = useFormError();

  const form = useForm<TProfileFormValues>({ initialValues: initialProfileValues(user) });
  const v = form.values;
  const location = useLocationOptions(isInfluencer ? null : v.country, isInfluencer ? null : v.state);
  const availability = useUserNameAvailability(v.userName, user.userName);

  // The verified sign-up identifier (and any contact already verified) cannot be changed here.
  const emailLocked = !!user.email && user.emailVerified;
  const mobileLocked = !!user.mobileNumber && user.mobileVerified;

  const handleCountryChange = (country: string | null) => {
    form.setValues({ country, state: null, city: null });
    // A convenience: an empty phone code takes the chosen country's code.
    const code = country ? location.findCountry(country)?.phoneCode : null;
    if (code && !mobileLocked && !form.values.phoneCode) form.setFieldValue('phoneCode', digitsOnly(String(code), 3));
  };

  const handleSubmit = async (values: TProfileFormValues) => {
    formError.clear();
    const payload = toProfilePayload(values, profileType);
    const issues = profileIssues(payload, {
      profileType,
      today: new Date(),
      registration: true,
      location: location.needs,
      industries: isInfluencer ? undefined : INDUSTRY_OPTIONS,
    });
    if (availability.taken && !issues.userName) issues.userName = MSG.userNameTaken;
    if (Object.keys(issues).length > 0) {
      form.setErrors(issues);
      focusFirstInvalid();
      return;
    }
    setBusy(true);
    try {
      const result = await updateUser.mutateAsync({ userId: user._id, body: payload });
      await queryClient.invalidateQueries({ queryKey: ['user-status'] });
      const pending = result.pendingVerification ?? [];
      if (pending.length === 0) {
        navigate(paths.interest);
        return;
      }
      // A newly entered email / mobile is saved only once its OTP is verified on /verifyotp.
      const otpBody: TSendOtpBody =
        pending.includes('email') && payload.email
          ? { email: payload.email }
          : { mobileNumber: payload.mobileNumber ?? '', phoneCode: payload.phoneCode ?? '' };
      const key = 'email' in otpBody ? otpBody.email : phoneKey(otpBody.phoneCode, otpBody.mobileNumber);
      // The profile is saved: a code that could not be sent is only logged (what failed, never the address),
      // and the code page still opens, where Resend asks for another.
      const sent = await sendOtp.mutateAsync(otpBody).catch((err: unknown) => {
        console.warn('profile step: the verification code was not sent', otpFailureForLog(err));
        return null;
      });
      navigate(paths.verifyOtp, { state: { emailPhone: sent?.emailPhone || key, origin: 'userprofile', next: paths.interest } });
    } catch (err) {
      const message = (err instanceof Error && err.message) || MSG.somethingWentWrong;
      const fieldErrors = readFieldErrors(err);
      if (fieldErrors) {
        form.setErrors(fieldErrors);
        focusFirstInvalid();
        // Fields the form does not show still need to be heard: at the top of the form.
        if (Object.keys(fieldErrors).some((f) => !(f in values))) formError.show(message);
      } else {
        formError.show(message);
      }
    } finally {
      setBusy(false);
    }
  };

  // the account holder's own fields: a person's, and on a company's form the one who runs the account
  const holderFields = (
    <>
      <Select label="Gender" placeholder="Select gender" data={GENDER_OPTIONS} clearable {...form.getInputProps('gender')} />
      <TextInput
        label="Date of birth"
        type="date"
        min="1900-01-01"
        max={maxDateOfBirth(profileType, today)}
        aria-required
        {...form.getInputProps('dateOfBirth')}
      />
    </>
  );

  return (
    <Paper
      component="form"
      noValidate
      onSubmit={form.onSubmit(handleSubmit)}
      withBorder
      p={{ base: 'md', sm: 'xl' }}
      radius="md"
      className={classes.marksRequired}
    >
      <Stack gap="md">
        <div>
          <Title order={2}>{words.profileTitle}</Title>
          <Text c="dimmed" size="sm">
            Complete your profile to continue. Fields marked{' '}
            <Text span className={classes.mark} fw={600}>
              *
            </Text>{' '}
            are required.
          </Text>
        </div>

        <FormErrorAlert error={formError.error} />

        <ProfilePhotoField
          value={v.profileImage}
          name={v.name}
          onChange={(url) => form.setFieldValue('profileImage', url)}
          upload={uploadProfileImage}
        />

        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={isInfluencer ? 'Name' : 'Business/Brand name'}
            autoComplete={isInfluencer ? 'name' : 'organization'}
            maxLength={40}
            aria-required
            {...form.getInputProps('name')}
          />
          <UserNameField
            value={v.userName}
            onChange={(value) => form.setFieldValue('userName', value)}
            error={form.errors.userName}
            checking={availability.checking}
            taken={availability.taken}
            available={availability.available}
            suggestions={availability.suggestions}
            autoComplete="username"
            requiredMark="aria"
          />
          {isInfluencer && (
            <Select
              label="Pronouns"
              placeholder="Select pronouns"
              data={PRONOUN_OPTIONS}
              clearable
              {...form.getInputProps('pronouns')}
            />
          )}
          {isInfluencer && holderFields}
          {!isInfluencer && (
            <Select
              label="Industry"
              placeholder="Search industry"
              data={INDUSTRY_OPTIONS}
              searchable
              limit={50}
              filter={rankedFilter}
              nothingFoundMessage="No industry found"
              aria-required
              {...form.getInputProps('industryType')}
            />
          )}
          {!isInfluencer && (
            <Select
              label="Company size"
              placeholder="Select company size"
              data={COMPANY_SIZE_OPTIONS}
              aria-required
              {...form.getInputProps('companySize')}
            />
          )}
          {profileType === 'IMC' && (
            <Select
              label="Number of influencers"
              placeholder="Select a range"
              data={INFLUENCER_COUNT_OPTIONS}
              {...form.getInputProps('numOfInflunecer')}
            />
          )}
        </SimpleGrid>

        {words.holderTitle && (
          <Stack gap="xs" component="section" aria-labelledby="holder-title">
            <div>
              <Title order={3} fz="md" id="holder-title">
                {words.holderTitle}
              </Title>
              <Text c="dimmed" size="sm">
                {words.holderLine}
              </Text>
            </div>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>{holderFields}</SimpleGrid>
          </Stack>
        )}

        <Group align="flex-start" wrap="nowrap" gap="sm">
          <TextInput
            label="Phone code"
            w={110}
            inputMode="numeric"
            autoComplete="tel-country-code"
            leftSection="+"
            maxLength={3}
            readOnly={mobileLocked}
            aria-required={isInfluencer}
            {...form.getInputProps('phoneCode')}
            onChange={(e) => form.setFieldValue('phoneCode', digitsOnly(e.currentTarget.value, 3))}
          />
          <TextInput
            label="Mobile number"
            style={{ flex: 1 }}
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={12}
            readOnly={mobileLocked}
            description={mobileLocked ? 'Verified' : undefined}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            aria-required={isInfluencer}
            {...form.getInputProps('mobileNumber')}
            onChange={(e) => form.setFieldValue('mobileNumber', digitsOnly(e.currentTarget.value, 12))}
          />
        </Group>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          maxLength={60}
          readOnly={emailLocked}
          description={emailLocked ? 'Verified' : undefined}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          aria-required={isInfluencer}
          {...form.getInputProps('email')}
        />

        {!isInfluencer && (
          <>
            <LocationFields
              location={location}
              country={v.country}
              state={v.state}
              city={v.city}
              errors={{ country: form.errors.country, state: form.errors.state, city: form.errors.city }}
              onCountryChange={handleCountryChange}
              onStateChange={(state) => form.setValues({ state, city: null })}
              onCityChange={(city) => form.setFieldValue('city', city)}
            />
            <Grid>
              <Grid.Col span={{ base: 12, sm: 8 }}>
                <TextInput
                  label="Address"
                  autoComplete="street-address"
                  maxLength={250}
                  aria-required
                  {...form.getInputProps('addressLine')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <TextInput
                  label="Pin code"
                  autoComplete="postal-code"
                  maxLength={7}
                  aria-required
                  {...form.getInputProps('pinCode')}
                />
              </Grid.Col>
            </Grid>
          </>
        )}

        <Group justify="flex-end">
          <Button type="submit" size="md" disabled={busy} loading={busy}>
            Continue
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

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
