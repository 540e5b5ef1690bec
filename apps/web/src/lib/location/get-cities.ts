import { useQuery } from '@tanstack/react-query';
import type { TCity } from '@virality/domain';
import { api } from '../api-client';

/** GET location/getAllCity?stateId= */
export async function getCities(stateId: string | number): Promise<TCity[]> {
  const res = await api.get('location/getAllCity', { stateId: String(stateId) });
  return res.response ?? [];
}

/** The cities of a state; idle until a state is chosen. */
export function useCities(stateId: string | number | null | undefined) {
  return useQuery({
    queryKey: ['location', 'cities', stateId ?? null],
    queryFn: () => getCities(stateId as string | number),
    enabled: stateId !== null && stateId !== undefined && stateId !== '',
    staleTime: Number.POSITIVE_INFINITY,
  });
}
