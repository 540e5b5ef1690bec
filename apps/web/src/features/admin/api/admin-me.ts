import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const adminKeys = {
  me: ['admin', 'me'] as const,
  audit: ['admin', 'audit'] as const,
};

/** GET admin/me: the admin this console session belongs to. */
export function useAdminMe() {
  return useQuery({ queryKey: adminKeys.me, queryFn: async () => (await api.get('admin/me')).response });
}
