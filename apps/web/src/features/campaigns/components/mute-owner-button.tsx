import { Button } from '@mantine/core';
import { IconBell, IconBellOff } from '@tabler/icons-react';
import type { TCampaign } from '@virality/domain';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useMuteOwner } from '../api/mute-owner';

/**
 * For a tagged influencer: mute the campaign's owner (their tags stay in the Tagged list but are never notified or
 * pushed) or unmute them. The server's words say how it went.
 */
export function MuteOwnerButton({ campaign }: { campaign: Pick<TCampaign, 'owner' | 'ownerMuted'> }) {
  const mute = useMuteOwner();
  const name = campaign.owner.name || campaign.owner.userName || 'this owner';
  const next = !campaign.ownerMuted;
  return (
    <Button
      size="compact-sm"
      variant="subtle"
      color="gray"
      leftSection={next ? <IconBellOff size={14} aria-hidden /> : <IconBell size={14} aria-hidden />}
      loading={mute.isPending}
      onClick={() =>
        mute.mutate(
          { ownerId: campaign.owner._id, muted: next },
          { onSuccess: (message) => notifySuccess(message), onError: (err) => notifyError(err.message) },
        )
      }
      aria-label={`${next ? 'Mute' : 'Unmute'} ${name}`}
    >
      {next ? 'Mute' : 'Unmute'}
    </Button>
  );
}
