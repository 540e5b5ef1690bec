import { Button, Group, Text } from '@mantine/core';
import { IconCircleX } from '@tabler/icons-react';
import { PLAN_MSG } from '@virality/domain';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { readSession } from '../../../lib/auth-storage';
import { PaymentFrame } from './payment-frame';

/** /pricing/payment-failed: the checkout was declined or left; nothing was bought. 'Payment Failed !!.' and Home. */
export function PaymentFailedPage() {
  const signedIn = !!readSession();
  return (
    <PaymentFrame icon={<IconCircleX size={30} />} color="red" title={PLAN_MSG.paymentFailed}>
      <Text c="dimmed">The payment did not go through, so your plan has not changed. You can try again with another card.</Text>
      <Group justify="center">
        {signedIn && (
          <Button size="md" variant="default" component={Link} to={paths.profilePricing}>
            Try again
          </Button>
        )}
        <Button size="md" component={Link} to={signedIn ? paths.home : paths.landing}>
          Home
        </Button>
      </Group>
    </PaymentFrame>
  );
}
