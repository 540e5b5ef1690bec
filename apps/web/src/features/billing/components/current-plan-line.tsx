import { Badge, Group, Text } from '@mantine/core';
import { PLAN_MSG, subscriptionSummary } from '@virality/domain';
import type { TCurrentUser } from '../../../lib/use-current-user';
import { planLabel, planTimeSentence, postsLeftSentence } from '../lib/plan-words';

/** Above the plans of a signed-in user: the plan they are on, how long it has left and the posts left. */
export function CurrentPlanLine({ user, now }: { user: TCurrentUser; now: Date }) {
  const s = subscriptionSummary(user, now);
  if (s.kind === 'none') return null;
  const parts: string[] = [];
  if (s.kind === 'active') parts.push(planTimeSentence(s.free, s.days));
  if (s.kind !== 'expired' && s.postsLeft !== null) parts.push(postsLeftSentence(s.postsLeft));
  return (
    <Group justify="center" gap="xs" wrap="wrap" aria-label="Your plan" role="group">
      <Text size="sm" c="dimmed">
        Your plan
      </Text>
      <Badge variant="light" radius="xl" tt="none">
        {planLabel(s.planType)}
      </Badge>
      {s.kind === 'expired' && (
        <Text size="sm" c="red.9" fw={600}>
          {PLAN_MSG.hubExpired}
        </Text>
      )}
      {s.kind === 'today' && (
        <Text size="sm" c="orange.9" fw={600}>
          {PLAN_MSG.hubExpiringToday}
        </Text>
      )}
      {parts.length > 0 && <Text size="sm">{parts.join(' ')}</Text>}
    </Group>
  );
}
