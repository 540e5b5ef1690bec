import { Alert, Button, Center, Grid, Group, Loader, Paper, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { ADDRESS_MAX, addressIssues, MSG, PIN_MAX, type TUser } from '@virality/domain';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { FormErrorAlert, useFormError } from '../../../components/form-error-alert';
import { LocationFields } from '../../../components/location-fields';
import { ProfileSubpage } from '../../../components/profile-subpage';
import classes from '../../../components/required-mark.module.css';
import { RequiredNote } from '../../../components/required-note';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useLocationOptions } from '../../../lib/location/use-location-options';
import { notifySuccess } from '../../../lib/notify';
import { focusFirstInvalid } from '../../../lib/profile-fields';
import { CURRENT_USER_KEY, useCurrentUser } from '../../../lib/use-current-user';
import { type TAddressBody, useUpdateAddress } from '../api/update-address';

/** Back to the hub about a second after a save, so the success is seen first. */
const BACK_AFTER_MS = 1000;

type TAddressValues = { country: string | null; state: string | null; city: string | null; addressLine: string; pinCode: string };

const NOT_SET = new Set(['', 'N/A']);
const opt = (v: string | null | undefined): string | null => (v && !NOT_SET.has(v) ? v : null);

const initialAddress = (user: TUser): TAddressValues => ({
  country: opt(user.address?.country),
  state: opt(user.address?.state),
  city: opt(user.address?.city),
  addressLine: user.address?.addressLine ?? '',
  pinCode: user.address?.pinCode ?? '',
});

const toBody = (v: TAddressValues): TAddressBody => ({
  country: v.country,
  state: v.state,
  city: v.city?.trim() || null,
  addressLine: v.addressLine,
  pinCode: v.pinCode.trim(),
});

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

  const form = useForm<TAddressValues>({ initialValues: initialAddress(user) });
  const v = form.values;
  const location = useLocationOptions(v.country, v.state);

  const handleSubmit = (values: TAddressValues) => {
    formError.clear();
    const body = toBody(values);
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
      onError: (err) => {
        const errors = err instanceof ApiError && err.status === 400 ? readErrors(err) : null;
        if (errors) {
          form.setErrors(errors);
          focusFirstInvalid();
        } else formError.show(err.message || MSG.somethingWentWrong);
      },
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
        <LocationFields
          location={location}
          country={v.country}
          state={v.state}
          city={v.city}
          errors={{ country: form.errors.country, state: form.errors.state, city: form.errors.city }}
          onCountryChange={(country) => form.setValues({ country, state: null, city: null })}
          onStateChange={(state) => form.setValues({ state, city: null })}
          onCityChange={(city) => form.setFieldValue('city', city)}
          openOnFocus={false}
        />
        <Grid>
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <TextInput
              label="Address"
              autoComplete="street-address"
              maxLength={ADDRESS_MAX}
              aria-required
              {...form.getInputProps('addressLine')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput
              label="Pin code"
              autoComplete="postal-code"
              maxLength={PIN_MAX}
              aria-required
              {...form.getInputProps('pinCode')}
            />
          </Grid.Col>
        </Grid>
        <Group justify="flex-end">
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving ...' : 'Save'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function readErrors(err: ApiError): Record<string, string> | null {
  const errors = (err.response as { errors?: Record<string, string> } | null)?.errors;
  return errors && Object.keys(errors).length > 0 ? errors : null;
}
