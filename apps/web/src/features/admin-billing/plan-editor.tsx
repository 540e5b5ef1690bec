import { Button, Checkbox, Group, Modal, NumberInput, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import { CURRENCY_SYMBOLS, type TAdminPlan, type TAdminPlanUpdate, type TCurrency, zAdminPlanUpdate } from '@virality/domain';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useUpdatePlan } from './api';
import { CURRENCIES, CURRENCY_LABELS, money } from './format';

type TErrors = Partial<Record<'features' | 'postLimit' | TCurrency | 'form', string>>;

/** The edit form of one plan, in a dialog: features one a line, the post limit (or none), a price per currency. */
export function PlanEditor({ plan, onClose }: { plan: TAdminPlan; onClose: () => void }) {
  const update = useUpdatePlan();
  const [features, setFeatures] = useState(plan.features.join('\n'));
  const [unlimited, setUnlimited] = useState(plan.postLimit === null);
  const [postLimit, setPostLimit] = useState<number | string>(plan.postLimit ?? 20);
  const [prices, setPrices] = useState<Record<TCurrency, number | string>>(
    Object.fromEntries(CURRENCIES.map((c) => [c, plan.prices.find((p) => p.currency === c)?.amount ?? ''])) as Record<
      TCurrency,
      number | string
    >,
  );
  const [errors, setErrors] = useState<TErrors>({});

  /** Only what changed is sent; the server checks it again. */
  function changes(): TAdminPlanUpdate | null {
    const body: Record<string, unknown> = {};
    const list = features
      .split('\n')
      .map((f) => f.trim())
      .filter(Boolean);
    if (list.join('\n') !== plan.features.join('\n')) body.features = list;
    if (plan.purchasable) {
      const limit = unlimited ? null : postLimit === '' ? Number.NaN : Number(postLimit);
      if (limit !== plan.postLimit) body.postLimit = limit;
      const changed: Record<string, number> = {};
      for (const c of CURRENCIES) {
        const was = plan.prices.find((p) => p.currency === c)?.amount;
        const now = prices[c] === '' ? Number.NaN : Number(prices[c]);
        if (now !== was) changed[c] = now;
      }
      if (Object.keys(changed).length > 0) body.prices = changed;
    }
    return Object.keys(body).length > 0 ? (body as TAdminPlanUpdate) : null;
  }

  function submit() {
    const body = changes();
    if (!body) {
      onClose();
      return;
    }
    const parsed = zAdminPlanUpdate.safeParse(body);
    if (!parsed.success) {
      const next: TErrors = {};
      for (const issue of parsed.error.issues) {
        const [field, sub] = issue.path as string[];
        const key = (field === 'prices' ? sub : field) as keyof TErrors;
        next[key ?? 'form'] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    const priceChanges = Object.entries(parsed.data.prices ?? {}) as [TCurrency, number][];
    const save = () =>
      update.mutateAsync({ planId: plan.planId, body: parsed.data }).then(
        (r) => {
          notifySuccess(r.message);
          onClose();
        },
        (e: Error) => notifyError(e.message),
      );
    if (priceChanges.length === 0) {
      void save();
      return;
    }
    modals.openConfirmModal({
      title: `Change the ${plan.planName} prices?`,
      children: (
        <Stack gap="xs">
          {priceChanges.map(([c, amount]) => {
            const was = plan.prices.find((p) => p.currency === c)?.amount;
            return (
              <Text key={c} size="sm">
                {CURRENCY_LABELS[c]}: {was === undefined ? 'none' : money(was, c)} → <b>{money(amount, c)}</b>
              </Text>
            );
          })}
          <Text size="sm" c="dimmed">
            New checkouts charge the new price at once. Plans already bought are not changed.
          </Text>
        </Stack>
      ),
      labels: { confirm: 'Change prices', cancel: 'Cancel' },
      onConfirm: () => void save(),
    });
  }

  return (
    <Modal opened onClose={onClose} title={`Edit ${plan.planName}`} size="lg">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          {plan.purchasable ? (
            <>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                {CURRENCIES.map((c) => (
                  <NumberInput
                    key={c}
                    label={`Monthly price, ${CURRENCY_LABELS[c]}`}
                    prefix={CURRENCY_SYMBOLS[c]}
                    decimalScale={2}
                    min={0}
                    thousandSeparator=","
                    value={prices[c]}
                    onChange={(v) => {
                      setPrices((p) => ({ ...p, [c]: v }));
                      setErrors((e) => ({ ...e, [c]: undefined }));
                    }}
                    error={errors[c]}
                  />
                ))}
              </SimpleGrid>
              <Group align="flex-end" gap="md" wrap="wrap">
                <NumberInput
                  label="Posts a month"
                  min={1}
                  max={100000}
                  allowDecimal={false}
                  disabled={unlimited}
                  value={unlimited ? '' : postLimit}
                  onChange={(v) => {
                    setPostLimit(v);
                    setErrors((e) => ({ ...e, postLimit: undefined }));
                  }}
                  error={errors.postLimit}
                  w={180}
                />
                <Checkbox
                  label="No post limit"
                  checked={unlimited}
                  onChange={(e) => setUnlimited(e.currentTarget.checked)}
                  mb={8}
                />
              </Group>
            </>
          ) : (
            <Text size="sm" c="dimmed">
              The free tier is given to influencers, never sold: it has no price and keeps its {plan.postLimit} posts a month.
            </Text>
          )}
          <Textarea
            label="Features"
            description="One a line, as the pricing page lists them (up to 12)."
            autosize
            minRows={4}
            value={features}
            onChange={(e) => {
              setFeatures(e.currentTarget.value);
              setErrors((x) => ({ ...x, features: undefined }));
            }}
            error={errors.features}
          />
          {errors.form && (
            <Text c="red" size="sm" role="alert">
              {errors.form}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
