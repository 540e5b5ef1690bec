import { Alert, Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { isPlanGated, TEAM_MSG } from '@virality/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/use-current-user';

type TProps = {
  title: string;
  subtitle?: ReactNode;
  back?: { to: string; label: string };
  actions?: ReactNode;
  /** A screen that adds to the team or gives access (a form): without a running plan it shows only the plan's notice. */
  builds?: boolean;
  children: ReactNode;
};

/**
 * The frame of every team screen: a back link, the title, the screen's actions and its content. A business without a
 * running plan is told, before any work, that building a team needs one: its lists stay readable (taking access away
 * needs no plan) without their add buttons, and the forms that build the team are not shown.
 */
export function TeamPage({ title, subtitle, back, actions, builds = false, children }: TProps) {
  const user = useCurrentUser().data;
  const gated = !!user && isPlanGated(user, new Date());
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        {back && (
          <Anchor component={Link} to={back.to} size="sm">
            ← {back.label}
          </Anchor>
        )}
        <Group justify="space-between" align="flex-end" gap="sm">
          <div>
            <Title order={1} fz={26}>
              {title}
            </Title>
            {subtitle && (
              <Text c="dimmed" size="sm" mt={4}>
                {subtitle}
              </Text>
            )}
          </div>
          {actions && !gated && <Group gap="sm">{actions}</Group>}
        </Group>
        {gated && (
          <Alert color="brand" variant="light" icon={<IconLock size={18} aria-hidden />} title={TEAM_MSG.planRequired}>
            <Stack gap="sm" align="flex-start">
              <Text size="sm">Roles, permissions and team members are part of every plan.</Text>
              <Button component={Link} to={paths.profilePricing} size="sm">
                See plans
              </Button>
            </Stack>
          </Alert>
        )}
        {(!gated || !builds) && children}
      </Stack>
    </Container>
  );
}
