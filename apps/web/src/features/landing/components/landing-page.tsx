import { Anchor, Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Suspense } from 'react';
import { Link } from 'react-router';
import { lazyPart } from '../../../boot/lazy-part';
import { paths } from '../../../config/paths';
import { useAfterLoad } from '../use-after-load';
import classes from './hero.module.css';

// Only the hero's words come with the page's code; its drawing and everything below the fold (and their icons and
// styles) load as one chunk once the page has loaded, into room kept for them, so nothing on screen moves when
// they arrive and nothing competes with the first paint. The page the build renders ahead holds them all already.
const sections = () => import('./landing-sections');
const HeroArt = lazyPart(async () => ({ default: (await sections()).HeroArt }));
const LandingSections = lazyPart(async () => ({ default: (await sections()).LandingSections }));

/** / : the landing page. Logged-in visitors never see it (the route sends them to /home). */
export function LandingPage() {
  const loaded = useAfterLoad();
  return (
    <>
      <Box className={classes.band}>
        <Container size="lg" className={classes.inner}>
          <div className={classes.hero}>
            <Stack gap="lg">
              <Title order={1} className={classes.title}>
                Publish everywhere at once. Grow your reach with Virality.
              </Title>
              <Text size="lg" c="dimmed">
                One place for influencers, businesses and influencer marketing companies to plan, publish and schedule posts on
                Instagram, Facebook, YouTube, LinkedIn, TikTok, X and Threads, and to earn points along the way.
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
              <Text size="sm" c="dimmed">
                Free for influencers: 5 posts a month, no card needed.
              </Text>
            </Stack>
            <div className={classes.art}>
              {loaded && (
                <Suspense fallback={null}>
                  <HeroArt />
                </Suspense>
              )}
            </div>
          </div>
        </Container>
      </Box>
      {loaded && (
        <Suspense fallback={null}>
          <LandingSections />
        </Suspense>
      )}
    </>
  );
}
