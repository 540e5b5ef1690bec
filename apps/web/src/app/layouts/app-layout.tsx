import { Outlet } from 'react-router';
import { Logo } from '../../components/logo';
import { PushPrompt } from '../../components/push-prompt';
import { paths } from '../../config/paths';
import { useLiveUnseenCount } from '../../features/notifications/api/live-unseen';
import { useMarkSeenActivity } from '../../features/notifications/api/mark-seen-activity';
import { usePointsEarned } from '../../features/points/components/points-toast';
import { useCurrentUser } from '../../lib/use-current-user';
import { AppNav, NotificationsBell } from './app-nav';
import classes from './app-shell.module.css';
import { useNotificationVisit } from './use-notification-visit';

/**
 * Logged-in pages: a top bar (logo and bell), the main navigation (sidebar, rail or bottom tab bar, by width) and
 * the page. Behind the role guard the user is always loaded; on the not-found page (PublicLayout) the page shows at
 * once and the navigation joins the logo when the user has loaded.
 */
export function AppLayout() {
  const { data: user } = useCurrentUser();
  const markSeen = useMarkSeenActivity();
  // the congratulation when the user's post earns points, on whichever page is open
  const onPoints = usePointsEarned();
  useLiveUnseenCount(Boolean(user), { onPoints });
  // a page opened from a push notification counts the visit
  useNotificationVisit(user?._id);
  return (
    <div className={classes.shell}>
      <a href="#main" className={classes.skip}>
        Skip to content
      </a>
      <header className={classes.topbar}>
        <Logo to={paths.home} />
        {user && (
          <div className={classes.topbarEnd}>
            <NotificationsBell unseen={user.UnseenNotifsCount} onClick={() => markSeen.mutate()} />
          </div>
        )}
      </header>
      <div className={classes.body} data-nav={user ? true : undefined}>
        {user && <AppNav profileType={user.profileType} paymentStatus={user.paymentStatus} />}
        <main id="main" tabIndex={-1} className={classes.main}>
          <Outlet />
        </main>
      </div>
      {user && <PushPrompt userId={user._id} />}
    </div>
  );
}
