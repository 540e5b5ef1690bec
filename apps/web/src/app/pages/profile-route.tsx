import { SubscriptionInfo } from '../../features/billing';
import { ProfilePage } from '../../features/profile';

/** /profile: the profile feature's hub holding the billing feature's subscription summary. */
export function ProfileRoute() {
  return <ProfilePage subscription={<SubscriptionInfo />} />;
}
