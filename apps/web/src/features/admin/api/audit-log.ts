import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-me';

/** GET admin/audit?before=: the audit log, newest first, a page at a time. */
export function useAuditLog() {
  return useInfiniteQuery({
    queryKey: adminKeys.audit,
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => (await api.get('admin/audit', { before: pageParam })).response,
    getNextPageParam: (last) => last.next,
  });
}
