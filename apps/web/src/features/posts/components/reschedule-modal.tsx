import { Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { DatePickerInput, TimeInput } from '@mantine/dates';
import { IconCalendar, IconClock } from '@tabler/icons-react';
import { POST_MSG, scheduleIssue, type TPost } from '@virality/domain';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useEditScheduledPost } from '../api/edit-scheduled-post';
import { localOffsetAt, toUtc } from '../lib/compose';
import { displayedDateText, zoneName } from '../lib/post-card';
import { TOAST_MS, toast } from '../lib/toasts';

type TProps = { post: TPost | null; userId: string; planEnd: Date | null; onClose: () => void };

/**
 * Reschedule: a date and a time in the browser's zone, both needed before Reschedule is enabled; checked here
 * with the schedule rule of the domain package and again by the server, whose message is shown under the fields.
 */
export function RescheduleModal({ post, userId, planEnd, onClose }: TProps) {
  return (
    <Modal opened={post !== null} onClose={onClose} title="Reschedule post" centered size="md" radius="lg">
      {post && <RescheduleForm post={post} userId={userId} planEnd={planEnd} onClose={onClose} />}
    </Modal>
  );
}

function RescheduleForm({ post, userId, planEnd, onClose }: Omit<TProps, 'post'> & { post: TPost }) {
  const edit = useEditScheduledPost();
  const [date, setDate] = useState<string | null>(null);
  const [time, setTime] = useState('');
  const [error, setError] = useState<string | null>(null);
  const today = dayjs().format('YYYY-MM-DD');
  const lastDay = planEnd ? dayjs(planEnd).subtract(1, 'day').format('YYYY-MM-DD') : undefined;
  const zone = zoneName();

  async function submit() {
    if (!date || !time) return;
    const issue = scheduleIssue({ date, time, now: new Date(), offsetMinutes: localOffsetAt(date, time), planEnd });
    if (issue) {
      setError(issue);
      toast(issue, 'red', TOAST_MS.date);
      return;
    }
    const utc = toUtc(date, time);
    if (!utc) {
      setError(POST_MSG.timeInvalid);
      return;
    }
    try {
      await edit.mutateAsync({
        CommonPostID: post.CommonPostID,
        UserID: userId,
        ScheduledDate: utc.date,
        ScheduledTime: utc.time,
      });
      toast(POST_MSG.rescheduled, 'green', TOAST_MS.result);
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : POST_MSG.timeInvalid);
    }
  }

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Now set for {displayedDateText(post)}.{' '}
        {zone ? `Pick a new date and time (your time zone, ${zone}).` : 'Pick a new date and time (your time zone).'}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <DatePickerInput
          label="Date"
          placeholder="Pick a date"
          value={date}
          onChange={(v) => {
            setDate(v ? dayjs(v).format('YYYY-MM-DD') : null);
            setError(null);
          }}
          minDate={today}
          maxDate={lastDay}
          valueFormat="ddd, D MMM YYYY"
          leftSection={<IconCalendar size={18} aria-hidden />}
          getDayProps={(d) => ({ 'aria-label': dayjs(d).format('D MMMM YYYY') })}
          popoverProps={{ withinPortal: true, zIndex: 400 }}
          error={Boolean(error)}
          styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
          withAsterisk
        />
        <TimeInput
          label="Time"
          value={time}
          onChange={(e) => {
            setTime(e.currentTarget.value);
            setError(null);
          }}
          leftSection={<IconClock size={18} aria-hidden />}
          error={Boolean(error)}
          withAsterisk
        />
      </SimpleGrid>
      {error && (
        <Text size="sm" c="red.9" role="alert">
          {error}
        </Text>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={() => void submit()} disabled={!date || !time} loading={edit.isPending}>
          Reschedule
        </Button>
      </Group>
    </Stack>
  );
}
