import { Alert, Button, Card, Center, Group, List, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconPencil } from '@tabler/icons-react';
import { HIDDEN_DOLLAR_PLAN_AMOUNT, type TAdminPlan } from '@virality/domain';
import { useState } from 'react';
import { StateBadge } from '../admin/components/state-badge';
import { useAdminPlans } from './api';
import { CURRENCIES, CURRENCY_LABELS, money } from './format';
import { PlanEditor } from './plan-editor';

/** The console's Plans and prices section: each plan's price per currency, post limit and features, editable. */
export function PlansSection() {
  const plans = useAdminPlans();
  const [editing, setEditing] = useState<TAdminPlan | null>(null);
  return (
    <Stack gap="md">
      <Title order={1} fz={24}>
        Plans and prices
      </Title>
      <Text c="dimmed" size="sm">
        Monthly prices per currency, post limits and the features the pricing page lists. A new price is charged from the next
        checkout; plans already bought keep what they were bought with.
      </Text>
      {plans.isPending ? (
        <Center mih={200}>
          <Loader aria-label="Loading the plans" />
        </Center>
      ) : plans.isError ? (
        <Alert color="red" title="Could not load the plans">
          {plans.error.message}
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {plans.data.map((plan) => (
            <PlanCard key={plan.planId} plan={plan} onEdit={() => setEditing(plan)} />
          ))}
        </SimpleGrid>
      )}
      {editing && <PlanEditor plan={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

/**
 * The dollar price of a plan kept at the rupee figure the specification names (17499) only hides the plan from
 * those who pay in dollars: it is no price in dollars, so it is not shown as one.
 */
const notSoldIn = (currency: string, amount: number) => currency === 'usd' && amount === HIDDEN_DOLLAR_PLAN_AMOUNT;

function PlanCard({ plan, onEdit }: { plan: TAdminPlan; onEdit: () => void }) {
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-label={`${plan.planName} plan`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Title order={2} fz={18}>
            {plan.planName}
          </Title>
          <Text size="sm" c="dimmed">
            {plan.postLimit === null ? 'No post limit' : `${plan.postLimit} posts a month`}
          </Text>
          {!plan.purchasable && (
            <div style={{ marginTop: 6 }}>
              <StateBadge tone="neutral">Free, not for sale</StateBadge>
            </div>
          )}
        </div>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPencil size={14} />}
          onClick={onEdit}
          aria-label={`Edit ${plan.planName}`}
          style={{ flexShrink: 0 }}
        >
          Edit
        </Button>
      </Group>
      {plan.purchasable && (
        <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs" mt="md" component="dl" m={0} aria-label="Monthly prices">
          {CURRENCIES.map((cur) => {
            const price = plan.prices.find((p) => p.currency === cur);
            return (
              <div key={cur} style={{ minWidth: 0 }}>
                <Text component="dt" size="xs" c="dimmed" title={CURRENCY_LABELS[cur]}>
                  {cur.toUpperCase()}
                </Text>
                {price && notSoldIn(cur, price.amount) ? (
                  <Text
                    component="dd"
                    m={0}
                    size="sm"
                    fw={600}
                    c="dimmed"
                    title={`Kept at ${price.amount} so the plan is hidden`}
                  >
                    Not sold in {CURRENCY_LABELS[cur]}
                  </Text>
                ) : (
                  <Text component="dd" m={0} fw={700} fz="lg" style={{ overflowWrap: 'anywhere' }}>
                    {price ? money(price.amount, cur) : '—'}
                  </Text>
                )}
              </div>
            );
          })}
        </SimpleGrid>
      )}
      <List
        mt="md"
        size="sm"
        spacing={4}
        icon={<IconCheck size={14} color="var(--mantine-color-teal-6)" />}
        aria-label="Features"
      >
        {plan.features.map((f) => (
          <List.Item key={f}>{f}</List.Item>
        ))}
      </List>
    </Card>
  );
}
