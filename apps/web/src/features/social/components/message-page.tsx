import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { SOCIAL_MSG } from '@virality/domain';
import { useSearchParams } from 'react-router';

/**
 * Where a linking flow started by the mobile app ends (`from=call`): the app reads the network's answer from this
 * page's address and adds the account itself, so the page only says what happened and sends the person back to
 * the app. It needs no web session: the app's browser may not have one.
 */
export function MessagePage() {
  const [params] = useSearchParams();
  const cancelled = Boolean(params.get('error') || params.get('denied'));
  const received = Boolean(params.get('code') || params.get('oauth_verifier'));
  const ok = !cancelled && received;
  return (
    <Center mih="60vh" px="md">
      <Paper withBorder radius="lg" p="xl" shadow="sm" maw={440} w="100%">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" color={ok ? 'green' : 'red'}>
            {ok ? <IconCircleCheck size={32} aria-hidden /> : <IconCircleX size={32} aria-hidden />}
          </ThemeIcon>
          <Title order={1} fz={22}>
            {ok ? 'Almost done' : cancelled ? 'Not connected' : SOCIAL_MSG.someError}
          </Title>
          <Text c="dimmed">
            {ok
              ? 'Go back to the Virality app: it finishes adding your account.'
              : cancelled
                ? `${SOCIAL_MSG.cancelled[0].toUpperCase()}${SOCIAL_MSG.cancelled.slice(1)}. Go back to the Virality app to try again.`
                : 'The network sent nothing back. Go back to the Virality app to try again.'}
          </Text>
          <Button component="a" href="/" variant="default">
            Open Virality on the web
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
