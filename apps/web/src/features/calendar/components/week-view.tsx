import { Alert, Paper, Stack, Text, Title, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import {
  CALENDAR_RANGE_MAX_POSTS,
  dayStrip,
  groupPostsByDay,
  minutesInZone,
  postDisplayedAt,
  type TPost,
  weekBounds,
} from '@virality/domain';
import dayjs from 'dayjs';
import { type CSSProperties, useEffect, useMemo, useRef } from 'react';
import { usePostsDateRange } from '../api/posts-date-range';
import { dayName, postsCount } from '../lib/calendar-view';
import {
  CHIP_PX,
  DAY_PX,
  HOUR_PX,
  openingMinutes,
  openingScrollTop,
  placeOnColumn,
  stackOnColumn,
  topOf,
} from '../lib/week-layout';
import classes from './calendar.module.css';
import { DayStrip } from './day-strip';
import { LoadError } from './load-error';
import { AgendaItem, PostChip } from './post-parts';
import { DayAgenda } from './view-parts';

type TProps = {
  day: string;
  today: string;
  zone: string;
  imc: boolean;
  now: Date;
  phone: boolean;
  onChoose: (day: string) => void;
  onOpenDay: (day: string) => void;
};

const HOURS = Array.from({ length: 24 }, (_, h) => h);

/** The Week view: seven columns on a 24-hour rail with today's now-line; on a phone the strip over the week's agenda. */
export function WeekView({ day, today, zone, imc, now, phone, onChoose, onOpenDay }: TProps) {
  const { start, end } = weekBounds(day);
  const days = dayStrip(start);
  const query = usePostsDateRange({ start, end, zone }, !imc);
  const byDay = useMemo(() => groupPostsByDay(query.data?.posts ?? [], zone), [query.data, zone]);
  const counts = useMemo(() => new Map([...byDay].map(([d, list]) => [d, list.length])), [byDay]);
  const error = query.error ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null;
  // a week holding more posts than one answer carries: said, with the way to all of a day's posts
  const cut = query.data?.truncated ? (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
      This week has more than {CALENDAR_RANGE_MAX_POSTS} posts: the first {CALENDAR_RANGE_MAX_POSTS} are shown. Open a day to see
      all of its posts.
    </Alert>
  ) : null;

  if (phone) {
    return (
      <Stack gap="lg">
        <DayStrip days={days} chosen={day} today={today} counts={imc || !query.data ? undefined : counts} onChoose={onChoose} />
        {cut}
        {imc || error || query.isPending ? (
          <DayAgenda
            day={day}
            zone={zone}
            imc={imc}
            posts={undefined}
            pending={query.isPending}
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <WeekAgenda days={days} byDay={byDay} zone={zone} today={today} />
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      {error}
      {cut}
      <TimeGrid days={days} byDay={byDay} zone={zone} today={today} now={now} onOpenDay={onOpenDay} />
    </Stack>
  );
}

/** The phone's week: each day named, with its posts or a short line when it has none. */
function WeekAgenda({ days, byDay, zone, today }: { days: string[]; byDay: Map<string, TPost[]>; zone: string; today: string }) {
  return (
    <Stack gap="lg">
      {days.map((d) => {
        const posts = byDay.get(d) ?? [];
        return (
          <Stack key={d} gap="xs" component="section" aria-label={`Posts on ${dayName(d)}`}>
            <Title order={3} fz={16} fw={650} c={d === today ? 'brand.8' : undefined}>
              {dayjs(d).format('dddd D MMMM')}
              {d === today ? ' · Today' : ''}
            </Title>
            {posts.length === 0 ? (
              <Text size="sm" c="dimmed">
                No posts
              </Text>
            ) : (
              <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {posts.map((p) => (
                  <li key={p.CommonPostID}>
                    <AgendaItem post={p} zone={zone} />
                  </li>
                ))}
              </Stack>
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}

type TGridProps = {
  days: string[];
  byDay: Map<string, TPost[]>;
  zone: string;
  today: string;
  now: Date;
  /** Opens a day from its heading; without it the days have no heading (the Day view, under its strip). */
  onOpenDay?: (day: string) => void;
};

/**
 * Days side by side on a 24-hour rail, each post at its local time (in a week, posts at the same time one under
 * another at the column's width; in a day's one wide column, side by side), today's
 * column with the now-line; it opens on the current hour when today is shown, else on the first post (or 08:00).
 */
export function TimeGrid({ days, byDay, zone, today, now, onOpenDay }: TGridProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const first = days[0];
  // opens on the current hour, or the first post of another week, rather than at midnight
  const firstMinutes = useMemo(() => {
    const all = days.flatMap((d) => byDay.get(d) ?? []);
    const minutes = all
      .map((p) => postDisplayedAt(p))
      .filter((at): at is Date => at !== null)
      .map((at) => minutesInZone(at, zone));
    return minutes.length ? Math.min(...minutes) : null;
  }, [days, byDay, zone]);
  const nowMinutes = minutesInZone(now, zone);
  const showsToday = days.includes(today);
  const startAt = openingMinutes(showsToday, nowMinutes, firstMinutes);
  const week = days.length > 1;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls when the week or its first post changes, not each minute
  useEffect(() => {
    if (scroller.current) scroller.current.scrollTop = openingScrollTop(startAt);
  }, [first, firstMinutes, showsToday]);

  return (
    <Paper withBorder radius="lg" shadow="xs" style={{ overflow: 'hidden', '--days': days.length } as CSSProperties}>
      {onOpenDay && (
        <div className={classes.weekHead}>
          <span />
          {days.map((d) => {
            const n = byDay.get(d)?.length ?? 0;
            return (
              <UnstyledButton
                key={d}
                className={classes.weekHeadDay}
                data-today={d === today || undefined}
                onClick={() => onOpenDay(d)}
              >
                <Text span size="xs" fw={600} tt="uppercase" c="gray.7" aria-hidden>
                  {dayjs(d).format('ddd')}
                </Text>
                <span className={classes.weekHeadNumber} aria-hidden>
                  {dayjs(d).format('D')}
                </span>
                <VisuallyHidden>
                  {dayName(d)}
                  {d === today ? ', today' : ''}, {postsCount(n)}
                </VisuallyHidden>
              </UnstyledButton>
            );
          })}
        </div>
      )}
      <div className={classes.weekScroll} ref={scroller}>
        <div className={classes.weekBody} style={{ height: DAY_PX }}>
          <div className={classes.rail} aria-hidden>
            {HOURS.slice(1).map((h) => (
              <span key={h} className={classes.railHour} style={{ top: h * HOUR_PX }}>
                {String(h).padStart(2, '0')}:00
              </span>
            ))}
          </div>
          {days.map((d) => {
            // every grouped post has a moment (groupPostsByDay leaves out those without one)
            const timed = (byDay.get(d) ?? []).map((p) => ({
              item: p,
              minutes: minutesInZone(postDisplayedAt(p) as Date, zone),
            }));
            return (
              <div key={d} className={classes.column} data-today={d === today || undefined}>
                <ul className={classes.columnList} aria-label={`${dayName(d)}, ${postsCount(timed.length)}`}>
                  {week
                    ? // a week's column is narrow: its chips keep the full width, posts at the same time one under another
                      stackOnColumn(timed).map(({ item, top }) => (
                        <li key={item.CommonPostID} className={classes.weekSlot} data-tall style={{ top, left: 2, right: 2 }}>
                          <PostChip post={item} zone={zone} className={`${classes.weekChip} ${classes.weekChipTall}`} />
                        </li>
                      ))
                    : // a day's one column is wide: posts at the same time share its width
                      placeOnColumn(timed).map(({ item, minutes, lane, lanes }) => (
                        <li
                          key={item.CommonPostID}
                          className={classes.weekSlot}
                          style={{
                            top: Math.min(topOf(minutes), DAY_PX - CHIP_PX),
                            left: `calc(${(lane / lanes) * 100}% + 2px)`,
                            width: `calc(${100 / lanes}% - 4px)`,
                          }}
                        >
                          <PostChip post={item} zone={zone} className={classes.weekChip} />
                        </li>
                      ))}
                </ul>
                {d === today && <div className={classes.nowLine} style={{ top: topOf(nowMinutes) }} data-testid="now-line" />}
              </div>
            );
          })}
        </div>
      </div>
    </Paper>
  );
}
