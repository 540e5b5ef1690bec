import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPublicConfig } from '@virality/domain';
import { api } from './api-client';

/** GET config: whether the server runs in sandbox mode and the Google client id, if any. */
export async function getConfig(): Promise<TPublicConfig> {
  const res = await api.get('config');
  return res.response;
}

export const configQueryOptions = () =>
  queryOptions({ queryKey: ['config'], queryFn: getConfig, staleTime: Number.POSITIVE_INFINITY });

export const useConfig = () => useQuery(configQueryOptions());
