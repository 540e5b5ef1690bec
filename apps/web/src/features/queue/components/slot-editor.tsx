import { ActionIcon, Box, Button, Group, NativeSelect, Select, Stack, Text, Tooltip } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { IconAlertTriangle, IconClock, IconPlus, IconWorld, IconX } from '@tabler/icons-react';
import { QUEUE_DAY_NAMES, type TQueueSlot } from '@virality/domain';
import { useId, useMemo, useState } from 'react';
import { addSlot, removeSlot, slotsByDay, timeZoneOptions, WEEK_ORDER } from '../lib/slots';
import classes from './queue.module.css';

export type TDraftSchedule = { timeZone: string; slots: TQueueSlot[] };

type TProps = {
  value: TDraftSchedule;
  onChange: (next: TDraftSchedule) => void;
  /** A manager looking at the default: shown, not changed. */
  readOnly?: boolean;
  disabled?: boolean;
};

/** An error under a field: red.9 with its icon (never colour alone). */
export function FieldError({ id, children }: { id?: string; children: string }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" c="red.9" id={id} role="alert">
      <IconAlertTriangle size={16} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
      <Text size="sm">{children}</Text>
    </Group>
  );
}

/**
 * A weekly posting schedule being edited: its time zone, its slots day by day (each removable), and a day and a time
 * to add one. Checked as the server checks it (a valid time, no slot twice, at most 70 a week), in the app's words.
 */
export function SlotEditor({ value, onChange, readOnly = false, disabled = false }: TProps) {
  const [day, setDay] = useState('1');
  const [time, setTime] = useState('09:00');
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const zones = useMemo(() => timeZoneOptions(value.timeZone), [value.timeZone]);
  const week = slotsByDay(value.slots);

  const add = () => {
    const next = addSlot(value.slots, { day: Number(day), time });
    if ('error' in next) {
      setError(next.error);
      return;
    }
    setError(null);
    onChange({ ...value, slots: next.slots });
  };
  const remove = (slot: TQueueSlot) => onChange({ ...value, slots: removeSlot(value.slots, slot) });

  return (
    <Stack gap="md">
      <Select
        label="Time zone"
        description="The slots are times on this clock."
        data={zones}
        value={value.timeZone}
        onChange={(z) => z && onChange({ ...value, timeZone: z })}
        searchable
        allowDeselect={false}
        nothingFoundMessage="No such time zone"
        leftSection={<IconWorld size={18} aria-hidden />}
        disabled={disabled || readOnly}
        maxDropdownHeight={260}
        comboboxProps={{ withinPortal: true }}
      />
      <Box>
        <Text size="sm" fw={600} mb={6} id={`${errorId}-week`}>
          Time slots{' '}
          <Text span size="sm" c="dimmed" fw={400}>
            ({value.slots.length === 1 ? '1 a week' : `${value.slots.length} a week`})
          </Text>
        </Text>
        <ul className={classes.week} aria-labelledby={`${errorId}-week`}>
          {week.map(({ day: d, times }) => (
            <li key={d} className={classes.day} aria-label={QUEUE_DAY_NAMES[d]}>
              <Text size="sm" fw={600} className={classes.dayName}>
                {QUEUE_DAY_NAMES[d]}
              </Text>
              {times.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No times
                </Text>
              ) : (
                <Group gap={6} wrap="wrap">
                  {times.map((t) => (
                    <span key={t} className={classes.slot}>
                      <IconClock size={14} aria-hidden />
                      <span className={classes.slotTime}>{t}</span>
                      {!readOnly && (
                        <Tooltip label={`Remove ${QUEUE_DAY_NAMES[d]} ${t}`}>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            size={28}
                            radius="xl"
                            className={classes.remove}
                            aria-label={`Remove ${QUEUE_DAY_NAMES[d]} ${t}`}
                            onClick={() => remove({ day: d, time: t })}
                            disabled={disabled}
                          >
                            <IconX size={14} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </span>
                  ))}
                </Group>
              )}
            </li>
          ))}
        </ul>
      </Box>
      {!readOnly && (
        <Stack gap={6}>
          <Group gap="sm" align="flex-end" wrap="wrap" className={classes.addRow}>
            <NativeSelect
              label="Day"
              data={WEEK_ORDER.map((d) => ({ value: String(d), label: QUEUE_DAY_NAMES[d] }))}
              value={day}
              onChange={(e) => setDay(e.currentTarget.value)}
              disabled={disabled}
              className={classes.addDay}
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
              aria-describedby={error ? errorId : undefined}
              disabled={disabled}
              className={classes.addTime}
            />
            <Button
              variant="default"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={add}
              disabled={disabled}
              className={classes.addButton}
            >
              Add time slot
            </Button>
          </Group>
          {error && <FieldError id={errorId}>{error}</FieldError>}
        </Stack>
      )}
    </Stack>
  );
}
