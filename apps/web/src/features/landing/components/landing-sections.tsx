import { Accordion, Anchor, Box, Button, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconCalendarEvent,
  IconChartBar,
  IconChecklist,
  IconClockHour4,
  IconCoins,
  IconSend,
  type TablerIcon,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { NetworkTile } from '../../../components/network-tile';
import { paths } from '../../../config/paths';
import { ADVISORS, FAQ, FEATURES, INFLUENCERS } from '../content';
import { ContactUs } from './contact-us';
import { InitialsAvatar } from './initials-avatar';
import classes from './landing.module.css';
import { Section } from './section';

export { HeroArt } from './hero-art';

const FEATURE_ICONS: Record<string, TablerIcon> = {
  publish: IconSend,
  schedule: IconClockHour4,
  approve: IconChecklist,
  calendar: IconCalendarEvent,
  analytics: IconChartBar,
  points: IconCoins,
};

/** An FAQ answer, with `{pricing}` drawn as a link to the pricing page. */
function Answer({ text }: { text: string }) {
  const [before, after] = text.split('{pricing}');
  if (after === undefined) return <>{text}</>;
  return (
    <>
      {before}
      <Anchor component={Link} to={paths.pricing} underline="always">
        The pricing page
      </Anchor>
      {after}
    </>
  );
}

/** Everything on / below the hero: what it does, who uses it, advisors, questions, contact, the last call. */
export function LandingSections() {
  return (
    <>
      <Section
        id="features"
        eyebrow="What you get"
        title="Everything between an idea and a published post"
        lead="Write, schedule, approve and measure your posts for every network from one screen."
      >
        <div className={classes.grid} data-cols="3">
          {FEATURES.map((f) => {
            const Icon = FEATURE_ICONS[f.key] ?? IconSend;
            return (
              <Paper key={f.key} withBorder radius="lg" shadow="xs" className={classes.card}>
                <Stack gap="sm">
                  <ThemeIcon variant="light" size={44} radius="md" aria-hidden="true">
                    <Icon size={24} stroke={1.75} />
                  </ThemeIcon>
                  <Title order={3} fz={18}>
                    {f.title}
                  </Title>
                  <Text c="dimmed">{f.text}</Text>
                </Stack>
              </Paper>
            );
          })}
        </div>
      </Section>

      <Section
        id="trusted-by"
        tinted
        eyebrow="Creators"
        title="Trusted by influencers"
        lead="Food, travel, finance and fitness creators plan their week in Virality."
      >
        <div className={classes.grid} data-cols="4">
          {INFLUENCERS.map((p) => (
            <Paper key={p.name} component="figure" m={0} withBorder radius="lg" shadow="xs" className={classes.card}>
              <Stack gap="md" justify="space-between" h="100%">
                <Text component="blockquote" m={0} lh={1.55}>
                  “{p.quote}”
                </Text>
                <Stack gap="sm" component="figcaption">
                  <Group gap="sm" wrap="nowrap">
                    <InitialsAvatar name={p.name} hue={p.hue} size={44} />
                    <div>
                      <Text fw={600}>{p.name}</Text>
                      <Text size="sm" c="dimmed">
                        {p.role}
                      </Text>
                    </div>
                  </Group>
                  <Group gap={6} aria-label={`Posts on ${p.networks.length} networks`} role="group">
                    {p.networks.map((n) => (
                      <NetworkTile key={n} network={n} size={24} />
                    ))}
                  </Group>
                </Stack>
              </Stack>
            </Paper>
          ))}
        </div>
      </Section>

      <Section
        id="advisors"
        eyebrow="Advisors"
        title="Advised by people who have done it"
        lead="Privacy, creator partnerships and publishing at scale: the advice we lean on."
      >
        <div className={classes.grid} data-cols="3-md">
          {ADVISORS.map((a) => (
            <Paper key={a.name} withBorder radius="lg" shadow="xs" className={classes.card}>
              <Stack gap="sm">
                <Group gap="sm" wrap="nowrap">
                  <InitialsAvatar name={a.name} hue={a.hue} size={56} />
                  <div>
                    <Title order={3} fz={18}>
                      {a.name}
                    </Title>
                    <Text size="sm" c="brand.7" fw={600}>
                      {a.role}
                    </Text>
                  </div>
                </Group>
                <Text c="dimmed">{a.bio}</Text>
              </Stack>
            </Paper>
          ))}
        </div>
      </Section>

      <Section id="faq" tinted eyebrow="FAQ" title="Frequently asked questions">
        <Accordion variant="separated" radius="md" order={3} maw={760} w="100%" mx="auto">
          {FAQ.map((q, i) => (
            // the value names the item's ids (aria-controls): no spaces
            <Accordion.Item key={q.question} value={`faq-${i}`} bg="white">
              <Accordion.Control>
                <Text component="span" fw={600}>
                  {q.question}
                </Text>
              </Accordion.Control>
              <Accordion.Panel>
                <Text c="dimmed" lh={1.6}>
                  <Answer text={q.answer} />
                </Text>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Section>

      <ContactUs />

      <Box component="section" aria-labelledby="start-title" className={classes.cta}>
        <Container size="lg" className={classes.section}>
          <Stack gap="lg" align="center" ta="center" maw={640} mx="auto">
            <Title order={2} id="start-title" c="white" className={classes.sectionTitle}>
              Write it once. Post it everywhere.
            </Title>
            <Text size="lg" c="white">
              Create your account in a couple of minutes, connect your networks and send your first post today.
            </Text>
            <Button component={Link} to={paths.selectProfileType} size="lg" variant="white">
              Get Started Now
            </Button>
          </Stack>
        </Container>
      </Box>
    </>
  );
}
