import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { TCampaignDetail, TCampaignInfluencer } from '@virality/domain';
import { type FormEvent, useState } from 'react';
import { FormErrorAlert, useFormError } from '../../../components/form-error-alert';
import { notifySuccess } from '../../../lib/notify';
import { useSetTerms } from '../api/set-terms';
import { draftOf } from '../lib/terms-form';
import { TermsEditor, useTermsForm } from './terms-editor';

type TProps = {
  campaign: TCampaignDetail;
  /** Whose terms are written; null while the dialog is closed. */
  influencer: TCampaignInfluencer | null;
  onClose: () => void;
};

const nameOf = (i: TCampaignInfluencer) => i.user.name || i.user.userName || 'this influencer';

/** The owner sets or edits one tagged influencer's terms; the server's words say how it went. */
export function TermsDialog({ campaign, influencer, onClose }: TProps) {
  const save = useSetTerms(campaign._id);
  const busy = save.isPending;
  return (
    <Modal
      opened={influencer !== null}
      onClose={busy ? () => {} : onClose}
      title={influencer ? `Terms for ${nameOf(influencer)}` : 'Terms'}
      centered
      size="xl"
      radius="lg"
    >
      {influencer && (
        <TermsForm key={influencer.user._id} campaign={campaign} influencer={influencer} save={save} onClose={onClose} />
      )}
    </Modal>
  );
}

type TFormProps = {
  campaign: TCampaignDetail;
  influencer: TCampaignInfluencer;
  save: ReturnType<typeof useSetTerms>;
  onClose: () => void;
};

function TermsForm({ campaign, influencer, save, onClose }: TFormProps) {
  const form = useTermsForm(campaign, () => draftOf(campaign, influencer.terms));
  const top = useFormError();
  const [leaving, setLeaving] = useState(false);
  const busy = save.isPending || leaving;
  const name = nameOf(influencer);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const terms = form.submit();
    if (!terms) return;
    top.clear();
    save.mutate(
      { influencerId: influencer.user._id, terms },
      {
        onSuccess: ({ message }) => {
          setLeaving(true);
          notifySuccess(message);
          onClose();
        },
        onError: (err) => {
          const words = form.takeServerError(err);
          if (words) top.show(words);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={`Terms for ${name}`}>
      <Stack gap="md">
        <FormErrorAlert error={top.error} />
        {influencer.status !== 'invited' && (
          <Group gap={8} wrap="nowrap" align="flex-start">
            <IconInfoCircle size={18} stroke={1.75} aria-hidden style={{ flex: 'none', marginTop: 1 }} />
            <Text size="sm">
              {name} has {influencer.status === 'accepted' ? 'accepted' : 'declined'}: saving new terms asks them to answer again.
            </Text>
          </Group>
        )}
        <TermsEditor form={form} campaign={campaign} disabled={busy} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Save terms
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
