import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type TProps = {
  icon: ReactNode;
  title: string;
  line?: ReactNode;
  action?: ReactNode;
  /** The title's heading level: 2 for a page's list, 3 for a list inside a section with its own h2. */
  order?: 2 | 3;
};

/** A list with nothing in it: an icon, what is missing, one line on what to do, and at most one button. */
export function EmptyState({ icon, title, line, action, order = 2 }: TProps) {
  return (
    <Paper withBorder radius="lg" p="xl" bg="gray.0">
      <Stack align="center" gap="xs" py="md" ta="center">
        <ThemeIcon variant="light" size={48} radius="xl" aria-hidden>
          {icon}
        </ThemeIcon>
        <Title order={order} fz={18} fw={650} mt="xs">
          {title}
        </Title>
        {line && (
          <Text c="dimmed" size="sm" maw={420}>
            {line}
          </Text>
        )}
        {action}
      </Stack>
    </Paper>
  );
}
