import { Box, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './landing.module.css';

type TSectionProps = {
  id: string;
  eyebrow: string;
  title: string;
  lead?: string;
  tinted?: boolean;
  children: ReactNode;
};

/** A landing section: a small label, its heading (h2) and a line under it, centred above the content. */
export function Section({ id, eyebrow, title, lead, tinted = false, children }: TSectionProps) {
  return (
    <Box component="section" id={id} aria-labelledby={`${id}-title`} bg={tinted ? 'gray.0' : undefined} className={classes.band}>
      <Container size="lg" className={classes.section}>
        <Stack gap={40}>
          <Stack gap="xs" align="center" ta="center" maw={680} mx="auto">
            <Text c="brand.7" fw={700} size="sm" tt="uppercase" style={{ letterSpacing: 1 }}>
              {eyebrow}
            </Text>
            <Title order={2} id={`${id}-title`} className={classes.sectionTitle}>
              {title}
            </Title>
            {lead && (
              <Text c="dimmed" size="lg">
                {lead}
              </Text>
            )}
          </Stack>
          {children}
        </Stack>
      </Container>
    </Box>
  );
}
