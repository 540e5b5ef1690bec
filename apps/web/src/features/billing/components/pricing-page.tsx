import { Alert, Anchor, Button, Container, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import {
  hasActivePaidPlan,
  isBelowActivePlan,
  PLAN_MSG,
  PROFESSIONAL_PLAN,
  planBadge,
  planButtonLabel,
  starterLimitWarning,
  visiblePlans,
} from '@virality/domain';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/use-current-user';
import { usePriceList } from '../api/get-price-list';
import type { TPlan } from '../api/types';
import { CheckoutModal } from './checkout-modal';
import { CurrentPlanLine } from './current-plan-line';
import { PlanCard } from './plan-card';
import { PlanGrid, PlanGridSkeleton } from './plan-grid';

const CURRENCY_NAMES: Record<string, string> = { usd: 'US dollars', inr: 'Indian rupees', gbp: 'pounds sterling', eur: 'euros' };

type TProps = {
  /** 'public' (/pricing): Subscribe leads to sign-up. 'account' (/profile/pricing): Subscribe starts payment. */
  mode: 'public' | 'account';
};

/**
 * The plan list in the visitor's currency (the server picks it from the address). Every rule of the subscription
 * state applies to a signed-in user: the badges on their own plan, Upgrade / Renew / Subscribe, the free tier
 * offered only the first plan, the plan of 17499 hidden in dollars. A skeleton while loading; Try Again on failure.
 */
export function PricingPage({ mode }: TProps) {
  const list = usePriceList();
  const { data: user } = useCurrentUser();
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<{ plan: TPlan; label: string } | null>(null);
  const now = new Date();
  const account = mode === 'account' && user ? user : null;
  const sub = account?.subscriptionDetails ?? null;
  const currency = list.data?.currency ?? 'usd';
  const plans = list.data ? visiblePlans(list.data.plans, { currency, profileType: account?.profileType ?? null, sub }) : [];
  const currentLevel = sub
    ? (list.data?.plans.find((p) => p.planType.toLowerCase() === sub.planType.toLowerCase())?.planLevel ?? null)
    : null;
  const featured = plans.length > 1 ? (plans.find((p) => p.planType === PROFESSIONAL_PLAN) ?? null) : null;
  const warning = starterLimitWarning(sub, now);

  const choose = (plan: TPlan, label: string) => {
    if (!account) {
      navigate(paths.selectProfileType);
      return;
    }
    setChosen({ plan, label });
  };

  return (
    <Container size={1200} py={{ base: 'lg', sm: 48 }} px={{ base: 'md', sm: 'lg' }}>
      <Stack gap="xl">
        {mode === 'account' && (
          <Anchor component={Link} to={paths.profile} size="sm">
            ← Profile
          </Anchor>
        )}
        <Stack gap="xs" align="center" ta="center" maw={640} mx="auto">
          <Text c="brand.7" fw={700} size="sm" tt="uppercase" style={{ letterSpacing: 1 }}>
            Pricing
          </Text>
          <Title order={1} fz={{ base: 28, sm: 40 }} lh={1.15}>
            {hasActivePaidPlan(sub, now) ? 'Your plan' : 'Plans that grow with your audience'}
          </Title>
          <Text c="dimmed" size="md">
            Schedule and publish to every network from one place. Each payment buys one month; renew or upgrade when you like.
          </Text>
        </Stack>
        {account && <CurrentPlanLine user={account} now={now} />}
        {warning && (
          <Alert color="orange" icon={<IconAlertTriangle size={18} />} maw={820} mx="auto" w="100%">
            {warning}
          </Alert>
        )}
        {list.isPending && (
          <div role="status" aria-label="Loading plans">
            <PlanGridSkeleton />
          </div>
        )}
        {list.isError && (
          <Alert
            color="red"
            icon={<IconAlertTriangle size={18} />}
            title="We couldn’t load the plans"
            maw={560}
            mx="auto"
            w="100%"
          >
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{list.error.message}</Text>
              <Button
                variant="light"
                color="red"
                size="xs"
                leftSection={<IconRefresh size={14} />}
                loading={list.isFetching}
                onClick={() => void list.refetch()}
              >
                Try Again
              </Button>
            </Stack>
          </Alert>
        )}
        {list.data && (
          <Stack gap="md">
            <PlanGrid count={plans.length}>
              {plans.map((plan) => {
                const label = account ? planButtonLabel(plan, sub, currentLevel, now) : PLAN_MSG.subscribe;
                return (
                  <PlanCard
                    key={plan.planId}
                    plan={plan}
                    currency={currency}
                    badge={account ? planBadge(plan, sub, now) : null}
                    label={label}
                    featured={featured?.planId === plan.planId}
                    unavailable={
                      account && isBelowActivePlan(plan, sub, currentLevel, now) ? 'Available once your current plan ends' : null
                    }
                    onChoose={(p) => choose(p, label)}
                  />
                );
              })}
            </PlanGrid>
            <Text size="sm" c="dimmed" ta="center">
              Prices per month in {CURRENCY_NAMES[currency] ?? currency.toUpperCase()}. Payments are processed securely by Stripe.
            </Text>
          </Stack>
        )}
      </Stack>
      {account && (
        <CheckoutModal
          plan={chosen?.plan ?? null}
          label={chosen?.label ?? PLAN_MSG.subscribe}
          currency={currency}
          userId={account._id}
          onClose={() => setChosen(null)}
        />
      )}
    </Container>
  );
}
