import { Button, Group, Text, TextInput } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { PLAN_MSG } from '@virality/domain';
import { useState } from 'react';
import type { TCouponCheck } from '../api/types';
import { useVerifyCoupon } from '../api/verify-coupon';

type TProps = {
  priceId: string;
  /** The verified coupon, or null when the code was cleared or changed. */
  onChange: (coupon: TCouponCheck | null, typed: string) => void;
};

/**
 * A coupon code with Verify (disabled while empty): on success 'Coupon verified successfully' and the new price is
 * given to the page; on a refusal the server's message shows under the field. Editing the code drops the check.
 */
export function CouponField({ priceId, onChange }: TProps) {
  const [code, setCode] = useState('');
  const [verified, setVerified] = useState<TCouponCheck | null>(null);
  const verify = useVerifyCoupon();
  const trimmed = code.trim();
  const submit = () => {
    if (!trimmed) return;
    verify.mutate(
      { priceId, promoCode: trimmed },
      {
        onSuccess: (res) => {
          setVerified(res);
          onChange(res, trimmed);
        },
      },
    );
  };
  return (
    <div>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          label="Coupon code"
          placeholder="Enter a code"
          value={code}
          style={{ flex: 1 }}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          error={verify.isError ? verify.error.message : undefined}
          onChange={(e) => {
            setCode(e.currentTarget.value);
            verify.reset();
            if (verified) setVerified(null);
            onChange(null, e.currentTarget.value.trim());
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              submit();
            }
          }}
        />
        <Button variant="default" mt={25} disabled={!trimmed || !!verified} loading={verify.isPending} onClick={submit}>
          Verify
        </Button>
      </Group>
      {verified && (
        <Group gap={6} mt={6} c="teal.9" role="status">
          <IconCircleCheck size={16} aria-hidden />
          <Text size="sm" c="teal.9">
            {PLAN_MSG.couponVerified}
          </Text>
        </Group>
      )}
    </div>
  );
}
