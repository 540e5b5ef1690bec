import { Anchor, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../config/paths';

type TProps = {
  title: string;
  subtitle?: ReactNode;
  /** At most two secondary buttons beside the title (they wrap below it on a phone). */
  actions?: ReactNode;
  children: ReactNode;
};

/** The frame of a page the profile hub opens: a way back to the hub, the title, its actions and the form. */
export function ProfileSubpage({ title, subtitle, actions, children }: TProps) {
  return (
    <Container size="sm" py={{ base: 'md', sm: 'xl' }} px={{ base: 'md', sm: 'lg' }}>
      <Stack gap="lg">
        <Anchor component={Link} to={paths.profile} size="sm" fw={600} w="fit-content">
          <Group gap={4} component="span">
            <IconArrowLeft size={16} stroke={1.75} aria-hidden />
            Back to Profile
          </Group>
        </Anchor>
        <Group justify="space-between" align="flex-end" gap="sm">
          <div>
            <Title order={1} fz={{ base: 24, sm: 28 }}>
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
