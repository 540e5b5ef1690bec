import { useQuery } from '@tanstack/react-query';
import type { TInterest } from '@virality/domain';
import { api } from '../../../lib/api-client';

export const INTERESTS_KEY = ['interests'] as const;

/** GET intrest/getAllIntrest: every interest a user may pick. */
export async function getInterests(): Promise<TInterest[]> {
  const res = await api.get('intrest/getAllIntrest');
  return res.response ?? [];
}

export function useInterests() {
  return useQuery({ queryKey: INTERESTS_KEY, queryFn: getInterests, staleTime: 60 * 60 * 1000 });
}
