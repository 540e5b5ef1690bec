import { ActionIcon, Alert, Box, Button, Center, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconMessageReply, IconPencil, IconPhoto, IconPlayerPlayFilled, IconTrash } from '@tabler/icons-react';
import type { TPost } from '@virality/domain';
import dayjs from 'dayjs';
import { NetworkMarks } from '../../../components/network-marks';
import { StatusBadge } from '../../../components/status-badge';
import { draftStatus, networkIdsOf } from '../lib/post-card';

type TProps = {
  draft: TPost;
  /** The business owner (not a manager) may review a manager's draft that waits for approval. */
  canReview: boolean;
  deleting: boolean;
  onEdit: (draft: TPost) => void;
  onDelete: (draft: TPost) => void;
  onReview: (draft: TPost) => void;
};

type TMedia = TPost['MediaDetails'][number];

/**
 * The draft's first file whole, in a 4:5 frame (the portrait shape feeds ask for): a 4:5 picture fills it, any other
 * shape is shown entire with the frame's grey around it, never cropped. A video shows its first frame and a play mark.
 */
function DraftMedia({ media }: { media: readonly TMedia[] }) {
  const first = media[0];
  const frame = {
    aspectRatio: '4 / 5',
    width: '100%',
    borderRadius: 8,
    overflow: 'hidden',
    position: 'relative' as const,
    background: 'var(--mantine-color-gray-1)',
  };
  if (!first)
    return (
      <Center style={frame} aria-hidden>
        <IconPhoto size={32} color="var(--mantine-color-gray-6)" />
      </Center>
    );
  const whole = { width: '100%', height: '100%', objectFit: 'contain' as const, display: 'block' };
  const video = first.PostType === 'VIDEO';
  return (
    <Box style={frame} data-testid="draft-media">
      {video ? (
        <video src={`${first.ImageVideoUrl}#t=0.1`} muted preload="metadata" style={whole} aria-label="Video" />
      ) : (
        <img src={first.ImageVideoUrl} alt="" loading="lazy" style={whole} />
      )}
      {video && (
        <Center
          pos="absolute"
          inset={0}
          c="white"
          style={{ pointerEvents: 'none', filter: 'drop-shadow(0 1px 2px rgba(0,0,0,.5))' }}
          aria-hidden
        >
          <IconPlayerPlayFilled size={28} />
        </Center>
      )}
      {media.length > 1 && (
        <Text
          span
          pos="absolute"
          right={6}
          bottom={6}
          px={6}
          fz={12}
          fw={600}
          c="white"
          bg="rgba(16,24,40,.72)"
          style={{ borderRadius: 4 }}
        >
          {media.length} files
        </Text>
      )}
    </Box>
  );
}

/** A draft: its media, status (waiting for approval, sent back with the owner's remark), caption, networks, actions. */
export function DraftCard({ draft, canReview, deleting, onEdit, onDelete, onReview }: TProps) {
  const status = draftStatus(draft);
  const caption = draft.CaptionDescription || draft.Title || 'Untitled draft';
  const review = canReview && draft.ApprovalStatus === 'pending';
  return (
    <Paper withBorder radius="lg" shadow="xs" p="md" component="article" aria-label={caption} h="100%">
      <Stack gap="sm" h="100%">
        <Box pos="relative">
          <DraftMedia media={draft.MediaDetails} />
          <Box pos="absolute" top={8} left={8}>
            <StatusBadge status={status} />
          </Box>
        </Box>
        <Text fw={600} lineClamp={3} style={{ wordBreak: 'break-word' }}>
          {caption}
        </Text>
        <Group gap="xs" justify="space-between" wrap="wrap">
          <NetworkMarks ids={networkIdsOf(draft)} />
          <Text size="xs" c="dimmed">
            {draft.UserName ? `${draft.UserName} · ` : ''}
            {dayjs(draft.ModifiedDate).format('D MMM, HH:mm')}
          </Text>
        </Group>
        {draft.ApprovalStatus === 'sent_back' && draft.Remark && (
          <Alert color="orange" variant="light" radius="md" p="xs" title="Sent back by the owner" data-testid="draft-remark">
            <Text size="sm">{draft.Remark}</Text>
          </Alert>
        )}
        {/* one row at every width: Delete is an icon (named, with its tooltip), Edit and Review keep their words */}
        <Group gap="xs" mt="auto" justify="space-between" wrap="nowrap" data-testid="draft-actions">
          <Tooltip label="Delete draft">
            <ActionIcon
              variant="subtle"
              color="red"
              size={36}
              onClick={() => onDelete(draft)}
              loading={deleting}
              aria-label={`Delete draft: ${caption.slice(0, 40)}`}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Group gap="xs" wrap="nowrap">
            <Button
              variant="default"
              size="sm"
              leftSection={<IconPencil size={16} aria-hidden />}
              onClick={() => onEdit(draft)}
              aria-label={`Edit draft: ${caption.slice(0, 40)}`}
            >
              Edit
            </Button>
            {review && (
              <Button size="sm" leftSection={<IconMessageReply size={16} aria-hidden />} onClick={() => onReview(draft)}>
                Review
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
