import { Stack } from '@mantine/core';
import { dayStrip, groupPostsByDay, weekBounds } from '@virality/domain';
import { useMemo } from 'react';
import { usePostsByDate } from '../api/posts-by-date';
import { usePostsDateRange } from '../api/posts-date-range';
import { dayName } from '../lib/calendar-view';
import { DayStrip } from './day-strip';
import { DayAgenda } from './view-parts';
import { TimeGrid } from './week-view';

type TProps = {
  day: string;
  today: string;
  zone: string;
  imc: boolean;
  now: Date;
  phone: boolean;
  onChoose: (day: string) => void;
};

/**
 * The Daily view: the week of the chosen day as a strip (a dot on days with posts) over that day's posts: on a
 * desktop on a 24-hour rail, on a phone as an agenda (and as one while loading, on an error or with none).
 */
export function DayView({ day, today, zone, imc, now, phone, onChoose }: TProps) {
  const { start, end } = weekBounds(day);
  const week = usePostsDateRange({ start, end, zone }, !imc);
  const posts = usePostsByDate({ day, zone }, !imc);
  const counts = useMemo(() => {
    if (!week.data) return undefined;
    return new Map([...groupPostsByDay(week.data.posts, zone)].map(([d, list]) => [d, list.length]));
  }, [week.data, zone]);
  return (
    <Stack gap="lg">
      <DayStrip days={dayStrip(start)} chosen={day} today={today} counts={imc ? undefined : counts} onChoose={onChoose} />
      {!phone && !imc && posts.data && posts.data.length > 0 ? (
        <section aria-label={`Posts on ${dayName(day)}`}>
          <TimeGrid days={[day]} byDay={groupPostsByDay(posts.data, zone)} zone={zone} today={today} now={now} />
        </section>
      ) : (
        <DayAgenda
          day={day}
          zone={zone}
          imc={imc}
          posts={posts.data}
          pending={posts.isPending}
          error={posts.error}
          onRetry={() => void posts.refetch()}
          named={false}
        />
      )}
    </Stack>
  );
}
