import { Badge, Box, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconCalendarEvent, IconCash, IconPencilPlus, IconSearch, IconSpeakerphone, IconUserPlus } from '@tabler/icons-react';
import {
  CAMPAIGN_MSG,
  dayInZone,
  socialNetwork,
  type TCampaignDetail,
  type TCampaignInfluencer,
  type TCampaignPerson,
  type TCampaignPost,
} from '@virality/domain';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { NetworkMarks } from '../../../components/network-marks';
import { SectionCard } from '../../../components/section-card';
import { StatusBadge, type TPostStatus } from '../../../components/status-badge';
import { UserAvatar } from '../../../components/user-avatar';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/use-current-user';
import { CreatePostHost } from '../../posts/components/create-post-host';
import { ListLoadError } from '../../posts/components/list-parts';
import { openCreatePost } from '../../posts/lib/composer-store';
import { useCampaign } from '../api/campaign';
import { browserZone } from '../api/keys';
import { campaignDates, campaignPhase, dayText, usd } from '../lib/campaign-view';
import { BudgetBar, CampaignFrame, InfluencerStateBadge, PaymentBadge, PhaseBadge, TABULAR } from './campaign-parts';
import classes from './campaigns.module.css';
import { MuteOwnerButton } from './mute-owner-button';
import { PayDialog } from './pay-dialog';
import { RespondButtons } from './respond-buttons';
import { TagDialog } from './tag-dialog';

const nameOf = (p: TCampaignPerson) => p.name || p.userName || 'Influencer';

/** A caption's start, as a row shows it. */
const CAPTION_START = 90;
const captionStart = (caption: string | null) => {
  const text = (caption ?? '').trim().replace(/\s+/g, ' ');
  if (!text) return 'No caption';
  return text.length > CAPTION_START ? `${text.slice(0, CAPTION_START - 1)}…` : text;
};

/** A post's status word from the server, in the post statuses' look when it is one of them. */
function postStatusOf(status: string): TPostStatus | null {
  const s = status.toLowerCase();
  if (s.includes('part')) return 'Partly posted';
  if (s.includes('fail') || s.includes('reconnect')) return 'Failed';
  if (s.includes('draft')) return 'Draft';
  if (s.includes('approval') || s.includes('review')) return 'Pending approval';
  if (s.includes('pause')) return 'Paused';
  if (s.includes('schedul')) return 'Scheduled';
  if (s.includes('publishing') || s.includes('processing') || s.includes('progress')) return 'Publishing';
  if (s.includes('post') || s.includes('publish') || s.includes('sent') || s.includes('done') || s.includes('success'))
    return 'Posted';
  return null;
}

function PostStatus({ status }: { status: string }) {
  const known = postStatusOf(status);
  if (known) return <StatusBadge status={known} />;
  return (
    <Badge variant="light" color="gray" tt="none" radius="xl" size="lg">
      {status}
    </Badge>
  );
}

function DetailSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Loading the campaign">
      <Skeleton h={28} w="50%" />
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="sm">
          <Skeleton h={14} w="80%" />
          <Skeleton h={14} w="60%" />
          <Skeleton h={10} />
        </Stack>
      </Paper>
      <Skeleton h={140} radius="lg" />
    </Stack>
  );
}

/**
 * /campaign/:id: one campaign, for its owner or an influencer tagged in it. Its brief, days, where it stands today and
 * its budget; the tagged influencers with their answers and what each was paid (the owner tags more and pays the
 * accepted ones through PayPal; a tagged influencer answers, then posts for it); the posts made for it and its payments.
 */
export function CampaignPage() {
  const { id = '' } = useParams();
  const query = useCampaign(id);
  const { data: user } = useCurrentUser();
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  const backOwner = { to: paths.campaigns, label: 'Campaigns' };
  const back = user?.profileType === 'INFLUENCER' ? { to: paths.tagged, label: 'Tagged campaigns' } : backOwner;

  if (notFound)
    return (
      <CampaignFrame title={CAMPAIGN_MSG.notFound} back={back}>
        <EmptyState
          icon={<IconSearch size={24} />}
          title={CAMPAIGN_MSG.notFound}
          line="It may have been removed, or it is not one of yours. Your campaigns are in the list."
          action={
            <Button component={Link} to={back.to} variant="default" mt="xs">
              Go to {back.label}
            </Button>
          }
        />
      </CampaignFrame>
    );
  if (query.error)
    return (
      <CampaignFrame title="Campaign" back={back}>
        <ListLoadError title="Could not load the campaign" error={query.error} onRetry={() => void query.refetch()} />
      </CampaignFrame>
    );
  if (!query.data)
    return (
      <CampaignFrame title="Campaign" back={back}>
        <DetailSkeleton />
      </CampaignFrame>
    );
  return <CampaignDetail campaign={query.data} />;
}

function CampaignDetail({ campaign }: { campaign: TCampaignDetail }) {
  const [today] = useState(() => dayInZone(new Date(), browserZone()));
  const [paying, setPaying] = useState<TCampaignPerson | null>(null);
  const [tagging, setTagging] = useState(false);
  const owner = campaign.myRole === 'owner';
  const phase = campaignPhase(campaign, today);
  const taken = useMemo(() => new Set(campaign.influencers.map((i) => i.user._id)), [campaign.influencers]);
  const back = owner ? { to: paths.campaigns, label: 'Campaigns' } : { to: paths.tagged, label: 'Tagged campaigns' };

  let actions = null;
  if (owner && phase !== 'Ended')
    actions = (
      <Button variant="default" leftSection={<IconUserPlus size={18} aria-hidden />} onClick={() => setTagging(true)}>
        Tag influencers
      </Button>
    );
  else if (campaign.myRole === 'invited' && phase !== 'Ended') actions = <RespondButtons campaign={campaign} size="md" />;
  else if (campaign.myRole === 'accepted' && phase === 'Running')
    actions = (
      <Button
        leftSection={<IconPencilPlus size={18} aria-hidden />}
        onClick={() => openCreatePost(null, { campaign: { id: campaign._id, name: campaign.name } })}
      >
        Create a post for this campaign
      </Button>
    );

  return (
    <CampaignFrame title={campaign.name} subtitle={<CampaignSubtitle campaign={campaign} />} back={back} actions={actions}>
      {!owner && <CreatePostHost />}
      {campaign.endedAt && !owner && (
        <Text size="sm" c="dimmed">
          {CAMPAIGN_MSG.ownerClosedEnded}.
        </Text>
      )}
      {campaign.myRole === 'accepted' && phase === 'Upcoming' && (
        <Text size="sm" c="dimmed">
          You can post for this campaign from {dayText(campaign.startDate)}.
        </Text>
      )}
      <SectionCard title="About" action={<PhaseBadge phase={phase} />}>
        <Stack gap="md">
          <Text size="sm" style={{ whiteSpace: 'pre-line' }} className={classes.wrap}>
            {campaign.brief}
          </Text>
          <Group gap="lg" wrap="wrap">
            <Group gap={6} wrap="nowrap">
              <IconCalendarEvent size={16} stroke={1.75} aria-hidden color="var(--mantine-color-dimmed)" />
              <Text size="sm">{campaignDates(campaign.startDate, campaign.endDate)}</Text>
            </Group>
            {!owner && (
              <Group gap={6} wrap="wrap">
                <UserAvatar name={nameOf(campaign.owner)} image={campaign.owner.profileImage} color={null} size={24} />
                <Text size="sm">
                  <Text span c="dimmed" size="sm">
                    by{' '}
                  </Text>
                  {nameOf(campaign.owner)}
                </Text>
                {!campaign.endedAt && <MuteOwnerButton campaign={campaign} />}
              </Group>
            )}
          </Group>
          <BudgetBar campaign={campaign} size="sm" />
        </Stack>
      </SectionCard>
      <SectionCard title={owner ? 'Influencers' : 'Your place'}>
        {campaign.influencers.length === 0 ? (
          <Text size="sm" c="dimmed">
            No influencers tagged yet. Tag the ones you want to work with: they are told and can accept.
          </Text>
        ) : (
          <Stack gap={0} component="ul" className={classes.plainList} aria-label="Tagged influencers">
            {campaign.influencers.map((inf, i) => (
              <InfluencerRow
                key={inf.user._id}
                influencer={inf}
                first={i === 0}
                canPay={owner && inf.status === 'accepted' && campaign.left >= 1}
                onPay={() => setPaying(inf.user)}
              />
            ))}
          </Stack>
        )}
      </SectionCard>
      <SectionCard title="Posts made for it">
        <CampaignPosts posts={campaign.posts} />
      </SectionCard>
      <SectionCard title="Payments">
        {campaign.payments.length === 0 ? (
          <Text size="sm" c="dimmed">
            No payments yet.
          </Text>
        ) : (
          <Stack gap={0} component="ul" className={classes.plainList} aria-label="Payments">
            {campaign.payments.map((p, i) => (
              <Box
                component="li"
                key={p._id}
                py="sm"
                style={i === 0 ? undefined : { borderTop: '1px solid var(--mantine-color-gray-2)' }}
                data-testid="payment"
              >
                <Group justify="space-between" gap="sm" wrap="wrap">
                  <Group gap="sm" wrap="nowrap" miw={0}>
                    <UserAvatar name={nameOf(p.receiver)} image={p.receiver.profileImage} color={null} size={32} />
                    <Box miw={0}>
                      <Text size="sm" fw={600} truncate>
                        {nameOf(p.receiver)}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {dayText(p.date)}
                      </Text>
                    </Box>
                  </Group>
                  <Group gap="sm" wrap="nowrap">
                    <Text fw={650} style={TABULAR}>
                      {usd(p.amount)}
                    </Text>
                    <PaymentBadge status={p.paymentStatus} />
                  </Group>
                </Group>
              </Box>
            ))}
          </Stack>
        )}
      </SectionCard>
      {owner && (
        <>
          <PayDialog
            opened={paying !== null}
            campaignId={campaign._id}
            influencer={paying}
            left={campaign.left}
            onClose={() => setPaying(null)}
          />
          <TagDialog opened={tagging} campaignId={campaign._id} taken={taken} onClose={() => setTagging(false)} />
        </>
      )}
    </CampaignFrame>
  );
}

function CampaignSubtitle({ campaign }: { campaign: TCampaignDetail }) {
  if (campaign.myRole === 'owner') return <>Your campaign · {campaignDates(campaign.startDate, campaign.endDate)}</>;
  return (
    <Group component="span" gap={8} wrap="wrap">
      <span>You are tagged in this campaign.</span>
      <InfluencerStateBadge state={campaign.myRole} prefix="Your answer: " />
    </Group>
  );
}

type TRowProps = { influencer: TCampaignInfluencer; first: boolean; canPay: boolean; onPay: () => void };

function InfluencerRow({ influencer, first, canPay, onPay }: TRowProps) {
  const { user, status, paid } = influencer;
  return (
    <Box
      component="li"
      py="sm"
      style={first ? undefined : { borderTop: '1px solid var(--mantine-color-gray-2)' }}
      data-testid="influencer"
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: '1 1 200px' }}>
          <UserAvatar name={nameOf(user)} image={user.profileImage} color={null} size={40} />
          <Box miw={0}>
            <Text size="sm" fw={600} truncate>
              {nameOf(user)}
            </Text>
            {user.userName && (
              <Text size="xs" c="dimmed" truncate>
                @{user.userName}
              </Text>
            )}
          </Box>
        </Group>
        <Group gap="sm" wrap="nowrap">
          <InfluencerStateBadge state={status} />
          <Text size="sm" style={TABULAR} miw={80} ta="right">
            <Text span size="xs" c="dimmed">
              Paid{' '}
            </Text>
            {usd(paid)}
          </Text>
          {canPay && (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconCash size={14} aria-hidden />}
              onClick={onPay}
              aria-label={`Pay ${nameOf(user)}`}
            >
              Pay
            </Button>
          )}
        </Group>
      </Group>
    </Box>
  );
}

function CampaignPosts({ posts }: { posts: TCampaignPost[] }) {
  if (posts.length === 0)
    return (
      <Group gap="sm" wrap="nowrap" c="dimmed">
        <IconSpeakerphone size={18} stroke={1.75} aria-hidden />
        <Text size="sm">No posts made for this campaign yet.</Text>
      </Group>
    );
  return (
    <Stack gap={0} component="ul" className={classes.plainList} aria-label="Posts made for the campaign">
      {posts.map((p, i) => {
        const ids: string[] = p.networks.flatMap((n) => socialNetwork(n)?.id ?? []);
        return (
          <Box
            component="li"
            key={p._id}
            py="sm"
            style={i === 0 ? undefined : { borderTop: '1px solid var(--mantine-color-gray-2)' }}
            data-testid="campaign-post"
          >
            <Stack gap={6}>
              <Text size="sm" className={classes.wrap}>
                {captionStart(p.caption)}
              </Text>
              <Group justify="space-between" gap="sm" wrap="wrap">
                <Group gap="sm" wrap="wrap">
                  {ids.length > 0 && <NetworkMarks ids={ids} size={20} />}
                  <Text size="xs" c="dimmed">
                    {nameOf(p.author)} · {dayText(p.scheduledAt ?? p.createdAt)}
                  </Text>
                </Group>
                <PostStatus status={p.status} />
              </Group>
            </Stack>
          </Box>
        );
      })}
    </Stack>
  );
}
