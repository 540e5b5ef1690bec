import { Badge, Box, Button, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { formatPlanPrice, planBadgeTone } from '@virality/domain';
import { useId } from 'react';
import type { TPlan } from '../api/types';

type TProps = {
  plan: TPlan;
  currency: string;
  /** The badge of the user's own plan ('current plan', 'expired', 'N days remaining', 'Expiring today'). */
  badge: string | null;
  /** The button's label: Subscribe, Upgrade or Renew. */
  label: string;
  /** The plan the page recommends: drawn raised, with the page's one filled button. */
  featured: boolean;
  /** Why the plan cannot be bought now (a plan below the active one), or null. */
  unavailable?: string | null;
  onChoose: (plan: TPlan) => void;
};

const BADGE_COLOR = { expired: 'red', warning: 'orange', current: 'teal' } as const;

/** What a plan allows each month, in words. */
export const postLimitText = (limit: number | null) =>
  limit === null ? 'Unlimited posts a month' : `${limit} post${limit === 1 ? '' : 's'} a month`;

/** The plan's features, without the one that only repeats its post limit (said under the price). */
const extraFeatures = (plan: TPlan) =>
  plan.planFeature.filter((f) => {
    const line = f.trim().toLowerCase();
    if (plan.PlanPostLimit === null) return !/^unlimited posts( a month)?$/.test(line);
    return line !== postLimitText(plan.PlanPostLimit).toLowerCase();
  });

/** One plan: its name, monthly price in the list's currency, post limit, features and the button that buys it. */
export function PlanCard({ plan, currency, badge, label, featured, unavailable = null, onChoose }: TProps) {
  const titleId = useId();
  return (
    <Paper
      component="article"
      aria-labelledby={titleId}
      withBorder
      radius="lg"
      shadow={featured ? 'md' : 'xs'}
      p={{ base: 'md', sm: 'lg' }}
      style={{
        borderColor: featured ? 'var(--mantine-color-brand-6)' : undefined,
        borderWidth: featured ? 2 : 1,
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <Stack gap="md" style={{ flex: 1 }}>
        <Group justify="space-between" align="center" gap="xs" wrap="nowrap">
          <Title order={2} fz={18} fw={650} id={titleId}>
            {plan.planName}
          </Title>
          <Group gap={6} wrap="nowrap">
            {featured && !badge && (
              <Badge variant="light" radius="xl" tt="none">
                Most popular
              </Badge>
            )}
            {badge && (
              <Badge color={BADGE_COLOR[planBadgeTone(badge)]} variant="light" radius="xl" tt="none" data-testid="plan-badge">
                {badge}
              </Badge>
            )}
          </Group>
        </Group>
        <div>
          <Group gap={6} align="baseline" wrap="nowrap">
            <Text component="span" fz={40} fw={700} lh={1.1} style={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatPlanPrice(plan.planAmount, currency)}
            </Text>
            <Text component="span" c="dimmed" size="sm">
              / month
            </Text>
          </Group>
          <Text size="sm" fw={600} mt={6}>
            {postLimitText(plan.PlanPostLimit)}
          </Text>
        </div>
        <Box style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }} pt="md">
          <List
            spacing={8}
            size="sm"
            aria-label={`What ${plan.planName} includes`}
            icon={
              <ThemeIcon size={20} radius="xl" variant="light" aria-hidden>
                <IconCheck size={13} stroke={2.5} />
              </ThemeIcon>
            }
          >
            {extraFeatures(plan).map((f) => (
              <List.Item key={f}>{f}</List.Item>
            ))}
          </List>
        </Box>
        <Button
          mt="auto"
          fullWidth
          size="md"
          variant={featured ? 'filled' : 'default'}
          disabled={!!unavailable}
          onClick={() => onChoose(plan)}
          aria-label={`${label} ${plan.planName}`}
        >
          {label}
        </Button>
        {unavailable && (
          <Text size="xs" c="dimmed" ta="center" mt={-8}>
            {unavailable}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
