import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type TPublicConfig = { sandbox: boolean; googleClientId: string | null };

/** GET config: whether the server runs in sandbox mode and the Google client id, if any. */
export async function getConfig(): Promise<TPublicConfig> {
  const res = await api.get<TPublicConfig>('config');
  return res.response;
}

export const configQueryOptions = () =>
  queryOptions({ queryKey: ['config'], queryFn: getConfig, staleTime: Number.POSITIVE_INFINITY });

export const useConfig = () => useQuery(configQueryOptions());
