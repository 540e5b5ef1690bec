import { Anchor, Button, Center, Stack, Text, Title } from '@mantine/core';
import { MSG } from '@virality/domain';
import { SUPPORT_EMAIL } from '../config/app';

/** The route errorElement: any error thrown while loading or rendering a page. */
export function RouteError() {
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="md">
        <Title order={1} fz={26} ta="center">
          {MSG.errorPage}
        </Title>
        <Text ta="center">
          If it keeps happening,{' '}
          <Anchor href={`mailto:${SUPPORT_EMAIL}`} underline="always">
            contact us
          </Anchor>
          .
        </Text>
        <Button variant="light" onClick={() => window.location.reload()}>
          Reload page
        </Button>
      </Stack>
    </Center>
  );
}
