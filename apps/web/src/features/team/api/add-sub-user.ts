import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type TSubUserRecord, teamKeys } from './types';

/** The sub-user payload; the form calls the role `role`, the record `roleId`. */
export type TSubUserBody = {
  name: string;
  userName: string;
  email?: string;
  mobileNumber: string;
  dateOfBirth: string;
  gender: string;
  role: string;
  roleId: string;
  profileImage?: string | null;
  backgroundColor?: string | null;
};

/** POST bussiness/add: creates the sub-user and sends the invitation; resolves to the server's message. */
export async function addSubUser(body: TSubUserBody): Promise<{ result: TSubUserRecord; message: string }> {
  const res = await api.post('bussiness/add', body);
  return { result: res.response.result, message: res.message };
}

export function useAddSubUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSubUser,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: teamKeys.subUsersAll }),
  });
}
