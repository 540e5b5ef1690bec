import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { customRangeIssues, WALLET_MIN_DATE } from '@virality/domain';
import { useEffect, useState } from 'react';

type TProps = {
  opened: boolean;
  /** Today in the browser's zone (yyyy-MM-dd): no day after it may be chosen. */
  today: string;
  initial: { startDate: string | null; endDate: string | null };
  onClose: () => void;
  onApply: (range: { startDate: string; endDate: string }) => void;
};

/**
 * The custom period: a start and an end day, checked as they are chosen with the same rule the server applies
 * (not after today, not before 2022-01-01, the end not before the start). Apply needs both days and no error.
 */
export function CustomRangeDialog({ opened, today, initial, onClose, onApply }: TProps) {
  const [startDate, setStart] = useState(initial.startDate ?? '');
  const [endDate, setEnd] = useState(initial.endDate ?? '');
  useEffect(() => {
    if (!opened) return;
    setStart(initial.startDate ?? '');
    setEnd(initial.endDate ?? '');
  }, [opened, initial.startDate, initial.endDate]);
  const issues = customRangeIssues({ startDate, endDate }, today);
  // a missing day is not an error yet: Apply simply waits for it
  const startError = startDate ? issues.startDate : undefined;
  const endError = endDate ? issues.endDate : undefined;
  const ready = Boolean(startDate && endDate) && !issues.startDate && !issues.endDate;
  return (
    <Modal opened={opened} onClose={onClose} title="Custom period" centered size="sm" radius="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (ready) onApply({ startDate, endDate });
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Pick the first and the last day of the period, from {WALLET_MIN_DATE.split('-').reverse().join('/')} up to today.
          </Text>
          <TextInput
            type="date"
            label="Start date"
            value={startDate}
            min={WALLET_MIN_DATE}
            max={today}
            onChange={(e) => setStart(e.currentTarget.value)}
            error={startError}
            withAsterisk
          />
          <TextInput
            type="date"
            label="End date"
            value={endDate}
            min={startDate || WALLET_MIN_DATE}
            max={today}
            onChange={(e) => setEnd(e.currentTarget.value)}
            error={endError}
            withAsterisk
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!ready}>
              Apply
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
