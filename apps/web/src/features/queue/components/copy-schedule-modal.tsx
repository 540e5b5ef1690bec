import { Alert, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { socialNetwork, type TQueueSchedule, zQueueCopy } from '@virality/domain';
import { useState } from 'react';
import { NetworkTile } from '../../../components/network-tile';
import { notifySuccess } from '../../../lib/notify';
import { useCopySchedule } from '../api/schedules';
import { FieldError } from './slot-editor';

type TProps = { opened: boolean; from: TQueueSchedule; others: TQueueSchedule[]; onClose: () => void };

/** "Copy to other accounts": the account's saved slots and zone given to the accounts chosen (each keeps its pause). */
export function CopyScheduleModal({ opened, from, others, onClose }: TProps) {
  const [chosen, setChosen] = useState<string[]>([]);
  const [missing, setMissing] = useState<string | null>(null);
  const copy = useCopySchedule();
  const close = () => {
    setChosen([]);
    setMissing(null);
    copy.reset();
    onClose();
  };
  const submit = () => {
    // checked as the server checks it, in its words
    const checked = zQueueCopy.safeParse({ accountIds: chosen });
    if (!checked.success) {
      setMissing(checked.error.issues[0]?.message ?? null);
      return;
    }
    copy.mutate(
      { accountId: from.accountId, to: chosen },
      {
        onSuccess: ({ message }) => {
          notifySuccess(message);
          close();
        },
      },
    );
  };
  const network = socialNetwork(from.network);
  return (
    <Modal opened={opened} onClose={close} title="Copy to other accounts" centered size="md">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          The time slots and time zone of {network ? `${network.label} ` : ''}
          {from.name} go to the accounts you choose; each keeps whether its queue is paused, and its queued posts move to the new
          times.
        </Text>
        {copy.isError && (
          <Alert color="red" role="alert">
            {copy.error.message}
          </Alert>
        )}
        <Checkbox.Group
          label="Accounts"
          value={chosen}
          onChange={(v) => {
            setChosen(v);
            setMissing(null);
          }}
        >
          <Stack gap="xs" mt="xs">
            {others.map((o) => {
              const n = socialNetwork(o.network);
              return (
                <Checkbox
                  key={o.accountId}
                  value={o.accountId}
                  aria-label={`${n?.label ?? o.network} ${o.name}`}
                  label={
                    <Group gap={8} wrap="nowrap">
                      {n && <NetworkTile network={n.key} size={20} />}
                      <Text size="sm" truncate>
                        {o.name}
                      </Text>
                    </Group>
                  }
                />
              );
            })}
          </Stack>
        </Checkbox.Group>
        {missing && <FieldError>{missing}</FieldError>}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={submit} loading={copy.isPending}>
            Copy time slots
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
