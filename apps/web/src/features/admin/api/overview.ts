import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const overviewKey = ['admin', 'overview'] as const;

/** GET admin/overview: the business by month and publishing by network, as the database counts them. */
export function useAdminOverview() {
  return useQuery({ queryKey: overviewKey, queryFn: async () => (await api.get('admin/overview')).response });
}
