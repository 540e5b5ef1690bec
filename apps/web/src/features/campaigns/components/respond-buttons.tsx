import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCheck, IconX } from '@tabler/icons-react';
import { CAMPAIGN_MSG, type TCampaign } from '@virality/domain';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { isTermsConflict, useRespond } from '../api/respond';

type TProps = {
  campaign: Pick<TCampaign, '_id' | 'name'>;
  /** Larger on the campaign page; the list's cards keep them small. */
  size?: 'sm' | 'md';
  className?: string;
  /**
   * Accept sends the terms' setAt the influencer read ('' when they read none): terms changed meanwhile (or terms
   * never read) are refused by the server, never agreed unseen.
   */
  termsAt?: string;
  /** The server refused an answer because the terms are not those read (its words); without it they are a toast. */
  onTermsChanged?: (message: string) => void;
};

/**
 * A tagged influencer's answer: Accept at once (agreeing to the terms read), Decline after a confirmation (it cannot be
 * taken back). The server's words say how it went.
 */
export function RespondButtons({ campaign, size = 'sm', className, termsAt, onTermsChanged }: TProps) {
  const respond = useRespond();
  const answer = (accept: boolean) =>
    respond.mutate(
      // a decline agrees to nothing: it goes whatever the terms
      { id: campaign._id, accept, termsAt: accept ? termsAt : undefined },
      {
        onSuccess: () => notifySuccess(accept ? CAMPAIGN_MSG.accepted : CAMPAIGN_MSG.declined),
        onError: (err) => (isTermsConflict(err) && onTermsChanged ? onTermsChanged(err.message) : notifyError(err.message)),
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
