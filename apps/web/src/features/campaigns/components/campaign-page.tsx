import { Box, Button, Group, Paper, Skeleton, Stack, Switch, Text } from '@mantine/core';
import {
  IconCalendarEvent,
  IconCash,
  IconFileDescription,
  IconPencilPlus,
  IconReportAnalytics,
  IconSearch,
  IconUserPlus,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { CAMPAIGN_MSG, dayInZone, type TCampaignDetail, type TCampaignInfluencer, type TCampaignPerson } from '@virality/domain';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { SectionCard } from '../../../components/section-card';
import { UserAvatar } from '../../../components/user-avatar';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCurrentUser } from '../../../lib/use-current-user';
import { CreatePostHost } from '../../posts/components/create-post-host';
import { ListLoadError } from '../../posts/components/list-parts';
import { openCreatePost, useComposerOpen } from '../../posts/lib/composer-store';
import { useCampaign } from '../api/campaign';
import { browserZone, campaignKeys } from '../api/keys';
import { useSetApproval } from '../api/review';
import { campaignDates, campaignPhase, dayText, feesDue, usd } from '../lib/campaign-view';
import { BudgetBar, CampaignFrame, InfluencerStateBadge, PaymentBadge, PhaseBadge, TABULAR } from './campaign-parts';
import { CampaignPosts } from './campaign-posts';
import classes from './campaigns.module.css';
import { FeeDuePrompt } from './fee-due-prompt';
import { MuteOwnerButton } from './mute-owner-button';
import { PayDialog } from './pay-dialog';
import { RespondButtons } from './respond-buttons';
import { ReviewDialog } from './review-dialog';
import { TagDialog } from './tag-dialog';
import { TermsDialog } from './terms-dialog';
import { TermsSummary, YourTermsCard } from './terms-view';

const nameOf = (p: TCampaignPerson) => p.name || p.userName || 'Influencer';

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
 * The owner opens the campaign's report from its header, and sees first a prompt to pay each influencer who delivered
 * everything and is still owed the agreed fee.
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
  const [paying, setPaying] = useState<{ person: TCampaignPerson; suggested: number | null } | null>(null);
  const [tagging, setTagging] = useState(false);
  const [termsOf, setTermsOf] = useState<string | null>(null);
  const [reviewing, setReviewing] = useState<string | null>(null);
  // the server's words when an answer met terms changed since they were read (the campaign is read again meanwhile)
  const [conflict, setConflict] = useState<string | null>(null);
  const owner = campaign.myRole === 'owner';
  const phase = campaignPhase(campaign, today);
  const taken = useMemo(() => new Set(campaign.influencers.map((i) => i.user._id)), [campaign.influencers]);
  const back = owner ? { to: paths.campaigns, label: 'Campaigns' } : { to: paths.tagged, label: 'Tagged campaigns' };
  // a tagged influencer sees only themselves
  const mine = owner ? null : (campaign.influencers[0] ?? null);
  const myTerms = mine?.terms ?? null;
  const awaiting = owner ? campaign.posts.filter((p) => p.review === 'awaiting').length : 0;
  // the owner's first sight: each influencer who delivered everything and is still owed the agreed fee
  const fees = owner ? feesDue(campaign) : [];
  useReadAgainAfterComposer(campaign._id, !owner);
  const termsChanged = (message: string) => {
    setConflict(message);
    notifyError(message);
  };

  let actions = null;
  if (owner)
    actions = (
      <>
        <Button
          component={Link}
          to={paths.campaignReport.replace(':id', encodeURIComponent(campaign._id))}
          variant="default"
          leftSection={<IconReportAnalytics size={18} aria-hidden />}
        >
          Report
        </Button>
        {phase !== 'Ended' && (
          <Button variant="default" leftSection={<IconUserPlus size={18} aria-hidden />} onClick={() => setTagging(true)}>
            Tag influencers
          </Button>
        )}
      </>
    );
  else if (campaign.myRole === 'invited' && phase !== 'Ended' && !myTerms)
    // no terms read: an answer to terms set meanwhile is refused, and the card below shows them
    actions = <RespondButtons campaign={campaign} size="md" termsAt="" onTermsChanged={termsChanged} />;
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
      {fees.map((fee) => (
        <FeeDuePrompt
          key={fee.influencer.user._id}
          fee={fee}
          onPay={(amount) => setPaying({ person: fee.influencer.user, suggested: amount })}
        />
      ))}
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
      {myTerms && mine && (
        <YourTermsCard
          campaign={campaign}
          terms={myTerms}
          status={mine.status}
          delivery={mine.delivery}
          canAnswer={phase !== 'Ended'}
          conflict={conflict}
          onTermsChanged={termsChanged}
        />
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
                onPay={() => setPaying({ person: inf.user, suggested: null })}
                owner={owner}
                onTerms={owner && phase !== 'Ended' ? () => setTermsOf(inf.user._id) : undefined}
              />
            ))}
          </Stack>
        )}
      </SectionCard>
      <SectionCard
        title="Posts made for it"
        action={
          awaiting > 0 ? (
            <Text size="sm" fw={600} c="#7A4B00" data-testid="awaiting-count">
              {awaiting} awaiting approval
            </Text>
          ) : undefined
        }
      >
        <Stack gap="md">
          {owner && <ApprovalSwitch campaign={campaign} />}
          <CampaignPosts
            campaignId={campaign._id}
            posts={campaign.posts}
            owner={owner}
            ownerName={nameOf(campaign.owner)}
            onReview={(p) => setReviewing(p._id)}
          />
        </Stack>
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
            influencer={paying?.person ?? null}
            suggested={paying?.suggested ?? null}
            left={campaign.left}
            onClose={() => setPaying(null)}
          />
          <ReviewDialog
            campaignId={campaign._id}
            post={campaign.posts.find((p) => p._id === reviewing) ?? null}
            onClose={() => setReviewing(null)}
          />
          <TagDialog opened={tagging} campaign={campaign} taken={taken} onClose={() => setTagging(false)} />
          <TermsDialog
            campaign={campaign}
            influencer={campaign.influencers.find((i) => i.user._id === termsOf) ?? null}
            onClose={() => setTermsOf(null)}
          />
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

type TRowProps = {
  influencer: TCampaignInfluencer;
  first: boolean;
  canPay: boolean;
  /** Opens the payment, its amount to type (a fee due is paid from the prompt at the top, filled in). */
  onPay: () => void;
  /** The owner's rows show each one's terms. */
  owner: boolean;
  /** Opens the terms dialog (the owner, while the campaign runs or is to come). */
  onTerms?: () => void;
};

function InfluencerRow({ influencer, first, canPay, onPay, owner, onTerms }: TRowProps) {
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
              className={classes.rowAction}
              aria-label={`Pay ${nameOf(user)}`}
            >
              Pay
            </Button>
          )}
        </Group>
      </Group>
      {owner && (
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap" mt="sm" pl={{ base: 0, sm: 52 }}>
          <Box miw={0} style={{ flex: '1 1 240px' }}>
            <TermsSummary influencer={influencer} />
          </Box>
          {onTerms && (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconFileDescription size={14} aria-hidden />}
              onClick={onTerms}
              className={classes.rowAction}
              aria-label={`${influencer.terms ? 'Edit' : 'Set'} terms for ${nameOf(user)}`}
            >
              {influencer.terms ? 'Edit terms' : 'Set terms'}
            </Button>
          )}
        </Group>
      )}
    </Box>
  );
}

/** An influencer's page reads the campaign again when the composer closes (a post made or edited for it). */
function useReadAgainAfterComposer(id: string, on: boolean) {
  const client = useQueryClient();
  const { opened } = useComposerOpen();
  const was = useRef(opened);
  useEffect(() => {
    if (on && was.current && !opened) void client.invalidateQueries({ queryKey: campaignKeys.one(id) });
    was.current = opened;
  }, [on, opened, client, id]);
}

/** The owner's switch: whether posts made for the campaign wait for their approval. The server's words follow. */
function ApprovalSwitch({ campaign }: { campaign: TCampaignDetail }) {
  const set = useSetApproval(campaign._id);
  const [said, setSaid] = useState<string | null>(null);
  const statusId = useId();
  return (
    <Stack gap={4}>
      <Switch
        label="Approve posts before they go out"
        description="Posts influencers make for this campaign wait for your approval."
        checked={set.isPending ? Boolean(set.variables) : campaign.approvalRequired}
        disabled={set.isPending}
        onChange={(e) => {
          const required = e.currentTarget.checked;
          setSaid(null);
          set.mutate(required, {
            onSuccess: ({ message }) => {
              setSaid(message);
              notifySuccess(message);
            },
            onError: (err) => notifyError(err.message),
          });
        }}
        aria-describedby={said ? statusId : undefined}
      />
      <Text id={statusId} size="xs" c="dimmed" role="status" pl={{ base: 0, xs: 54 }}>
        {said ?? ''}
      </Text>
    </Stack>
  );
}
