import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';

/** The Virality word mark; a link to `to` (default '/'), plain text when `to` is null. */
export function Logo({ to = '/' }: { to?: string | null }) {
  const mark = (
    <Text component="span" fw={800} fz={24} c="brand.6" style={{ letterSpacing: '-0.5px' }}>
      Virality
    </Text>
  );
  if (to === null) return mark;
  return (
    <Anchor component={Link} to={to} underline="never" aria-label="Virality home">
      {mark}
    </Anchor>
  );
}
