import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCheck, IconX } from '@tabler/icons-react';
import { CAMPAIGN_MSG, type TCampaign } from '@virality/domain';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useRespond } from '../api/respond';

type TProps = {
  campaign: Pick<TCampaign, '_id' | 'name'>;
  /** Larger on the campaign page; the list's cards keep them small. */
  size?: 'sm' | 'md';
  className?: string;
};

/**
 * A tagged influencer's answer: Accept at once, Decline after a confirmation (it cannot be taken back). The server's
 * words say how it went.
 */
export function RespondButtons({ campaign, size = 'sm', className }: TProps) {
  const respond = useRespond();
  const answer = (accept: boolean) =>
    respond.mutate(
      { id: campaign._id, accept },
      {
        onSuccess: () => notifySuccess(accept ? CAMPAIGN_MSG.accepted : CAMPAIGN_MSG.declined),
        onError: (err) => notifyError(err.message),
      },
    );
  const confirmDecline = () =>
    modals.openConfirmModal({
      title: 'Decline this campaign?',
      centered: true,
      size: 'sm',
      children: (
        <Text size="sm">
          You will not take part in “{campaign.name}”, and the campaign’s owner is told. This cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Decline', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => answer(false),
    });
  const pendingAnswer = respond.isPending ? respond.variables?.accept : undefined;
  return (
    <Group gap="sm" className={className} wrap="wrap">
      <Button
        size={size}
        leftSection={<IconCheck size={16} aria-hidden />}
        onClick={() => answer(true)}
        loading={pendingAnswer === true}
        disabled={respond.isPending && pendingAnswer !== true}
        aria-label={`Accept ${campaign.name}`}
      >
        Accept
      </Button>
      <Button
        size={size}
        variant="default"
        leftSection={<IconX size={16} aria-hidden />}
        onClick={confirmDecline}
        loading={pendingAnswer === false}
        disabled={respond.isPending && pendingAnswer !== false}
        aria-label={`Decline ${campaign.name}`}
      >
        Decline
      </Button>
    </Group>
  );
}
