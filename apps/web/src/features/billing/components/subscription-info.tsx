import { Alert, Anchor, Badge, Group, NavLink, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { maySeePricing, PLAN_MSG, pricingEntryLabel, starterLimitWarning, subscriptionSummary } from '@virality/domain';
import { Link } from 'react-router';
import { SectionCard } from '../../../components/section-card';
import { paths } from '../../../config/paths';
import { type TCurrentUser, useCurrentUser } from '../../../lib/use-current-user';
import { planLabel, planTimeSentence, postsLeftSentence } from '../lib/plan-words';

/**
 * The profile hub's subscription: plan name; the days to renewal (free tier) or days left, with posts left on the free
 * tier and Starter; 'expiring Today' on the last day; 'Your Subscription is Expired' in red once it has ended.
 */
export function SubscriptionInfo(props: { user?: TCurrentUser }) {
  const current = useCurrentUser().data;
  const user = props.user ?? current;
  if (!user || user.profileType === 'BUSINESS_MANAGER') return null;
  const now = new Date();
  const summary = subscriptionSummary(user, now);
  const warning = starterLimitWarning(user.subscriptionDetails, now);
  const cta = maySeePricing(user.profileType) ? (
    <Anchor component={Link} to={paths.profilePricing} size="sm" fw={600}>
      {summary.kind === 'expired' ? 'Renew' : summary.kind === 'none' ? 'See plans' : 'Plans'}
    </Anchor>
  ) : null;
  return (
    <SectionCard title="Subscription" action={cta}>
      <Stack gap="xs">
        {summary.kind === 'none' && <Text c="dimmed">No active plan yet.</Text>}
        {summary.kind !== 'none' && (
          <Group gap="sm" wrap="wrap">
            <Badge variant="light" radius="xl" tt="none" size="lg">
              {planLabel(summary.planType)}
            </Badge>
            {summary.kind === 'expired' && (
              <Text c="red.9" fw={600}>
                {PLAN_MSG.hubExpired}
              </Text>
            )}
            {summary.kind === 'today' && (
              <Text c="orange.9" fw={600}>
                {PLAN_MSG.hubExpiringToday}
              </Text>
            )}
            {(summary.kind === 'active' || (summary.kind === 'today' && summary.postsLeft !== null)) && (
              <Text>
                {[
                  summary.kind === 'active' ? planTimeSentence(summary.free, summary.days) : null,
                  summary.postsLeft !== null ? postsLeftSentence(summary.postsLeft) : null,
                ]
                  .filter(Boolean)
                  .join(' ')}
              </Text>
            )}
          </Group>
        )}
        {warning && (
          <Alert color="orange" icon={<IconAlertTriangle size={18} />} p="sm">
            {warning}
          </Alert>
        )}
      </Stack>
    </SectionCard>
  );
}

/** The hub's Pricing entry ('Switch to Business' for a free-tier influencer); business managers have none. */
export function PricingMenuEntry(props: { user?: TCurrentUser }) {
  const current = useCurrentUser().data;
  const user = props.user ?? current;
  const label = user ? pricingEntryLabel(user.profileType, user.subscriptionDetails) : null;
  if (!label) return null;
  return <NavLink component={Link} to={paths.profilePricing} label={label} description="Plans and your subscription" />;
}
