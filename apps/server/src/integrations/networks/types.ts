import type { TNetworkFailureKind, TNetworkLimits, TPostMetrics, TSocialNetworkKey } from '@virality/domain';

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

/** The linked account a call is made for: its id on the network, and what it is there. */
export type TAccountRef = { remoteId: string; kind: TRemoteAccount['kind'] };

/** A linked account's figures as its network gives them (null where it gives none). */
export type TProfileFigures = {
  userName: string;
  pictureUrl: string | null;
  followers: number | null;
  following: number | null;
  /** Posts, videos or tweets published. */
  media: number | null;
  /** YouTube's subscribers (its followers). */
  subscribers: number | null;
  views: number | null;
  likes: number | null;
};

/** A media file of a post, at an address the network (or the adapter, to upload its bytes) can read. */
export type TPublishMedia = {
  url: string;
  type: 'image' | 'video';
  mimeType: string;
  bytes: number;
  width: number | null;
  height: number | null;
  durationSec: number | null;
};

/** What to publish to one linked account. */
export type TPublishRequest = {
  account: TAccountRef;
  /** A feed post, a story, or a reel (a short vertical video). */
  format: 'post' | 'story' | 'reel';
  text: string;
  media: TPublishMedia[];
  /** YouTube: the video's title and category. */
  title?: string | null;
  categoryId?: string | null;
  /** TikTok: one of the account's privacy levels. */
  privacy?: string | null;
};

/**
 * Where a publish stands: out (with the post's id on the network and its address), or still being processed by
 * the network: ask again with `publishStatus(ticket)` after `checkAfterMs`. A failure is a NetworkError; a
 * refused media file is `permanent` with the network's reason in plain words.
 */
export type TPublishState =
  | { state: 'published'; postId: string; url: string | null }
  | { state: 'processing'; ticket: string; checkAfterMs: number };

/**
 * What a network holds ready before a post is due (its media uploaded, its container made), and until when the
 * network keeps it. `ticket` is the adapter's own words for it (media ids, a container id, an asset URN), kept with
 * the target; only `publishPrepared` reads it back. Preparing never makes a post public.
 */
export type TPrepared = { ticket: string; validUntil: Date };

/** What discardLeftovers looks for: made since `since` from `request`, and not named by any ticket of `keep`. */
export type TLeftovers = { since: Date; request: TPublishRequest; keep: string[] };

/** A post found on the account: to learn whether a publish whose answer was lost went out after all. */
export type TRecentPost = { postId: string; text: string; createdAt: Date; url: string | null };

/**
 * What an account published since a moment, read back page by page (newest first). `complete` is false when the
 * network would not let the account be read back that far (its own limit on how far back a list goes, or on how
 * many pages a check may read): a post made before the oldest one listed cannot then be ruled out.
 */
export type TPostsSince = { posts: TRecentPost[]; complete: boolean };

/** The most pages one check reads back before it gives up and says the account could not be read far enough. */
export const POSTS_SINCE_MAX_PAGES = 20;

/** One adapter per network, all with this shape; the emulators speak the same API as the networks. */
export interface TNetworkAdapter {
  readonly network: TSocialNetworkKey;
  /** What one post may carry on this network (the composer's and the server's checks read it). */
  readonly limits: TNetworkLimits;
  authorize(input: { state: string }): Promise<TAuthorization>;
  exchange(consent: TConsent, secret: string | null, now: Date): Promise<TGrant>;
  /** Null when the network's tokens do not expire and cannot be renewed (X). */
  refresh: ((grant: TGrant, now: Date) => Promise<TGrant>) | null;
  discover(grant: TGrant): Promise<TRemoteAccount[]>;
  /** The account's figures (followers, following, media, subscribers, views, likes, picture). */
  profile(grant: TGrant, account: TAccountRef): Promise<TProfileFigures>;
  /** Sends a post; a network that processes media first answers `processing` with a ticket. */
  publish(grant: TGrant, request: TPublishRequest): Promise<TPublishState>;
  /**
   * Does the slow part of a publish ahead of its due time, within the network's own validity: uploads the media,
   * makes the container (X media ids, Instagram and Threads containers, a LinkedIn upload, an unpublished Facebook
   * photo, a private YouTube video). Absent where the network publishes on upload (TikTok): everything then
   * happens at the due time. Never makes the post visible; a failure is a NetworkError like `publish`'s. Null
   * when this post has nothing to do ahead (text alone, a kind of media the network takes only at once).
   */
  prepare?(grant: TGrant, request: TPublishRequest, now: Date): Promise<TPrepared | null>;
  /**
   * The due time's final call for what `prepare` made (the tweet, media_publish, the feed post with the photo
   * attached, the LinkedIn post, the video made public). May answer `processing` like `publish`. A prepared thing
   * the network no longer has (it expired, it was removed) is a `permanent` NetworkError with `code` PREPARED_GONE:
   * the engine then does the whole publish at once.
   */
  publishPrepared?(grant: TGrant, account: TAccountRef, ticket: string): Promise<TPublishState>;
  /**
   * Lets go of what `prepare` made and will not be published (the post was edited, paused, deleted or published
   * without it): removes what would otherwise stay on the account (a private video, an unpublished photo). Absent
   * where the network lets it expire by itself. Removing what is already gone is not a failure.
   */
  discardPrepared?(grant: TGrant, account: TAccountRef, ticket: string): Promise<void>;
  /**
   * Removes what an earlier preparation of this same post may have left on the account without the product ever
   * hearing of it (its answer lost, its process killed), where the network would keep it for good (a private
   * YouTube video): whatever made since `since` that was never made public and carries the post's very words,
   * except what one of `keep` (the tickets other posts of the account hold) names. Called before a preparation is
   * tried again and before a due time that has no preparation to use does the whole publish. Answers how many it
   * removed. Absent where the network lets such things lapse by themselves.
   */
  discardLeftovers?(grant: TGrant, account: TAccountRef, leftovers: TLeftovers): Promise<number>;
  /** Asks again about a publish still processing; finishes it (the network's publish step) once the media is ready. */
  publishStatus(grant: TGrant, account: TAccountRef, ticket: string): Promise<TPublishState>;
  /** The account's latest posts (newest first, at most `limit`). */
  recentPosts(grant: TGrant, account: TAccountRef, limit: number): Promise<TRecentPost[]>;
  /**
   * Every post (and story) the account published since `since`, newest first, paging back until past it (at most
   * POSTS_SINCE_MAX_PAGES pages): a publish whose answer was lost is looked for here before it is ever sent again.
   */
  postsSince(grant: TGrant, account: TAccountRef, since: Date): Promise<TPostsSince>;
  /**
   * Whether a post made with this privacy level shows in `postsSince` (absent: every post does). TikTok lists
   * public videos only: a private one whose answer was lost cannot be looked for.
   */
  listed?(privacy: string | null): boolean;
  /** A published post's figures, those the network gives. */
  analytics(grant: TGrant, account: TAccountRef, postId: string, format: TPublishRequest['format']): Promise<TPostMetrics>;
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

/** The `code` of a NetworkError saying a prepared ticket is no longer held by the network (expired or removed). */
export const PREPARED_GONE = 'prepared_gone';

/** What the due time's call throws when the network no longer holds what was prepared: the engine publishes whole. */
export const preparedGone = (network: TSocialNetworkKey, reason: string) =>
  new NetworkError(network, 'permanent', reason, { code: PREPARED_GONE });
