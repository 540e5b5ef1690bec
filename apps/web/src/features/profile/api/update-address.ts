import { useMutation } from '@tanstack/react-query';
import type { TProfileFields } from '@virality/domain';
import { api } from '../../../lib/api-client';

export type TAddressBody = Pick<TProfileFields, 'country' | 'state' | 'city' | 'addressLine' | 'pinCode'>;

/** PUT user/updateAddress: state and city the place has none of are saved as N/A. Resolves to the server's message. */
export async function updateAddress(body: TAddressBody): Promise<string> {
  const res = await api.put('user/updateAddress', body);
  return res.message;
}

export function useUpdateAddress() {
  return useMutation({ mutationFn: updateAddress });
}
