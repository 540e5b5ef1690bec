import { ActionIcon, Group, Indicator, Tooltip } from '@mantine/core';
import { badgeText, headerIcons, type THeaderIcon, type TProfileType } from '@virality/domain';
import type { ComponentType } from 'react';
import { NavLink } from 'react-router';
import { BellIcon, CalendarIcon, DraftIcon, HomeIcon, NewsIcon, UserIcon } from '../../components/icons';
import { paths } from '../../config/paths';

type TLinkIcon = Exclude<THeaderIcon, 'notifications'>;

/**
 * Where each header icon leads. `to` is null while the page is not built: the icon is
 * then not shown, so no icon leads to the not-found page. Still to come: the news room '/news-room'.
 */
const LINK_ICONS: Record<TLinkIcon, { label: string; to: string | null; Icon: ComponentType }> = {
  home: { label: 'Home', to: paths.home, Icon: HomeIcon },
  postdraft: { label: 'Post draft', to: paths.postDraft, Icon: DraftIcon },
  calender: { label: 'Calendar', to: paths.calender, Icon: CalendarIcon },
  news: { label: 'News', to: null, Icon: NewsIcon },
  profile: { label: 'Profile', to: paths.profile, Icon: UserIcon },
};

type TProps = { profileType: TProfileType; paymentStatus: boolean; unseen: number; onBellClick: () => void };

/** The logged-in header icons (domain headerIcons) whose pages exist, with the bell badge capped at '9+'. */
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
        if (!to) return null;
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
