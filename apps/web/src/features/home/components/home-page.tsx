import { Badge, Center, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { profileTypeLabel } from '../../../components/profile-type-label';
import { UserAvatar } from '../../../components/user-avatar';
import { useCurrentUser } from '../../../lib/use-current-user';

type TProps = {
  /** The way to write a post (the posts feature's, composed by the app). */
  createAction?: ReactNode;
  /** The next scheduled posts of a user (IMC accounts post nothing, so see none). */
  upcoming?: (userId: string) => ReactNode;
};

/** /home: greets the logged-in user, with the way to write a post and the next scheduled posts. */
export function HomePage({ createAction, upcoming }: TProps) {
  const { data: user, isPending } = useCurrentUser();
  if (isPending || !user) {
    return (
      <Center mih="40vh">
        <Loader />
      </Center>
    );
  }
  const name = user.name ?? user.userName ?? '';
  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <Group gap="lg" wrap="nowrap">
            <UserAvatar name={name} image={user.profileImage} color={user.backgroundColor} size={72} />
            <Stack gap={4}>
              <Title order={1} fz={28}>
                Welcome, {name}
              </Title>
              {user.userName && <Text c="dimmed">@{user.userName}</Text>}
              <Group gap="xs">
                <Badge variant="light">{profileTypeLabel(user.profileType)}</Badge>
              </Group>
            </Stack>
          </Group>
          {createAction && (
            <Group justify="flex-end" mt="md">
              {createAction}
            </Group>
          )}
        </Paper>
        {user.profileType !== 'IMC' && upcoming?.(user._id)}
      </Stack>
    </Container>
  );
}
