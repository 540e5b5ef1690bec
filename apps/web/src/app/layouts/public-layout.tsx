import { Anchor, Box, Burger, Button, Container, Group, Menu } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Outlet } from 'react-router';
import { Logo } from '../../components/logo';
import { paths } from '../../config/paths';

/** Public header links (seed 001 §2): Team, News and Pricing land on the not-found page until built. */
const LINKS = [
  { label: 'Team', to: '/team' },
  { label: 'News', to: '/news' },
  { label: 'Pricing', to: '/pricing' },
];

/** Public pages: logo, Team, News, Pricing, Login and Get Started. */
export function PublicLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <Box mih="100vh">
      <Box component="header" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg">
          <Group justify="space-between" wrap="nowrap">
            <Logo />
            <Group gap="lg" visibleFrom="sm" component="nav" aria-label="Main">
              {LINKS.map((l) => (
                <Anchor key={l.to} component={Link} to={l.to} c="dark" fw={500}>
                  {l.label}
                </Anchor>
              ))}
              <Anchor component={Link} to={paths.login} c="dark" fw={500}>
                Login
              </Anchor>
              <Button component={Link} to={paths.selectProfileType}>
                Get Started
              </Button>
            </Group>
            <Menu opened={opened} onChange={(o) => (o ? undefined : close())} position="bottom-end" width={200}>
              <Menu.Target>
                <Burger opened={opened} onClick={toggle} hiddenFrom="sm" aria-label="Open menu" />
              </Menu.Target>
              <Menu.Dropdown>
                {LINKS.map((l) => (
                  <Menu.Item key={l.to} component={Link} to={l.to}>
                    {l.label}
                  </Menu.Item>
                ))}
                <Menu.Item component={Link} to={paths.login}>
                  Login
                </Menu.Item>
                <Menu.Item component={Link} to={paths.selectProfileType}>
                  Get Started
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Container>
      </Box>
      <Box component="main">
        <Outlet />
      </Box>
    </Box>
  );
}
