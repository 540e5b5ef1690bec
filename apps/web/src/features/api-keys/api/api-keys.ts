import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TApiKey, TApiKeyCreate, TApiKeyCreated } from '@virality/domain';
import { api, apiCall } from '../../../lib/api-client';

export const API_KEYS_KEY = ['api-keys'] as const;

/** GET apiKeys: the organization's live keys, newest first (never their secrets). */
export async function listApiKeys(): Promise<TApiKey[]> {
  return (await api.get('apiKeys')).response;
}

/** POST apiKeys {name, scope}: the new key, whole, this once. */
export async function createApiKey(body: TApiKeyCreate): Promise<TApiKeyCreated> {
  return (await api.post('apiKeys', body)).response;
}

/** DELETE apiKeys/:id: the key stops working at once; resolves to the server's message. */
export async function revokeApiKey(id: string): Promise<string> {
  return (await apiCall<null>(`apiKeys/${encodeURIComponent(id)}`, { method: 'DELETE' })).message;
}

export const useApiKeys = () => useQuery({ queryKey: API_KEYS_KEY, queryFn: listApiKeys });

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: API_KEYS_KEY }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: API_KEYS_KEY }),
  });
}
