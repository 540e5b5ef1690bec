import type { TSocialNetworkKey } from '@virality/domain';
import {
  SANDBOX_FACEBOOK_CLIENT,
  SANDBOX_INSTAGRAM_CLIENT,
  SANDBOX_LINKEDIN_CLIENT,
  SANDBOX_THREADS_CLIENT,
  SANDBOX_TIKTOK_CLIENT,
  SANDBOX_X_CLIENT,
  SANDBOX_YOUTUBE_CLIENT,
} from '@virality/sandbox/facts';
import type { TConfig } from '../../config';
import { createLinkedInAdapter } from './linkedin';
import { createFacebookAdapter, createInstagramAdapter } from './meta';
import { createThreadsAdapter } from './threads';
import { createTikTokAdapter, type TTikTokAdapter } from './tiktok';
import type { TFetch, TNetworkAdapter, TNetworkSettings } from './types';
import { createXAdapter } from './x';
import { createYouTubeAdapter, type TYouTubeAdapter } from './youtube';

/** The web app's page the networks send the browser back to: the one address to register with each network. */
export const SOCIAL_RETURN_PATH = '/social/return';

/** Each network's real hosts, and its emulator's sandbox app (the emulator accepts only that client). */
const NETWORK_HOSTS: Record<
  TSocialNetworkKey,
  { authBase: string; apiBase: string; sandboxClient: { clientId: string; clientSecret: string } }
> = {
  instagram: {
    authBase: 'https://www.facebook.com',
    apiBase: 'https://graph.facebook.com',
    sandboxClient: SANDBOX_INSTAGRAM_CLIENT,
  },
  facebook: {
    authBase: 'https://www.facebook.com',
    apiBase: 'https://graph.facebook.com',
    sandboxClient: SANDBOX_FACEBOOK_CLIENT,
  },
  // LinkedIn's token call is on its consent host
  linkedin: { authBase: 'https://www.linkedin.com', apiBase: 'https://api.linkedin.com', sandboxClient: SANDBOX_LINKEDIN_CLIENT },
  twitter: { authBase: 'https://api.x.com', apiBase: 'https://api.x.com', sandboxClient: SANDBOX_X_CLIENT },
  threads: { authBase: 'https://threads.net', apiBase: 'https://graph.threads.net', sandboxClient: SANDBOX_THREADS_CLIENT },
  tiktok: { authBase: 'https://www.tiktok.com', apiBase: 'https://open.tiktokapis.com', sandboxClient: SANDBOX_TIKTOK_CLIENT },
  youtube: {
    authBase: 'https://accounts.google.com',
    apiBase: 'https://www.googleapis.com',
    sandboxClient: SANDBOX_YOUTUBE_CLIENT,
  },
};

/**
 * Where a network's adapter calls: the real network when its client id and secret are configured, its emulator
 * (under /sandbox/<network>) in sandbox mode, or nowhere (null: the network is not offered).
 */
export function networkSettings(config: TConfig, network: TSocialNetworkKey): TNetworkSettings | null {
  const hosts = NETWORK_HOSTS[network];
  const redirectUri = `${config.publicUrl}${SOCIAL_RETURN_PATH}`;
  const own = config.networks[network];
  if (own) return { ...own, authBase: hosts.authBase, apiBase: hosts.apiBase, redirectUri, sandbox: false };
  if (!config.sandbox) return null;
  const emulator = `${config.emulators.url}/sandbox/${network}`;
  return { ...hosts.sandboxClient, authBase: emulator, apiBase: emulator, redirectUri, sandbox: true };
}

/** The adapters of the networks this start offers, by network. */
export type TNetworkAdapters = { tiktok?: TTikTokAdapter; youtube?: TYouTubeAdapter } & Partial<
  Record<TSocialNetworkKey, TNetworkAdapter>
>;

/** Each network's adapter, made from where it calls. */
const FACTORIES: Record<TSocialNetworkKey, (s: TNetworkSettings, f: TFetch, now: () => Date) => TNetworkAdapter> = {
  instagram: createInstagramAdapter,
  facebook: createFacebookAdapter,
  youtube: createYouTubeAdapter,
  linkedin: createLinkedInAdapter,
  tiktok: createTikTokAdapter,
  twitter: createXAdapter,
  threads: createThreadsAdapter,
};

export function createNetworkAdapters(
  config: TConfig,
  fetchFn: TFetch = fetch,
  now: () => Date = () => new Date(),
): TNetworkAdapters {
  const adapters: Partial<Record<TSocialNetworkKey, TNetworkAdapter>> = {};
  for (const key of Object.keys(FACTORIES) as TSocialNetworkKey[]) {
    const settings = networkSettings(config, key);
    if (settings) adapters[key] = FACTORIES[key](settings, fetchFn, now);
  }
  return adapters as TNetworkAdapters;
}
