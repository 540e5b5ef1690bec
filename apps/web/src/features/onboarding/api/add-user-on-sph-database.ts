import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type TSphIds = { orgId: string; sphUserId: string };

/** GET user/addUserOnSphDatabase?userId=: puts the user on the posting side; returns orgId and sphUserId. */
export async function addUserOnSphDatabase(userId: string): Promise<TSphIds> {
  const res = await api.get<{ userData: TSphIds }>('user/addUserOnSphDatabase', { userId });
  return res.response.userData;
}

export function useAddUserOnSphDatabase() {
  return useMutation({ mutationFn: addUserOnSphDatabase });
}
