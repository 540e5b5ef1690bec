import { useQuery } from '@tanstack/react-query';
import type { TState } from '@virality/domain';
import { api } from '../api-client';

/** GET location/getAllState?countryId= */
export async function getStates(countryId: string | number): Promise<TState[]> {
  const res = await api.get('location/getAllState', { countryId: String(countryId) });
  return res.response ?? [];
}

/** The states of a country; idle until a country is chosen. */
export function useStates(countryId: string | number | null | undefined) {
  return useQuery({
    queryKey: ['location', 'states', countryId ?? null],
    queryFn: () => getStates(countryId as string | number),
    enabled: countryId !== null && countryId !== undefined && countryId !== '',
    staleTime: Number.POSITIVE_INFINITY,
  });
}
