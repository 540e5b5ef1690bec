import { Anchor, Container, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type TProps = {
  title: string;
  subtitle?: ReactNode;
  back?: { to: string; label: string };
  actions?: ReactNode;
  children: ReactNode;
};

/** The frame of every team screen: a back link, the title, the screen's actions and its content. */
export function TeamPage({ title, subtitle, back, actions, children }: TProps) {
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
          {actions && <Group gap="sm">{actions}</Group>}
        </Group>
        {children}
      </Stack>
    </Container>
  );
}
