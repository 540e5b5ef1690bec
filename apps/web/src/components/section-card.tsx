import { Group, Paper, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

type TProps = {
  /** The card's heading: it also names the section for screen readers. */
  title: ReactNode;
  /** What sits at the heading's right: a link (View all), a control (a period). */
  action?: ReactNode;
  children: ReactNode;
};

/** A dashboard card: a bordered section named by its heading, with an optional action beside the heading. */
export function SectionCard({ title, action, children }: TProps) {
  const titleId = useId();
  return (
    <Paper withBorder radius="lg" shadow="xs" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={titleId}>
      <Group justify="space-between" align="center" gap="xs" wrap="nowrap" mb="md">
        <Title order={2} fz={18} fw={650} id={titleId}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Paper>
  );
}
