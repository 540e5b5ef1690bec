import { Alert, type AlertProps, Button, Stack, Text } from '@mantine/core';

/** A list or settings that could not be read: what failed, the server's words and Try again. */
export function LoadErrorAlert({
  title,
  error,
  onRetry,
  variant,
}: {
  title: string;
  error: Error;
  onRetry: () => void;
  variant?: AlertProps['variant'];
}) {
  return (
    <Alert color="red" variant={variant} title={title}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{error.message}</Text>
        <Button size="xs" variant="default" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
