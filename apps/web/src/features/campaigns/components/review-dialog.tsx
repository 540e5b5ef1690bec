import { Button, Group, Modal, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCheck, IconMessageReply } from '@tabler/icons-react';
import { CAMPAIGN_REMARK_MAX, REVIEW_MSG, type TCampaignPerson, type TCampaignPost } from '@virality/domain';
import { type FormEvent, useId, useRef, useState } from 'react';
import { FormErrorAlert, useFormError } from '../../../components/form-error-alert';
import { UserAvatar } from '../../../components/user-avatar';
import { notifySuccess } from '../../../lib/notify';
import { ListLoadError } from '../../posts/components/list-parts';
import { type TReviewAnswer, useCampaignPost, useReviewPost } from '../api/review';
import { dayText } from '../lib/campaign-view';
import { ReviewBadge } from './campaign-parts';
import classes from './campaigns.module.css';
import { momentText, ReviewHistory, ReviewPreviews } from './review-parts';

const nameOf = (p: TCampaignPerson) => p.name || p.userName || 'Influencer';

type TProps = {
  campaignId: string;
  /** The post reviewed; null while the dialog is closed. */
  post: TCampaignPost | null;
  onClose: () => void;
};

/**
 * The owner's review of a post made for the campaign: the post as each of its networks will show it, its history,
 * and the answer: Approve (it goes out as its author meant) or Ask for changes (a remark is needed). The answer's
 * buttons stay at the dialog's foot, in view at every width while the previews and history scroll above them; the
 * server's words say how it went, there too.
 */
export function ReviewDialog({ campaignId, post, onClose }: TProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  const review = useReviewPost(campaignId);
  const busy = review.isPending;
  return (
    <Modal
      opened={post !== null}
      onClose={busy ? () => {} : onClose}
      title={post ? `Review the post by ${nameOf(post.author)}` : 'Review the post'}
      centered
      size={880}
      radius="lg"
      fullScreen={Boolean(phone)}
      classNames={{ content: classes.reviewScroll }}
    >
      {post && <ReviewBody key={post._id} campaignId={campaignId} post={post} review={review} onClose={onClose} />}
    </Modal>
  );
}

type TBodyProps = {
  campaignId: string;
  post: TCampaignPost;
  review: ReturnType<typeof useReviewPost>;
  onClose: () => void;
};

function ReviewBody({ campaignId, post, review, onClose }: TBodyProps) {
  const query = useCampaignPost(campaignId, post._id);
  const [remark, setRemark] = useState('');
  const [remarkError, setRemarkError] = useState<string | null>(null);
  const [sending, setSending] = useState<'approve' | 'changes' | null>(null);
  const remarkRef = useRef<HTMLTextAreaElement>(null);
  const formId = useId();
  const top = useFormError();
  const full = query.data;
  // the list's state is the freshest (the dialog's post is read once)
  const awaiting = post.review === 'awaiting';
  const scheduledAt = full?.scheduledAt ?? post.scheduledAt;

  const decide = (answer: TReviewAnswer) => {
    top.clear();
    setSending(answer.approve ? 'approve' : 'changes');
    review.mutate(
      { postId: post._id, answer },
      {
        onSuccess: ({ message }) => {
          notifySuccess(message);
          onClose();
        },
        onError: (err) => top.show(err.message),
        onSettled: () => setSending(null),
      },
    );
  };

  const askChanges = (e: FormEvent) => {
    e.preventDefault();
    if (review.isPending) return;
    const text = remark.trim();
    if (!text) {
      setRemarkError(REVIEW_MSG.remarkRequired);
      // into view above the actions' bar, which would hide it (the dialog's scroll padding keeps it clear)
      remarkRef.current?.focus({ preventScroll: true });
      remarkRef.current?.scrollIntoView?.({ block: 'nearest' });
      return;
    }
    decide({ approve: false, remark: text });
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <UserAvatar name={nameOf(post.author)} image={post.author.profileImage} color={null} size={36} />
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} truncate>
              {nameOf(post.author)}
            </Text>
            <Text size="xs" c="dimmed">
              Made {dayText(post.createdAt)}
              {scheduledAt ? ` · for ${momentText(scheduledAt)}` : ''}
            </Text>
          </div>
        </Group>
        {post.review && post.review !== 'approved' && <ReviewBadge review={post.review} />}
      </Group>

      <Stack gap="sm" component="section" aria-labelledby="review-previews">
        <Title order={3} fz={16} fw={600} id="review-previews">
          How it will look
        </Title>
        {query.error ? (
          <ListLoadError title="Could not load the post" error={query.error} onRetry={() => void query.refetch()} />
        ) : !full ? (
          <Skeleton h={320} radius="lg" aria-label="Loading the post" />
        ) : (
          <ReviewPreviews post={full} />
        )}
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="review-history">
        <Title order={3} fz={16} fw={600} id="review-history">
          History
        </Title>
        <ReviewHistory steps={full?.reviews ?? post.reviews} owner />
      </Stack>

      {awaiting && (
        // the remark is read last, above the bar; the bar's Ask for changes sends this form
        <form id={formId} onSubmit={askChanges} noValidate aria-label="Your answer">
          <Textarea
            ref={remarkRef}
            label="Remark for the influencer"
            description="Needed to ask for changes: say what to change."
            placeholder="What should change?"
            value={remark}
            onChange={(e) => {
              setRemark(e.currentTarget.value);
              setRemarkError(null);
            }}
            error={remarkError}
            maxLength={CAMPAIGN_REMARK_MAX}
            autosize
            minRows={2}
            maxRows={6}
            disabled={sending !== null}
          />
        </form>
      )}

      <Stack gap="sm" className={classes.reviewActions} data-testid="review-actions">
        <FormErrorAlert error={top.error} />
        {awaiting ? (
          <Group justify="space-between" align="center" gap="sm" wrap="wrap">
            <Text size="sm" c="dimmed" className={classes.reviewNote}>
              {scheduledAt
                ? `Approved, it goes out at its time (${momentText(scheduledAt)}), or at once if that has passed.`
                : 'Approved, it goes out as its author meant it to.'}
            </Text>
            <Group justify="flex-end" gap="sm" wrap="nowrap" className={classes.reviewButtons}>
              <Button
                type="submit"
                form={formId}
                variant="default"
                leftSection={<IconMessageReply size={16} aria-hidden />}
                loading={sending === 'changes'}
                disabled={sending !== null}
              >
                Ask for changes
              </Button>
              <Button
                leftSection={<IconCheck size={16} aria-hidden />}
                onClick={() => decide({ approve: true })}
                loading={sending === 'approve'}
                disabled={sending !== null}
              >
                Approve
              </Button>
            </Group>
          </Group>
        ) : (
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} className={classes.reviewClose}>
              Close
            </Button>
          </Group>
        )}
      </Stack>
    </Stack>
  );
}
