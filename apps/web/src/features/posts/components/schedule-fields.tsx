import { Group, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { DatePickerInput, TimeInput } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendar, IconClock } from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { PHONE_QUERY } from './phone-select';

type TProps = {
  on: boolean;
  date: string | null;
  time: string;
  /** The first and last day that may be chosen (yyyy-MM-dd; last null: no end). */
  minDate: string;
  maxDate: string | null;
  error: string | null;
  /** A manager without Scheduler access, or a free tier that has used its posts. */
  disabled: boolean;
  disabledReason: string | null;
  onToggle: (on: boolean) => void;
  onDate: (date: string | null) => void;
  onTime: (time: string) => void;
  /** Add to queue, beside Schedule: on, and what it says when on (each account's next slot). */
  queueOn: boolean;
  onQueueToggle: (on: boolean) => void;
  queueDetail?: ReactNode;
  /** Shown under the date and time: the chosen accounts' best times. */
  hint?: ReactNode;
};

const zoneName = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return null;
  }
};

/**
 * When the post goes: now (both switches off), at a date (today to the plan's end) and a time (12:00 first) in the
 * browser's zone, or added to the queue, where each account's post takes its next free time slot.
 */
export function ScheduleFields(p: TProps) {
  const phone = useMediaQuery(PHONE_QUERY);
  const zone = zoneName();
  return (
    <Stack gap="sm">
      <Switch
        label="Schedule for later"
        aria-label="Schedule for later"
        description={p.disabledReason ?? (zone ? `Times are in your time zone (${zone})` : 'Times are in your time zone')}
        checked={p.on}
        disabled={p.disabled}
        onChange={(e) => p.onToggle(e.currentTarget.checked)}
      />
      {p.on && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <DatePickerInput
              label="Date"
              placeholder="Pick a date"
              value={p.date}
              onChange={(v) => p.onDate(v ? dayjs(v).format('YYYY-MM-DD') : null)}
              minDate={p.minDate}
              maxDate={p.maxDate ?? undefined}
              valueFormat="ddd, D MMM YYYY"
              leftSection={<IconCalendar size={18} aria-hidden />}
              getDayProps={(d) => ({ 'aria-label': dayjs(d).format('D MMMM YYYY') })}
              popoverProps={{ withinPortal: true, zIndex: 400 }}
              // on a phone the calendar opens as a dialog of its own, never a popover wider than the screen
              dropdownType={phone ? 'modal' : 'popover'}
              modalProps={{ zIndex: 400, centered: true }}
              error={Boolean(p.error)}
              styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
              withAsterisk
            />
            <TimeInput
              label="Time"
              value={p.time}
              onChange={(e) => p.onTime(e.currentTarget.value)}
              leftSection={<IconClock size={18} aria-hidden />}
              error={Boolean(p.error)}
              withAsterisk
            />
          </SimpleGrid>
          {p.error && (
            <Group gap={6} wrap="nowrap">
              <Text size="sm" c="red.9" role="alert">
                {p.error}
              </Text>
            </Group>
          )}
          {p.hint}
        </>
      )}
      <Switch
        label="Add to queue"
        aria-label="Add to queue"
        description="Each account’s post goes at its next free time slot"
        checked={p.queueOn}
        disabled={p.disabled}
        onChange={(e) => p.onQueueToggle(e.currentTarget.checked)}
      />
      {p.queueOn && p.queueDetail}
    </Stack>
  );
}
