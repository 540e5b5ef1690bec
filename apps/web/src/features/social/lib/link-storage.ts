import type { TLinkablePage, TLinkOrigin, TSocialNetworkKey } from '@virality/domain';

/** What a linking flow remembers across the network's consent page: which network, and where it started. */
const KEYS = { network: 'virality-social-network', origin: 'virality-social-origin', from: 'virality-social-from' } as const;

/** `fromProfile`: the accounts page was opened from the profile hub, so its Proceed still goes back there. */
export function rememberLink(network: TSocialNetworkKey, origin: TLinkOrigin, fromProfile = false): void {
  localStorage.setItem(KEYS.network, network);
  localStorage.setItem(KEYS.origin, origin);
  if (fromProfile) localStorage.setItem(KEYS.from, 'profile');
  else localStorage.removeItem(KEYS.from);
}

export function recallLink(): { network: string | null; origin: TLinkOrigin; fromProfile: boolean } {
  const origin = localStorage.getItem(KEYS.origin);
  return {
    network: localStorage.getItem(KEYS.network),
    origin: origin === 'Home' || origin === 'Modal' ? origin : 'addsocialmedia',
    fromProfile: localStorage.getItem(KEYS.from) === 'profile',
  };
}

export function forgetLink(): void {
  for (const key of Object.values(KEYS)) localStorage.removeItem(key);
}

/** The page chooser to open on the accounts page after a consent that gave pages (kept for this tab only). */
const CHOOSER_KEY = 'virality-social-chooser';
export type TChooser = { network: TSocialNetworkKey; state: string; pages: TLinkablePage[] };

export function keepChooser(chooser: TChooser): void {
  sessionStorage.setItem(CHOOSER_KEY, JSON.stringify(chooser));
}

/** The chooser waiting to be opened (read only: a render may read it twice); `dropChooser` once it is closed. */
export function peekChooser(): TChooser | null {
  const raw = sessionStorage.getItem(CHOOSER_KEY);
  try {
    return raw ? (JSON.parse(raw) as TChooser) : null;
  } catch {
    return null;
  }
}

export function dropChooser(): void {
  sessionStorage.removeItem(CHOOSER_KEY);
}

/** A link started from the composer: once back (and its pages chosen), the composer opens again (this tab only). */
const COMPOSE_KEY = 'virality-social-compose';

export function keepComposeAfterLink(): void {
  sessionStorage.setItem(COMPOSE_KEY, '1');
}

/** Whether the composer is to open again after a link; asked once. */
export function takeComposeAfterLink(): boolean {
  const kept = sessionStorage.getItem(COMPOSE_KEY) === '1';
  sessionStorage.removeItem(COMPOSE_KEY);
  return kept;
}
