import { Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** / : the landing hero. Logged-in visitors never see it (the route sends them to /home). */
export function LandingPage() {
  return (
    <Container size="lg" py={{ base: 48, md: 96 }}>
      <Stack gap="lg" maw={720}>
        <Title order={1} fz={{ base: 34, md: 52 }} lh={1.1}>
          Publish everywhere at once. Grow your reach with Virality.
        </Title>
        <Text size="lg" c="dimmed">
          One place for influencers, businesses and influencer marketing companies to plan, publish and schedule posts on
          Instagram, Facebook, YouTube, LinkedIn, TikTok and X, and to earn points along the way.
        </Text>
        <Group gap="md">
          <Button component={Link} to={paths.selectProfileType} size="lg">
            Get Started Now
          </Button>
          <Text>
            Already have an account?{' '}
            <Anchor component={Link} to={paths.login} underline="always">
              Log in
            </Anchor>
          </Text>
        </Group>
      </Stack>
    </Container>
  );
}
