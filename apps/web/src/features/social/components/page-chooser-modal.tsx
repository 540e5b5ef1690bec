import { Avatar, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { SOCIAL_MSG, socialNetwork } from '@virality/domain';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { SOCIAL_ACCOUNTS_KEY, savePages } from '../api/social-accounts';
import { dropChooser, peekChooser, type TChooser } from '../lib/link-storage';

type TProps = { chooser: TChooser | null; onClose: (saved: boolean) => void };

/**
 * The pages a consent gave: Select toggles Selected, Save links the selected ones; a page already linked shows
 * Added and cannot be chosen again.
 */
export function PageChooserModal({ chooser, onClose }: TProps) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [saving, setSaving] = useState(false);
  const label = socialNetwork(chooser?.network)?.label ?? '';
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const save = async () => {
    if (!chooser) return;
    setSaving(true);
    try {
      notifySuccess(await savePages(chooser.network, { State: chooser.state, PageIDs: [...selected] }));
      onClose(true);
    } catch (err) {
      notifyError(err instanceof ApiError ? err.message : SOCIAL_MSG.someError);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal opened={!!chooser} onClose={() => onClose(false)} title={`Choose your ${label} pages`} centered>
      <Stack gap="sm">
        {chooser?.pages.length === 0 && (
          <Text c="dimmed" ta="center" py="md" fw={600}>
            {SOCIAL_MSG.noPageAvailable}
          </Text>
        )}
        {chooser?.pages.map((p) => {
          const isSelected = selected.has(p.id);
          return (
            <Group key={p.id} justify="space-between" wrap="nowrap">
              <Group gap="sm" wrap="nowrap" miw={0}>
                <Avatar src={p.picture} alt="" radius="xl" size={36}>
                  {p.name.charAt(0).toUpperCase()}
                </Avatar>
                <Text fw={600} size="sm" truncate>
                  {p.name}
                </Text>
              </Group>
              {p.Added ? (
                <Button size="xs" variant="light" disabled aria-label={`${p.name}: Added`}>
                  Added
                </Button>
              ) : (
                <Button
                  size="xs"
                  variant={isSelected ? 'filled' : 'default'}
                  leftSection={isSelected ? <IconCheck size={14} aria-hidden /> : null}
                  aria-pressed={isSelected}
                  aria-label={`${p.name}: ${isSelected ? 'Selected' : 'Select'}`}
                  onClick={() => toggle(p.id)}
                >
                  {isSelected ? 'Selected' : 'Select'}
                </Button>
              )}
            </Group>
          );
        })}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={() => onClose(false)}>
            Cancel
          </Button>
          <Button onClick={() => void save()} disabled={selected.size === 0} loading={saving}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The page chooser a consent left to open where the flow came back (Home): shown once, then `onDone` (saved or
 * not), the accounts read again after a save.
 */
export function PendingPageChooser({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const [chooser, setChooser] = useState(peekChooser);
  return (
    <PageChooserModal
      chooser={chooser}
      onClose={(saved) => {
        dropChooser();
        setChooser(null);
        if (saved) void queryClient.invalidateQueries({ queryKey: SOCIAL_ACCOUNTS_KEY });
        onDone();
      }}
    />
  );
}
