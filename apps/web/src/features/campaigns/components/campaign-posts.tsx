import { Alert, Badge, Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconEye, IconHourglass, IconMessageReply, IconPencil, IconSend, IconSpeakerphone } from '@tabler/icons-react';
import { socialNetwork, type TCampaignPerson, type TCampaignPost } from '@virality/domain';
import { useState } from 'react';
import { NetworkMarks } from '../../../components/network-marks';
import { StatusBadge, type TPostStatus } from '../../../components/status-badge';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { getPostDetails } from '../../analytics/api/post-details';
import { openCreatePost } from '../../posts/lib/composer-store';
import { useResendPost } from '../api/review';
import { dayText } from '../lib/campaign-view';
import { ReviewBadge } from './campaign-parts';
import classes from './campaigns.module.css';

const nameOf = (p: TCampaignPerson) => p.name || p.userName || 'Influencer';

/** A caption's start, as a row shows it. */
const CAPTION_START = 90;
const captionStart = (caption: string | null) => {
  const text = (caption ?? '').trim().replace(/\s+/g, ' ');
  if (!text) return 'No caption';
  return text.length > CAPTION_START ? `${text.slice(0, CAPTION_START - 1)}…` : text;
};

/** A post's status word from the server, in the post statuses' look when it is one of them. */
function postStatusOf(status: string): TPostStatus | null {
  const s = status.toLowerCase();
  if (s.includes('part')) return 'Partly posted';
  if (s.includes('fail') || s.includes('reconnect')) return 'Failed';
  if (s.includes('draft')) return 'Draft';
  if (s.includes('approval') || s.includes('review')) return 'Pending approval';
  if (s.includes('pause')) return 'Paused';
  if (s.includes('schedul')) return 'Scheduled';
  if (s.includes('publishing') || s.includes('processing') || s.includes('progress')) return 'Publishing';
  if (s.includes('post') || s.includes('publish') || s.includes('sent') || s.includes('done') || s.includes('success'))
    return 'Posted';
  return null;
}

/** Where a post stands: in the owner's review (awaiting, changes requested) or, after it, as a post. */
function PostStatus({ post }: { post: TCampaignPost }) {
  if (post.review === 'awaiting' || post.review === 'changes_requested') return <ReviewBadge review={post.review} />;
  const known = postStatusOf(post.status);
  if (known) return <StatusBadge status={known} />;
  return (
    <Badge variant="light" color="gray" tt="none" radius="xl" size="lg">
      {post.status}
    </Badge>
  );
}

type TProps = {
  campaignId: string;
  posts: TCampaignPost[];
  /** The campaign's owner reviews; an influencer acts on their own posts. */
  owner: boolean;
  /** Whose approval the influencer waits for. */
  ownerName: string;
  /** Opens the owner's review of a post. */
  onReview: (post: TCampaignPost) => void;
};

/**
 * The posts made for the campaign. The owner's posts awaiting approval stand out, each with Review; an influencer
 * sees where theirs stand and, when the owner asked for changes, the remark with Edit post and Send for approval.
 */
export function CampaignPosts({ campaignId, posts, owner, ownerName, onReview }: TProps) {
  if (posts.length === 0)
    return (
      <Group gap="sm" wrap="nowrap" c="dimmed">
        <IconSpeakerphone size={18} stroke={1.75} aria-hidden />
        <Text size="sm">No posts made for this campaign yet.</Text>
      </Group>
    );
  return (
    <Stack gap={0} component="ul" className={classes.plainList} aria-label="Posts made for the campaign">
      {posts.map((p, i) => {
        const ids: string[] = p.networks.flatMap((n) => socialNetwork(n)?.id ?? []);
        const waiting = owner && p.review === 'awaiting';
        return (
          <Box
            component="li"
            key={p._id}
            py="sm"
            className={waiting ? classes.awaitingRow : undefined}
            style={i === 0 ? undefined : { borderTop: '1px solid var(--mantine-color-gray-2)' }}
            data-testid="campaign-post"
            data-review={p.review ?? undefined}
          >
            <Stack gap={6}>
              <Text size="sm" className={classes.wrap}>
                {captionStart(p.caption)}
              </Text>
              <Group justify="space-between" gap="sm" wrap="wrap">
                <Group gap="sm" wrap="wrap">
                  {ids.length > 0 && <NetworkMarks ids={ids} size={20} />}
                  <Text size="xs" c="dimmed">
                    {nameOf(p.author)} · {dayText(p.scheduledAt ?? p.createdAt)}
                  </Text>
                </Group>
                <Group gap="sm" wrap="wrap">
                  <PostStatus post={p} />
                  {owner && p.review === 'awaiting' && (
                    <Button
                      size="xs"
                      leftSection={<IconMessageReply size={14} aria-hidden />}
                      onClick={() => onReview(p)}
                      className={classes.rowAction}
                      aria-label={`Review the post by ${nameOf(p.author)}: ${captionStart(p.caption).slice(0, 40)}`}
                    >
                      Review
                    </Button>
                  )}
                  {owner && p.review && p.review !== 'awaiting' && (
                    <Button
                      size="xs"
                      variant="subtle"
                      leftSection={<IconEye size={14} aria-hidden />}
                      onClick={() => onReview(p)}
                      className={classes.rowAction}
                      aria-label={`Details of the review of the post by ${nameOf(p.author)}: ${captionStart(p.caption).slice(0, 40)}`}
                    >
                      Details
                    </Button>
                  )}
                </Group>
              </Group>
              {!owner && p.review === 'awaiting' && (
                <Group gap={6} wrap="nowrap" c="dimmed">
                  <IconHourglass size={14} stroke={1.75} aria-hidden style={{ flex: 'none' }} />
                  <Text size="xs">Waiting for {ownerName}’s approval: it goes out once approved.</Text>
                </Group>
              )}
              {!owner && p.review === 'changes_requested' && (
                <ChangesRequested campaignId={campaignId} post={p} ownerName={ownerName} />
              )}
            </Stack>
          </Box>
        );
      })}
    </Stack>
  );
}

/** The influencer's post the owner sent back: the remark, then Edit post (the composer) and Send for approval. */
function ChangesRequested({ campaignId, post, ownerName }: { campaignId: string; post: TCampaignPost; ownerName: string }) {
  const resend = useResendPost(campaignId);
  const [opening, setOpening] = useState(false);

  const edit = async () => {
    setOpening(true);
    try {
      // the composer edits the draft as the drafts page opens it: the whole post
      openCreatePost(await getPostDetails(post._id));
    } catch (e) {
      notifyError(e instanceof Error ? e.message : 'Could not open the post');
    } finally {
      setOpening(false);
    }
  };

  return (
    <Alert
      color="orange"
      variant="light"
      radius="md"
      p="sm"
      mt={4}
      title={`${ownerName} asked for changes`}
      // the "Sent back" pair (5.9:1), and a pale ground every text on it reads on
      styles={{ root: { background: '#FFF6EF' }, title: { color: '#9C3D0A' } }}
      data-testid="review-remark"
    >
      <Stack gap="sm">
        {post.remark && (
          <Text size="sm" className={classes.remark}>
            {post.remark}
          </Text>
        )}
        <Text size="xs" c="gray.7">
          Edit the post, then send it for approval again.
        </Text>
        <Group gap="sm" wrap="wrap">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPencil size={14} aria-hidden />}
            onClick={() => void edit()}
            loading={opening}
            disabled={resend.isPending}
            className={classes.rowAction}
          >
            Edit post
          </Button>
          <Button
            size="xs"
            leftSection={<IconSend size={14} aria-hidden />}
            onClick={() =>
              resend.mutate(post._id, {
                onSuccess: (message) => notifySuccess(message),
                onError: (err) => notifyError(err.message),
              })
            }
            loading={resend.isPending}
            disabled={opening}
            className={classes.rowAction}
          >
            Send for approval
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
