import { ActionIcon, Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconArrowDown,
  IconArrowUp,
  IconCalendarClock,
  IconClock,
  IconPlayerPause,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
import type { TQueueItem } from '@virality/domain';
import { type ReactNode, useId, useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { PostMediaThumb } from '../../../components/post-media-thumb';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useQueueView } from '../../../lib/queue-api';
import { browserZone, momentText } from '../../../lib/zoned-time';
import { useMoveQueued, useShareNow, useTakeOut } from '../api/queue-posts';
import classes from './queue.module.css';

type TProps = {
  accountId: string;
  /** Resume from the paused notice (the schedule's own button does the same). */
  onResume: () => void;
  resuming: boolean;
};

/** Slots shown at first (every post waiting in the queue is shown, however far off), and how many more a click adds. */
const FIRST_SHOWN = 8;
const MORE_STEP = 10;
/** How many of the coming slots to show: the first few, and at least up to the last one holding a post. */
export function shownCount(items: readonly TQueueItem[], more: number): number {
  const lastPost = items.reduce((last, item, i) => (item.post ? i : last), -1);
  return Math.min(items.length, Math.max(FIRST_SHOWN + more, lastPost + 1 + more));
}

const VIDEO = /\.(mp4|mov|m4v|webm)(\?|$)/i;
const alsoOnText = (n: number) => (n === 1 ? 'Also on 1 other account' : `Also on ${n} other accounts`);

/** Where a post in a slot stands: queued, scheduled by hand at the slot's time, or held by a pause. */
function KindBadge({ item }: { item: TQueueItem }) {
  const paused = item.post?.state === 'paused';
  const look = paused
    ? { label: 'Paused', color: '#30364A', bg: '#E5E8EF', Icon: IconPlayerPause }
    : item.kind === 'queued'
      ? { label: 'Queued', color: '#1A56C4', bg: '#E7EFFE', Icon: IconCalendarClock }
      : { label: 'Scheduled', color: '#1A56C4', bg: '#E7EFFE', Icon: IconClock };
  return (
    <Badge
      size="sm"
      radius="xl"
      tt="none"
      fw={600}
      leftSection={<look.Icon size={12} stroke={2} aria-hidden />}
      styles={{ root: { color: look.color, background: look.bg, flex: 'none' } }}
    >
      {look.label}
    </Badge>
  );
}

function ItemAction({
  label,
  icon,
  onClick,
  disabled,
  color,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  color?: string;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="default"
        size={36}
        className={classes.action}
        aria-label={label}
        onClick={onClick}
        disabled={disabled}
        c={disabled ? undefined : color}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * An account's coming slots, earliest first, each at its time on the schedule's clock: the post in it (caption,
 * picture, how many other accounts it also goes to) or an empty slot. A queued post moves up or down, is shared now
 * or taken out; a post scheduled by hand at a slot's time is shown, not moved.
 */
export function ComingSlots({ accountId, onResume, resuming }: TProps) {
  const titleId = useId();
  const view = useQueueView(accountId);
  const [more, setMore] = useState(0);
  const move = useMoveQueued(accountId);
  const share = useShareNow(accountId);
  const takeOut = useTakeOut(accountId);
  const busy = move.isPending || share.isPending || takeOut.isPending;
  const said = {
    onSuccess: ({ message }: { message: string }) => notifySuccess(message),
    onError: (e: Error) => notifyError(e.message),
  };

  const zone = view.data?.timeZone ?? browserZone();
  const queued = (view.data?.items ?? []).filter((i) => i.kind === 'queued' && i.post).map((i) => i.post!.id);

  const confirmShare = (item: TQueueItem) =>
    modals.openConfirmModal({
      title: 'Share this post now?',
      centered: true,
      size: 'sm',
      children: (
        <Text size="sm">It goes out now instead of {momentText(item.at, zone)}. The other queued posts keep their slots.</Text>
      ),
      labels: { confirm: 'Share now', cancel: 'Cancel' },
      onConfirm: () => share.mutate(item.post!.id, said),
    });
  const confirmTakeOut = (item: TQueueItem) =>
    modals.openConfirmModal({
      title: 'Take this post out of the queue?',
      centered: true,
      size: 'sm',
      children: (
        <Text size="sm">
          {item.post!.alsoOn > 0
            ? `It no longer goes out on this account; it stays queued on its ${item.post!.alsoOn === 1 ? 'other account' : `${item.post!.alsoOn} other accounts`}.`
            : 'It goes to no other account, so it is deleted.'}
        </Text>
      ),
      labels: { confirm: 'Take out', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => takeOut.mutate(item.post!.id, said),
    });

  let body: ReactNode;
  if (view.isPending) {
    body = (
      <Stack gap={8} aria-label="Loading the queue">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={64} radius="md" />
        ))}
      </Stack>
    );
  } else if (view.isError) {
    body = <LoadErrorAlert title="The queue could not be read" error={view.error} onRetry={() => void view.refetch()} />;
  } else if (view.data.items.length === 0) {
    body = (
      <EmptyState
        order={3}
        icon={<IconCalendarClock size={24} />}
        title="No time slots yet"
        line="Add times to this account’s posting schedule: posts added to the queue go out at them."
      />
    );
  } else {
    const all = view.data.items;
    const count = shownCount(all, more);
    body = (
      <Stack gap="sm">
        <ul className={classes.items} aria-label="Coming slots">
          {all.slice(0, count).map((item) => {
            const when = momentText(item.at, zone);
            const post = item.post;
            const place = post ? queued.indexOf(post.id) : -1;
            return (
              <li
                key={`${item.at}-${post?.id ?? 'empty'}`}
                className={classes.item}
                data-kind={item.kind}
                aria-label={post ? `${when}: ${post.caption || 'Post'}` : `${when}: empty slot`}
              >
                <Text size="sm" fw={600} className={classes.when}>
                  {when}
                </Text>
                {post ? (
                  <Group gap="sm" wrap="nowrap" miw={0} align="flex-start">
                    <PostMediaThumb
                      media={
                        post.thumbnail
                          ? [{ ImageVideoUrl: post.thumbnail, PostType: VIDEO.test(post.thumbnail) ? 'VIDEO' : 'IMAGE' }]
                          : []
                      }
                      size={44}
                      radius={6}
                    />
                    <Stack gap={2} miw={0}>
                      <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                        {post.caption || 'No caption'}
                      </Text>
                      <Group gap={6} wrap="wrap">
                        <KindBadge item={item} />
                        {post.alsoOn > 0 && (
                          <Text size="xs" c="dimmed">
                            {alsoOnText(post.alsoOn)}
                          </Text>
                        )}
                      </Group>
                    </Stack>
                  </Group>
                ) : (
                  <Text size="sm" c="dimmed">
                    Empty slot
                  </Text>
                )}
                {item.kind === 'queued' && post ? (
                  <div className={classes.actions}>
                    <ItemAction
                      label="Move up"
                      icon={<IconArrowUp size={18} aria-hidden />}
                      onClick={() => move.mutate({ postId: post.id, direction: 'up' }, said)}
                      disabled={busy || place <= 0}
                    />
                    <ItemAction
                      label="Move down"
                      icon={<IconArrowDown size={18} aria-hidden />}
                      onClick={() => move.mutate({ postId: post.id, direction: 'down' }, said)}
                      disabled={busy || place === queued.length - 1}
                    />
                    <ItemAction
                      label="Share now"
                      icon={<IconSend size={18} aria-hidden />}
                      onClick={() => confirmShare(item)}
                      disabled={busy}
                    />
                    <ItemAction
                      label="Take out of the queue"
                      icon={<IconTrash size={18} aria-hidden />}
                      onClick={() => confirmTakeOut(item)}
                      disabled={busy}
                      color="red.8"
                    />
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
        {count < all.length && (
          <Button variant="subtle" onClick={() => setMore((m) => m + MORE_STEP)} style={{ alignSelf: 'center' }}>
            Show more slots
          </Button>
        )}
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="lg" shadow="xs" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <div>
          <Title order={2} fz={18} fw={650} id={titleId}>
            Coming slots
          </Title>
          <Text size="sm" c="dimmed">
            Times in {zone}.
          </Text>
        </div>
        {view.data?.paused && (
          <Alert color="gray" icon={<IconPlayerPause size={18} aria-hidden />} title="This queue is paused">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">Its posts wait and nothing goes out until you resume it.</Text>
              <Button size="xs" variant="default" onClick={onResume} loading={resuming}>
                Resume queue
              </Button>
            </Stack>
          </Alert>
        )}
        {body}
      </Stack>
    </Paper>
  );
}
