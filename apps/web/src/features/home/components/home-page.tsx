import { Badge, Center, Container, Grid, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { canCreatePost, normalizePermissions } from '@virality/domain';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { profileTypeLabel } from '../../../components/profile-type-label';
import { useCurrentUser } from '../../../lib/use-current-user';
import { ComposerBox } from './composer-box';
import { MoneyCard } from './money-card';

type TProps = {
  /** The create-post dialog (the posts feature's): where it is drawn, and how to open it. */
  composer?: { host: ReactNode; open: () => void };
  /** The Create button. */
  createAction?: ReactNode;
  /** The main column: the user's posts (numbers, today, scheduled, recent), or the way to a first post. */
  posts?: (userId: string) => ReactNode;
  /** The side column: linked accounts and the profile overview (the wallet or the payments follow them). */
  side?: ReactNode;
};

/**
 * /home, the dashboard: a greeting with the Create button and the composer box, the posts in the main column and
 * the accounts beside them (below them on a phone). IMC accounts post nothing, so see no post sections; a business
 * manager sees Create only when its role opens Post or Scheduler somewhere.
 */
export function HomePage({ composer, createAction, posts, side }: TProps) {
  const { data: user, isPending } = useCurrentUser();
  if (isPending || !user) {
    return (
      <Center mih="40vh">
        <Loader />
      </Center>
    );
  }
  const name = user.name ?? user.userName ?? '';
  const posting = user.profileType !== 'IMC';
  const permissions = normalizePermissions(user.businessRoleId?.status === false ? [] : user.businessRoleId?.permission);
  const mayCreate = posting && canCreatePost(user.profileType, permissions);
  return (
    <Container size={1200} py={{ base: 'md', sm: 'xl' }} px={{ base: 'md', sm: 'lg' }}>
      {/* drawn first, so the dialog stays open whichever Create button opened it comes and goes */}
      {mayCreate && composer?.host}
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="sm">
          <div style={{ minWidth: 0 }}>
            <Title order={1} fz={{ base: 24, sm: 28 }} style={{ wordBreak: 'break-word' }}>
              Welcome, {name}
            </Title>
            <Group gap="xs" mt={4} wrap="wrap">
              {user.userName && (
                <Text c="dimmed" size="sm">
                  @{user.userName}
                </Text>
              )}
              <Badge variant="light" size="sm">
                {profileTypeLabel(user.profileType)}
              </Badge>
              <Text c="dimmed" size="sm">
                {dayjs().format('dddd D MMMM')}
              </Text>
            </Group>
          </div>
          {mayCreate && createAction}
        </Group>
        {posting ? (
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, lg: 8 }}>
              <Stack gap="lg">
                {mayCreate && composer && (
                  <ComposerBox name={name} image={user.profileImage} color={user.backgroundColor} onOpen={composer.open} />
                )}
                {posts?.(user._id)}
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 4 }}>
              <Stack gap="lg">
                {side}
                <MoneyCard user={user} />
              </Stack>
            </Grid.Col>
          </Grid>
        ) : (
          // nothing to post: the accounts and their figures side by side
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            {side}
            <MoneyCard user={user} />
          </SimpleGrid>
        )}
      </Stack>
    </Container>
  );
}
