import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type TAcceptInvitationBody = { token: string; newPassword: string; confirmPassword: string };

/** POST bussiness/acceptInvitation {token, newPassword, confirmPassword} (public); resolves to the server's message. */
export async function acceptInvitation(body: TAcceptInvitationBody): Promise<string> {
  const res = await api.post('bussiness/acceptInvitation', body);
  return res.message;
}

export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation });
}
