import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { CAMPAIGN_MAX_INFLUENCERS, CAMPAIGN_MSG, MSG, type TCampaignPerson } from '@virality/domain';
import { useEffect, useState } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { useTagInfluencers } from '../api/tag-influencers';
import { InfluencerPicker } from './influencer-picker';

type TProps = {
  opened: boolean;
  campaignId: string;
  /** The influencers already tagged: never offered again. */
  taken: ReadonlySet<string>;
  onClose: () => void;
};

/** The owner tags more influencers: the same search as the create form, up to the campaign's limit in all. */
export function TagDialog({ opened, campaignId, taken, onClose }: TProps) {
  const tag = useTagInfluencers(campaignId);
  const [chosen, setChosen] = useState<TCampaignPerson[]>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!opened) return;
    setChosen([]);
    setError(null);
  }, [opened]);
  const room = Math.max(0, CAMPAIGN_MAX_INFLUENCERS - taken.size);
  const submit = () => {
    if (chosen.length === 0 || tag.isPending) return;
    setError(null);
    tag.mutate(
      chosen.map((c) => c._id),
      {
        onSuccess: () => {
          notifySuccess(CAMPAIGN_MSG.tagged);
          onClose();
        },
        onError: (err) => setError(err.message || MSG.somethingWentWrong),
      },
    );
  };
  return (
    <Modal opened={opened} onClose={tag.isPending ? () => {} : onClose} title="Tag influencers" centered radius="lg">
      <Stack gap="md">
        {error && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
            {error}
          </Alert>
        )}
        {room === 0 ? (
          <Alert color="gray" variant="light">
            {CAMPAIGN_MSG.tooManyInfluencers}
          </Alert>
        ) : (
          <InfluencerPicker
            label="Find influencers"
            chosen={chosen}
            onChange={setChosen}
            taken={taken}
            max={room}
            disabled={tag.isPending}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={tag.isPending}>
            Cancel
          </Button>
          <Button onClick={submit} loading={tag.isPending} disabled={chosen.length === 0}>
            {chosen.length > 1 ? `Tag ${chosen.length} influencers` : 'Tag influencer'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
