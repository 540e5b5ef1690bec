import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import {
  IconBell,
  IconCalendar,
  IconFileText,
  IconHome,
  IconNews,
  IconSpeakerphone,
  IconStack2,
  IconTag,
  IconUser,
  type TablerIcon,
} from '@tabler/icons-react';
import {
  badgeText,
  CAMPAIGN_INFLUENCER_ROLE,
  headerIcons,
  rolesForPath,
  seesOnlyNewsAndProfile,
  type THeaderIcon,
  type TProfileType,
} from '@virality/domain';
import type { CSSProperties } from 'react';
import { NavLink } from 'react-router';
import { paths } from '../../config/paths';
// The button alone, not the posts feature's index: the layout chunk must not carry the posts pages.
import { CreatePostButton } from '../../features/posts/components/create-post-button';
import classes from './app-shell.module.css';

/** The campaign entries: not header icons, shown to the roles their pages are for. */
type TCampaignEntry = 'campaigns' | 'tagged';
/** The posting queue: not a header icon, shown to those who post (as the drafts are). */
type TEntryKey = Exclude<THeaderIcon, 'notifications'> | TCampaignEntry | 'queue';

/**
 * Where each entry of the main navigation leads. `to` is null while the page is not built: the entry is then not
 * shown, so nothing leads to the not-found page. The notifications are the bell's,
 * in the top bar.
 */
const ENTRIES: Record<TEntryKey, { label: string; to: string | null; Icon: TablerIcon }> = {
  home: { label: 'Home', to: paths.home, Icon: IconHome },
  calender: { label: 'Calendar', to: paths.calender, Icon: IconCalendar },
  queue: { label: 'Queue', to: paths.queue, Icon: IconStack2 },
  campaigns: { label: 'Campaigns', to: paths.campaigns, Icon: IconSpeakerphone },
  tagged: { label: 'Tagged', to: paths.tagged, Icon: IconTag },
  postdraft: { label: 'Drafts', to: paths.postDraft, Icon: IconFileText },
  news: { label: 'News', to: paths.newsRoom, Icon: IconNews },
  profile: { label: 'Profile', to: paths.profile, Icon: IconUser },
};

/** The order of the entries, sidebar top to bottom and tab bar left to right (Create sits after Calendar and Queue). */
const ORDER: TEntryKey[] = ['home', 'calender', 'queue', 'campaigns', 'tagged', 'postdraft', 'news', 'profile'];

/**
 * A campaign entry: Campaigns for the roles its page lets in (IMC and BRANDS), Tagged for the one role that is ever
 * tagged (its page lets every role in, but shows the others an empty list). Never while the navigation holds only
 * News and Profile (an account that has not paid).
 */
const campaignEntryShown = (key: TCampaignEntry, profileType: TProfileType, paymentStatus: boolean) => {
  if (seesOnlyNewsAndProfile(profileType, paymentStatus)) return false;
  if (key === 'tagged') return profileType === CAMPAIGN_INFLUENCER_ROLE;
  return rolesForPath(ENTRIES[key].to ?? '')?.includes(profileType) ?? false;
};

export type TNavEntry = { key: TEntryKey; label: string; to: string; Icon: TablerIcon };

/** The role's entries (domain headerIcons, and the campaign pages it may open) whose pages exist, in the navigation's order. */
export function navEntries(profileType: TProfileType, paymentStatus: boolean): TNavEntry[] {
  const icons = new Set<string>(headerIcons(profileType, paymentStatus));
  for (const key of ['campaigns', 'tagged'] as const) if (campaignEntryShown(key, profileType, paymentStatus)) icons.add(key);
  // the queue is where posts wait for their slots: for the roles that post, beside the calendar
  if (icons.has('postdraft')) icons.add('queue');
  return ORDER.flatMap((key) => {
    const { label, to, Icon } = ENTRIES[key];
    return icons.has(key) && to ? [{ key, label, to, Icon }] : [];
  });
}

/** Whether the role posts from here: the same entries that open the drafts (a manager's role is checked by the button). */
export const showsCreate = (profileType: TProfileType, paymentStatus: boolean) =>
  headerIcons(profileType, paymentStatus).includes('postdraft');

/** Where an item sits in the phone's tab bar (the sidebar keeps the list's own order, Create first). */
const phoneOrder = (n: number) => ({ '--phone-order': n }) as CSSProperties;

type TNavProps = { profileType: TProfileType; paymentStatus: boolean };

/**
 * The main navigation: a sidebar (icon and label) on a desktop, an icon rail on a tablet and a bottom tab bar on a
 * phone (app-shell.module.css), with Create always in sight. One list in one order, so keyboard and screen-reader
 * users meet the same entries at every width.
 */
export function AppNav({ profileType, paymentStatus }: TNavProps) {
  const entries = navEntries(profileType, paymentStatus);
  const create = showsCreate(profileType, paymentStatus);
  const at = (key: TEntryKey) => entries.findIndex((e) => e.key === key);
  // on the phone Create sits in the middle of the tab bar, after Calendar and Queue (or after Home when there are none)
  const createAfter = Math.max(at('calender'), at('queue'), at('home'));
  return (
    <nav aria-label="Main" className={classes.nav}>
      <ul className={classes.navList}>
        {create && (
          <li className={classes.createItem} style={phoneOrder(createAfter + 1)}>
            <CreatePostButton
              label={
                <>
                  {/* a no-break space: an ordinary one at the start of the word's own box is dropped ('Createpost') */}
                  Create<span className={classes.createMore}>{'\u00a0'}post</span>
                </>
              }
              aria-label="Create post"
              className={classes.create}
              classNames={{ inner: classes.createInner, section: classes.createIcon, label: classes.createLabel }}
            />
          </li>
        )}
        {entries.map(({ key, label, to, Icon }, i) => (
          <li key={key} className={classes.navItem} style={phoneOrder(i <= createAfter ? i : i + 1)}>
            <NavLink to={to} className={classes.link} title={label}>
              <Icon size={22} stroke={1.75} aria-hidden className={classes.linkIcon} />
              <span className={classes.linkLabel}>{label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

type TBellProps = { unseen: number; onClick: () => void };

/** The bell: how many notifications are unseen (capped at '9+'); it leads to the notifications and marks them seen. */
export function NotificationsBell({ unseen, onClick }: TBellProps) {
  const badge = badgeText(unseen);
  return (
    <Tooltip label="Notifications">
      <Indicator label={badge} disabled={!badge} size={18} color="red" offset={6} data-testid="bell-badge">
        <ActionIcon
          component={NavLink}
          to={paths.notifications}
          variant="subtle"
          color="gray"
          size={44}
          aria-label={badge ? `Notifications, ${badge} unseen` : 'Notifications'}
          onClick={onClick}
        >
          <IconBell size={22} stroke={1.75} aria-hidden />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}
