import { ActionIcon, Menu } from '@mantine/core';
import type { ReactNode } from 'react';

export type TRowAction = { label: string; onClick: () => void; color?: string; hidden?: boolean };

/** The ⋮ button of a table row and its popover of actions. */
export function RowMenu({ label, actions }: { label: string; actions: TRowAction[] }): ReactNode {
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={190}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={label}>
          <svg width="18" height="18" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
            <circle cx="12" cy="5" r="2" />
            <circle cx="12" cy="12" r="2" />
            <circle cx="12" cy="19" r="2" />
          </svg>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions
          .filter((a) => !a.hidden)
          .map((a) => (
            <Menu.Item key={a.label} color={a.color} onClick={a.onClick}>
              {a.label}
            </Menu.Item>
          ))}
      </Menu.Dropdown>
    </Menu>
  );
}
