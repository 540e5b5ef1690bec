import type { TNetworkFailureKind, TSocialNetworkKey } from '@virality/domain';

/** Where a network's adapter sends its calls, and as whom. Only these differ between the sandbox and the network. */
export type TNetworkSettings = {
  clientId: string;
  clientSecret: string;
  /** The consent page's host (e.g. https://www.tiktok.com), or the emulator's. */
  authBase: string;
  /** The API's host (e.g. https://open.tiktokapis.com), or the emulator's. */
  apiBase: string;
  /** Where the network sends the browser back after consent (the web app's return page). */
  redirectUri: string;
  /** The emulator stands in for the network. */
  sandbox: boolean;
};

/** What a consent gives: tokens and how long they last. */
export type TGrant = {
  accessToken: string;
  refreshToken: string | null;
  /** OAuth 1.0a (X): the access token's secret. */
  tokenSecret: string | null;
  accessExpiresAt: Date | null;
  refreshExpiresAt: Date | null;
  scopes: string[];
};

/** A profile, page, channel or organization the consenting user may link. */
export type TRemoteAccount = {
  remoteId: string;
  kind: 'profile' | 'page' | 'channel' | 'organization';
  userName: string;
  pictureUrl: string | null;
  /** A page's own token (Facebook pages): the page is called with it rather than the user's. */
  grant?: TGrant;
};

/** Where to send the browser, and what the return will need (a PKCE verifier, a request token's secret). */
export type TAuthorization = { url: string; secret: string | null; requestToken: string | null };

/** What the return page brought back from the network. */
export type TConsent = { code: string | null; oauthToken: string | null; oauthVerifier: string | null };

/** One adapter per network, all with this shape; the emulators speak the same API as the networks. */
export interface TNetworkAdapter {
  readonly network: TSocialNetworkKey;
  authorize(input: { state: string }): Promise<TAuthorization>;
  exchange(consent: TConsent, secret: string | null, now: Date): Promise<TGrant>;
  /** Null when the network's tokens do not expire and cannot be renewed (X). */
  refresh: ((grant: TGrant, now: Date) => Promise<TGrant>) | null;
  discover(grant: TGrant): Promise<TRemoteAccount[]>;
}

/**
 * A call to a network that did not succeed, classified: `retry` (a passing failure: 5xx, timeout),
 * `rate_limited` (until `retryAt`), `reconnect` (the user must consent again: expired or revoked access,
 * a permission taken away), `permanent` (this request will never work). `reason` is plain words for the user.
 */
export class NetworkError extends Error {
  constructor(
    readonly network: TSocialNetworkKey,
    readonly kind: TNetworkFailureKind,
    readonly reason: string,
    readonly details: { status?: number | null; code?: string | null; retryAt?: Date | null } = {},
  ) {
    super(`${network}: ${kind}: ${reason}`);
  }
  get retryAt(): Date | null {
    return this.details.retryAt ?? null;
  }
}

export type TFetch = typeof fetch;
