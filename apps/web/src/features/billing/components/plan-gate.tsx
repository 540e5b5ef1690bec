import { Button, Container, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarStats, IconChartBar, IconLock, IconSend } from '@tabler/icons-react';
import { isSubscriptionExpired, PLAN_MSG } from '@virality/domain';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import type { TCurrentUser } from '../../../lib/use-current-user';

/**
 * What a BRANDS, BUSINESS or IMC user without an active plan sees instead of the dashboard: why, what a plan opens,
 * and the way to the pricing page.
 */
export function PlanGate({ user }: { user: TCurrentUser }) {
  const sub = user.subscriptionDetails;
  const expired = !!sub && isSubscriptionExpired(sub, new Date());
  const name = user.name ?? user.userName ?? '';
  return (
    <Container size={720} py={{ base: 'lg', sm: 48 }} px={{ base: 'md', sm: 'lg' }}>
      <Paper
        withBorder
        radius="lg"
        shadow="xs"
        p={{ base: 'lg', sm: 'xl' }}
        component="section"
        aria-labelledby="plan-gate-title"
      >
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={56} radius="xl" variant="light" color={expired ? 'red' : 'brand'} aria-hidden>
            <IconLock size={28} />
          </ThemeIcon>
          <Title order={1} fz={{ base: 22, sm: 26 }} id="plan-gate-title" c={expired ? 'red.9' : undefined}>
            {expired ? PLAN_MSG.hubExpired : 'Choose a plan to open your dashboard'}
          </Title>
          <Text c="dimmed" maw={520}>
            {expired
              ? `Renew your ${sub?.planType ?? ''} plan to keep publishing and scheduling${name ? `, ${name}` : ''}.`
              : `Welcome${name ? `, ${name}` : ''}! Your dashboard opens as soon as your plan is active.`}
          </Text>
          <List spacing="xs" size="sm" ta="left" center>
            <List.Item icon={<IconSend size={18} color="var(--mantine-color-brand-6)" aria-hidden />}>
              Publish one post to every network at once
            </List.Item>
            <List.Item icon={<IconCalendarStats size={18} color="var(--mantine-color-brand-6)" aria-hidden />}>
              Schedule ahead and see it all on a calendar
            </List.Item>
            <List.Item icon={<IconChartBar size={18} color="var(--mantine-color-brand-6)" aria-hidden />}>
              Follow each post’s results per network
            </List.Item>
          </List>
          <Button component={Link} to={paths.profilePricing} size="md">
            {expired ? 'Renew your plan' : 'See plans'}
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
