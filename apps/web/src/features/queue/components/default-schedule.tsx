import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { QUEUE_SCHEDULE_MSG, type TQueueDefault } from '@virality/domain';
import { useId, useState } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { browserZone } from '../../../lib/zoned-time';
import { usePutDefault } from '../api/schedules';
import { sameSlots } from '../lib/slots';
import { SlotEditor, type TDraftSchedule } from './slot-editor';

type TProps = {
  value: TQueueDefault;
  /** How many accounts follow it (those without a schedule of their own). */
  following: number;
  /** The owner sets it; a manager sees it. */
  canEdit: boolean;
};

const draftOf = (d: TQueueDefault): TDraftSchedule => ({ timeZone: d.timeZone ?? browserZone(), slots: d.slots });

/** The organization's default schedule, which every account without one of its own follows (the owner's to set). */
export function DefaultSchedule({ value, following, canEdit }: TProps) {
  const titleId = useId();
  const [draft, setDraft] = useState(() => draftOf(value));
  const put = usePutDefault();
  const saved = draftOf(value);
  const dirty = draft.timeZone !== saved.timeZone || !sameSlots(draft.slots, saved.slots);
  const save = () =>
    put.mutate(draft, {
      onSuccess: ({ message }) => notifySuccess(message),
    });
  return (
    <Paper withBorder radius="lg" shadow="xs" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <div>
          <Title order={2} fz={18} fw={650} id={titleId}>
            Default schedule
          </Title>
          <Text size="sm" c="dimmed">
            Accounts without a schedule of their own post at these times
            {following > 0 ? ` (${following === 1 ? '1 account follows it' : `${following} accounts follow it`}).` : '.'}
          </Text>
        </div>
        {!canEdit && (
          <Alert color="gray" variant="light">
            {QUEUE_SCHEDULE_MSG.ownersOnly}
          </Alert>
        )}
        {put.isError && (
          <Alert color="red" title="The default schedule was not saved" role="alert">
            {put.error.message}
          </Alert>
        )}
        <SlotEditor value={draft} onChange={setDraft} readOnly={!canEdit} disabled={put.isPending} />
        {canEdit && (
          <Group justify="flex-end">
            <Button onClick={save} loading={put.isPending} disabled={!dirty}>
              Save default schedule
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
