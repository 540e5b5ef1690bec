import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TLinkablePage, TLinkOrigin, TSocialAccount, TSocialNetworkKey } from '@virality/domain';
import { api, sph } from '../../../lib/api-client';
import { CURRENT_USER_KEY } from '../../../lib/use-current-user';

export const SOCIAL_ACCOUNTS_KEY = ['social-accounts'] as const;

/**
 * A network whose pages are chosen after consent: its pages-list call (and the keys it answers under, whose lists
 * the chooser shows together, in this order) and save call.
 */
type TPageCalls = { list: string; listKeys: string[]; save: string };
/**
 * Each network's documented calls (only the networks the server offers are used): its login-url, and either its
 * add-account call or, for networks whose pages are chosen, its pages-list and save calls.
 */
const CALLS: Partial<Record<TSocialNetworkKey, { loginUrl: string; addAccount?: string; pages?: TPageCalls }>> = {
  instagram: {
    loginUrl: 'instagram/ig-login-url',
    pages: { list: 'instagram/ig-accounts-list/', listKeys: ['Instagram_account'], save: 'instagram/save-ig-details/' },
  },
  facebook: {
    loginUrl: 'facebook/fb_login/',
    pages: { list: 'facebook/fb_pages_list/', listKeys: ['FacebookPages'], save: 'facebook/save_fb_details/' },
  },
  youtube: { loginUrl: 'getYTLoginUrl/', addAccount: 'add_yt_account/' },
  linkedin: {
    loginUrl: 'linkedin/login_url/',
    pages: {
      list: 'linkedin/li-accounts-list/',
      listKeys: ['Linkedin_Profile', 'Linkedin_Pages'],
      save: 'linkedin/save-li-accounts/',
    },
  },
  tiktok: { loginUrl: 'tiktok/login-url/', addAccount: 'tiktok/add-account/' },
  twitter: { loginUrl: 'x-app/login-url/', addAccount: 'x-app/add-account/' },
  threads: { loginUrl: 'threads/login-url/', addAccount: 'threads/add-account/' },
};
export const choosesPages = (network: string) => Boolean(CALLS[network as TSocialNetworkKey]?.pages);
export const linkableHere = (network: TSocialNetworkKey) => Boolean(CALLS[network]);

/** POST social_media_accounts/: the accounts the caller works with. */
export async function getSocialAccounts(): Promise<TSocialAccount[]> {
  const res = await sph.post<TSocialAccount[]>('social_media_accounts/', {});
  return res.response ?? [];
}

export const useSocialAccounts = () => useQuery({ queryKey: SOCIAL_ACCOUNTS_KEY, queryFn: getSocialAccounts });

/** The network's login-url call: where to send the browser (TikTok answers the address itself). */
export async function getLoginUrl(network: TSocialNetworkKey, origin: TLinkOrigin): Promise<string> {
  const call = CALLS[network];
  if (!call) throw new Error(`no login call for ${network}`);
  const res = await sph.get<string | { url: string }>(call.loginUrl, { origin });
  return typeof res.response === 'string' ? res.response : res.response.url;
}

/**
 * The network's add-account call, with what the consent page sent back: a code and state, or (X, OAuth 1.0a) the
 * request token and its verifier.
 */
export async function addAccount(
  network: string,
  body: { Code: string; State: string } | { oauth_token: string; oauth_verifier: string },
) {
  const call = CALLS[network as TSocialNetworkKey]?.addAccount;
  if (!call) throw new Error(`no add-account call for ${network}`);
  return sph.post<TSocialAccount>(call, body);
}

/** The pages a consent gave (the network's pages-list call), for the chooser. */
export async function listPages(network: string, body: { Code: string; State: string }): Promise<TLinkablePage[]> {
  const call = CALLS[network as TSocialNetworkKey]?.pages;
  if (!call) throw new Error(`no pages-list call for ${network}`);
  const res = await sph.post<Record<string, TLinkablePage[]>>(call.list, body);
  return call.listKeys.flatMap((key) => res.response[key] ?? []);
}

/** The network's save call: links the chosen pages; resolves to the server's message. */
export async function savePages(network: string, body: { State: string; PageIDs: string[] }): Promise<string> {
  const call = CALLS[network as TSocialNetworkKey]?.pages;
  if (!call) throw new Error(`no save call for ${network}`);
  return (await sph.post<TSocialAccount[]>(call.save, body)).message;
}

/** PUT deleteSocialMediaDetails/{id}/, then user/removeSocialAccount so the profile's links follow. */
export async function unlinkAccount(account: TSocialAccount): Promise<string> {
  const res = await sph.put<null>(`deleteSocialMediaDetails/${encodeURIComponent(account.id)}/`, {});
  await api.put('user/removeSocialAccount', { accountID: account.id });
  return res.message;
}

export function useUnlinkAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkAccount,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: SOCIAL_ACCOUNTS_KEY });
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    },
  });
}
