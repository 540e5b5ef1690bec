import { Alert, Box, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import type {
  TCampaignDetail,
  TCampaignInfluencer,
  TCampaignTermsView,
  TDeliverableProgress,
  TSocialNetworkKey,
} from '@virality/domain';
import { NetworkTile } from '../../../components/network-tile';
import { SectionCard } from '../../../components/section-card';
import { dayText, usd } from '../lib/campaign-view';
import { deliverableWords } from '../lib/terms-form';
import { DeliverableProgressLine, DeliveryLine, TABULAR, TermsStateBadge } from './campaign-parts';
import classes from './campaigns.module.css';
import { RespondButtons } from './respond-buttons';

/** Where terms stand for a tagged influencer: agreed, waiting for their answer, or (declined) nothing to add. */
export function termsState(influencer: Pick<TCampaignInfluencer, 'status' | 'terms'>): 'agreed' | 'waiting' | null {
  if (!influencer.terms) return null;
  if (influencer.terms.agreedAt) return 'agreed';
  return influencer.status === 'invited' ? 'waiting' : null;
}

/**
 * The deliverables in words, each with its network's mark; with `progress` (an influencer who accepted, reading their
 * own terms), each with how many of its posts are done under it, and whether it is late.
 */
function DeliverableList({
  terms,
  size,
  progress,
}: {
  terms: TCampaignTermsView;
  size: 'sm' | 'md';
  progress?: TDeliverableProgress[];
}) {
  const tile = size === 'md' ? 24 : 18;
  return (
    <Stack gap={size === 'md' ? 8 : 4} component="ul" className={classes.plainList} aria-label="Deliverables">
      {terms.deliverables.map((d) => {
        const item = progress?.find((p) => p.network === d.network && p.postType === d.postType);
        return (
          <Group component="li" key={`${d.network} ${d.postType}`} gap={8} wrap="nowrap" align="flex-start">
            <NetworkTile network={d.network as TSocialNetworkKey} size={tile} />
            <Box miw={0} mt={size === 'md' ? 1 : 0}>
              <Text size={size === 'md' ? 'md' : 'sm'} className={classes.wrap}>
                {deliverableWords(d)}
              </Text>
              {item && <DeliverableProgressLine item={item} />}
            </Box>
          </Group>
        );
      })}
    </Stack>
  );
}

/**
 * An influencer's terms as the owner's row shows them: the deliverables, the fee, whether they agreed, and once they
 * accepted, how the deliverables stand (a fee due is paid from the prompt at the top of the campaign).
 */
export function TermsSummary({ influencer }: { influencer: TCampaignInfluencer }) {
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
      {delivery && influencer.status === 'accepted' && <DeliveryLine delivery={delivery} />}
    </Stack>
  );
}

type TYourTermsProps = {
  campaign: TCampaignDetail;
  terms: TCampaignTermsView;
  status: TCampaignInfluencer['status'];
  /** How their deliverables stand (with terms), shown once they accepted. */
  delivery: TCampaignInfluencer['delivery'];
  /** Whether the campaign still takes an answer (it has not ended). */
  canAnswer: boolean;
  /** The server's words when an answer met terms changed meanwhile. */
  conflict: string | null;
  onTermsChanged: (message: string) => void;
};

/**
 * A tagged influencer's terms: what they are to deliver and the fee, above Accept and Decline (accepting agrees to
 * the terms read: their setAt goes with the answer); once accepted, how each deliverable stands (as the owner sees
 * it) and when they agreed.
 */
export function YourTermsCard({ campaign, terms, status, delivery, canAnswer, conflict, onTermsChanged }: TYourTermsProps) {
  const owner = campaign.owner.name || campaign.owner.userName || 'The brand';
  const progress = status === 'accepted' ? delivery : null;
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
        <Stack gap="sm">
          <DeliverableList terms={terms} size="md" progress={progress?.items} />
          {progress && <DeliveryLine delivery={progress} />}
        </Stack>
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
