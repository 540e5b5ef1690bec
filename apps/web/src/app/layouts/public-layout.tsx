import { Anchor, Box, Burger, Button, Container, Group, Menu } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { Link, Outlet, useLocation, useMatches } from 'react-router';
import { Logo } from '../../components/logo';
import { OnboardingLayout } from '../../components/onboarding-layout';
import { PageLoader } from '../../components/page-loader';
import { paths } from '../../config/paths';
import { useAfterLoad } from '../../features/landing/use-after-load';
import type { TOtpOrigin, TOtpState } from '../../lib/otp-state';
import { readLiveSession } from '../../lib/session';

// Loaded only when a logged-in user lands on a public route that keeps their header (the not-found page).
const AppLayout = lazy(async () => ({ default: (await import('./app-layout')).AppLayout }));
// The public site's footer, on its own pages only; it loads once the page has loaded (below the fold).
const SiteFooter = lazy(async () => ({ default: (await import('../../features/landing/components/site-footer')).SiteFooter }));

/** The pages of the public site that end with its footer (not the sign-up and log-in flows). */
const FOOTER_PATHS: ReadonlySet<string> = new Set([paths.landing, paths.team, paths.newsRoom, paths.allNews]);

type THeaderLink = { label: string; to: string | null };

/**
 * The public header links (Team, News, Pricing). `to` is null while the page is not built: the link is then not
 * shown, so no link leads to the not-found page.
 */
const LINKS: THeaderLink[] = [
  { label: 'Team', to: paths.team },
  { label: 'News', to: paths.newsRoom },
  { label: 'Pricing', to: paths.pricing },
];
const SHOWN_LINKS = LINKS.filter((l): l is { label: string; to: string } => l.to !== null);

/** A logged-in user verifying a new contact during onboarding (profile step, phone verification). */
const ONBOARDING_OTP_ORIGINS: ReadonlySet<TOtpOrigin> = new Set<TOtpOrigin>(['userprofile', 'profile update']);

type TFrame = 'public' | 'logged-in' | 'onboarding';

/**
 * The header a public route is shown with. A logged-in user keeps the logged-in header on the not-found page
 * (the catch-all, the only public route with a splat) and the onboarding header on /verifyotp when verifying
 * a contact from onboarding. Everyone else, and the logged-out flows (forgot password), get the public one.
 */
function useFrame(): TFrame {
  const { pathname, state } = useLocation();
  const matches = useMatches();
  if (!readLiveSession()) return 'public';
  if (matches.at(-1)?.params['*'] !== undefined) return 'logged-in';
  const origin = (state as Partial<TOtpState> | null)?.origin;
  if (pathname.toLowerCase() === paths.verifyOtp && origin && ONBOARDING_OTP_ORIGINS.has(origin)) return 'onboarding';
  return 'public';
}

/** Public pages: logo, the built header links, Login and Get Started; see useFrame for the exceptions. */
export function PublicLayout() {
  const frame = useFrame();
  if (frame === 'logged-in') {
    return (
      <Suspense fallback={<PageLoader />}>
        <AppLayout />
      </Suspense>
    );
  }
  if (frame === 'onboarding') return <OnboardingLayout />;
  return <PublicFrame />;
}

function PublicFrame() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const loaded = useAfterLoad();
  return (
    <Box mih="100vh">
      <Box component="header" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg">
          <Group justify="space-between" wrap="nowrap">
            <Logo />
            <Group gap="lg" wrap="nowrap" component="nav" aria-label="Main">
              {SHOWN_LINKS.map((l) => (
                <Anchor key={l.to} component={Link} to={l.to} c="dark" fw={500} visibleFrom="sm">
                  {l.label}
                </Anchor>
              ))}
              <Anchor component={Link} to={paths.login} c="dark" fw={500}>
                Login
              </Anchor>
              <Button component={Link} to={paths.selectProfileType}>
                Get Started
              </Button>
              {SHOWN_LINKS.length > 0 && (
                <Menu opened={opened} onChange={(o) => (o ? undefined : close())} position="bottom-end" width={200}>
                  <Menu.Target>
                    <Burger opened={opened} onClick={toggle} hiddenFrom="sm" aria-label="Open menu" />
                  </Menu.Target>
                  <Menu.Dropdown>
                    {SHOWN_LINKS.map((l) => (
                      <Menu.Item key={l.to} component={Link} to={l.to}>
                        {l.label}
                      </Menu.Item>
                    ))}
                  </Menu.Dropdown>
                </Menu>
              )}
            </Group>
          </Group>
        </Container>
      </Box>
      <Box component="main">
        <Outlet />
      </Box>
      {loaded && FOOTER_PATHS.has(pathname.toLowerCase().replace(/(.)\/+$/, '$1')) && (
        <Suspense fallback={null}>
          <SiteFooter />
        </Suspense>
      )}
    </Box>
  );
}
