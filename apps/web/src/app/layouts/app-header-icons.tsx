import { ActionIcon, Group, Indicator, Tooltip } from '@mantine/core';
import { badgeText, headerIcons, type TProfileType } from '@virality/domain';
import type { ComponentType } from 'react';
import { NavLink } from 'react-router';
import { BellIcon, CalendarIcon, DraftIcon, HomeIcon, NewsIcon, UserIcon } from '../../components/icons';

const LINK_ICONS: Record<string, { label: string; to: string; Icon: ComponentType }> = {
  home: { label: 'Home', to: '/home', Icon: HomeIcon },
  postdraft: { label: 'Post draft', to: '/postdraft', Icon: DraftIcon },
  calender: { label: 'Calendar', to: '/calender', Icon: CalendarIcon },
  news: { label: 'News', to: '/news', Icon: NewsIcon },
  profile: { label: 'Profile', to: '/profile', Icon: UserIcon },
};

type TProps = { profileType: TProfileType; paymentStatus: boolean; unseen: number; onBellClick: () => void };

/** The logged-in header icons (domain headerIcons) with the bell badge capped at '9+'. */
export function AppHeaderIcons({ profileType, paymentStatus, unseen, onBellClick }: TProps) {
  const badge = badgeText(unseen);
  return (
    <Group gap="xs" component="nav" aria-label="Main">
      {headerIcons(profileType, paymentStatus).map((icon) => {
        if (icon === 'notifications') {
          return (
            <Tooltip key={icon} label="Notifications">
              <Indicator label={badge} disabled={!badge} size={18} color="red" offset={6} data-testid="bell-badge">
                <ActionIcon
                  variant="subtle"
                  size="lg"
                  aria-label={badge ? `Notifications, ${badge} unseen` : 'Notifications'}
                  onClick={onBellClick}
                >
                  <BellIcon />
                </ActionIcon>
              </Indicator>
            </Tooltip>
          );
        }
        const { label, to, Icon } = LINK_ICONS[icon];
        return (
          <Tooltip key={icon} label={label}>
            <ActionIcon component={NavLink} to={to} variant="subtle" size="lg" aria-label={label}>
              <Icon />
            </ActionIcon>
          </Tooltip>
        );
      })}
    </Group>
  );
}
