/**
 * Social networks and the linking of accounts: which networks there are, how clients name them, and the
 * messages a user sees while linking and unlinking.
 */

/** Each network: its id (the clients' SocialMediaID), its key, its label, and its key in a user's socialLinks. */
export const SOCIAL_NETWORKS = [
  { id: '1', key: 'instagram', label: 'Instagram', linkKey: 'Instagram', pages: true },
  { id: '2', key: 'facebook', label: 'Facebook', linkKey: 'Facebook', pages: true },
  { id: '3', key: 'youtube', label: 'YouTube', linkKey: 'Youtube', pages: false },
  { id: '4', key: 'linkedin', label: 'LinkedIn', linkKey: 'LinkedIn', pages: true },
  { id: '5', key: 'tiktok', label: 'TikTok', linkKey: 'Tiktok', pages: false },
  { id: '6', key: 'twitter', label: 'X', linkKey: 'Twitter', pages: false },
  { id: '7', key: 'threads', label: 'Threads', linkKey: 'Threads', pages: false },
] as const;
export type TSocialNetwork = (typeof SOCIAL_NETWORKS)[number];
export type TSocialNetworkKey = TSocialNetwork['key'];
export type TSocialNetworkId = TSocialNetwork['id'];
export const SOCIAL_NETWORK_KEYS_TUPLE = [
  'instagram',
  'facebook',
  'youtube',
  'linkedin',
  'tiktok',
  'twitter',
  'threads',
] as const;
export const SOCIAL_NETWORK_KEYS: readonly TSocialNetworkKey[] = SOCIAL_NETWORK_KEYS_TUPLE;

/** The network of an id ('1'–'7') or a key ('tiktok'); null for anything else. */
export function socialNetwork(idOrKey: string | number | null | undefined): TSocialNetwork | null {
  const v = String(idOrKey ?? '').toLowerCase();
  return SOCIAL_NETWORKS.find((n) => n.id === v || n.key === v) ?? null;
}

/** Where a linking flow started, so the return page sends the user back there. */
export const LINK_ORIGINS = ['addsocialmedia', 'Home', 'Modal'] as const;
export type TLinkOrigin = (typeof LINK_ORIGINS)[number];

/** How long a started linking flow may take (consent page and return) before it must start again. */
export const LINK_STATE_TTL_MINUTES = 15;
/** Tokens are renewed this long before they expire, so a post never meets an expired token. */
export const TOKEN_REFRESH_AHEAD_MINUTES = 60;

/** The state of a linked account, as its card shows it. */
export const SOCIAL_ACCOUNT_STATUSES = ['linked', 'needs_reconnect'] as const;
export type TSocialAccountStatus = (typeof SOCIAL_ACCOUNT_STATUSES)[number];

/** What a linked account is on its network: a person's profile, a page, a channel, or an organization's page. */
export const SOCIAL_ACCOUNT_KINDS = ['profile', 'page', 'channel', 'organization'] as const;
export type TSocialAccountKind = (typeof SOCIAL_ACCOUNT_KINDS)[number];

/** Networks whose profiles and channels are known by a handle, shown as @handle; pages and LinkedIn names are shown as they are. */
export const HANDLE_NETWORKS: readonly TSocialNetworkKey[] = ['instagram', 'youtube', 'tiktok', 'twitter', 'threads'];
export const accountDisplayName = (network: string, kind: string, name: string) =>
  (kind === 'profile' || kind === 'channel') && HANDLE_NETWORKS.includes(network as TSocialNetworkKey) ? `@${name}` : name;

/** What a failed call to a network means for the caller. */
export const NETWORK_FAILURE_KINDS = ['retry', 'rate_limited', 'reconnect', 'permanent'] as const;
export type TNetworkFailureKind = (typeof NETWORK_FAILURE_KINDS)[number];

export const SOCIAL_MSG = {
  accountExists: 'Account Already Exist',
  cancelled: 'user cancelled adding social media',
  someError: 'some error occurred',
  unlinked: (label: string) => `${label} Account unlinked successfully`,
  accountAdded: (label: string) => `${label} account added successfully`,
  managerCannotLink: 'Only the business owner can add social accounts',
  linkExpired: 'This link has expired or was already used. Please add the account again.',
  notConfigured: (label: string) => `${label} is not available right now`,
  networkUnknown: 'Unknown social network',
  accountNotFound: 'Social account not found',
  codeRequired: 'Authorization code is required',
  stateRequired: (label: string) => `State is required to add a ${label} account`,
  wrongNetwork: (label: string) => `SocialMediaID is not ${label}`,
  youtubeFirst: 'Link a YouTube channel first',
  choosePage: 'Choose at least one page',
  /** The page chooser's empty state: the consent gave no page to link. */
  noPageAvailable: 'No page Available',
  pageNotOffered: (label: string) => `That page was not among the ${label} pages you allowed`,
  pagesAdded: {
    facebook: 'Facebook page added successfully',
    instagram: 'Instagram page added successfully',
    linkedin: 'LinkedIn page added successfully',
  },
  reconnectTitle: (label: string) => `Reconnect your ${label} account`,
  reconnectBody: (label: string, name: string) =>
    `${label} no longer accepts Virality's access to ${name}. Reconnect it so your posts keep going out.`,
  networkBusy: (label: string) => `${label} is not answering right now. Please try again in a few minutes.`,
  networkRefused: (label: string) => `${label} refused the request. Please try again.`,
} as const;
