import { useMutation } from '@tanstack/react-query';
import { api, whileEndingSession } from '../../../lib/api-client';

/**
 * POST user/deleteUserDetails {remarks}: closes the account (its sessions, push tokens and unread notifications go
 * with it, on the server, in one step). Resolves to the server's message.
 */
export async function deleteAccount(remarks: string): Promise<string> {
  // the server ends this session as it closes the account: that end is expected, not a lost session
  const res = await whileEndingSession(() => api.post('user/deleteUserDetails', { remarks }));
  return res.message;
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
