import { Burger, Menu } from '@mantine/core';
import { type RefObject, useEffect, useRef } from 'react';
import { Link } from 'react-router';

type TProps = {
  links: { label: string; to: string }[];
  opened: boolean;
  onToggle: () => void;
  onClose: () => void;
  /** True when the stand-in shown before this code loaded had the keyboard: the burger takes it on arrival. */
  takeFocusFrom?: RefObject<boolean>;
};

/** The public header's menu on a phone: the burger and the header links it opens. */
export function PublicMenu({ links, opened, onToggle, onClose, takeFocusFrom }: TProps) {
  const burger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (takeFocusFrom?.current) burger.current?.focus();
  }, [takeFocusFrom]);
  return (
    // a real menu: its items only (no focus placeholder among them), reached with the arrow keys, one tab stop
    <Menu
      opened={opened}
      onChange={(o) => (o ? undefined : onClose())}
      position="bottom-end"
      width={200}
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        <Burger ref={burger} opened={opened} onClick={onToggle} hiddenFrom="sm" aria-label="Open menu" />
      </Menu.Target>
      <Menu.Dropdown>
        {links.map((l) => (
          <Menu.Item key={l.to} component={Link} to={l.to}>
            {l.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
