import { useMutation } from '@tanstack/react-query';
import type { TSignupProfileType } from '@virality/domain';
import { api } from '../../../lib/api-client';

export type TGoogleLoginInput = { email: string; credential: string; profileType?: TSignupProfileType | null };

/** POST user/googleLogin with the Google ID token; profileType only from sign-up. */
export async function googleLogin(input: TGoogleLoginInput) {
  return api.post('user/googleLogin', { ...input, isGoogleLogin: true });
}

export const useGoogleLogin = () => useMutation({ mutationFn: googleLogin });
