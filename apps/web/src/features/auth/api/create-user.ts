import { useMutation } from '@tanstack/react-query';
import type { TSignupProfileType } from '@virality/domain';
import { api } from '../../../lib/api-client';

export type TCreateUserInput = {
  email?: string;
  mobileNumber?: string;
  phoneCode?: string;
  password: string;
  confirmPassword: string;
  profileType: TSignupProfileType;
};

/** POST user/create_user: registers the account and sends the registration OTP. */
export async function createUser(input: TCreateUserInput) {
  return api.post('user/create_user', input);
}

export const useCreateUser = () => useMutation({ mutationFn: createUser });
