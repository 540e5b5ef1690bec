import { useMutation } from '@tanstack/react-query';
import type { TProfileFields, TProfileSaved } from '@virality/domain';
import { api } from '../../../lib/api-client';

/**
 * PUT user/updateProfile (Account Details). A newly entered e-mail or mobile is not saved: it comes back in
 * `pendingVerification` and is saved once its OTP is verified.
 */
export async function updateProfile(body: TProfileFields): Promise<TProfileSaved & { message: string }> {
  const res = await api.put('user/updateProfile', body);
  return { ...res.response, pendingVerification: res.response?.pendingVerification ?? [], message: res.message };
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
