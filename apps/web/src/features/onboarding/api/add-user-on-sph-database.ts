import { useMutation } from '@tanstack/react-query';
import type { TSphIds } from '@virality/domain';
import { api } from '../../../lib/api-client';

/** GET user/addUserOnSphDatabase?userId=: puts the user on the posting side; returns orgId and sphUserId. */
export async function addUserOnSphDatabase(userId: string): Promise<TSphIds> {
  const res = await api.get('user/addUserOnSphDatabase', { userId });
  return res.response.userData;
}

export function useAddUserOnSphDatabase() {
  return useMutation({ mutationFn: addUserOnSphDatabase });
}
