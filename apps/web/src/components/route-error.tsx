import { Anchor, Box, Button, Center, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { MSG } from '@virality/domain';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { SUPPORT_EMAIL } from '../config/app';
import { Logo } from './logo';

/**
 * The route errorElement: any error thrown while loading or rendering a page (a screen that throws, a page's
 * code that could not be downloaded) shows this page instead of a blank one: what happened, how to get out
 * (reload, home) and whom to write to.
 */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    // the browser's console only (never sent anywhere): what a support request can be asked to copy
    console.error(error);
  }, [error]);
  return (
    <Box mih="100vh" bg="gray.0">
      <Box component="header" bg="white" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg">
          <Logo />
        </Container>
      </Box>
      <Center component="main" px="md" py={{ base: 'xl', sm: 64 }}>
        <Paper withBorder radius="lg" shadow="xs" p={{ base: 'lg', sm: 'xl' }} maw={520} w="100%">
          <Stack align="center" gap="md">
            <ThemeIcon size={56} radius="xl" variant="light" color="red" aria-hidden>
              <IconAlertTriangle size={30} stroke={1.75} />
            </ThemeIcon>
            <Title order={1} fz={{ base: 22, sm: 26 }} ta="center">
              {MSG.errorPage}
            </Title>
            <Text ta="center" size="sm">
              Reloading the page usually fixes it. If it keeps happening,{' '}
              <Anchor href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('Error on a page')}`} underline="always">
                contact us
              </Anchor>{' '}
              and tell us what you were doing.
            </Text>
            <Group justify="center" gap="sm">
              <Button onClick={() => window.location.reload()}>Reload page</Button>
              {/* a full load of the home page: nothing of the page that failed is kept */}
              <Button component="a" href="/" variant="default">
                Go to Home
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
