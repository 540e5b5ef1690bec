import { Alert, Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconMessageReply, IconPencil, IconTrash } from '@tabler/icons-react';
import type { TPost } from '@virality/domain';
import dayjs from 'dayjs';
import { NetworkMarks } from '../../../components/network-marks';
import { PostMediaThumb } from '../../../components/post-media-thumb';
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

/** A draft: its media, status (waiting for approval, sent back with the owner's remark), caption, networks, actions. */
export function DraftCard({ draft, canReview, deleting, onEdit, onDelete, onReview }: TProps) {
  const status = draftStatus(draft);
  const caption = draft.CaptionDescription || draft.Title || 'Untitled draft';
  const review = canReview && draft.ApprovalStatus === 'pending';
  return (
    <Paper withBorder radius="lg" shadow="xs" p="md" component="article" aria-label={caption} h="100%">
      <Stack gap="sm" h="100%">
        <Box pos="relative">
          <PostMediaThumb media={draft.MediaDetails} size="100%" height={168} radius={8} />
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
        <Group gap="xs" mt="auto" justify="flex-end" wrap="wrap">
          <Button
            variant="subtle"
            color="red"
            size="sm"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => onDelete(draft)}
            loading={deleting}
            aria-label={`Delete draft: ${caption.slice(0, 40)}`}
          >
            Delete
          </Button>
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
      </Stack>
    </Paper>
  );
}
