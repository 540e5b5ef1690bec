import { Badge } from '@mantine/core';

/**
 * A sub-user's or a role's status. Never narrower than its word: Mantine's Badge clips its label, so in a
 * squeezed table cell it would show 'ACT…'.
 */
export function StatusBadge({ active, inactiveLabel }: { active: boolean; inactiveLabel: 'InActive' | 'Inactive' }) {
  return (
    <Badge color={active ? 'teal.9' : 'gray.7'} variant="filled" style={{ minWidth: 'max-content', flexShrink: 0 }}>
      {active ? 'Active' : inactiveLabel}
    </Badge>
  );
}
