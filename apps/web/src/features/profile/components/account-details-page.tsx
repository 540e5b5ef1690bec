import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { accountDetailsFields, accountDetailsIssues, MSG, PAYPAL_ID_MAX, type TProfileType, type TUser } from '@virality/domain';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ProfilePhotoField } from '../../../components';
import { FormErrorAlert, useFormError } from '../../../components/form-error-alert';
import {
  contactVerification,
  initialProfileValues,
  ProfileContactFields,
  ProfileIdentityFields,
  showSaveError,
  type TProfileValues,
} from '../../../components/profile-form';
import { ProfileSubpage } from '../../../components/profile-subpage';
import classes from '../../../components/required-mark.module.css';
import { RequiredNote } from '../../../components/required-note';
import { paths } from '../../../config/paths';
import { notifySuccess } from '../../../lib/notify';
import { focusFirstInvalid, INDUSTRY_OPTIONS } from '../../../lib/profile-fields';
import { CURRENT_USER_KEY, useCurrentUser } from '../../../lib/use-current-user';
import { useUpdateProfile } from '../api/update-profile';
import { uploadProfileImage } from '../api/upload-profile-image';
import { judgedProfile, toAccountDetailsPayload } from './account-details-values';

/** The contact fields, shown whether or not they are sent (a saved one is locked). */
const CONTACT_FIELDS = ['email', 'mobileNumber', 'phoneCode'];

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
  const formError = useFormError();
  const [busy, setBusy] = useState(false);
  const leaving = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(leaving.current), []);

  const emailLocked = !!user.email;
  const mobileLocked = !!user.mobileNumber;
  const issuesOf = (values: TProfileValues) =>
    accountDetailsIssues(judgedProfile(toAccountDetailsPayload(values, user), user), {
      profileType,
      today: new Date(),
      industries: fields.business ? INDUSTRY_OPTIONS : undefined,
    });

  const form = useForm<TProfileValues>({
    initialValues: initialProfileValues(user),
    validate: (values) => issuesOf(values),
    validateInputOnBlur: true,
    // a space in the payout id is said at once, as it is typed
    validateInputOnChange: ['paypalId'],
  });

  const handleSubmit = async (values: TProfileValues) => {
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
      navigate(paths.verifyOtp, { state: await contactVerification(pending, payload, 'profile update', paths.profile) });
    } catch (err) {
      showSaveError(err, form, formError, (field) => field in payload || CONTACT_FIELDS.includes(field));
    } finally {
      setBusy(false);
    }
  };

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
        <ProfileIdentityFields
          form={form}
          profileType={profileType}
          industryOpensOnFocus={false}
          besideName={
            fields.imc && (
              <TextInput
                label="Company name"
                value={user.companyName ?? ''}
                readOnly
                description="Set when your company registered"
                inputWrapperOrder={['label', 'input', 'description', 'error']}
              />
            )
          }
        />
        <ProfileContactFields
          form={form}
          mobileLocked={mobileLocked}
          emailLocked={emailLocked}
          lockedNote="It cannot be changed once set"
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
