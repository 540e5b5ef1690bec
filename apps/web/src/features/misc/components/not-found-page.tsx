import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { MSG } from '@virality/domain';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** The catch-all page for an unknown path. */
export function NotFoundPage() {
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="md">
        <Text fz={64} fw={800} c="brand.6" aria-hidden="true">
          404
        </Text>
        <Title order={1} fz={26} ta="center">
          {MSG.notFoundPage}
        </Title>
        <Button component={Link} to={paths.landing}>
          Go to Home
        </Button>
      </Stack>
    </Center>
  );
}
