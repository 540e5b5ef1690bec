import { Center, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { MSG } from '@virality/domain';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { saveSession } from '../../../lib/auth-storage';
import { CURRENT_USER_KEY } from '../../../lib/use-current-user';
import { googleLogin } from '../api/google-login';
import { decodeGoogleState, emailOfIdToken } from '../lib/google-state';
import type { TLoginState } from './login-page';

/** /redirect: the return from Google sign-in; logs in (or signs up an influencer) with the credential. */
export function GoogleRedirectPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return; // StrictMode runs effects twice; the call must go once
    started.current = true;
    const credential = params.get('credential') ?? '';
    const { mode, profileType } = decodeGoogleState(params.get('state'));
    const email = emailOfIdToken(credential);
    // A failure goes back to /login, which shows it above its form.
    const fail = (error: string) => navigate(paths.login, { replace: true, state: { error } satisfies TLoginState });
    if (!credential || !email) {
      fail(MSG.googleTokenInvalid);
      return;
    }
    googleLogin({ email, credential, profileType: mode === 'signup' ? profileType : undefined })
      .then((res) => {
        saveSession(res.response);
        queryClient.removeQueries({ queryKey: CURRENT_USER_KEY });
        navigate(res.response.userData.profileCompleted ? paths.home : paths.userProfile, { replace: true });
      })
      .catch((err: Error) => fail(err.message || MSG.somethingWentWrong));
  }, [params, navigate, queryClient]);

  return (
    <Center mih="60vh">
      <Stack align="center">
        <Loader />
        <Text>Signing you in…</Text>
      </Stack>
    </Center>
  );
}
