import type { TSocialNetworkKey } from '@virality/domain';
import type { TConfig } from '../../config';
import { SANDBOX_TIKTOK_CLIENT } from '../../sandbox/networks/tiktok';
import { SANDBOX_YOUTUBE_CLIENT } from '../../sandbox/networks/youtube';
import { createTikTokAdapter, type TTikTokAdapter } from './tiktok';
import type { TFetch, TNetworkAdapter, TNetworkSettings } from './types';
import { createYouTubeAdapter, type TYouTubeAdapter } from './youtube';

/** The web app's page the networks send the browser back to: the one address to register with each network. */
export const SOCIAL_RETURN_PATH = '/social/return';

/** Each network's real hosts, and its emulator's sandbox app (the emulator accepts only that client). */
const NETWORK_HOSTS: Partial<
  Record<TSocialNetworkKey, { authBase: string; apiBase: string; sandboxClient: { clientId: string; clientSecret: string } }>
> = {
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
  if (!hosts) return null;
  const redirectUri = `${config.publicUrl}${SOCIAL_RETURN_PATH}`;
  const own = config.networks[network];
  if (own) return { ...own, authBase: hosts.authBase, apiBase: hosts.apiBase, redirectUri, sandbox: false };
  if (!config.sandbox) return null;
  const emulator = `${config.publicUrl}/sandbox/${network}`;
  return { ...hosts.sandboxClient, authBase: emulator, apiBase: emulator, redirectUri, sandbox: true };
}

/** The adapters of the networks this start offers, by network. */
export type TNetworkAdapters = { tiktok?: TTikTokAdapter; youtube?: TYouTubeAdapter } & Partial<
  Record<TSocialNetworkKey, TNetworkAdapter>
>;

export function createNetworkAdapters(
  config: TConfig,
  fetchFn: TFetch = fetch,
  now: () => Date = () => new Date(),
): TNetworkAdapters {
  const adapters: TNetworkAdapters = {};
  const tiktok = networkSettings(config, 'tiktok');
  if (tiktok) adapters.tiktok = createTikTokAdapter(tiktok, fetchFn, now);
  const youtube = networkSettings(config, 'youtube');
  if (youtube) adapters.youtube = createYouTubeAdapter(youtube, fetchFn, now);
  return adapters;
}
