import { Anchor, Container, Group, List, Paper, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { LEVEL_MONTHS, LEVELS, PROGRESS_POINTS, rolesForPath } from '@virality/domain';
import { Link } from 'react-router';
import { LevelBadge } from '../../../components/level-badge';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/use-current-user';

const LEVEL_WORDS: Record<string, string> = {
  Maker: 'Where everyone starts: you are making your first posts.',
  Trailblazer: 'You post often and on several networks.',
  Visionary: 'The top level: a steady stream of posts across your networks.',
};

/**
 * /pointrule: how points and levels work, in plain words: an Overview (what points are, the levels, how long a
 * level holds) and the Points rules (what each post earns).
 */
export function PointRulesPage() {
  const { data: user } = useCurrentUser();
  const hasWallet = !!user && !!rolesForPath(paths.pointWallet)?.includes(user.profileType);
  return (
    <Container size="sm" py={{ base: 'md', sm: 'xl' }} px={{ base: 'md', sm: 'lg' }}>
      <Stack gap="lg">
        {hasWallet && (
          <Anchor component={Link} to={paths.pointWallet} size="sm" fw={600} w="fit-content">
            <Group gap={4} component="span">
              <IconArrowLeft size={16} stroke={1.75} aria-hidden />
              Back to Virality Point
            </Group>
          </Anchor>
        )}
        <div>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            How points work
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            Every post that goes out earns points, and points earn you a level.
          </Text>
        </div>
        <Tabs defaultValue="overview" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="overview">Overview</Tabs.Tab>
            <Tabs.Tab value="rules">Points rules</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="overview" pt="lg">
            <Stack gap="md">
              <Paper withBorder radius="lg" shadow="xs" p={{ base: 'md', sm: 'lg' }}>
                <Stack gap="sm">
                  <Title order={2} fz={18} fw={650}>
                    Virality Points
                  </Title>
                  <Text size="sm">
                    You earn points each time one of your posts is published on a social network. Your points add up in your point
                    wallet, where you can see each one: how many, when, and the post and network it came from.
                  </Text>
                  <Text size="sm">
                    The progress bar in your wallet counts the points of the last {LEVEL_MONTHS} months, the same points your
                    level counts, up to {PROGRESS_POINTS} (Visionary). Its marks show where each level starts, and under it the
                    wallet says how many points you still need for the next one.
                  </Text>
                </Stack>
              </Paper>
              <Paper withBorder radius="lg" shadow="xs" p={{ base: 'md', sm: 'lg' }}>
                <Stack gap="md">
                  <Title order={2} fz={18} fw={650}>
                    Levels
                  </Title>
                  <Text size="sm">Your level is set by the points you earned in the last {LEVEL_MONTHS} months.</Text>
                  <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                    {LEVELS.map((l) => (
                      <Group key={l.name} component="li" gap="md" wrap="nowrap" align="center">
                        <LevelBadge level={l.name} size={48} decorative />
                        <div>
                          <Text fw={650}>
                            {l.name}{' '}
                            <Text span size="sm" c="dimmed" fw={400}>
                              {l.maxPoints === null
                                ? `${l.minPoints} points and more`
                                : `${l.minPoints} to ${l.maxPoints} points`}
                            </Text>
                          </Text>
                          <Text size="sm" c="dimmed">
                            {LEVEL_WORDS[l.name]}
                          </Text>
                        </div>
                      </Group>
                    ))}
                  </Stack>
                  <Text size="sm">
                    A level you reach is yours for {LEVEL_MONTHS} months, even if fewer of your points fall within the last{' '}
                    {LEVEL_MONTHS} months later on. Each time your points reach it again, the {LEVEL_MONTHS} months start over.
                    When they run out, your level is the one your points still give you.
                  </Text>
                </Stack>
              </Paper>
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="rules" pt="lg">
            <Paper withBorder radius="lg" shadow="xs" p={{ base: 'md', sm: 'lg' }}>
              <Stack gap="md">
                <Title order={2} fz={18} fw={650}>
                  What a post earns
                </Title>
                <Table.ScrollContainer minWidth={0} type="native">
                  <Table withTableBorder={false} verticalSpacing="sm">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Post</Table.Th>
                        <Table.Th>Points for each network</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      <Table.Tr>
                        <Table.Td>A single post (one image, one video, text)</Table.Td>
                        <Table.Td>1</Table.Td>
                      </Table.Tr>
                      <Table.Tr>
                        <Table.Td>A carousel, a multi-post or several images</Table.Td>
                        <Table.Td>2</Table.Td>
                      </Table.Tr>
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
                <List size="sm" spacing="xs">
                  <List.Item>A post earns once on each network it is published on.</List.Item>
                  <List.Item>
                    Several accounts on the same network count as one network: a post to two Instagram accounts earns Instagram's
                    points once.
                  </List.Item>
                  <List.Item>
                    Scheduling a post earns nothing yet: a scheduled post earns when it is published, the same as a post made now.
                  </List.Item>
                  <List.Item>
                    A post that fails on a network earns nothing there; sent again and published, it earns then.
                  </List.Item>
                  <List.Item>For example, a carousel published on Instagram, Facebook and X earns 6 points.</List.Item>
                </List>
              </Stack>
            </Paper>
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
