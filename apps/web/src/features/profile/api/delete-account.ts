import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * POST user/deleteUserDetails {remarks}: closes the account (its sessions, push tokens and unread notifications go
 * with it, on the server, in one step). Resolves to the server's message.
 */
export async function deleteAccount(remarks: string): Promise<string> {
  const res = await api.post('user/deleteUserDetails', { remarks });
  return res.message;
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
