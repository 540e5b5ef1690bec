import { Box, Container, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { readSession } from '../lib/auth-storage';
import { Logo } from './logo';
import { profileTypeLabel } from './profile-type-label';

/**
 * Onboarding layout: a logo-only header showing 'Creating {type} profile',
 * the type read from the stored role. Renders `children` when given, else the route's <Outlet/>.
 */
export function OnboardingLayout({ children }: { children?: ReactNode }) {
  const role = readSession()?.role ?? null;
  const label = profileTypeLabel(role);
  return (
    <Box mih="100vh">
      <Box component="header" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg">
          <Group justify="space-between" wrap="nowrap">
            <Logo to={null} />
            {label && (
              <Text fw={600} data-testid="onboarding-title">
                Creating {label} profile
              </Text>
            )}
          </Group>
        </Container>
      </Box>
      <Container component="main" size="md" py="lg">
        {children ?? <Outlet />}
      </Container>
    </Box>
  );
}
