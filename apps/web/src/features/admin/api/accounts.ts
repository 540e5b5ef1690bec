import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TInviteAdminBody } from '@virality/domain';
import { api } from '../../../lib/api-client';

export const accountKeys = {
  users: (q: string, page: number) => ['admin', 'users', q, page] as const,
  allUsers: ['admin', 'users'] as const,
  admins: ['admin', 'admins'] as const,
};

/** GET admin/users?q=&page=: accounts matching the search, newest first. */
export function useAdminUsers(q: string, page: number) {
  return useQuery({
    queryKey: accountKeys.users(q, page),
    queryFn: async () => (await api.get('admin/users', { q: q || undefined, page })).response,
    placeholderData: keepPreviousData,
  });
}

/** PUT admin/users/status: deactivate or reactivate; resolves to the server's message. */
export function useSetUserActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { userId: string; active: boolean }) => (await api.put('admin/users/status', body)).message,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: accountKeys.allUsers });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}

/** GET admin/admins. */
export function useAdmins() {
  return useQuery({ queryKey: accountKeys.admins, queryFn: async () => (await api.get('admin/admins')).response.admins });
}

/** POST admin/admins: invites an admin by e-mail; resolves to the server's message. */
export function useInviteAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TInviteAdminBody) => (await api.post('admin/admins', body)).message,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: accountKeys.admins });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}

/** PUT admin/admins/status: deactivates (sessions end at once) or reactivates another admin; resolves to the message. */
export function useSetAdminActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { userId: string; active: boolean }) => (await api.put('admin/admins/status', body)).message,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: accountKeys.admins });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}
