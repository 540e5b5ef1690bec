import { Button, Group, Text } from '@mantine/core';

type TProps = { seconds: number; busy: boolean; onResend: () => void };

/** 'Resend OTP', enabled only when the countdown has reached 0. */
export function OtpResend({ seconds, busy, onResend }: TProps) {
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm" c="dimmed" aria-live="polite">
        {seconds > 0 ? `Resend available in ${seconds} s` : 'Didn’t get the code?'}
      </Text>
      <Button variant="subtle" size="compact-sm" disabled={seconds > 0 || busy} onClick={onResend}>
        Resend OTP
      </Button>
    </Group>
  );
}
