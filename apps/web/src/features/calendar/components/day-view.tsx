import { Stack } from '@mantine/core';
import { dayStrip, groupPostsByDay, weekBounds } from '@virality/domain';
import { useMemo } from 'react';
import { usePostsByDate } from '../api/posts-by-date';
import { usePostsDateRange } from '../api/posts-date-range';
import { DayStrip } from './day-strip';
import { DayAgenda } from './view-parts';

type TProps = {
  day: string;
  today: string;
  zone: string;
  imc: boolean;
  onChoose: (day: string) => void;
};

/** The Daily view: the week of the chosen day as a strip (a dot on days with posts) over that day's posts. */
export function DayView({ day, today, zone, imc, onChoose }: TProps) {
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
    </Stack>
  );
}
