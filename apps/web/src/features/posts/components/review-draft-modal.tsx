import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { POST_MSG, type TPost } from '@virality/domain';
import { useState } from 'react';
import { NetworkMarks } from '../../../components/network-marks';
import { PostMediaThumb } from '../../../components/post-media-thumb';
import { useReviewDraft } from '../api/review-draft';
import { displayedDateText, networkIdsOf } from '../lib/post-card';
import { TOAST_MS, toast } from '../lib/toasts';

type TProps = { draft: TPost | null; onClose: () => void };

/** The owner's review of a manager's draft: approve it (it is posted, or scheduled as it says) or send it back with a remark. */
export function ReviewDraftModal({ draft, onClose }: TProps) {
  return (
    <Modal opened={draft !== null} onClose={onClose} title="Review draft" centered size="lg" radius="lg">
      {draft && <ReviewForm draft={draft} onClose={onClose} />}
    </Modal>
  );
}

function ReviewForm({ draft, onClose }: { draft: TPost; onClose: () => void }) {
  const review = useReviewDraft();
  const [remark, setRemark] = useState('');
  const [remarkError, setRemarkError] = useState<string | null>(null);
  const [sending, setSending] = useState<'approve' | 'sendBack' | null>(null);
  const when = draft.IsScheduled && draft.ScheduledDate ? displayedDateText({ ...draft, IsPostDone: false }) : null;

  async function decide(Decision: 'approve' | 'sendBack') {
    if (Decision === 'sendBack' && !remark.trim()) {
      setRemarkError(POST_MSG.remarkRequired);
      return;
    }
    setSending(Decision);
    try {
      const answer = await review.mutateAsync({
        CommonPostID: draft.CommonPostID,
        Decision,
        Remark: Decision === 'sendBack' ? remark.trim() : undefined,
      });
      const failed = [...new Set(answer.result.failure.map((f) => f.SocialMediaName))];
      if (answer.result.success.length > 0 || failed.length === 0) toast(answer.message, 'green', TOAST_MS.result);
      for (const n of failed) toast(POST_MSG.failedOn(n), 'red', TOAST_MS.result);
      onClose();
    } catch (e) {
      toast(e instanceof Error ? e.message : POST_MSG.limitCheckFailed, 'red', TOAST_MS.error);
    } finally {
      setSending(null);
    }
  }

  return (
    <Stack gap="md">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <PostMediaThumb media={draft.MediaDetails} size={96} />
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed">
            {draft.UserName ? `From ${draft.UserName}` : 'From your manager'}
          </Text>
          <Text style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} lineClamp={6}>
            {draft.CaptionDescription}
          </Text>
          <NetworkMarks ids={networkIdsOf(draft)} />
          <Text size="sm" c="dimmed">
            {when ? `Approving schedules it for ${when}.` : 'Approving posts it now.'}
          </Text>
        </Stack>
      </Group>
      <Textarea
        label="Remark for the manager"
        description="Needed to send the draft back"
        placeholder="What should change?"
        value={remark}
        onChange={(e) => {
          setRemark(e.currentTarget.value);
          setRemarkError(null);
        }}
        error={remarkError}
        maxLength={500}
        autosize
        minRows={2}
      />
      <Group justify="flex-end" gap="sm">
        <Button
          variant="default"
          onClick={() => void decide('sendBack')}
          loading={sending === 'sendBack'}
          disabled={sending !== null}
        >
          Send back
        </Button>
        <Button onClick={() => void decide('approve')} loading={sending === 'approve'} disabled={sending !== null}>
          Approve
        </Button>
      </Group>
    </Stack>
  );
}
