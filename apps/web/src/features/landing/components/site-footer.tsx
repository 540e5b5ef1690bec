import { ActionIcon, Anchor, Box, Container, Group, Stack, Text } from '@mantine/core';
import {
  IconBrandApple,
  IconBrandFacebook,
  IconBrandGooglePlay,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandX,
  IconBrandYoutube,
  type TablerIcon,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { Logo } from '../../../components/logo';
import { SUPPORT_EMAIL } from '../../../config/app';
import { paths } from '../../../config/paths';
import { SOCIAL_LINKS, STORE_LINKS } from '../site-links';
import classes from './landing.module.css';

type TFooterLink = { label: string; to: string } | { label: string; href: string };
type TColumn = { title: string; links: TFooterLink[] };

/** The footer's columns (a column left empty is not shown). */
const COLUMNS: TColumn[] = [
  {
    title: 'Product',
    links: [
      { label: 'Pricing', to: paths.pricing },
      { label: 'Get started', to: paths.selectProfileType },
      { label: 'Log in', to: paths.login },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'Team', to: paths.team },
      { label: 'Contact us', href: `mailto:${SUPPORT_EMAIL}` },
    ],
  },
  {
    title: 'Help and legal',
    links: [
      { label: 'Help & Support', to: paths.helpSupport },
      { label: 'Terms of Service', to: paths.terms },
      { label: 'Privacy Policy', to: paths.privacyPolicy },
    ],
  },
];

const SOCIAL_ICONS: Record<(typeof SOCIAL_LINKS)[number]['network'], TablerIcon> = {
  instagram: IconBrandInstagram,
  facebook: IconBrandFacebook,
  youtube: IconBrandYoutube,
  linkedin: IconBrandLinkedin,
  twitter: IconBrandX,
};

function StoreBadge({ href, small, big, Icon }: { href: string; small: string; big: string; Icon: TablerIcon }) {
  return (
    <a className={classes.store} href={href}>
      <Icon size={26} stroke={1.5} aria-hidden />
      {/* named by its words ('Download on the App Store'): the space keeps them apart when read as one name */}
      <span>
        <span className={classes.storeSmall}>{small}</span> <span className={classes.storeBig}>{big}</span>
      </span>
    </a>
  );
}

/** The public site's footer (landing and team pages): links, the apps, Virality's accounts, the copyright line. */
export function SiteFooter() {
  return (
    <Box component="footer" className={classes.footer}>
      <Container size="lg" className={classes.footerInner}>
        <Stack gap={40}>
          <div className={classes.footerTop}>
            <Stack gap="md" align="flex-start">
              <Logo />
              <Text c="dimmed" maw={320}>
                Plan, publish and schedule your posts for every network from one place.
              </Text>
              <Group gap="sm">
                <StoreBadge href={STORE_LINKS.appStore} small="Download on the" big="App Store" Icon={IconBrandApple} />
                <StoreBadge href={STORE_LINKS.googlePlay} small="Get it on" big="Google Play" Icon={IconBrandGooglePlay} />
              </Group>
            </Stack>
            <nav aria-label="Footer" className={classes.footerColumns}>
              {COLUMNS.filter((c) => c.links.length > 0).map((c) => (
                <div key={c.title}>
                  <Text fw={700} size="sm" mb={4}>
                    {c.title}
                  </Text>
                  <ul className={classes.footerList}>
                    {c.links.map((l) => (
                      <li key={l.label}>
                        {'to' in l ? (
                          <Anchor component={Link} to={l.to} c="gray.7" className={classes.footerLink}>
                            {l.label}
                          </Anchor>
                        ) : (
                          <Anchor href={l.href} c="gray.7" className={classes.footerLink}>
                            {l.label}
                          </Anchor>
                        )}
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </nav>
          </div>
          <Group justify="space-between" gap="md" pt="lg" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
            <Text size="sm" c="gray.7">
              © {new Date().getFullYear()} Virality. All rights reserved.
            </Text>
            <Group gap={4}>
              {SOCIAL_LINKS.map((s) => {
                const Icon = SOCIAL_ICONS[s.network];
                return (
                  <ActionIcon
                    key={s.network}
                    component="a"
                    href={s.href}
                    aria-label={s.label}
                    title={s.label}
                    variant="subtle"
                    color="gray"
                    c="gray.7"
                    size={44}
                    radius="md"
                  >
                    <Icon size={22} stroke={1.75} aria-hidden />
                  </ActionIcon>
                );
              })}
            </Group>
          </Group>
        </Stack>
      </Container>
    </Box>
  );
}
