import { Alert, Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCash, IconCircleCheck } from '@tabler/icons-react';
import type { TCampaignDetail, TCampaignInfluencer, TCampaignTermsView, TSocialNetworkKey } from '@virality/domain';
import { NetworkTile } from '../../../components/network-tile';
import { SectionCard } from '../../../components/section-card';
import { dayText, usd } from '../lib/campaign-view';
import { deliverableWords } from '../lib/terms-form';
import { TABULAR, TermsStateBadge } from './campaign-parts';
import classes from './campaigns.module.css';
import { RespondButtons } from './respond-buttons';

/** Where terms stand for a tagged influencer: agreed, waiting for their answer, or (declined) nothing to add. */
export function termsState(influencer: Pick<TCampaignInfluencer, 'status' | 'terms'>): 'agreed' | 'waiting' | null {
  if (!influencer.terms) return null;
  if (influencer.terms.agreedAt) return 'agreed';
  return influencer.status === 'invited' ? 'waiting' : null;
}

/** The deliverables in words, each with its network's mark. */
function DeliverableList({ terms, size }: { terms: TCampaignTermsView; size: 'sm' | 'md' }) {
  const tile = size === 'md' ? 24 : 18;
  return (
    <Stack gap={size === 'md' ? 8 : 4} component="ul" className={classes.plainList} aria-label="Deliverables">
      {terms.deliverables.map((d) => (
        <Group component="li" key={`${d.network} ${d.postType}`} gap={8} wrap="nowrap" align="flex-start">
          <NetworkTile network={d.network as TSocialNetworkKey} size={tile} />
          <Text size={size === 'md' ? 'md' : 'sm'} className={classes.wrap} mt={size === 'md' ? 1 : 0}>
            {deliverableWords(d)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** An influencer's terms as the owner's row shows them: the deliverables, the fee, and whether they agreed. */
export function TermsSummary({
  influencer,
  onPayFee,
}: {
  influencer: TCampaignInfluencer;
  /** Offered once every deliverable is published and some of the fee is still to pay (the owner, who may pay). */
  onPayFee?: (fee: number) => void;
}) {
  const { terms, delivery } = influencer;
  if (!terms)
    return (
      <Text size="sm" c="dimmed">
        No terms set
      </Text>
    );
  const state = termsState(influencer);
  return (
    <Stack gap={6} data-testid="terms-summary">
      <DeliverableList terms={terms} size="sm" />
      <Group gap="sm" wrap="wrap">
        <Text size="sm" style={TABULAR}>
          <Text span size="sm" c="dimmed">
            Fee{' '}
          </Text>
          <b>{usd(terms.fee)}</b>
        </Text>
        {state && <TermsStateBadge state={state} />}
      </Group>
      {delivery && influencer.status === 'accepted' && (
        <Group gap="sm" wrap="wrap" data-testid="delivery">
          <Text size="sm" style={TABULAR}>
            <Text span size="sm" c="dimmed">
              Delivered{' '}
            </Text>
            {deliveryWords(delivery)}
          </Text>
          {delivery.complete && delivery.feeDue > 0 && onPayFee && (
            <Button
              size="xs"
              leftSection={<IconCash size={14} aria-hidden />}
              onClick={() => onPayFee(delivery.feeDue)}
              aria-label={`Pay the fee of ${usd(delivery.feeDue)} to ${influencer.user.name || influencer.user.userName || 'the influencer'}`}
            >
              Pay the fee ({usd(delivery.feeDue)})
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}

/** How the deliverables stand, in words: 'All delivered', or '1 of 2 done · 1 late'. */
export function deliveryWords(delivery: NonNullable<TCampaignInfluencer['delivery']>): string {
  if (delivery.complete) return 'All delivered';
  const done = delivery.items.filter((i) => i.state === 'done').length;
  const late = delivery.items.filter((i) => i.state === 'late').length;
  return `${done} of ${delivery.items.length} done${late ? ` · ${late} late` : ''}`;
}

type TYourTermsProps = {
  campaign: TCampaignDetail;
  terms: TCampaignTermsView;
  status: TCampaignInfluencer['status'];
  /** Whether the campaign still takes an answer (it has not ended). */
  canAnswer: boolean;
  /** The server's words when an answer met terms changed meanwhile. */
  conflict: string | null;
  onTermsChanged: (message: string) => void;
};

/**
 * A tagged influencer's terms: what they are to deliver and the fee, above Accept and Decline (accepting agrees to
 * the terms read: their setAt goes with the answer); once accepted, when they agreed.
 */
export function YourTermsCard({ campaign, terms, status, canAnswer, conflict, onTermsChanged }: TYourTermsProps) {
  const owner = campaign.owner.name || campaign.owner.userName || 'The brand';
  return (
    <SectionCard title="Your terms" action={terms.agreedAt ? <TermsStateBadge state="agreed" /> : undefined}>
      <Stack gap="md" data-testid="your-terms">
        {status === 'invited' && (
          <Text size="sm" c="dimmed">
            What {owner} asks you to deliver, and the fee. Accepting the campaign agrees to these terms.
          </Text>
        )}
        {conflict && (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
            {conflict}
          </Alert>
        )}
        <DeliverableList terms={terms} size="md" />
        <Box>
          <Text size="sm" c="dimmed">
            Fee
          </Text>
          <Text fz={22} fw={650} style={TABULAR} data-testid="terms-fee">
            {usd(terms.fee)}
          </Text>
        </Box>
        {status === 'invited' && canAnswer && (
          <RespondButtons campaign={campaign} size="md" termsAt={terms.setAt} onTermsChanged={onTermsChanged} />
        )}
        {status === 'accepted' && terms.agreedAt && (
          <Group gap={8} wrap="nowrap" align="flex-start">
            <IconCircleCheck size={18} stroke={1.75} color="#1B6E37" aria-hidden style={{ flex: 'none', marginTop: 1 }} />
            <Text size="sm">You agreed to these terms on {dayText(terms.agreedAt)}.</Text>
          </Group>
        )}
        {status === 'declined' && (
          <Text size="sm" c="dimmed">
            You declined this campaign.
          </Text>
        )}
      </Stack>
    </SectionCard>
  );
}
