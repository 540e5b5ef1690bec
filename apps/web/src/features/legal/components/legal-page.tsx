import { Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** Where a legal or help page is shown: the public site, or the profile hub of a logged-in user. */
export type TLegalPlace = 'public' | 'hub';

type TProps = {
  place: TLegalPlace;
  title: string;
  /** One dimmed line under the title (the date a policy was last changed, what the page is for). */
  subtitle?: ReactNode;
  children: ReactNode;
};

/**
 * The frame of the help and legal pages: in the hub a link back to the profile, the title and its line, then
 * the content on a white card at a reading width (about 70 characters a line).
 */
export function LegalPage({ place, title, subtitle, children }: TProps) {
  return (
    <Container size={800} py={{ base: 'lg', sm: 'xl' }} px={{ base: 'md', sm: 'lg' }}>
      <Stack gap="lg">
        {place === 'hub' && (
          <Anchor component={Link} to={paths.profile} size="sm" w="fit-content">
            ← Profile
          </Anchor>
        )}
        <div>
          <Title order={1} fz={{ base: 24, sm: 28 }} lh={1.25}>
            {title}
          </Title>
          {subtitle && (
            <Text c="dimmed" size="sm" mt={4}>
              {subtitle}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Container>
  );
}

/** A white card holding a page's text. */
export function LegalCard({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" shadow="xs" p={{ base: 'md', sm: 'xl' }}>
      {children}
    </Paper>
  );
}

export type TLegalSection = {
  /** The section's anchor (/terms#dispute_resolution). */
  id: string;
  title: string;
  body: ReactNode;
};

/** A policy: a list of its sections (links to each), then each section under its own heading. */
export function LegalSections({ sections, label }: { sections: readonly TLegalSection[]; label: string }) {
  return (
    <LegalCard>
      <Stack gap="xl">
        <nav aria-label={label}>
          <Text fw={600} mb="xs">
            Contents
          </Text>
          <Stack component="ol" gap={4} m={0} pl="lg">
            {sections.map((s) => (
              <li key={s.id}>
                <Anchor href={`#${s.id}`} size="sm">
                  {s.title}
                </Anchor>
              </li>
            ))}
          </Stack>
        </nav>
        {sections.map((s, i) => (
          <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} style={{ scrollMarginTop: 80 }}>
            <Title order={2} fz={{ base: 18, sm: 20 }} fw={650} mb="sm" id={`${s.id}-title`}>
              {i + 1}. {s.title}
            </Title>
            <Stack gap="sm" fz="sm" lh={1.65}>
              {s.body}
            </Stack>
          </section>
        ))}
      </Stack>
    </LegalCard>
  );
}
