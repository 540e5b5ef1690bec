import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { MSG, profileIssues, type TProfileType, type TUser } from '@virality/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { OnboardingLayout, ProfilePhotoField, UserNameField } from '../../../components';
import { FormErrorAlert, useFormError } from '../../../components/form-error-alert';
import {
  contactVerification,
  initialProfileValues,
  ProfileAddressFields,
  ProfileContactFields,
  ProfileIdentityFields,
  showSaveError,
  type TProfileValues,
} from '../../../components/profile-form';
import classes from '../../../components/required-mark.module.css';
import { paths } from '../../../config/paths';
import { useLocationOptions } from '../../../lib/location/use-location-options';
import { digitsOnly, focusFirstInvalid, INDUSTRY_OPTIONS } from '../../../lib/profile-fields';
import { useCurrentUser } from '../../../lib/use-current-user';
import { useUserNameAvailability } from '../../../lib/use-user-name-availability';
import { useUpdateUser } from '../api/update-user';
import { uploadProfileImage } from '../api/upload-profile-image';
import { onboardingWords } from '../lib/onboarding-words';
import { toProfilePayload } from './profile-form-values';

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
  const [busy, setBusy] = useState(false);
  const formError = useFormError();

  const form = useForm<TProfileValues>({ initialValues: initialProfileValues(user) });
  const v = form.values;
  const location = useLocationOptions(isInfluencer ? null : v.country, isInfluencer ? null : v.state);
  const availability = useUserNameAvailability(v.userName, user.userName);

  // The verified sign-up identifier (and any contact already verified) cannot be changed here.
  const emailLocked = !!user.email && user.emailVerified;
  const mobileLocked = !!user.mobileNumber && user.mobileVerified;

  // A convenience: an empty phone code takes the chosen country's code.
  const phoneCodeOf = (country: string | null) => {
    const code = country ? location.findCountry(country)?.phoneCode : null;
    if (code && !mobileLocked && !form.values.phoneCode) form.setFieldValue('phoneCode', digitsOnly(String(code), 3));
  };

  const handleSubmit = async (values: TProfileValues) => {
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
      if (pending.length === 0) navigate(paths.interest);
      // A newly entered email / mobile is saved only once its OTP is verified on /verifyotp.
      else navigate(paths.verifyOtp, { state: await contactVerification(pending, payload, 'userprofile', paths.interest) });
    } catch (err) {
      showSaveError(err, form, formError, (field) => field in payload);
    } finally {
      setBusy(false);
    }
  };

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

        <ProfileIdentityFields
          form={form}
          profileType={profileType}
          holder={words.holderTitle ? { title: words.holderTitle, line: words.holderLine ?? '' } : undefined}
          besideName={
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
          }
        />

        <ProfileContactFields
          form={form}
          mobileLocked={mobileLocked}
          emailLocked={emailLocked}
          lockedNote="Verified"
          required={isInfluencer}
        />

        {!isInfluencer && <ProfileAddressFields form={form} location={location} onCountryChange={phoneCodeOf} />}

        <Group justify="flex-end">
          <Button type="submit" size="md" disabled={busy} loading={busy}>
            Continue
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
