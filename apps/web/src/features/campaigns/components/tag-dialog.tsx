import { Alert, Box, Button, Collapse, Group, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconFileDescription } from '@tabler/icons-react';
import { CAMPAIGN_MAX_INFLUENCERS, CAMPAIGN_MSG, type TCampaignPerson } from '@virality/domain';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { FormErrorAlert, useFormError } from '../../../components/form-error-alert';
import { notifySuccess } from '../../../lib/notify';
import { useTagInfluencers } from '../api/tag-influencers';
import { draftOf, type TTermsCampaign } from '../lib/terms-form';
import { InfluencerPicker } from './influencer-picker';
import { TermsEditor, useTermsForm } from './terms-editor';

type TProps = {
  opened: boolean;
  campaign: TTermsCampaign & { _id: string };
  /** The influencers already tagged: never offered again. */
  taken: ReadonlySet<string>;
  onClose: () => void;
};

/**
 * The owner tags more influencers: the same search as the create form, up to the campaign's limit in all; optionally
 * with terms (deliverables and a fee) offered to each one tagged now.
 */
export function TagDialog({ opened, campaign, taken, onClose }: TProps) {
  const tag = useTagInfluencers(campaign._id);
  // terms offered widen the dialog to the terms editor's width
  const [offer, setOffer] = useState(false);
  useEffect(() => {
    if (opened) setOffer(false);
  }, [opened]);
  return (
    <Modal
      opened={opened}
      onClose={tag.isPending ? () => {} : onClose}
      title="Tag influencers"
      centered
      radius="lg"
      size={offer ? 'xl' : 'lg'}
    >
      {opened && <TagForm campaign={campaign} taken={taken} tag={tag} offer={offer} setOffer={setOffer} onClose={onClose} />}
    </Modal>
  );
}

type TFormProps = Omit<TProps, 'opened'> & {
  tag: ReturnType<typeof useTagInfluencers>;
  offer: boolean;
  setOffer: (update: (offer: boolean) => boolean) => void;
};

function TagForm({ campaign, taken, tag, offer, setOffer, onClose }: TFormProps) {
  const [chosen, setChosen] = useState<TCampaignPerson[]>([]);
  const form = useTermsForm(campaign, () => draftOf(campaign));
  const top = useFormError();
  const termsId = useId();
  const room = Math.max(0, CAMPAIGN_MAX_INFLUENCERS - taken.size);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (chosen.length === 0 || tag.isPending) return;
    const terms = offer ? form.submit() : undefined;
    if (terms === null) return;
    top.clear();
    tag.mutate(
      { influencerIds: chosen.map((c) => c._id), terms },
      {
        onSuccess: () => {
          notifySuccess(CAMPAIGN_MSG.tagged);
          onClose();
        },
        onError: (err) => {
          const words = offer ? form.takeServerError(err) : err.message;
          if (words) top.show(words);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Tag influencers">
      <Stack gap="md">
        <FormErrorAlert error={top.error} />
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
        {room > 0 && (
          <Box style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }} pt="md">
            <UnstyledButton
              onClick={() => setOffer((o) => !o)}
              aria-expanded={offer}
              aria-controls={termsId}
              disabled={tag.isPending}
              w="100%"
              mih={44}
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            >
              <Group gap="sm" wrap="nowrap" justify="space-between">
                <Group gap="sm" wrap="nowrap">
                  <IconFileDescription size={20} stroke={1.75} aria-hidden style={{ flex: 'none' }} />
                  <Box>
                    <Text size="sm" fw={600}>
                      Offer terms
                    </Text>
                    <Text size="xs" c="dimmed">
                      Deliverables and a fee for each influencer tagged now (optional).
                    </Text>
                  </Box>
                </Group>
                <IconChevronDown
                  size={18}
                  stroke={1.75}
                  aria-hidden
                  style={{
                    flex: 'none',
                    transform: offer ? 'rotate(180deg)' : undefined,
                    transition: 'transform 150ms ease-out',
                  }}
                />
              </Group>
            </UnstyledButton>
            <Collapse expanded={offer} id={termsId}>
              {offer && (
                <Box pt="md">
                  <TermsEditor form={form} campaign={campaign} disabled={tag.isPending} />
                </Box>
              )}
            </Collapse>
          </Box>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={tag.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={tag.isPending} disabled={chosen.length === 0}>
            {chosen.length > 1 ? `Tag ${chosen.length} influencers` : 'Tag influencer'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
