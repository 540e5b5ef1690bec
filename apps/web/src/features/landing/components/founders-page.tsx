import { Anchor, Button, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { SUPPORT_EMAIL } from '../../../config/app';
import { paths } from '../../../config/paths';
import { FOUNDERS } from '../content';
import { InitialsAvatar } from './initials-avatar';

/** /team: the founders, one bio each. */
export function FoundersPage() {
  return (
    <Container size="lg" py={{ base: 40, md: 72 }}>
      <Stack gap={48}>
        <Stack gap="xs" align="center" ta="center" maw={680} mx="auto">
          <Text c="brand.7" fw={700} size="sm" tt="uppercase" style={{ letterSpacing: 1 }}>
            Team
          </Text>
          <Title order={1} fz={{ base: 30, md: 44 }} lh={1.15}>
            The founders of Virality
          </Title>
          <Text c="dimmed" size="lg">
            We built Virality because posting the same thing to six networks by hand wastes the time creators and small teams
            should spend making things.
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {FOUNDERS.map((f, i) => (
            <Paper
              key={f.name}
              component="article"
              aria-labelledby={`founder-${i}`}
              withBorder
              radius="lg"
              shadow="xs"
              p={{ base: 'md', sm: 'xl' }}
            >
              <Stack gap="md">
                <Group gap="md" wrap="nowrap">
                  <InitialsAvatar name={f.name} hue={f.hue} size={72} />
                  <div>
                    <Title order={2} fz={22} id={`founder-${i}`}>
                      {f.name}
                    </Title>
                    <Text c="brand.7" fw={600}>
                      {f.role}
                    </Text>
                  </div>
                </Group>
                {f.bio.map((p) => (
                  <Text key={p.slice(0, 24)} lh={1.65}>
                    {p}
                  </Text>
                ))}
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
        <Stack gap="sm" align="center" ta="center">
          <Title order={2} fz={{ base: 22, md: 26 }}>
            Want to talk to us?
          </Title>
          <Text c="dimmed">
            Write to{' '}
            <Anchor href={`mailto:${SUPPORT_EMAIL}`} underline="always">
              {SUPPORT_EMAIL}
            </Anchor>
            , or see what Virality can do for you.
          </Text>
          <Button component={Link} to={paths.selectProfileType} size="md" mt="xs">
            Get Started Now
          </Button>
        </Stack>
      </Stack>
    </Container>
  );
}
