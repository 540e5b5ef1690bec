import { Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import dayjs from 'dayjs';
import { dayName, postsCount } from '../lib/calendar-view';
import classes from './calendar.module.css';

type TProps = {
  days: readonly string[];
  chosen: string;
  today: string;
  /** Posts on each day, when known (a dot under the day says there are some). */
  counts?: ReadonlyMap<string, number>;
  onChoose: (day: string) => void;
};

/** Seven days as buttons: the chosen one filled, today outlined, a dot on days with posts. */
export function DayStrip({ days, chosen, today, counts, onChoose }: TProps) {
  return (
    <fieldset className={classes.strip} aria-label="Days">
      {days.map((day) => {
        const n = counts?.get(day) ?? 0;
        const selected = day === chosen;
        return (
          <UnstyledButton
            key={day}
            className={classes.stripDay}
            data-selected={selected || undefined}
            data-today={day === today || undefined}
            aria-pressed={selected}
            onClick={() => onChoose(day)}
          >
            <Text span size="xs" fw={600} tt="uppercase" c="inherit" aria-hidden>
              {dayjs(day).format('ddd')}
            </Text>
            <Text span fz={18} fw={700} c="inherit" style={{ fontVariantNumeric: 'tabular-nums' }} aria-hidden>
              {dayjs(day).format('D')}
            </Text>
            <span
              aria-hidden
              style={{
                width: 6,
                height: 6,
                borderRadius: 999,
                background: n > 0 ? (selected ? 'var(--mantine-color-white)' : 'var(--mantine-color-brand-6)') : 'transparent',
              }}
            />
            <VisuallyHidden>
              {dayName(day)}
              {day === today ? ', today' : ''}
              {counts ? `, ${postsCount(n)}` : ''}
            </VisuallyHidden>
          </UnstyledButton>
        );
      })}
    </fieldset>
  );
}
