import { Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconSpeakerphone, IconUsers } from '@tabler/icons-react';
import { CAMPAIGN_MSG, formatUsd, type TCampaign } from '@virality/domain';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { paths } from '../../../config/paths';
import { useCampaignByDay } from '../api/campaigns-by-date';
import { dayName } from '../lib/calendar-view';
import classes from './calendar.module.css';
import { LoadError } from './load-error';
import { AgendaSkeleton } from './post-parts';

const CAMPAIGN_EDGE = 'var(--mantine-color-brand-6)';

export const campaignPath = (c: Pick<TCampaign, '_id'>) => paths.campaign.replace(':id', encodeURIComponent(c._id));

/** A campaign's days: 'Dec 1 – Dec 31, 2026' (both years when they differ). */
const daysText = (c: TCampaign) => {
  const start = dayjs(c.startDate.slice(0, 10));
  const end = dayjs(c.endDate.slice(0, 10));
  return `${start.format(start.year() === end.year() ? 'MMM D' : 'MMM D, YYYY')} – ${end.format('MMM D, YYYY')}`;
};

/** A campaign in an agenda: its name, days, budget and influencers; it opens the campaign. */
function CampaignItem({ campaign }: { campaign: TCampaign }) {
  return (
    <Paper
      component={Link}
      to={campaignPath(campaign)}
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      className={classes.agendaItem}
      style={{ borderLeft: `4px solid ${CAMPAIGN_EDGE}` }}
    >
      <Stack gap={6}>
        <Text size="sm" fw={650} style={{ overflowWrap: 'anywhere' }}>
          {campaign.name}
        </Text>
        <Group gap="md" wrap="wrap">
          <Text size="xs" c="dimmed">
            {daysText(campaign)}
          </Text>
          <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
            Budget {formatUsd(Math.round(campaign.budget * 100))}
          </Text>
          <Group gap={4} wrap="nowrap">
            <IconUsers size={14} stroke={1.75} aria-hidden color="var(--mantine-color-dimmed)" />
            <Text size="xs" c="dimmed">
              {campaign.acceptedCount}/{campaign.influencerCount} accepted
            </Text>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}

/** An IMC user's day: the campaigns starting on it, each opening its page; 'No campaigns starting today' without. */
export function CampaignDayAgenda({ day, named = true }: { day: string; named?: boolean }) {
  const query = useCampaignByDay(day);
  let body: ReactNode;
  if (query.error) body = <LoadError error={query.error} onRetry={() => void query.refetch()} what="campaigns" />;
  else if (!query.data) body = <AgendaSkeleton />;
  else if (query.data.length === 0)
    body = (
      <EmptyState
        icon={<IconSpeakerphone size={24} />}
        title={CAMPAIGN_MSG.noneToday}
        line={`No campaign of yours starts on ${dayName(day)}. Campaigns show here on their first day.`}
      />
    );
  else
    body = (
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {query.data.map((c) => (
          <li key={c._id}>
            <CampaignItem campaign={c} />
          </li>
        ))}
      </Stack>
    );
  return (
    <Stack gap="sm" component="section" aria-label={`Campaigns starting on ${dayName(day)}`}>
      {named && (
        <Title order={3} fz={16} fw={650}>
          {dayName(day)}
        </Title>
      )}
      {body}
    </Stack>
  );
}

/** A campaign as a chip of a month cell, on its first day: its name, the brand edge; it opens the campaign. */
export function CampaignChip({ campaign }: { campaign: TCampaign }) {
  return (
    <UnstyledButton
      component={Link}
      to={campaignPath(campaign)}
      className={classes.chip}
      style={{ borderLeftColor: CAMPAIGN_EDGE }}
      aria-label={`Campaign ${campaign.name} starts`}
    >
      <span className={classes.chipTile}>
        <IconSpeakerphone size={14} stroke={1.75} aria-hidden />
      </span>
      <Text span size="xs" truncate="end" style={{ minWidth: 0 }} data-chip-caption>
        {campaign.name}
      </Text>
    </UnstyledButton>
  );
}
