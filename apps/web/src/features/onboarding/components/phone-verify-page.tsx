import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MSG, PHONE_CODE_MAX, phoneKey, zProfilePhone } from '@virality/domain';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { OnboardingLayout } from '../../../components';
import { FormErrorAlert, useFormError } from '../../../components/form-error-alert';
import { PhoneFields } from '../../../components/profile-form';
import classes from '../../../components/required-mark.module.css';
import { paths } from '../../../config/paths';
import { digitsOnly } from '../../../lib/profile-fields';
import { useCurrentUser } from '../../../lib/use-current-user';
import { useSendOtp } from '../api/send-otp';

/** /phoneverify: a logged-in user adds a mobile number and verifies it with an OTP. */
export function PhoneVerifyPage() {
  const navigate = useNavigate();
  const userQ = useCurrentUser();
  const sendOtp = useSendOtp();
  const formError = useFormError();
  const form = useForm({
    initialValues: { phoneCode: '', mobileNumber: '' },
    validate: {
      phoneCode: (v) => (/^\d{1,3}$/.test(v) ? null : MSG.phoneCodeRequired),
      mobileNumber: (v) => (zProfilePhone.safeParse(v).success ? null : MSG.phoneInvalid),
    },
  });
  const savedCode = digitsOnly(userQ.data?.phoneCode ?? '', PHONE_CODE_MAX);
  // The user's saved phone code, once it is known, unless they already typed one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the saved code arrives
  useEffect(() => {
    if (savedCode && !form.isDirty('phoneCode')) form.setFieldValue('phoneCode', savedCode);
  }, [savedCode]);

  const handleSubmit = form.onSubmit(
    (values) => {
      formError.clear();
      const code = values.phoneCode;
      sendOtp.mutate(
        { mobileNumber: values.mobileNumber, phoneCode: code },
        {
          onSuccess: (sent) =>
            navigate(paths.verifyOtp, {
              state: {
                emailPhone: sent?.emailPhone || phoneKey(code, values.mobileNumber),
                origin: 'profile update',
                next: paths.userProfile,
              },
            }),
          onError: (err) => formError.show(err.message || MSG.unknownError),
        },
      );
    },
    () => requestAnimationFrame(() => document.querySelector<HTMLElement>('main [aria-invalid="true"]')?.focus()),
  );

  return (
    <OnboardingLayout>
      <Paper
        component="form"
        noValidate
        onSubmit={handleSubmit}
        withBorder
        p={{ base: 'md', sm: 'xl' }}
        radius="md"
        maw={520}
        mx="auto"
        className={classes.marksRequired}
      >
        <Stack gap="md">
          <div>
            <Title order={2}>Verify your mobile number</Title>
            <Text c="dimmed" size="sm">
              We will send a 4 digit code to this number.
            </Text>
          </div>
          <FormErrorAlert error={formError.error} />
          <PhoneFields form={form} required />
          <Button type="submit" size="md" loading={sendOtp.isPending}>
            Send OTP
          </Button>
        </Stack>
      </Paper>
    </OnboardingLayout>
  );
}
