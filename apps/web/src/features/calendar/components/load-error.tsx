import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** A read that failed: the server's message and a way to try again. */
export function LoadError({ error, onRetry, what = 'posts' }: { error: Error; onRetry: () => void; what?: string }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={`Could not load your ${what}`}>
      <Stack gap="xs" align="flex-start">
        {error.message}
        <Button size="xs" variant="default" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
