import '@mantine/dates/styles.css';
import { isPlanGated } from '@virality/domain';
import { PerformanceSection, ProfileOverviewCard } from '../../features/analytics';
import { PlanGate, SubscriptionInfo } from '../../features/billing';
import { AccountsCard, HomePage } from '../../features/home';
import { CreatePostHost, HomeCreateButton, HomePosts, openCreatePost } from '../../features/posts';
import { useSocialAccounts, useUnlinkAccount } from '../../features/social';
import { useCurrentUser } from '../../lib/use-current-user';

/**
 * /home: the dashboard is the home feature's frame holding the posts, social-accounts and analytics features'
 * pieces. They meet here, in the app, so no feature imports another.
 */
const composer = { host: <CreatePostHost />, open: () => openCreatePost() };
const homePosts = (userId: string) => <HomePosts userId={userId} performance={<PerformanceSection />} />;

function Side() {
  const accounts = useSocialAccounts();
  const unlink = useUnlinkAccount();
  return (
    <>
      <AccountsCard accounts={accounts.data} error={accounts.error} remove={unlink.mutateAsync} />
      {/* the plan: its name, days to renewal and posts left (not shown to a manager) */}
      <SubscriptionInfo />
      <ProfileOverviewCard accounts={accounts.data} />
    </>
  );
}

/** BRANDS, BUSINESS and IMC users without an active plan meet the subscription gate instead of the dashboard. */
export function HomeRoute() {
  const { data: user } = useCurrentUser();
  if (user && isPlanGated(user, new Date())) return <PlanGate user={user} />;
  return <HomePage composer={composer} createAction={<HomeCreateButton />} posts={homePosts} side={<Side />} />;
}
