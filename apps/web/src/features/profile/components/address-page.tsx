import { Alert, Button, Center, Group, Loader, Paper, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { addressIssues, type TUser } from '@virality/domain';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { FormErrorAlert, useFormError } from '../../../components/form-error-alert';
import {
  addressOf,
  initialProfileValues,
  ProfileAddressFields,
  showSaveError,
  type TProfileValues,
} from '../../../components/profile-form';
import { ProfileSubpage } from '../../../components/profile-subpage';
import classes from '../../../components/required-mark.module.css';
import { RequiredNote } from '../../../components/required-note';
import { paths } from '../../../config/paths';
import { useLocationOptions } from '../../../lib/location/use-location-options';
import { notifySuccess } from '../../../lib/notify';
import { focusFirstInvalid } from '../../../lib/profile-fields';
import { CURRENT_USER_KEY, useCurrentUser } from '../../../lib/use-current-user';
import { useUpdateAddress } from '../api/update-address';

/** Back to the hub about a second after a save, so the success is seen first. */
const BACK_AFTER_MS = 1000;

/** /profile/address: country, state and city pickers, the address line and the pin code. */
export function AddressPage() {
  const userQ = useCurrentUser();
  return (
    <ProfileSubpage title="Address" subtitle="Where you, or your business, are based.">
      {userQ.data ? (
        <AddressForm user={userQ.data} />
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

function AddressForm({ user }: { user: TUser }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const save = useUpdateAddress();
  const formError = useFormError();
  const leaving = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(leaving.current), []);

  const form = useForm<TProfileValues>({ initialValues: initialProfileValues(user) });
  const location = useLocationOptions(form.values.country, form.values.state);

  const handleSubmit = (values: TProfileValues) => {
    formError.clear();
    const body = addressOf(values);
    const issues = addressIssues(body, location.needs);
    if (Object.keys(issues).length > 0) {
      form.setErrors(issues);
      focusFirstInvalid();
      return;
    }
    save.mutate(body, {
      onSuccess: async (message) => {
        notifySuccess(message || 'address saved successfully');
        await queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
        leaving.current = setTimeout(() => navigate(paths.profile), BACK_AFTER_MS);
      },
      onError: (err) => showSaveError(err, form, formError, (field) => field in body),
    });
  };

  const saving = save.isPending || save.isSuccess;
  return (
    <Paper
      component="form"
      noValidate
      onSubmit={form.onSubmit(handleSubmit)}
      withBorder
      radius="lg"
      shadow="xs"
      p={{ base: 'md', sm: 'lg' }}
      className={classes.marksRequired}
    >
      <Stack gap="md">
        <RequiredNote />
        <FormErrorAlert error={formError.error} />
        <ProfileAddressFields form={form} location={location} openOnFocus={false} />
        <Group justify="flex-end">
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving ...' : 'Save'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
