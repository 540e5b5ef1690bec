import { Button, Group, Modal, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { CURRENCY_SYMBOLS, type TAdminCouponCreate, type TCurrency, zAdminCouponCreate } from '@virality/domain';
import { useState } from 'react';
import { notifySuccess } from '../../lib/notify';
import { useCreateCoupon } from './api';
import { CURRENCIES, CURRENCY_LABELS } from './format';

type TField =
  | 'code'
  | 'name'
  | 'percentOff'
  | 'amountOff'
  | 'currency'
  | 'duration'
  | 'durationInMonths'
  | 'maxRedemptions'
  | 'expiresAt';

/** The end of a chosen day in the admin's own time zone, as an instant. */
const endOfDay = (date: string) => new Date(`${date}T23:59:59`).toISOString();

/** A new promotion code, in a dialog: the code, a percentage or an amount off, how long, how many times, until when. */
export function CouponForm({ onClose }: { onClose: () => void }) {
  const create = useCreateCoupon();
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [kind, setKind] = useState<'percent' | 'amount'>('percent');
  const [percentOff, setPercentOff] = useState<number | string>('');
  const [amountOff, setAmountOff] = useState<number | string>('');
  const [currency, setCurrency] = useState<TCurrency>('usd');
  const [duration, setDuration] = useState<'once' | 'repeating' | 'forever'>('once');
  const [months, setMonths] = useState<number | string>(3);
  const [maxRedemptions, setMaxRedemptions] = useState<number | string>('');
  const [expiresOn, setExpiresOn] = useState('');
  const [errors, setErrors] = useState<Partial<Record<TField | 'form', string>>>({});

  const num = (v: number | string) => (v === '' ? Number.NaN : Number(v));

  function submit() {
    const body: TAdminCouponCreate = {
      code: code.trim(),
      name: name.trim() || undefined,
      duration,
      ...(kind === 'percent' ? { percentOff: num(percentOff) } : { amountOff: num(amountOff), currency }),
      durationInMonths: duration === 'repeating' ? num(months) : null,
      maxRedemptions: maxRedemptions === '' ? null : num(maxRedemptions),
      expiresAt: expiresOn ? endOfDay(expiresOn) : null,
    };
    const parsed = zAdminCouponCreate.safeParse(body);
    if (!parsed.success) {
      const next: Partial<Record<TField | 'form', string>> = {};
      for (const issue of parsed.error.issues) {
        let field = ((issue.path[0] as TField | undefined) ?? 'form') as TField | 'form';
        if (field === 'percentOff' && kind === 'amount') field = 'amountOff';
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    if (expiresOn && Date.parse(endOfDay(expiresOn)) <= Date.now()) {
      setErrors({ expiresAt: 'The expiry must be in the future' });
      return;
    }
    setErrors({});
    create.mutateAsync(body).then(
      (r) => {
        notifySuccess(r.message);
        onClose();
      },
      (e: Error) => setErrors({ form: e.message }),
    );
  }

  return (
    <Modal opened onClose={onClose} title="New coupon" size="lg">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="Code"
              description="What buyers type: 3 to 40 letters or digits"
              required
              value={code}
              onChange={(e) => {
                setCode(e.currentTarget.value.toUpperCase());
                setErrors((x) => ({ ...x, code: undefined }));
              }}
              error={errors.code}
              styles={{ input: { fontFamily: 'monospace' } }}
              autoComplete="off"
            />
            <TextInput
              label="Name"
              description="Optional, for your own reference"
              value={name}
              maxLength={40}
              onChange={(e) => setName(e.currentTarget.value)}
              error={errors.name}
            />
          </SimpleGrid>
          <Stack gap={6}>
            <Text size="sm" fw={500} id="coupon-discount-kind">
              Discount
            </Text>
            <SegmentedControl
              aria-labelledby="coupon-discount-kind"
              value={kind}
              onChange={(v) => setKind(v as 'percent' | 'amount')}
              data={[
                { value: 'percent', label: 'Percentage off' },
                { value: 'amount', label: 'Amount off' },
              ]}
            />
          </Stack>
          {kind === 'percent' ? (
            <NumberInput
              label="Percentage off"
              suffix="%"
              min={1}
              max={100}
              decimalScale={2}
              value={percentOff}
              onChange={(v) => {
                setPercentOff(v);
                setErrors((x) => ({ ...x, percentOff: undefined }));
              }}
              error={errors.percentOff}
              required
            />
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Select
                label="Currency"
                data={CURRENCIES.map((c) => ({ value: c, label: `${c.toUpperCase()} · ${CURRENCY_LABELS[c]}` }))}
                value={currency}
                onChange={(v) => v && setCurrency(v as TCurrency)}
                allowDeselect={false}
                error={errors.currency}
              />
              <NumberInput
                label="Amount off"
                description="Applies to prices in this currency only"
                prefix={CURRENCY_SYMBOLS[currency]}
                min={0}
                decimalScale={2}
                thousandSeparator=","
                value={amountOff}
                onChange={(v) => {
                  setAmountOff(v);
                  setErrors((x) => ({ ...x, amountOff: undefined }));
                }}
                error={errors.amountOff}
                required
              />
            </SimpleGrid>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label="Lasts for"
              data={[
                { value: 'once', label: 'The first payment' },
                { value: 'repeating', label: 'A number of months' },
                { value: 'forever', label: 'Every payment' },
              ]}
              value={duration}
              onChange={(v) => v && setDuration(v as 'once' | 'repeating' | 'forever')}
              allowDeselect={false}
              error={errors.duration}
            />
            {duration === 'repeating' && (
              <NumberInput
                label="Months"
                min={1}
                max={36}
                allowDecimal={false}
                value={months}
                onChange={setMonths}
                error={errors.durationInMonths}
              />
            )}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <NumberInput
              label="Maximum uses"
              description="Empty: no limit"
              min={1}
              allowDecimal={false}
              value={maxRedemptions}
              onChange={setMaxRedemptions}
              error={errors.maxRedemptions}
            />
            <TextInput
              type="date"
              label="Expires on"
              description="Empty: never; it works through that day"
              value={expiresOn}
              onChange={(e) => setExpiresOn(e.currentTarget.value)}
              error={errors.expiresAt}
            />
          </SimpleGrid>
          {errors.form && (
            <Text c="red" size="sm" role="alert">
              {errors.form}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create coupon
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
