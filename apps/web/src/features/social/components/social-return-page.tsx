import { Center, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { SOCIAL_MSG, type TSocialNetworkKey } from '@virality/domain';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { CURRENT_USER_KEY } from '../../../lib/use-current-user';
import { addAccount, choosesPages, listPages, SOCIAL_ACCOUNTS_KEY } from '../api/social-accounts';
import { forgetLink, keepChooser, keepComposeAfterLink, recallLink } from '../lib/link-storage';

/** How long the page waits after the code arrives before adding the account (the spec's one second). */
const ADD_DELAY_MS = 1000;

/**
 * Where a network's consent page sends the browser back (query `code` and `state`, X's `oauth_token` and
 * `oauth_verifier`, or `error` / X's `denied`). A refusal says
 * 'user cancelled adding social media'; otherwise, a second after the code arrives, the network's add-account
 * call links the account, and the user goes back where the flow started (/home, for Home and the composer, or
 * /addsocialmedia).
 */
export function SocialReturnPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ran = useRef(false);

  useEffect(() => {
    if (ran.current) return;
    ran.current = true;
    const { network, origin, fromProfile } = recallLink();
    forgetLink();
    const accounts = fromProfile ? `${paths.addSocialMedia}?from=profile` : paths.addSocialMedia;
    // from Home, or from the composer (which opens again on Home, the new account there to pick)
    if (origin === 'Modal') keepComposeAfterLink();
    const back = () => navigate(origin === 'Home' || origin === 'Modal' ? paths.home : accounts, { replace: true });
    if (params.get('error') || params.get('denied')) {
      notifyError(SOCIAL_MSG.cancelled);
      back();
      return;
    }
    const code = params.get('code');
    const state = params.get('state');
    // X (OAuth 1.0a) sends its request token and a verifier instead of a code and state
    const oauthToken = params.get('oauth_token');
    const oauthVerifier = params.get('oauth_verifier');
    const oauth1 = oauthToken && oauthVerifier ? { oauth_token: oauthToken, oauth_verifier: oauthVerifier } : null;
    if (!network || (!oauth1 && (!code || !state))) {
      notifyError(SOCIAL_MSG.someError);
      back();
      return;
    }
    // not cleared on unmount: the code is used once, and a second mount (React's strict mode) must not lose it
    setTimeout(() => {
      const done =
        code && state && choosesPages(network)
          ? // the pages the consent gave are chosen where the flow returns, in the page chooser
            listPages(network, { Code: code, State: state }).then((pages) =>
              keepChooser({ network: network as TSocialNetworkKey, state, pages }),
            )
          : addAccount(network, oauth1 ?? { Code: code ?? '', State: state ?? '' }).then((res) => notifySuccess(res.message));
      done
        .catch((err) => notifyError(err instanceof ApiError ? err.message : SOCIAL_MSG.someError))
        .finally(() => {
          void queryClient.invalidateQueries({ queryKey: SOCIAL_ACCOUNTS_KEY });
          void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
          back();
        });
    }, ADD_DELAY_MS);
  }, [params, navigate, queryClient]);

  return (
    <Center mih="50vh">
      <Stack align="center" gap="sm">
        <Loader />
        <Text c="dimmed">Linking your account…</Text>
      </Stack>
    </Center>
  );
}
