import { Anchor, Box, Burger, Button, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { Link, Outlet, useLocation, useMatches } from 'react-router';
import { lazyPart } from '../../boot/lazy-part';
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
// The header's menu on a phone (public-menu.tsx): Mantine's Menu brings its positioning library, about as much
// code as all the other libraries of the first page. It loads once the page has loaded, or on the first tap.
const PublicMenu = lazyPart(async () => ({ default: (await import('./public-menu')).PublicMenu }));
const SiteFooter = lazyPart(async () => ({
  default: (await import('../../features/landing/components/site-footer')).SiteFooter,
}));

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

/**
 * The burger and its menu. Until the menu's code has loaded the burger is shown alone, as the menu shows it
 * while closed (its name, that it opens a menu, that the menu is closed); a tap on it then opens the menu as
 * soon as the code is in. A keyboard on the stand-in when it is swapped for the menu's own button moves to it.
 */
function HeaderMenu() {
  const loaded = useAfterLoad();
  const [opened, { toggle, close, open }] = useDisclosure(false);
  const [tapped, setTapped] = useState(false);
  // whether the stand-in had the keyboard when it was taken away (read as it is detached, before it leaves the page)
  const hadFocus = useRef(false);
  const standIn = useCallback((el: HTMLButtonElement | null) => {
    if (!el) return;
    // a tap swaps the first stand-in for the one shown while the code loads: the keyboard goes along
    if (hadFocus.current) el.focus();
    return () => {
      hadFocus.current = document.activeElement === el;
    };
  }, []);
  const burger = (
    <Burger
      ref={standIn}
      opened={false}
      hiddenFrom="sm"
      aria-label="Open menu"
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={() => {
        setTapped(true);
        open();
      }}
    />
  );
  if (!loaded && !tapped) return burger;
  return (
    <Suspense fallback={burger}>
      <PublicMenu links={SHOWN_LINKS} opened={opened} onToggle={toggle} onClose={close} takeFocusFrom={hadFocus} />
    </Suspense>
  );
}

/** The site's footer on the pages that end with it, once the page has loaded. */
function FooterAfterLoad() {
  const { pathname } = useLocation();
  const loaded = useAfterLoad();
  if (!loaded || !FOOTER_PATHS.has(pathname.toLowerCase().replace(/(.)\/+$/, '$1'))) return null;
  return (
    <Suspense fallback={null}>
      <SiteFooter />
    </Suspense>
  );
}

/**
 * What waits for the page's load (the menu's code, the footer) lives in components of its own, so that the
 * moment it comes re-renders them and not the page.
 */
function PublicFrame() {
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
              {SHOWN_LINKS.length > 0 && <HeaderMenu />}
            </Group>
          </Group>
        </Container>
      </Box>
      <Box component="main">
        <Outlet />
      </Box>
      <FooterAfterLoad />
    </Box>
  );
}
