import { Group, Paper, Stack, Text } from '@mantine/core';
import { IconCalendarEvent, IconUsers } from '@tabler/icons-react';
import type { TCampaign } from '@virality/domain';
import { useId } from 'react';
import { Link, useNavigate } from 'react-router';
import { UserAvatar } from '../../../components/user-avatar';
import { paths } from '../../../config/paths';
import { notifyError } from '../../../lib/notify';
import { campaignDates, campaignPhase, usd } from '../lib/campaign-view';
import { BudgetBar, InfluencerStateBadge, PhaseBadge, TABULAR } from './campaign-parts';
import classes from './campaigns.module.css';
import { RespondButtons } from './respond-buttons';

export const campaignLink = (id: string) => paths.campaign.replace(':id', encodeURIComponent(id));

/** An Accept on the list met terms the influencer has not read: they are sent to read them on the campaign's page. */
export const READ_TERMS_FIRST = 'This campaign comes with terms: read them on its page before you accept';

type TProps = { campaign: TCampaign; today: string };

/** An owner's campaign in the list: its name (the link), where it stands, its days, its budget and its influencers. */
export function OwnedCampaignCard({ campaign, today }: TProps) {
  const titleId = useId();
  return (
    <Paper
      component="article"
      withBorder
      radius="lg"
      shadow="xs"
      p={{ base: 'md', sm: 'lg' }}
      className={classes.card}
      aria-labelledby={titleId}
      data-testid="campaign-card"
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Text component={Link} to={campaignLink(campaign._id)} id={titleId} fw={650} fz={17} className={classes.open}>
            {campaign.name}
          </Text>
          <PhaseBadge phase={campaignPhase(campaign, today)} />
        </Group>
        <Group gap="lg" wrap="wrap">
          <Group gap={6} wrap="nowrap">
            <IconCalendarEvent size={16} stroke={1.75} aria-hidden color="var(--mantine-color-dimmed)" />
            <Text size="sm">{campaignDates(campaign.startDate, campaign.endDate)}</Text>
          </Group>
          <Group gap={6} wrap="nowrap">
            <IconUsers size={16} stroke={1.75} aria-hidden color="var(--mantine-color-dimmed)" />
            <Text size="sm" style={TABULAR}>
              {campaign.acceptedCount}/{campaign.influencerCount} influencers accepted
            </Text>
          </Group>
        </Group>
        <BudgetBar campaign={campaign} />
      </Stack>
    </Paper>
  );
}

/**
 * A campaign an influencer is tagged in: whose it is, its days and budget, the answer given (or Accept / Decline).
 * The list does not carry the terms, so Accept says none were read (termsAt ''): a campaign with terms for them refuses
 * it, and its page, where the terms are, opens instead. Nobody agrees here to terms they have not seen.
 */
export function TaggedCampaignCard({ campaign }: { campaign: TCampaign }) {
  const titleId = useId();
  const navigate = useNavigate();
  const owner = campaign.owner.name || campaign.owner.userName || 'A brand';
  const state = campaign.myRole === 'owner' ? null : campaign.myRole;
  return (
    <Paper
      component="article"
      withBorder
      radius="lg"
      shadow="xs"
      p={{ base: 'md', sm: 'lg' }}
      className={classes.card}
      aria-labelledby={titleId}
      data-testid="campaign-card"
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Text component={Link} to={campaignLink(campaign._id)} id={titleId} fw={650} fz={17} className={classes.open}>
            {campaign.name}
          </Text>
          {state && <InfluencerStateBadge state={state} prefix="Your answer: " />}
        </Group>
        <Group gap="xs" wrap="nowrap">
          <UserAvatar name={owner} image={campaign.owner.profileImage} color={null} size={28} />
          <Text size="sm" truncate>
            <Text span c="dimmed" size="sm">
              by{' '}
            </Text>
            {owner}
          </Text>
        </Group>
        <Group gap="lg" wrap="wrap">
          <Group gap={6} wrap="nowrap">
            <IconCalendarEvent size={16} stroke={1.75} aria-hidden color="var(--mantine-color-dimmed)" />
            <Text size="sm">{campaignDates(campaign.startDate, campaign.endDate)}</Text>
          </Group>
          <Text size="sm" style={TABULAR}>
            <Text span c="dimmed" size="sm">
              Budget{' '}
            </Text>
            <b>{usd(campaign.budget)}</b>
          </Text>
        </Group>
        {state === 'invited' && (
          <RespondButtons
            campaign={campaign}
            className={classes.above}
            termsAt=""
            onTermsChanged={() => {
              notifyError(READ_TERMS_FIRST);
              navigate(campaignLink(campaign._id));
            }}
          />
        )}
      </Stack>
    </Paper>
  );
}
