import { Anchor, Box, Button, Center, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
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
            {/* drawn here, not an icon library's: this page is in the first download, and works when nothing else loads */}
            <Box
              component="svg"
              viewBox="0 0 56 56"
              w={56}
              h={56}
              aria-hidden
              style={{ color: 'var(--mantine-color-red-8)', flex: 'none' }}
            >
              <circle cx="28" cy="28" r="28" fill="var(--mantine-color-red-0)" />
              <path
                d="M28 17 39 37H17Z M28 25v5 M28 33.5v.5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.25"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </Box>
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
