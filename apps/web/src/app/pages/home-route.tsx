import '@mantine/dates/styles.css';
import { Button, Group } from '@mantine/core';
import { INSIGHTS_MSG, isPlanGated } from '@virality/domain';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { PerformanceSection, ProfileOverviewCard } from '../../features/analytics';
import { PlanGate, SubscriptionInfo } from '../../features/billing';
import { AccountsCard, GetSetUp, HomePage } from '../../features/home';
import { CreatePostButton, CreatePostHost, FirstPost, HomePosts, openCreatePost } from '../../features/posts';
import {
  LinkAccountDialog,
  PendingPageChooser,
  peekChooser,
  takeComposeAfterLink,
  useSocialAccounts,
  useUnlinkAccount,
} from '../../features/social';
import { useCurrentUser } from '../../lib/use-current-user';

/**
 * /home: the dashboard is the home feature's frame holding the posts, social-accounts and analytics features'
 * pieces. They meet here, in the app, so no feature imports another.
 */
const composer = { host: <CreatePostHost />, open: () => openCreatePost() };
const homePosts = (onLink: () => void) => (userId: string) => (
  <HomePosts userId={userId} performance={<PerformanceSection />} newcomer={<FirstSteps onLink={onLink} />} />
);

/**
 * Before the first post, a new owner's three steps (connect an account, the first post, a plan) in place of the
 * figures; a business's manager, who neither links accounts nor buys plans, is shown the way to a first post only.
 */
function FirstSteps({ onLink }: { onLink: () => void }) {
  const { data: user } = useCurrentUser();
  const accounts = useSocialAccounts();
  if (!user) return null;
  if (user.profileType === 'BUSINESS_MANAGER') return <FirstPost />;
  const linked = accounts.data?.length ?? 0;
  const plan = user.subscriptionDetails?.planType;
  return (
    <GetSetUp
      steps={[
        {
          key: 'connect',
          title: 'Connect an account',
          line: linked
            ? `${linked} ${linked === 1 ? 'account' : 'accounts'} connected.`
            : 'Link Instagram, Facebook, YouTube, LinkedIn, TikTok, X or Threads to post to it from here.',
          done: linked > 0,
          action: (
            <Button variant="default" size="sm" onClick={onLink}>
              Connect an account
            </Button>
          ),
        },
        {
          key: 'post',
          title: INSIGHTS_MSG.noPostYet,
          line: 'Write a post once and send it to every account you linked, now or at the time you choose.',
          done: false,
          // not 'Create …': the navigation's Create post is always beside it; a brand may start with a campaign instead
          action:
            user.profileType === 'BRANDS' ? (
              <Group gap="sm">
                <CreatePostButton label="Write a post" size="sm" />
                <Button component={Link} to={paths.createCampaign} variant="default" size="sm">
                  Create Campaign
                </Button>
              </Group>
            ) : (
              <CreatePostButton label="Write a post" size="sm" />
            ),
        },
        {
          key: 'plan',
          title: 'Choose your plan',
          line: user.paymentStatus
            ? `Your ${plan && plan !== 'FreeTier' ? `${plan} ` : ''}plan is active.`
            : plan === 'FreeTier'
              ? 'You are on the free tier: see what a paid plan adds.'
              : 'Pick the plan that fits how much you post.',
          done: Boolean(user.paymentStatus),
          action: (
            <Button component={Link} to={paths.profilePricing} variant="default" size="sm">
              See plans
            </Button>
          ),
        },
      ]}
    />
  );
}

function Side({ onLink }: { onLink: () => void }) {
  const accounts = useSocialAccounts();
  const unlink = useUnlinkAccount();
  return (
    <>
      <AccountsCard accounts={accounts.data} error={accounts.error} remove={unlink.mutateAsync} onAdd={onLink} />
      {/* the plan: its name, days to renewal and posts left (not shown to a manager) */}
      <SubscriptionInfo />
      <ProfileOverviewCard accounts={accounts.data} />
    </>
  );
}

/**
 * BRANDS, BUSINESS and IMC users without an active plan meet the subscription gate instead of the dashboard. The
 * page has no Create button of its own: the navigation's Create post is always in sight.
 */
export function HomeRoute() {
  const { data: user } = useCurrentUser();
  if (user && isPlanGated(user, new Date())) return <PlanGate user={user} />;
  return <Dashboard />;
}

/**
 * The dashboard, where linking an account starts (Add account, Connect an account: a dialog of networks) and where
 * a link comes back: the pages a consent gave are chosen here, and a link started from the composer opens it again.
 */
function Dashboard() {
  const [linking, setLinking] = useState(false);
  const openLink = () => setLinking(true);
  useEffect(() => {
    if (!peekChooser() && takeComposeAfterLink()) openCreatePost();
  }, []);
  return (
    <>
      <HomePage composer={composer} posts={homePosts(openLink)} side={<Side onLink={openLink} />} />
      <LinkAccountDialog opened={linking} onClose={() => setLinking(false)} origin="Home" />
      <PendingPageChooser onDone={() => takeComposeAfterLink() && openCreatePost()} />
    </>
  );
}
