import { Group, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { SectionCard } from '../../../components/section-card';

export type TSetUpStep = {
  key: string;
  /** The step as a heading ("Connect an account"). */
  title: string;
  /** One line: what to do, or (done) what was done. */
  line: string;
  done: boolean;
  /** The way to do it, shown while it is not done. */
  action?: ReactNode;
};

/**
 * A new user's first steps on the dashboard, in place of the figures they do not have yet: how many are done (a
 * progress bar that says it in words too), then each step with a check once done or the way to do it.
 */
export function GetSetUp({ steps }: { steps: TSetUpStep[] }) {
  const done = steps.filter((s) => s.done).length;
  const words = `${done} of ${steps.length} done`;
  return (
    <SectionCard
      title="Get set up"
      action={
        <Text size="sm" c="dimmed" fw={500}>
          {words}
        </Text>
      }
    >
      <Progress value={(100 * done) / steps.length} size="sm" radius="xl" mb="lg" aria-label={`Set-up progress: ${words}`} />
      <Stack gap="lg" component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {steps.map((step, i) => (
          <Group key={step.key} component="li" align="flex-start" gap="md" wrap="nowrap">
            <ThemeIcon
              size={32}
              radius="xl"
              variant={step.done ? 'filled' : 'light'}
              color={step.done ? 'teal.8' : 'brand'}
              aria-hidden
            >
              {step.done ? <IconCheck size={18} /> : <Text fw={700}>{i + 1}</Text>}
            </ThemeIcon>
            <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
              <Title order={3} fz={16} fw={650}>
                {step.title}
                {step.done && (
                  <Text span size="sm" c="teal.9" fw={500} ml={8}>
                    Done
                  </Text>
                )}
              </Title>
              <Text size="sm" c="dimmed">
                {step.line}
              </Text>
              {!step.done && step.action && <div style={{ marginTop: 4 }}>{step.action}</div>}
            </Stack>
          </Group>
        ))}
      </Stack>
    </SectionCard>
  );
}
