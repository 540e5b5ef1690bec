import '@mantine/dates/styles.css';
import { ProfileOverviewCard } from '../../features/analytics';
import { AccountsCard, HomePage } from '../../features/home';
import { CreatePostHost, HomeCreateButton, HomePosts, openCreatePost } from '../../features/posts';
import { useSocialAccounts, useUnlinkAccount } from '../../features/social';

/**
 * /home: the dashboard is the home feature's frame holding the posts, social-accounts and analytics features'
 * pieces. They meet here, in the app, so no feature imports another.
 */
const composer = { host: <CreatePostHost />, open: () => openCreatePost() };
const homePosts = (userId: string) => <HomePosts userId={userId} />;

function Side() {
  const accounts = useSocialAccounts();
  const unlink = useUnlinkAccount();
  return (
    <>
      <AccountsCard accounts={accounts.data} error={accounts.error} remove={unlink.mutateAsync} />
      <ProfileOverviewCard accounts={accounts.data} />
    </>
  );
}

export function HomeRoute() {
  return <HomePage composer={composer} createAction={<HomeCreateButton />} posts={homePosts} side={<Side />} />;
}
