import { Stack, UnstyledButton, VisuallyHidden } from '@mantine/core';
import {
  addDays,
  groupPostsByDay,
  MONTH_CELL_CHIPS,
  monthCellChips,
  monthGrid,
  type TCampaign,
  type TPost,
} from '@virality/domain';
import dayjs from 'dayjs';
import { type KeyboardEvent, useEffect, useMemo, useRef } from 'react';
import { campaignsByStartDay, useCampaignsByDate } from '../api/campaigns-by-date';
import { usePostsByDate } from '../api/posts-by-date';
import { usePostsDateRange } from '../api/posts-date-range';
import { dayName, postsCount } from '../lib/calendar-view';
import classes from './calendar.module.css';
import { CampaignChip } from './campaign-parts';
import { LoadError } from './load-error';
import { PostChip } from './post-parts';
import { DayAgenda } from './view-parts';

type TProps = {
  day: string;
  today: string;
  zone: string;
  imc: boolean;
  phone: boolean;
  /** Moves the chosen day within the Monthly view. */
  onChoose: (day: string) => void;
  /** Opens a day in the Daily view. */
  onOpenDay: (day: string) => void;
};

/** Arrow keys move the chosen day: a day left or right, a week up or down. */
const KEY_STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/**
 * The Monthly view: six weeks from Monday, today in a brand circle. On a desktop each cell shows up to three posts
 * and "+N more" (to the Daily view); on a phone each cell shows dots and the chosen day's posts are listed below.
 */
export function MonthView({ day, today, zone, imc, phone, onChoose, onOpenDay }: TProps) {
  const grid = monthGrid(day);
  const month = day.slice(0, 7);
  // a cell shows at most MONTH_CELL_CHIPS posts: only those are read, with every day's full count beside them
  const query = usePostsDateRange(
    { start: grid[0] as string, end: grid[grid.length - 1] as string, zone, perDay: MONTH_CELL_CHIPS },
    !imc,
  );
  const byDay = useMemo(() => groupPostsByDay(query.data?.posts ?? [], zone), [query.data, zone]);
  // an IMC user's month marks the days its campaigns start (owned or accepted, running in the grid's weeks)
  const campaigns = useCampaignsByDate(grid[0] as string, grid[grid.length - 1] as string, imc);
  const startsOn = useMemo(() => campaignsByStartDay(campaigns.data ?? []), [campaigns.data]);
  const dayCounts = query.data?.dayCounts;
  const countOf = (d: string) => dayCounts?.[d] ?? byDay.get(d)?.length ?? 0;
  // the phone lists the chosen day's posts below the grid: a day with more than the cells show is read alone
  const chosenRead = byDay.get(day) ?? [];
  const chosenWhole = query.data !== undefined && countOf(day) <= chosenRead.length;
  const chosenDay = usePostsByDate({ day, zone }, !imc && phone && query.data !== undefined && !chosenWhole);
  const agenda = chosenWhole
    ? { posts: chosenRead, pending: false, error: null, retry: () => void query.refetch() }
    : query.error
      ? { posts: undefined, pending: false, error: query.error, retry: () => void query.refetch() }
      : {
          posts: chosenDay.data,
          pending: query.isPending || chosenDay.isPending,
          error: chosenDay.error,
          retry: () => void chosenDay.refetch(),
        };
  const gridRef = useRef<HTMLFieldSetElement>(null);
  const moved = useRef(false);

  // the focus follows the chosen day when the keys moved it (the grid may have changed month)
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    gridRef.current?.querySelector<HTMLElement>(`[data-day="${day}"]`)?.focus();
  }, [day]);

  const onKeyDown = (e: KeyboardEvent, d: string) => {
    const step = KEY_STEPS[e.key];
    if (step === undefined) return;
    e.preventDefault();
    moved.current = true;
    onChoose(addDays(d, step));
  };
  const weekdays = grid.slice(0, 7);
  const loading = imc ? campaigns.isPending : query.isPending;
  const readError = imc ? campaigns.error : query.error;
  const retry = () => void (imc ? campaigns.refetch() : query.refetch());
  const nameOf = (d: string) =>
    cellName(d, today, loading ? null : imc ? null : countOf(d), imc && !loading ? (startsOn.get(d)?.length ?? 0) : null);

  if (phone) {
    return (
      <Stack gap="lg">
        {readError && <LoadError error={readError} onRetry={retry} what={imc ? 'campaigns' : 'posts'} />}
        <fieldset className={classes.compactGrid} ref={gridRef} aria-label={dayjs(day).format('MMMM YYYY')} aria-busy={loading}>
          {weekdays.map((d) => (
            <span key={d} className={classes.compactWeekday} aria-hidden>
              {dayjs(d).format('dd')}
            </span>
          ))}
          {grid.map((d) => (
            <UnstyledButton
              key={d}
              data-day={d}
              className={classes.compactCell}
              data-outside={d.slice(0, 7) !== month || undefined}
              data-today={d === today || undefined}
              data-selected={d === day || undefined}
              aria-pressed={d === day}
              tabIndex={d === day ? 0 : -1}
              onClick={() => onChoose(d)}
              onKeyDown={(e) => onKeyDown(e, d)}
            >
              <span className={classes.compactNumber} aria-hidden>
                {dayjs(d).format('D')}
              </span>
              <span className={classes.dots} aria-hidden>
                {imc
                  ? (startsOn.get(d) ?? []).slice(0, MONTH_CELL_CHIPS).map((c) => <span key={c._id} className={classes.dot} />)
                  : (byDay.get(d) ?? [])
                      .slice(0, MONTH_CELL_CHIPS)
                      .map((p) => <span key={p.CommonPostID} className={classes.dot} />)}
              </span>
              <VisuallyHidden>{nameOf(d)}</VisuallyHidden>
            </UnstyledButton>
          ))}
        </fieldset>
        <DayAgenda
          day={day}
          zone={zone}
          imc={imc}
          posts={agenda.posts}
          pending={agenda.pending}
          error={agenda.error}
          onRetry={agenda.retry}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      {readError && <LoadError error={readError} onRetry={retry} what={imc ? 'campaigns' : 'posts'} />}
      <fieldset className={classes.monthGrid} ref={gridRef} aria-label={dayjs(day).format('MMMM YYYY')} aria-busy={loading}>
        {weekdays.map((d) => (
          <span key={d} className={classes.weekday} aria-hidden>
            {dayjs(d).format('ddd')}
          </span>
        ))}
        {grid.map((d) => (
          <MonthCell
            key={d}
            day={d}
            posts={byDay.get(d) ?? []}
            campaigns={imc ? (startsOn.get(d) ?? []) : null}
            count={countOf(d)}
            zone={zone}
            outside={d.slice(0, 7) !== month}
            today={d === today}
            chosen={d === day}
            name={nameOf(d)}
            onOpenDay={onOpenDay}
            onKeyDown={onKeyDown}
          />
        ))}
      </fieldset>
    </Stack>
  );
}

/**
 * What a day's button says: 'Tuesday 10 November 2026, today, 2 posts' (no count while unknown), or for an IMC user
 * how many campaigns start that day.
 */
function cellName(d: string, today: string, count: number | null, starting: number | null = null): string {
  const what =
    starting !== null
      ? starting === 0
        ? ''
        : `, ${starting === 1 ? '1 campaign starts' : `${starting} campaigns start`}`
      : count === null
        ? ''
        : `, ${postsCount(count)}`;
  return `${dayName(d)}${d === today ? ', today' : ''}${what}`;
}

type TCellProps = {
  day: string;
  /** The day's first posts (at most MONTH_CELL_CHIPS are read). */
  posts: TPost[];
  /** An IMC user's campaigns starting that day (null: a poster's calendar). */
  campaigns: TCampaign[] | null;
  /** How many posts the day has in all. */
  count: number;
  zone: string;
  outside: boolean;
  today: boolean;
  chosen: boolean;
  name: string;
  onOpenDay: (day: string) => void;
  onKeyDown: (e: KeyboardEvent, day: string) => void;
};

function MonthCell({ day, posts, campaigns, count, zone, outside, today, chosen, name, onOpenDay, onKeyDown }: TCellProps) {
  const { shown } = monthCellChips(posts);
  const shownCampaigns = campaigns?.slice(0, MONTH_CELL_CHIPS) ?? [];
  // the rest of the day's posts were counted, not read
  const more = campaigns ? campaigns.length - shownCampaigns.length : Math.max(0, count - shown.length);
  return (
    <fieldset
      className={classes.cell}
      data-outside={outside || undefined}
      data-selected={chosen || undefined}
      aria-label={dayName(day)}
    >
      <UnstyledButton
        data-day={day}
        className={classes.dayNumber}
        data-today={today || undefined}
        tabIndex={chosen ? 0 : -1}
        onClick={() => onOpenDay(day)}
        onKeyDown={(e) => onKeyDown(e, day)}
      >
        <span aria-hidden>{dayjs(day).format('D')}</span>
        <VisuallyHidden>{name}</VisuallyHidden>
      </UnstyledButton>
      {campaigns
        ? shownCampaigns.map((c) => <CampaignChip key={c._id} campaign={c} />)
        : shown.map((p) => <PostChip key={p.CommonPostID} post={p} zone={zone} />)}
      {more > 0 && (
        <UnstyledButton className={classes.more} onClick={() => onOpenDay(day)} aria-label={`+${more} more on ${dayName(day)}`}>
          +{more} more
        </UnstyledButton>
      )}
    </fieldset>
  );
}
