import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type TCountry = { countryId: string | number; countryName: string; phoneCode?: string | null };

/** GET location/getAllCountry */
export async function getCountries(): Promise<TCountry[]> {
  const res = await api.get<TCountry[]>('location/getAllCountry');
  return res.response ?? [];
}

export function useCountries() {
  return useQuery({ queryKey: ['location', 'countries'], queryFn: getCountries, staleTime: Number.POSITIVE_INFINITY });
}
