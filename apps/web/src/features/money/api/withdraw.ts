import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTransaction } from '@virality/domain';
import { api } from '../../../lib/api-client';
import { CURRENT_USER_KEY } from '../../../lib/use-current-user';
import { MONEY_KEY } from './transactions';

/** POST payments/payout {amount}: the influencer's withdrawal to the PayPal id on their profile (USD, 2 decimals). */
export async function withdraw(amount: number): Promise<TTransaction> {
  return (await api.post('payments/payout', { amount })).response;
}

/** A withdrawal; once it is on its way, the wallet (the user) and the list are read again. */
export function useWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdraw,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      void queryClient.invalidateQueries({ queryKey: MONEY_KEY });
    },
  });
}
