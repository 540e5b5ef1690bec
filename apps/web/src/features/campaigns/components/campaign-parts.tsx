import { Anchor, Badge, Box, Container, Group, Progress, Stack, Text, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowBackUp,
  IconArrowLeft,
  IconCircleCheck,
  IconClock,
  IconFlag,
  IconHourglass,
  IconMail,
  IconPlayerPlay,
  IconX,
} from '@tabler/icons-react';
import {
  DELIVERY_MSG,
  REVIEW_MSG,
  type TCampaign,
  type TCampaignInfluencerState,
  type TCampaignReviewState,
  type TDeliverableProgress,
  type TDelivery,
  type TDeliveryState,
} from '@virality/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  deliverableDoneWords,
  deliveryStanding,
  INFLUENCER_STATE_LABEL,
  paymentLook,
  spentPercent,
  type TCampaignPhase,
  usd,
} from '../lib/campaign-view';

export const TABULAR = { fontVariantNumeric: 'tabular-nums' } as const;

type TFrameProps = {
  title: string;
  subtitle?: ReactNode;
  back?: { to: string; label: string };
  /** At most one filled and two default buttons (they wrap below the title on a phone). */
  actions?: ReactNode;
  /** 'md' for lists and a campaign, 720 for the form. */
  size?: 'md' | number;
  children: ReactNode;
};

/** The frame of every campaign screen: a back link when nested, the title with one line, the actions, the content. */
export function CampaignFrame({ title, subtitle, back, actions, size = 'md', children }: TFrameProps) {
  return (
    <Container size={size} py={{ base: 'md', sm: 'xl' }} px={{ base: 'md', sm: 'lg' }}>
      <Stack gap="lg">
        {back && (
          <Anchor component={Link} to={back.to} size="sm" fw={600} w="fit-content">
            <Group gap={4} component="span">
              <IconArrowLeft size={16} stroke={1.75} aria-hidden />
              {back.label}
            </Group>
          </Anchor>
        )}
        <Group justify="space-between" align="flex-end" gap="sm">
          <Box miw={0}>
            <Title order={1} fz={{ base: 24, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Title>
            {subtitle && (
              <Text c="dimmed" size="sm" mt={4}>
                {subtitle}
              </Text>
            )}
          </Box>
          {actions && <Group gap="sm">{actions}</Group>}
        </Group>
        {children}
      </Stack>
    </Container>
  );
}

type TLook = { color: string; bg: string; Icon: typeof IconClock };

// the post statuses' pairs (each at least 4.5:1), so a status reads the same everywhere: never colour alone
const GREEN: Omit<TLook, 'Icon'> = { color: '#1B6E37', bg: '#E2F6E8' };
const RED: Omit<TLook, 'Icon'> = { color: '#B42318', bg: '#FEE4E2' };
const GREY: Omit<TLook, 'Icon'> = { color: '#30364A', bg: '#E5E8EF' };
const AMBER: Omit<TLook, 'Icon'> = { color: '#7A4B00', bg: '#FFF3D1' };
const BLUE: Omit<TLook, 'Icon'> = { color: '#1A56C4', bg: '#E7EFFE' };

function Pill({ look, label, prefix, size = 'md' }: { look: TLook; label: string; prefix?: string; size?: 'md' | 'lg' }) {
  const { color, bg, Icon } = look;
  return (
    <Badge
      size={size}
      radius="xl"
      tt="none"
      fw={600}
      leftSection={<Icon size={size === 'lg' ? 14 : 12} stroke={2} aria-hidden />}
      styles={{ root: { color, background: bg, border: `1px solid ${bg}`, flex: 'none' } }}
    >
      {prefix && (
        <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>{prefix}</span>
      )}
      {label}
    </Badge>
  );
}

const STATE_LOOK: Record<TCampaignInfluencerState, TLook> = {
  invited: { ...GREY, Icon: IconMail },
  accepted: { ...GREEN, Icon: IconCircleCheck },
  declined: { ...RED, Icon: IconX },
};

/** A tagged influencer's answer: Invited (grey), Accepted (green), Declined (red). */
export function InfluencerStateBadge({ state, prefix }: { state: TCampaignInfluencerState; prefix?: string }) {
  return <Pill look={STATE_LOOK[state]} label={INFLUENCER_STATE_LABEL[state]} prefix={prefix} />;
}

const PHASE_LOOK: Record<TCampaignPhase, TLook> = {
  Upcoming: { ...BLUE, Icon: IconClock },
  Running: { ...GREEN, Icon: IconPlayerPlay },
  Ended: { ...GREY, Icon: IconFlag },
};

/** Where the campaign stands today: Upcoming, Running or Ended. */
export function PhaseBadge({ phase }: { phase: TCampaignPhase }) {
  return <Pill look={PHASE_LOOK[phase]} label={phase} prefix="Status: " />;
}

const PAYMENT_LOOK = {
  ok: { ...GREEN, Icon: IconCircleCheck },
  pending: { ...AMBER, Icon: IconHourglass },
  failed: { ...RED, Icon: IconAlertTriangle },
} as const;

/** A payment's status: Completed green, Pending or Created amber, Failed red. */
export function PaymentBadge({ status }: { status: string }) {
  const { label, tone } = paymentLook(status);
  return <Pill look={PAYMENT_LOOK[tone]} label={label} />;
}

const TERMS_LOOK = {
  agreed: { ...GREEN, Icon: IconCircleCheck },
  waiting: { ...AMBER, Icon: IconHourglass },
} as const;

/** Where an influencer's terms stand: Agreed (green) or Waiting for answer (amber). */
export function TermsStateBadge({ state }: { state: keyof typeof TERMS_LOOK }) {
  return <Pill look={TERMS_LOOK[state]} label={state === 'agreed' ? 'Agreed' : 'Waiting for answer'} prefix="Terms: " />;
}

const REVIEW_LOOK = {
  awaiting: { ...AMBER, Icon: IconHourglass },
  // the post statuses' "Sent back": back with the author, to change
  changes_requested: { color: '#9C3D0A', bg: '#FFEBDA', Icon: IconArrowBackUp },
} as const;

/**
 * Where a post made for the campaign stands in its owner's review, beside the post statuses (as large): Awaiting
 * approval (amber) or Changes requested (orange). An approved post shows its own status instead.
 */
export function ReviewBadge({ review }: { review: Exclude<TCampaignReviewState, 'approved'> }) {
  return (
    <Pill
      look={REVIEW_LOOK[review]}
      label={review === 'awaiting' ? REVIEW_MSG.awaitingLabel : REVIEW_MSG.changesLabel}
      size="lg"
    />
  );
}

const DELIVERY_LOOK: Record<TDeliveryState, TLook> = {
  done: { ...GREEN, Icon: IconCircleCheck },
  due: { ...GREY, Icon: IconClock },
  late: { ...RED, Icon: IconAlertTriangle },
};

/** How many of an influencer's deliverables are done (green), due (grey) or late (red): '2 done'. */
export function DeliveryBadge({ state, count }: { state: TDeliveryState; count: number }) {
  return <Pill look={DELIVERY_LOOK[state]} label={`${count} ${DELIVERY_MSG.stateLabel[state].toLowerCase()}`} />;
}

/** 'late', as every screen says it: the report's Late colour, with its warning sign (never colour alone). */
function Late({ children }: { children: ReactNode }) {
  return (
    <Text span inherit fw={600} c={DELIVERY_LOOK.late.color} style={{ whiteSpace: 'nowrap' }}>
      <IconAlertTriangle size={14} stroke={2} aria-hidden style={{ verticalAlign: '-2px', marginRight: 3 }} />
      {children}
    </Text>
  );
}

/**
 * How an influencer's deliverables stand, in one line, alike in the owner's row and in the influencer's own terms:
 * 'All delivered' (green, with a check) once every one is done, else 'Delivered 1 of 2 done · 1 late', the late ones
 * in the late colour.
 */
export function DeliveryLine({ delivery }: { delivery: Pick<TDelivery, 'items' | 'complete'> }) {
  const { complete, words, late } = deliveryStanding(delivery);
  if (complete)
    return (
      <Text size="sm" fw={600} c={DELIVERY_LOOK.done.color} data-testid="delivery">
        <IconCircleCheck size={16} stroke={2} aria-hidden style={{ verticalAlign: '-3px', marginRight: 4 }} />
        {words}
      </Text>
    );
  return (
    <Text size="sm" style={TABULAR} data-testid="delivery">
      <Text span inherit c="dimmed">
        Delivered{' '}
      </Text>
      {words}
      {late > 0 && (
        <>
          {' · '}
          <Late>{late} late</Late>
        </>
      )}
    </Text>
  );
}

/** One deliverable's progress under its words: '2 of 2 done' (green, checked), '0 of 1 done', or '0 of 1 done · late'. */
export function DeliverableProgressLine({ item }: { item: Pick<TDeliverableProgress, 'done' | 'count' | 'state'> }) {
  const words = deliverableDoneWords(item);
  if (item.state === 'done')
    return (
      <Text size="sm" fw={600} c={DELIVERY_LOOK.done.color} style={TABULAR} data-testid="deliverable-progress">
        <IconCircleCheck size={14} stroke={2} aria-hidden style={{ verticalAlign: '-2px', marginRight: 3 }} />
        {words}
      </Text>
    );
  return (
    <Text size="sm" c={item.state === 'late' ? undefined : 'dimmed'} style={TABULAR} data-testid="deliverable-progress">
      {words}
      {item.state === 'late' && (
        <>
          {' · '}
          <Late>late</Late>
        </>
      )}
    </Text>
  );
}

/** The budget, what is spent and what is left, with a bar of the spent share (named for screen readers). */
export function BudgetBar({
  campaign,
  size = 'sm',
}: {
  campaign: Pick<TCampaign, 'budget' | 'spent' | 'left'>;
  size?: 'sm' | 'md';
}) {
  const pct = spentPercent(campaign);
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size={size} style={TABULAR}>
          <Text span c="dimmed" size={size}>
            Budget{' '}
          </Text>
          <b>{usd(campaign.budget)}</b>
        </Text>
        <Text size={size} style={TABULAR}>
          <Text span c="dimmed" size={size}>
            Spent{' '}
          </Text>
          {usd(campaign.spent)}
          <Text span c="dimmed" size={size}>
            {' · Left '}
          </Text>
          <b>{usd(campaign.left)}</b>
        </Text>
      </Group>
      <Progress
        value={pct}
        size="md"
        radius="xl"
        aria-label={`Budget spent: ${usd(campaign.spent)} of ${usd(campaign.budget)}, ${usd(campaign.left)} left`}
      />
    </Stack>
  );
}
