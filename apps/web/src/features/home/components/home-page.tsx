import { Badge, Center, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { profileTypeLabel } from '../../../components/profile-type-label';
import { UserAvatar } from '../../../components/user-avatar';
import { useCurrentUser } from '../../../lib/use-current-user';
import { CreatePostButton } from '../../posts';

/** /home: greets the logged-in user. The dashboard arrives with the publishing issue. */
export function HomePage() {
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
    <Container size="lg" py="xl">
      <Paper withBorder radius="lg" p="xl">
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
        <Group justify="flex-end" mt="md">
          <CreatePostButton />
        </Group>
      </Paper>
    </Container>
  );
}
