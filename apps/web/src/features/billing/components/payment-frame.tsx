import { Container, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type TProps = { icon: ReactNode; color?: string; title: string; children: ReactNode };

/** A payment outcome: one centred card with an icon, a heading and what happens next. */
export function PaymentFrame({ icon, color = 'brand', title, children }: TProps) {
  return (
    <Container size={560} py={{ base: 'xl', sm: 64 }} px={{ base: 'md', sm: 'lg' }}>
      <Paper withBorder radius="lg" shadow="xs" p={{ base: 'lg', sm: 'xl' }}>
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={56} radius="xl" variant="light" color={color} aria-hidden>
            {icon}
          </ThemeIcon>
          <Title order={1} fz={{ base: 22, sm: 26 }}>
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}

/** A payment the provider has not confirmed yet: a spinner that says what it waits for, and what may follow it. */
export function PaymentConfirming({ what, line, children }: { what: string; line: string; children?: ReactNode }) {
  return (
    <PaymentFrame icon={<IconCreditCard size={28} />} title={`Confirming your ${what}`}>
      <Stack align="center" gap="sm" role="status" aria-live="polite">
        <Loader aria-label={`Confirming your ${what}`} />
        <Text c="dimmed">{line}</Text>
      </Stack>
      {children}
    </PaymentFrame>
  );
}
