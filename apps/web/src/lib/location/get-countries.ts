import { useQuery } from '@tanstack/react-query';
import type { TCountry } from '@virality/domain';
import { api } from '../api-client';

/** GET location/getAllCountry */
export async function getCountries(): Promise<TCountry[]> {
  const res = await api.get('location/getAllCountry');
  return res.response ?? [];
}

export function useCountries() {
  return useQuery({ queryKey: ['location', 'countries'], queryFn: getCountries, staleTime: Number.POSITIVE_INFINITY });
}
