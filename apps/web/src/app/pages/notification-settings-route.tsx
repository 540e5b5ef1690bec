import { CAMPAIGN_INFLUENCER_ROLE } from '@virality/domain';
import { MutedOwners } from '../../features/campaigns';
import { NotificationSettingsPage } from '../../features/profile/components/notification-settings-page';
import { useCurrentUser } from '../../lib/use-current-user';

/** /profile/notification: the profile feature's switches, with an influencer's muted campaign owners below them. */
export function NotificationSettingsRoute() {
  const influencer = useCurrentUser().data?.profileType === CAMPAIGN_INFLUENCER_ROLE;
  return <NotificationSettingsPage extra={influencer ? <MutedOwners /> : null} />;
}
