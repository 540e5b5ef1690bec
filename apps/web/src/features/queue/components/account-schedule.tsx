import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCopy, IconPlayerPause, IconPlayerPlay, IconRestore } from '@tabler/icons-react';
import type { TQueueDefault, TQueueSchedule } from '@virality/domain';
import { useId, useState } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { browserZone } from '../../../lib/zoned-time';
import { usePutSchedule, useResetSchedule } from '../api/schedules';
import { sameSlots } from '../lib/slots';
import { CopyScheduleModal } from './copy-schedule-modal';
import { SlotEditor, type TDraftSchedule } from './slot-editor';
import { SuggestedTimes } from './suggested-times';

type TProps = {
  schedule: TQueueSchedule;
  /** The organization's default: what "Use the default schedule" brings back. */
  fallback: TQueueDefault;
  /** The other accounts, for "Copy to other accounts". */
  others: TQueueSchedule[];
};

const draftOf = (s: { timeZone: string | null; slots: TQueueSchedule['slots'] }): TDraftSchedule => ({
  timeZone: s.timeZone ?? browserZone(),
  slots: s.slots,
});

/**
 * One account's posting schedule: its own or the default it follows, paused or running. The slots and the zone are
 * edited here and saved together; Pause and Resume take effect at once; an own schedule can give way to the default
 * again, and be copied to other accounts.
 */
export function AccountSchedule({ schedule, fallback, others }: TProps) {
  const titleId = useId();
  const [draft, setDraft] = useState<TDraftSchedule>(() => draftOf(schedule));
  const [error, setError] = useState<string | null>(null);
  const [copying, setCopying] = useState(false);
  const put = usePutSchedule();
  const reset = useResetSchedule();
  const busy = put.isPending || reset.isPending;
  const saved = draftOf(schedule);
  const dirty = draft.timeZone !== saved.timeZone || !sameSlots(draft.slots, saved.slots);

  const save = (body: TDraftSchedule & { paused: boolean }, after?: () => void) => {
    setError(null);
    put.mutate(
      { accountId: schedule.accountId, body },
      {
        onSuccess: ({ value, message }) => {
          notifySuccess(message);
          after?.();
          if (!after) setDraft(draftOf(value));
        },
        onError: (e) => setError(e.message),
      },
    );
  };
  const togglePause = () => save({ ...saved, paused: !schedule.paused }, () => undefined);
  const followDefault = () =>
    modals.openConfirmModal({
      title: 'Use the default schedule?',
      centered: true,
      size: 'sm',
      children: (
        <Text size="sm">
          This account’s own time slots are removed. It posts at the default schedule’s times, and its queued posts move to them.
        </Text>
      ),
      labels: { confirm: 'Use the default', cancel: 'Cancel' },
      onConfirm: () => {
        setError(null);
        reset.mutate(schedule.accountId, {
          onSuccess: ({ value, message }) => {
            notifySuccess(message);
            setDraft(draftOf(value));
          },
          onError: (e) => setError(e.message),
        });
      },
    });

  return (
    <Paper withBorder radius="lg" shadow="xs" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={4}>
            <Title order={2} fz={18} fw={650} id={titleId}>
              Posting schedule
            </Title>
            <Group gap={6}>
              <Badge variant="light" color={schedule.own ? 'brand' : 'gray'} radius="xl" tt="none" fw={600}>
                {schedule.own ? 'Own schedule' : 'Follows the default'}
              </Badge>
              {schedule.paused && (
                <Badge
                  radius="xl"
                  tt="none"
                  fw={600}
                  leftSection={<IconPlayerPause size={12} aria-hidden />}
                  styles={{ root: { color: '#30364A', background: '#E5E8EF' } }}
                >
                  Paused
                </Badge>
              )}
            </Group>
          </Stack>
          <Button
            variant="default"
            size="sm"
            leftSection={schedule.paused ? <IconPlayerPlay size={16} aria-hidden /> : <IconPlayerPause size={16} aria-hidden />}
            onClick={togglePause}
            loading={put.isPending && !dirty}
            disabled={busy || (saved.slots.length === 0 && !schedule.paused)}
          >
            {schedule.paused ? 'Resume queue' : 'Pause queue'}
          </Button>
        </Group>
        {!schedule.own && (
          <Text size="sm" c="dimmed">
            {fallback.slots.length > 0
              ? 'This account posts at the default schedule’s times. A change here gives it a schedule of its own.'
              : 'No default schedule yet: add times to give this account a schedule of its own.'}
          </Text>
        )}
        {error && (
          <Alert color="red" title="The schedule was not saved" role="alert">
            {error}
          </Alert>
        )}
        <SlotEditor value={draft} onChange={setDraft} disabled={busy} />
        <SuggestedTimes
          accountId={schedule.accountId}
          timeZone={draft.timeZone}
          slots={draft.slots}
          onAdd={(slots) => setDraft((d) => ({ ...d, slots }))}
          disabled={busy}
        />
        <Group justify="flex-end" gap="sm" wrap="wrap">
          {schedule.own && (
            <Button variant="subtle" leftSection={<IconRestore size={16} aria-hidden />} onClick={followDefault} disabled={busy}>
              Use the default schedule
            </Button>
          )}
          {others.length > 0 && (
            <Button
              variant="default"
              leftSection={<IconCopy size={16} aria-hidden />}
              onClick={() => setCopying(true)}
              disabled={busy || dirty || schedule.slots.length === 0}
              title={dirty ? 'Save the schedule first' : undefined}
            >
              Copy to other accounts
            </Button>
          )}
          <Button
            onClick={() => save({ ...draft, paused: schedule.paused })}
            loading={put.isPending && dirty}
            disabled={busy || !dirty}
          >
            Save schedule
          </Button>
        </Group>
        {dirty && (
          <Text size="sm" c="dimmed" ta="right" aria-live="polite">
            Unsaved changes
          </Text>
        )}
      </Stack>
      <CopyScheduleModal opened={copying} from={schedule} others={others} onClose={() => setCopying(false)} />
    </Paper>
  );
}
