import { Stack, Title } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import { INSIGHTS_MSG, type TPost } from '@virality/domain';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { dayName } from '../lib/calendar-view';
import { CampaignDayAgenda } from './campaign-parts';
import { LoadError } from './load-error';
import { AgendaItem, AgendaSkeleton } from './post-parts';

type TAgendaProps = {
  day: string;
  zone: string;
  /** An IMC user: the campaigns starting that day instead of posts. */
  imc: boolean;
  posts: readonly TPost[] | undefined;
  pending: boolean;
  error: Error | null;
  onRetry: () => void;
  /** Whether the day is named above its posts (the Daily view names it in its own heading). */
  named?: boolean;
};

/** One day's posts, earliest first, with the day named above them; the spec's empty texts when there are none. */
export function DayAgenda({ day, zone, imc, posts, pending, error, onRetry, named = true }: TAgendaProps) {
  if (imc) return <CampaignDayAgenda day={day} named={named} />;
  let body: ReactNode;
  if (error) {
    body = <LoadError error={error} onRetry={onRetry} />;
  } else if (pending || !posts) {
    body = <AgendaSkeleton />;
  } else if (posts.length === 0) {
    body = (
      <EmptyState
        icon={<IconCalendarOff size={24} />}
        title={INSIGHTS_MSG.noPostTodayCalendar}
        line={`Nothing is scheduled or published on ${dayName(day)}.`}
      />
    );
  } else {
    body = (
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {posts.map((p) => (
          <li key={p.CommonPostID}>
            <AgendaItem post={p} zone={zone} />
          </li>
        ))}
      </Stack>
    );
  }
  return (
    <Stack gap="sm" component="section" aria-label={`Posts on ${dayName(day)}`}>
      {named && (
        <Title order={3} fz={16} fw={650}>
          {dayName(day)}
        </Title>
      )}
      {body}
    </Stack>
  );
}
