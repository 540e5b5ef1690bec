import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  Container,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconAlertTriangle,
  IconBell,
  IconBellOff,
  IconCalendarDue,
  IconCircleCheck,
  IconCreditCard,
  IconFileText,
  IconSend,
  IconStar,
  IconTrash,
  IconTrophy,
  IconX,
} from '@tabler/icons-react';
import { NOTIFICATION_MSG, rolesForPath, type TActivity } from '@virality/domain';
import { useEffect, useId } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { NetworkTile } from '../../../components/network-tile';
import { TargetBadge } from '../../../components/status-badge';
import { UserAvatar } from '../../../components/user-avatar';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/use-current-user';
import { ListLoadError, ListPages, usePageParam } from '../../posts/components/list-parts';
import { countNotificationVisit, useActivities, useDeleteActivity, useDeleteAllActivities, useMarkRead } from '../api/activities';
import { useMarkSeenActivity } from '../api/mark-seen-activity';
import {
  activityDateLong,
  activityDateText,
  activityLink,
  activityNetwork,
  activityTone,
  CLEAR_ALL_MIN,
  canClearAll,
  resultRows,
  type TActivityTone,
} from '../lib/activity-view';
import classes from './notifications-page.module.css';

const TONE_COLOR: Record<TActivityTone, string> = { ok: 'green', failed: 'red', warning: 'orange', info: 'brand' };

/** What a notification is about, at a glance: who caused it, the network it names, or an icon of its kind. */
function ActivityMark({ activity }: { activity: TActivity }) {
  if (activity.senderId)
    return <UserAvatar name={activity.senderId.name ?? ''} image={activity.senderId.profileImage} color={null} size={40} />;
  const network = activityNetwork(activity);
  if (network) return <NetworkTile network={network} size={40} />;
  const tone = activityTone(activity);
  const Icon =
    activity.type === 'POST_NOTIFICATION'
      ? tone === 'ok'
        ? IconCircleCheck
        : tone === 'info'
          ? IconSend
          : IconAlertTriangle
      : activity.type === 'PLAN_ENDING' || activity.type === 'PLAN_ENDED'
        ? IconCalendarDue
        : activity.type.startsWith('PLAN_')
          ? IconCreditCard
          : activity.type.startsWith('DRAFT_')
            ? IconFileText
            : activity.type === 'POINTS_EARNED'
              ? IconStar
              : activity.type === 'LEVEL_REACHED'
                ? IconTrophy
                : IconBell;
  return (
    <ThemeIcon size={40} radius="xl" variant="light" color={TONE_COLOR[tone]} aria-hidden style={{ flex: 'none' }}>
      <Icon size={20} stroke={1.75} />
    </ThemeIcon>
  );
}

/** A post's result, account by account: where it went out, and where it failed with the reason. */
function PostResultRows({ activity }: { activity: TActivity }) {
  const rows = resultRows(activity);
  if (rows.length === 0) return null;
  return (
    <Stack component="ul" gap={6} className={classes.results} aria-label="Where the post went" mt={2}>
      {rows.map((r) => (
        <Group component="li" key={r.key} gap="xs" wrap="nowrap" align="flex-start">
          {r.network && <NetworkTile network={r.network} size={20} />}
          <Box miw={0} style={{ flex: 1 }}>
            <Text size="sm" truncate>
              {r.account}
            </Text>
            {r.reason && (
              <Text size="xs" c="red.9">
                {r.reason}
              </Text>
            )}
          </Box>
          <TargetBadge tone={r.sent ? 'ok' : 'failed'} label={r.sent ? 'Sent' : 'Failed'} />
        </Group>
      ))}
    </Stack>
  );
}

type TItemProps = { activity: TActivity; onOpen: (a: TActivity) => void; onDelete: (a: TActivity) => void };

/** One notification: bold on a violet ground until read; a click opens what it is about and marks it read. */
function ActivityItem({ activity, onOpen, onDelete }: TItemProps) {
  const unread = !activity.isRead;
  const titleId = useId();
  const hasResult = Boolean(activity.postResData && (activity.postResData.success.length || activity.postResData.failure.length));
  const description = activity.remarks || hasResult ? null : activity.description;
  return (
    <Paper
      component="article"
      withBorder
      radius="lg"
      p={{ base: 'sm', sm: 'md' }}
      className={classes.item}
      data-unread={unread || undefined}
      aria-labelledby={titleId}
      data-testid="notification"
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <ActivityMark activity={activity} />
        <Stack gap={6} miw={0} style={{ flex: 1 }}>
          <Group wrap="nowrap" align="flex-start" gap="xs">
            <UnstyledButton
              className={classes.open}
              onClick={() => onOpen(activity)}
              id={titleId}
              aria-label={unread ? `Unread: ${activity.title}` : undefined}
            >
              <Text component="span" size="sm" fw={unread ? 700 : 500} className={classes.title}>
                {activity.title}
              </Text>
            </UnstyledButton>
            {unread && <span className={classes.dot} aria-hidden />}
          </Group>
          {description && (
            <Text size="sm" c="dimmed" className={classes.title} style={{ whiteSpace: 'pre-line' }}>
              {description}
            </Text>
          )}
          <PostResultRows activity={activity} />
          {activity.remarks && (
            <Box className={classes.remarks} px="sm" py={6}>
              <Text size="xs" fw={600} c="dimmed">
                Remarks
              </Text>
              <Text size="sm">{activity.remarks}</Text>
            </Box>
          )}
          <Text size="xs" c="dimmed" component="time" dateTime={activity.createdAt} title={activityDateLong(activity.createdAt)}>
            {activityDateText(activity.createdAt)}
          </Text>
        </Stack>
        <Tooltip label="Delete">
          <ActionIcon
            variant="subtle"
            color="gray"
            size={36}
            className={classes.delete}
            aria-label={`Delete notification: ${activity.title}`}
            onClick={() => onDelete(activity)}
          >
            <IconX size={18} stroke={1.75} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Paper>
  );
}

function ActivitySkeleton() {
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} aria-hidden data-testid="notification-skeleton">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Skeleton circle h={40} w={40} style={{ flex: 'none' }} />
        <Stack gap={8} style={{ flex: 1 }}>
          <Skeleton h={14} w="60%" />
          <Skeleton h={12} w="85%" />
          <Skeleton h={10} w={96} />
        </Stack>
      </Group>
    </Paper>
  );
}

/** Back where the user came from inside the app; opened by its address, to the home page. */
function BackLink() {
  const location = useLocation();
  const navigate = useNavigate();
  if (location.key === 'default')
    return (
      <Anchor component={Link} to={paths.home} size="sm" w="fit-content">
        ← Home
      </Anchor>
    );
  return (
    <Anchor component="button" type="button" size="sm" w="fit-content" onClick={() => navigate(-1)}>
      ← Back
    </Anchor>
  );
}

/**
 * /notifications: the user's notifications, 10 a page, newest first. A click marks one read (and everything seen)
 * and opens what it is about; each can be deleted, and Clear All (with five or more shown) deletes them all.
 */
export function NotificationsPage() {
  const { data: user } = useCurrentUser();
  const [page, setPage] = usePageParam();
  const query = useActivities(page);
  const markRead = useMarkRead();
  const markSeen = useMarkSeenActivity();
  const remove = useDeleteActivity();
  const clear = useDeleteAllActivities();
  const navigate = useNavigate();
  const data = query.data;
  const docs = data?.docs ?? [];

  // a page emptied (its last notification deleted) steps back to the last page there is
  useEffect(() => {
    if (data && page > 1 && data.docs.length === 0) setPage(Math.max(1, data.pages));
  }, [data, page, setPage]);

  const open = (a: TActivity) => {
    if (!a.isRead) markRead.mutate(a._id);
    markSeen.mutate();
    const to = activityLink(a, { pointWallet: !!user && !!rolesForPath(paths.pointWallet)?.includes(user.profileType) });
    if (!to) return;
    if (user) countNotificationVisit(user._id);
    navigate(to);
  };

  const confirmClear = () =>
    modals.openConfirmModal({
      title: 'Clear all notifications?',
      centered: true,
      size: 'sm',
      children: <Text size="sm">Every notification is deleted, on every page. This cannot be undone.</Text>,
      labels: { confirm: 'Clear All', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => clear.mutate(undefined, { onSuccess: () => setPage(1) }),
    });

  const clearable = canClearAll(docs.length);
  const whyId = useId();
  const clearButton = (
    <Button
      variant="default"
      leftSection={<IconTrash size={16} stroke={1.75} aria-hidden />}
      disabled={!clearable}
      loading={clear.isPending}
      onClick={confirmClear}
      aria-describedby={clearable ? undefined : whyId}
    >
      Clear All
    </Button>
  );

  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }} px={{ base: 'md', sm: 'lg' }}>
      <Stack gap="lg">
        <BackLink />
        <Group justify="space-between" align="flex-end" gap="sm">
          <div>
            <Title order={1} fz={{ base: 24, sm: 28 }}>
              Notifications
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              Your posts, drafts, accounts and plan, newest first.
            </Text>
          </div>
          {clearButton}
        </Group>
        {/* why the button waits, on the page for everyone (a disabled button takes no focus, and a phone no hover) */}
        {!clearable && docs.length > 0 && (
          <Text size="sm" c="dimmed" id={whyId} mt={-8} ta={{ base: 'left', sm: 'right' }}>
            Clear All works once {CLEAR_ALL_MIN} or more notifications are shown.
          </Text>
        )}
        {query.error ? (
          <ListLoadError title="Could not load your notifications" error={query.error} onRetry={() => void query.refetch()} />
        ) : !data ? (
          <Stack gap="sm" aria-busy="true" aria-label="Loading notifications">
            {[0, 1, 2, 3].map((i) => (
              <ActivitySkeleton key={i} />
            ))}
          </Stack>
        ) : docs.length === 0 ? (
          <EmptyState
            icon={<IconBellOff size={24} />}
            title={NOTIFICATION_MSG.empty}
            line="You are all caught up. Posts going out, drafts to review, accounts to reconnect and your plan show here."
          />
        ) : (
          <Stack gap="sm">
            <Stack gap="sm" aria-label="Notifications" role="feed" aria-busy={query.isFetching}>
              {docs.map((a) => (
                <ActivityItem key={a._id} activity={a} onOpen={open} onDelete={(x) => remove.mutate(x._id)} />
              ))}
            </Stack>
            <ListPages
              summary={`${data.total} ${data.total === 1 ? 'notification' : 'notifications'}`}
              label="Notification pages"
              page={page}
              pages={data.pages}
              onChange={setPage}
            />
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
