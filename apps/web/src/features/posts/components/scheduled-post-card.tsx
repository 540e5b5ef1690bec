import { ActionIcon, Group, Loader, Menu, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconCalendarEvent, IconDotsVertical, IconPlayerPause, IconPlayerPlay, IconSend, IconTrash } from '@tabler/icons-react';
import { postBadge, scheduledMenu, type TPost, type TProfileType } from '@virality/domain';
import { NetworkMarks } from '../../../components/network-marks';
import { PostMediaThumb } from '../../../components/post-media-thumb';
import { StatusBadge } from '../../../components/status-badge';
import { displayedDateText, networkIdsOf } from '../lib/post-card';
import { useScheduledActions } from './use-scheduled-actions';

type TProps = {
  post: TPost;
  userId: string;
  role: TProfileType;
  now: Date;
  onReschedule: (post: TPost) => void;
};

/** A scheduled post: its first media, caption, networks, when it goes out (browser's zone), its badge and menu. */
export function ScheduledPostCard({ post, userId, role, now, onReschedule }: TProps) {
  const menu = scheduledMenu(post, role, now);
  const when = displayedDateText(post);
  const caption = post.CaptionDescription || post.Title || 'Untitled post';
  return (
    <Paper withBorder radius="lg" shadow="xs" p={{ base: 'sm', sm: 'md' }} component="article" aria-label={caption}>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <PostMediaThumb media={post.MediaDetails} size={72} />
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Text fw={600} lineClamp={2} style={{ wordBreak: 'break-word' }}>
              {caption}
            </Text>
            {menu.open && <ScheduledPostMenu post={post} userId={userId} menu={menu} onReschedule={onReschedule} />}
          </Group>
          <Group gap="xs" wrap="wrap">
            <StatusBadge status={postBadge(post)} />
            <NetworkMarks ids={networkIdsOf(post)} />
          </Group>
          {when && (
            <Text size="sm" c="dimmed" ff="text" style={{ fontVariantNumeric: 'tabular-nums' }}>
              <time dateTime={`${post.ScheduledDate}T${post.ScheduledTime}:00Z`}>{when}</time>
            </Text>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}

type TMenuProps = {
  post: TPost;
  userId: string;
  menu: ReturnType<typeof scheduledMenu>;
  onReschedule: (post: TPost) => void;
};

function ScheduledPostMenu({ post, userId, menu, onReschedule }: TMenuProps) {
  const actions = useScheduledActions(post, userId);
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={200}>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label="Post actions"
          disabled={actions.busy !== null}
          style={{ flex: 'none' }}
        >
          {actions.busy ? <Loader size={16} /> : <IconDotsVertical size={18} aria-hidden />}
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {menu.postNow && (
          <Menu.Item leftSection={<IconSend size={16} aria-hidden />} onClick={actions.postNow}>
            Post now
          </Menu.Item>
        )}
        {menu.pauseResume === 'pause' && (
          <Menu.Item leftSection={<IconPlayerPause size={16} aria-hidden />} onClick={actions.pause}>
            Pause
          </Menu.Item>
        )}
        {menu.pauseResume === 'resume' && (
          <Menu.Item leftSection={<IconPlayerPlay size={16} aria-hidden />} onClick={actions.resume}>
            Resume
          </Menu.Item>
        )}
        {menu.reschedule && (
          <Menu.Item leftSection={<IconCalendarEvent size={16} aria-hidden />} onClick={() => onReschedule(post)}>
            Reschedule
          </Menu.Item>
        )}
        {menu.delete && (
          <>
            <Menu.Divider />
            <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={actions.remove}>
              Delete
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** A card's shape while the list loads. */
export function PostCardSkeleton() {
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} aria-hidden data-testid="post-card-skeleton">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <Skeleton w={72} h={72} radius="md" style={{ flex: 'none' }} />
        <Stack gap={8} style={{ flex: 1 }}>
          <Skeleton h={14} w="70%" />
          <Group gap="xs">
            <Skeleton h={26} w={96} radius="xl" />
            <Skeleton h={20} w={20} radius="sm" />
            <Skeleton h={20} w={20} radius="sm" />
          </Group>
          <Skeleton h={12} w={150} />
        </Stack>
      </Group>
    </Paper>
  );
}
