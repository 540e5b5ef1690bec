import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type TLoginInput = { emailPhone: string; password: string };
/** What a 403 on login carries: the account was never verified and a fresh OTP went out. */
export type TNeedsVerification = { needsVerification: true; emailPhone: string; attemptId?: string };

/** POST user/userLogin. */
export async function loginUser(input: TLoginInput) {
  return api.post('user/userLogin', { ...input, platform: 'web' });
}

export const useLoginUser = () => useMutation({ mutationFn: loginUser });
