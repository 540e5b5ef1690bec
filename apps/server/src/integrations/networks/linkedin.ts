import { NETWORK_LIMITS, postLimitIssues, type TPostMetrics } from '@virality/domain';
import { callNetwork, expiresIn, FORM_HEADERS, form, retryAtFrom, type TNetworkResponse } from './http';
import { openMedia, readWholeMedia } from './media-stream';
import { decodeTicket, encodeTicket } from './ticket';
import {
  NetworkError,
  POSTS_SINCE_MAX_PAGES,
  preparedGone,
  type TAccountRef,
  type TConsent,
  type TFetch,
  type TGrant,
  type TNetworkAdapter,
  type TNetworkSettings,
  type TPostsSince,
  type TPrepared,
  type TProfileFigures,
  type TPublishMedia,
  type TPublishRequest,
  type TPublishState,
  type TRecentPost,
  type TRemoteAccount,
} from './types';

/**
 * The scopes asked for: the member's name and picture (OpenID Connect), posting as the member, and reading,
 * posting to and managing the organization pages the member administers.
 */
export const LINKEDIN_SCOPES = [
  'openid',
  'profile',
  'w_member_social',
  'r_organization_social',
  'w_organization_social',
  'rw_organization_admin',
];

/** The version of LinkedIn's versioned API (YYYYMM) every /rest call names; LinkedIn refuses a call without one. */
export const LINKEDIN_VERSION = '202510';

/** Any of these lets the member's token list the organizations the member administers. */
const ORGANIZATION_SCOPES = ['rw_organization_admin', 'r_organization_admin', 'r_organization_social', 'w_organization_social'];
/** How many access-control rows one page of /rest/organizationAcls asks for, and how many pages are read at most. */
const ACL_PAGE_SIZE = 100;
const ACL_MAX_PAGES = 20;
/** The most posts one page of /rest/posts?q=author gives (its largest `count`). */
export const LINKEDIN_POSTS_PAGE_MAX = 100;

/** What a test may change: how many posts a page of /rest/posts asks for (1 to 100). */
export type TLinkedInAdapterOptions = { pageSize?: number };

/** A post as /rest/posts lists it. */
type TLinkedInPost = { id?: string; commentary?: string; createdAt?: number; publishedAt?: number };
/** One page of /rest/posts: its posts, and the paging Rest.li gives (a `next` link while more follow). */
type TLinkedInPostsPage = {
  elements?: TLinkedInPost[];
  paging?: { start?: number; count?: number; total?: number; links?: { rel?: string; href?: string }[] };
};

/**
 * LinkedIn's commentary is "little text": these characters mean markup there, so each is sent escaped with a
 * backslash to appear as typed.
 */
export const escapeLittleText = (text: string) => text.replace(/[\\|{}@[\]()<>#*_~]/g, (c) => `\\${c}`);

/**
 * What LinkedIn would refuse in a post, in plain words (empty: nothing): checked before any call, on the media as
 * they are sent (already converted where the server converts them).
 */
export function linkedinPostIssues(request: Pick<TPublishRequest, 'format' | 'text' | 'media'>): string[] {
  return postLimitIssues('LinkedIn', NETWORK_LIMITS.linkedin, request, { asSent: true });
}

/**
 * How long a photo or video uploaded ahead is used for its post. LinkedIn documents how long its upload addresses
 * last (`uploadUrlExpiresAt`, used at once here), not how long it keeps an uploaded file no post uses yet: a day is
 * taken, well past the half hour a post is prepared ahead.
 */
export const LINKEDIN_PREPARED_VALID_MS = 24 * 3600_000;

/**
 * What a ticket holds: the post's author and text, and its video still processing (a publish) or the media uploaded
 * ahead (`images` or `video`, with `until`, the moment in ms past which it is not used).
 */
type TVideoTicket = { video?: string; images?: string[]; text: string; author: string; until?: number };
function readTicket(ticket: string): TVideoTicket {
  const t = decodeTicket(ticket);
  if (t) {
    const media =
      typeof t.video === 'string' ||
      t.video === undefined ||
      (Array.isArray(t.images) && t.images.every((i) => typeof i === 'string'));
    if (
      media &&
      typeof t.text === 'string' &&
      typeof t.author === 'string' &&
      (t.until === undefined || typeof t.until === 'number')
    )
      return t as TVideoTicket;
  }
  throw new NetworkError('linkedin', 'permanent', 'This LinkedIn publish cannot be followed any more');
}

/** A post's address on LinkedIn. */
export const linkedinPostUrl = (urn: string) => `https://www.linkedin.com/feed/update/${urn}`;

type TLinkedInApiError = { status?: number; serviceErrorCode?: number; code?: string; message?: string };
type TLinkedInOAuthError = { error?: string; error_description?: string };

/** The next midnight UTC after `now`: when LinkedIn's daily call limits start again. */
export function nextUtcMidnight(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

/** The id at the end of a URN (`urn:li:organization:123` → `123`). */
const urnId = (urn: string) => urn.slice(urn.lastIndexOf(':') + 1);

/**
 * LinkedIn (Sign In with LinkedIn using OpenID Connect, and the Community Management API's versioned /rest calls).
 * The consent page and the token call share the www.linkedin.com host; the API is api.linkedin.com. Web apps get
 * no PKCE. Access tokens last 60 days; refresh tokens exist only for LinkedIn's approved partner apps and last a
 * fixed 365 days from the consent: a refresh answers the same refresh token with what remains of it. Organizations
 * are called with the member's own token. API failures answer `{status, serviceErrorCode, code, message}`, OAuth
 * failures `{error, error_description}`; daily limits reset at midnight UTC and the 429 says nothing of when.
 */
export function createLinkedInAdapter(
  settings: TNetworkSettings,
  fetchFn: TFetch = fetch,
  now: () => Date = () => new Date(),
  options: TLinkedInAdapterOptions = {},
) {
  const pageSize = Math.max(1, Math.min(LINKEDIN_POSTS_PAGE_MAX, Math.floor(options.pageSize ?? LINKEDIN_POSTS_PAGE_MAX)));
  const rateLimited = (res: TNetworkResponse, at: Date, details: { status: number; code: string | null }): never => {
    throw new NetworkError('linkedin', 'rate_limited', "LinkedIn's daily limit for this is used up; it will be tried again", {
      ...details,
      // LinkedIn's limits are daily and its 429 carries no reset: the day starts again at midnight UTC
      retryAt: res.headers.get('retry-after') ? retryAtFrom(res.headers, at, null) : nextUtcMidnight(at),
    });
  };

  function failApi(res: TNetworkResponse, at: Date): never {
    const body = (res.body && typeof res.body === 'object' ? res.body : {}) as TLinkedInApiError;
    const code =
      typeof body.code === 'string'
        ? body.code
        : typeof body.serviceErrorCode === 'number'
          ? String(body.serviceErrorCode)
          : null;
    const details = { status: res.status, code };
    if (res.status === 429) rateLimited(res, at, details);
    if (res.status === 401)
      throw new NetworkError('linkedin', 'reconnect', 'LinkedIn no longer accepts the saved access', details);
    if (
      res.status === 403 &&
      (code === 'ACCESS_DENIED' || body.serviceErrorCode === 100 || /permission/i.test(body.message ?? ''))
    )
      throw new NetworkError(
        'linkedin',
        'reconnect',
        'LinkedIn access was given without a permission Virality needs; connect the account again and allow everything asked',
        details,
      );
    throw new NetworkError(
      'linkedin',
      'permanent',
      body.message || `LinkedIn refused the request (${code ?? res.status})`,
      details,
    );
  }

  /** `renewing`: a dead refresh token means consenting again; a dead code only means this consent cannot be used. */
  function failOAuth(res: TNetworkResponse, at: Date, renewing: boolean): never {
    const body = (res.body && typeof res.body === 'object' ? res.body : {}) as TLinkedInOAuthError;
    const code = typeof body.error === 'string' ? body.error : null;
    const details = { status: res.status, code };
    if (res.status === 429) rateLimited(res, at, details);
    if (renewing && code === 'invalid_grant')
      throw new NetworkError('linkedin', 'reconnect', 'LinkedIn no longer accepts the saved access; connect it again', details);
    if (code === 'invalid_scope' || code === 'unauthorized_scope_error')
      throw new NetworkError('linkedin', 'reconnect', 'LinkedIn access was given without a permission Virality needs', details);
    // invalid_client is Virality's own configuration, a bad code this consent's: consenting again is the user's choice
    throw new NetworkError(
      'linkedin',
      'permanent',
      body.error_description || `LinkedIn refused the request (${code ?? res.status})`,
      details,
    );
  }

  async function tokenCall(fields: Record<string, string>, at: Date, renewing: boolean) {
    const res = await callNetwork(fetchFn, 'linkedin', `${settings.authBase}/oauth/v2/accessToken`, {
      method: 'POST',
      headers: FORM_HEADERS,
      body: form({ ...fields, client_id: settings.clientId, client_secret: settings.clientSecret }),
    });
    if (res.status >= 400) failOAuth(res, at, renewing);
    const t = (res.body ?? {}) as {
      access_token?: string;
      expires_in?: number;
      refresh_token?: string;
      refresh_token_expires_in?: number;
      scope?: string;
    };
    if (!t.access_token) throw new NetworkError('linkedin', 'permanent', 'LinkedIn answered without an access token');
    return {
      accessToken: t.access_token,
      refreshToken: t.refresh_token || null,
      tokenSecret: null,
      accessExpiresAt: expiresIn(at, t.expires_in),
      refreshExpiresAt: t.refresh_token ? expiresIn(at, t.refresh_token_expires_in) : null,
      // LinkedIn lists the scopes with commas; a space is read as well
      scopes: (t.scope ?? '').split(/[\s,]+/).filter(Boolean),
    };
  }

  /** A GET of the API: /rest calls name the API version and Rest.li 2.0; /v2/userinfo is OpenID's and unversioned. */
  async function apiGet(grant: TGrant, path: string, query: Record<string, string> = {}) {
    const at = now();
    const q = new URLSearchParams(query).toString();
    const res = await callNetwork(fetchFn, 'linkedin', `${settings.apiBase}${path}${q ? `?${q}` : ''}`, {
      method: 'GET',
      headers: {
        authorization: `Bearer ${grant.accessToken}`,
        accept: 'application/json',
        ...(path.startsWith('/rest/') ? { 'linkedin-version': LINKEDIN_VERSION, 'x-restli-protocol-version': '2.0.0' } : {}),
      },
    });
    if (res.status >= 400) failApi(res, at);
    return res.body;
  }

  /** The URNs of the organizations the member administers (approved), every page of them, each once. */
  async function administeredOrganizations(grant: TGrant): Promise<string[]> {
    const found: string[] = [];
    for (let page = 0, start = 0; page < ACL_MAX_PAGES; page++) {
      const body = (await apiGet(grant, '/rest/organizationAcls', {
        q: 'roleAssignee',
        role: 'ADMINISTRATOR',
        state: 'APPROVED',
        start: String(start),
        count: String(ACL_PAGE_SIZE),
      })) as {
        elements?: { organization?: string; organizationTarget?: string; role?: string; state?: string }[];
        paging?: { start?: number; count?: number; total?: number };
      } | null;
      const elements = body?.elements ?? [];
      for (const e of elements) {
        const urn = e.organization ?? e.organizationTarget;
        if (!urn?.startsWith('urn:li:organization:')) continue;
        if ((e.role && e.role !== 'ADMINISTRATOR') || (e.state && e.state !== 'APPROVED')) continue;
        if (!found.includes(urn)) found.push(urn);
      }
      start += elements.length;
      const total = body?.paging?.total;
      if (!elements.length || typeof total !== 'number' || start >= total) break;
    }
    return found;
  }

  /** An organization's logo: its image asset's download address, or null when it has none or it cannot be read. */
  async function logoUrl(grant: TGrant, asset: string | undefined): Promise<string | null> {
    if (!asset) return null;
    const image = `urn:li:image:${urnId(asset)}`;
    try {
      const body = (await apiGet(grant, `/rest/images/${encodeURIComponent(image)}`)) as { downloadUrl?: string } | null;
      return body?.downloadUrl || null;
    } catch (err) {
      // a logo LinkedIn cannot find must not keep the page from being linked
      if (err instanceof NetworkError && err.kind === 'permanent') return null;
      throw err;
    }
  }

  async function organization(grant: TGrant, urn: string): Promise<TRemoteAccount> {
    const id = urnId(urn);
    const org = (await apiGet(grant, `/rest/organizations/${encodeURIComponent(id)}`)) as {
      id?: number;
      localizedName?: string;
      vanityName?: string;
      logoV2?: { original?: string; cropped?: string };
    } | null;
    return {
      remoteId: `urn:li:organization:${id}`,
      kind: 'organization',
      userName: org?.localizedName || org?.vanityName || id,
      pictureUrl: await logoUrl(grant, org?.logoV2?.cropped ?? org?.logoV2?.original),
    };
  }

  const REST_HEADERS = { 'linkedin-version': LINKEDIN_VERSION, 'x-restli-protocol-version': '2.0.0' };

  /** A versioned call with a JSON body (or none); answers the whole response. */
  async function restSend(grant: TGrant, method: 'POST' | 'GET', path: string, body?: unknown): Promise<TNetworkResponse> {
    const at = now();
    const res = await callNetwork(fetchFn, 'linkedin', `${settings.apiBase}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${grant.accessToken}`,
        accept: 'application/json',
        ...REST_HEADERS,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status >= 400) failApi(res, at);
    return res;
  }

  /** Sends bytes to an upload address LinkedIn gave (on its own hosts); answers the part's etag. */
  async function upload(grant: TGrant, url: string, bytes: Uint8Array): Promise<string | null> {
    const at = now();
    const res = await callNetwork(fetchFn, 'linkedin', url, {
      method: 'PUT',
      headers: { authorization: `Bearer ${grant.accessToken}`, 'content-type': 'application/octet-stream' },
      body: bytes,
    });
    if (res.status >= 400) failApi(res, at);
    return res.headers.get('etag');
  }

  /** A photo: initializeUpload, then its bytes (read once, whole: a few megabytes at most) in one PUT. */
  async function uploadImage(grant: TGrant, owner: string, media: TPublishMedia): Promise<string> {
    const bytes = await readWholeMedia(fetchFn, 'linkedin', media, NETWORK_LIMITS.linkedin.image?.maxBytes ?? 8 * 1024 * 1024);
    const res = await restSend(grant, 'POST', '/rest/images?action=initializeUpload', { initializeUploadRequest: { owner } });
    const v = (res.body as { value?: { uploadUrl?: string; image?: string } } | null)?.value;
    if (!v?.uploadUrl || !v.image)
      throw new NetworkError('linkedin', 'permanent', 'LinkedIn gave no address to upload the photo to');
    await upload(grant, v.uploadUrl, bytes);
    return v.image;
  }

  /**
   * A video: initializeUpload with its size, then its parts as LinkedIn lays them out (4 MB each, the last shorter:
   * LinkedIn's multipart upload), each read from the file's address as it is sent, so only one part is in memory;
   * then finalizeUpload with the parts' etags. LinkedIn processes it after.
   */
  async function uploadVideo(grant: TGrant, owner: string, media: TPublishMedia): Promise<string> {
    const file = await openMedia(fetchFn, 'linkedin', media);
    try {
      const res = await restSend(grant, 'POST', '/rest/videos?action=initializeUpload', {
        initializeUploadRequest: { owner, fileSizeBytes: file.bytes, uploadCaptions: false, uploadThumbnail: false },
      });
      const v = (
        res.body as {
          value?: {
            video?: string;
            uploadToken?: string;
            uploadInstructions?: { uploadUrl: string; firstByte: number; lastByte: number }[];
          };
        } | null
      )?.value;
      const parts = v?.uploadInstructions ?? [];
      if (!v?.video || !parts.length)
        throw new NetworkError('linkedin', 'permanent', 'LinkedIn gave no address to upload the video to');
      const partBytes = parts[0].lastByte - parts[0].firstByte + 1;
      const etags: string[] = [];
      let offset = 0;
      for await (const bytes of file.pieces(partBytes)) {
        const part = parts[etags.length];
        // every part but the last has the first one's size, in order: what LinkedIn's multipart upload lays out
        if (!part || part.firstByte !== offset || part.lastByte !== offset + bytes.length - 1)
          throw new NetworkError('linkedin', 'permanent', 'LinkedIn asked for the video in parts Virality cannot send');
        const etag = await upload(grant, part.uploadUrl, bytes);
        if (!etag) throw new NetworkError('linkedin', 'permanent', 'LinkedIn did not confirm a part of the video');
        etags.push(etag);
        offset += bytes.length;
      }
      if (etags.length !== parts.length)
        throw new NetworkError('linkedin', 'permanent', 'LinkedIn asked for the video in parts Virality cannot send');
      await restSend(grant, 'POST', '/rest/videos?action=finalizeUpload', {
        finalizeUploadRequest: { video: v.video, uploadToken: v.uploadToken ?? '', uploadedPartIds: etags },
      });
      return v.video;
    } finally {
      await file.cancel();
    }
  }

  /** Uploads a post's media: its video, or its photos one by one (none for text alone). */
  async function uploadAll(grant: TGrant, request: TPublishRequest): Promise<{ video?: string; images: string[] }> {
    const author = request.account.remoteId;
    const video = request.media.find((m) => m.type === 'video');
    if (video) return { video: await uploadVideo(grant, author, video), images: [] };
    const images: string[] = [];
    for (const m of request.media) images.push(await uploadImage(grant, author, m));
    return { images };
  }

  const imagesContent = (images: string[]) =>
    images.length === 0
      ? null
      : images.length === 1
        ? { media: { id: images[0] } }
        : { multiImage: { images: images.map((id) => ({ id })) } };

  /** Where each photo stands on LinkedIn (GET /rest/images/{urn}): null for one LinkedIn no longer has. */
  async function imageStatus(grant: TGrant, urn: string): Promise<string | null> {
    const at = now();
    const res = await callNetwork(fetchFn, 'linkedin', `${settings.apiBase}/rest/images/${encodeURIComponent(urn)}`, {
      method: 'GET',
      headers: { authorization: `Bearer ${grant.accessToken}`, accept: 'application/json', ...REST_HEADERS },
    });
    if (res.status === 404) return null;
    if (res.status >= 400) failApi(res, at);
    return (res.body as { status?: string } | null)?.status ?? null;
  }

  /** The post itself, once its media is on LinkedIn: sent once, never again by this adapter. */
  async function createPost(grant: TGrant, author: string, text: string, content: unknown): Promise<TPublishState> {
    const res = await restSend(grant, 'POST', '/rest/posts', {
      author,
      commentary: escapeLittleText(text),
      visibility: 'PUBLIC',
      distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
      ...(content ? { content } : {}),
      lifecycleState: 'PUBLISHED',
      isReshareDisabledByAuthor: false,
    });
    const urn = res.headers.get('x-restli-id') ?? res.headers.get('x-linkedin-id');
    if (!urn) throw new NetworkError('linkedin', 'permanent', 'LinkedIn did not say which post it made');
    return { state: 'published', postId: urn, url: linkedinPostUrl(urn) };
  }

  /**
   * One page of an author's posts, newest created first (`sortBy=CREATED`; LinkedIn's default, LAST_MODIFIED, would
   * move an edited old post ahead). `more` while LinkedIn says another page follows (a `next` link, a total not yet
   * reached, or a full page), `next` the start it names.
   */
  async function postsPage(grant: TGrant, author: string, start: number, count: number) {
    const res = await restSend(
      grant,
      'GET',
      `/rest/posts?q=author&author=${encodeURIComponent(author)}&sortBy=CREATED&start=${start}&count=${count}`,
    );
    const body = (res.body ?? {}) as TLinkedInPostsPage;
    const elements = Array.isArray(body.elements) ? body.elements : [];
    const nextLink = body.paging?.links?.find((l) => l.rel === 'next');
    const nextStart = nextLink?.href ? Number(new URL(nextLink.href, 'https://api.linkedin.com').searchParams.get('start')) : NaN;
    const total = body.paging?.total;
    const more =
      elements.length > 0 &&
      (Boolean(nextLink) || (typeof total === 'number' ? start + elements.length < total : elements.length >= count));
    return { elements, more, next: Number.isInteger(nextStart) && nextStart > start ? nextStart : null };
  }

  const recentPost = (e: TLinkedInPost): TRecentPost => ({
    postId: e.id!,
    text: (e.commentary ?? '').replace(/\\(.)/g, '$1'),
    createdAt: new Date(e.publishedAt ?? e.createdAt ?? 0),
    url: linkedinPostUrl(e.id!),
  });

  /** A video's state on LinkedIn: published once AVAILABLE, refused when its processing failed. */
  async function videoState(grant: TGrant, t: TVideoTicket): Promise<TPublishState> {
    if (!t.video) return imagesState(grant, t);
    const res = await restSend(grant, 'GET', `/rest/videos/${encodeURIComponent(t.video)}`);
    const video = res.body as { status?: string; processingFailureReason?: string } | null;
    const status = video?.status;
    if (status === 'AVAILABLE') return createPost(grant, t.author, t.text, { media: { id: t.video } });
    if (status === 'PROCESSING_FAILED')
      throw new NetworkError(
        'linkedin',
        'permanent',
        video?.processingFailureReason
          ? `LinkedIn could not process the video: ${video.processingFailureReason}`
          : 'LinkedIn could not process the video',
        { code: 'PROCESSING_FAILED' },
      );
    return { state: 'processing', ticket: encodeTicket(t), checkAfterMs: 10_000 };
  }

  /**
   * Photos uploaded ahead: posted once LinkedIn has them all AVAILABLE (`processing` while one is not yet); one
   * LinkedIn no longer has is PREPARED_GONE.
   */
  async function imagesState(grant: TGrant, t: TVideoTicket): Promise<TPublishState> {
    const images = t.images ?? [];
    for (const urn of images) {
      const status = await imageStatus(grant, urn);
      if (status === null) throw preparedGone('linkedin', 'A photo uploaded ahead is no longer held by LinkedIn');
      if (status === 'PROCESSING_FAILED')
        throw new NetworkError('linkedin', 'permanent', 'LinkedIn could not process a photo', { code: status });
      if (status !== 'AVAILABLE')
        return { state: 'processing', ticket: encodeTicket({ ...t, until: undefined }), checkAfterMs: 5_000 };
    }
    return createPost(grant, t.author, t.text, imagesContent(images));
  }

  const adapter = {
    network: 'linkedin' as const,
    limits: NETWORK_LIMITS.linkedin,
    /** A post as the member or one of its organizations: text, one photo, 2–20 photos, or one video (processed first). */
    async publish(grant: TGrant, request: TPublishRequest): Promise<TPublishState> {
      const issues = linkedinPostIssues(request);
      if (issues.length) throw new NetworkError('linkedin', 'permanent', issues.join('; '));
      const author = request.account.remoteId;
      const { video, images } = await uploadAll(grant, request);
      if (video) return videoState(grant, { video, text: request.text, author });
      return createPost(grant, author, request.text, imagesContent(images));
    },
    /**
     * Uploads the post's photos or video ahead (registered with initializeUpload, their bytes sent, a video
     * finalized so LinkedIn processes it meanwhile); nothing is posted. Valid a day (LINKEDIN_PREPARED_VALID_MS).
     * Nothing needs discarding: an upload no post uses is seen by no one.
     */
    async prepare(grant: TGrant, request: TPublishRequest, at: Date): Promise<TPrepared> {
      const issues = linkedinPostIssues(request);
      if (issues.length) throw new NetworkError('linkedin', 'permanent', issues.join('; '));
      const { video, images } = await uploadAll(grant, request);
      const until = at.getTime() + LINKEDIN_PREPARED_VALID_MS;
      const ticket = video
        ? encodeTicket({ video, text: request.text, author: request.account.remoteId, until })
        : encodeTicket({ images, text: request.text, author: request.account.remoteId, until });
      return { ticket, validUntil: new Date(until) };
    },
    /**
     * The due call: the post with the media uploaded ahead, once LinkedIn has them ready (a video still processing
     * answers `processing`, followed by publishStatus). Media past the ticket's validity, or that LinkedIn no longer
     * has, is PREPARED_GONE: the product then publishes the whole post.
     */
    async publishPrepared(grant: TGrant, _account: TAccountRef, ticket: string): Promise<TPublishState> {
      const t = readTicket(ticket);
      const hasMedia = Boolean(t.video) || (t.images?.length ?? 0) > 0;
      if (hasMedia && t.until !== undefined && now().getTime() > t.until)
        throw preparedGone('linkedin', 'The media uploaded ahead was kept too long to be used');
      try {
        return await videoState(grant, { ...t, until: undefined });
      } catch (err) {
        // a video LinkedIn no longer has answers 404
        if (err instanceof NetworkError && err.details.status === 404 && t.video)
          throw preparedGone('linkedin', 'The video uploaded ahead is no longer held by LinkedIn');
        throw err;
      }
    },
    async publishStatus(grant: TGrant, _account: TAccountRef, ticket: string): Promise<TPublishState> {
      return videoState(grant, readTicket(ticket));
    },
    async recentPosts(grant: TGrant, account: TAccountRef, limit: number): Promise<TRecentPost[]> {
      const count = Math.max(1, Math.min(LINKEDIN_POSTS_PAGE_MAX, limit));
      const { elements } = await postsPage(grant, account.remoteId, 0, count);
      return elements
        .filter((e) => e.id)
        .map(recentPost)
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
        .slice(0, limit);
    },
    /**
     * The author's posts since `since`, newest first: /rest/posts?q=author sorted by creation, `count` 100 a page,
     * `start` moving on until a post older than `since` is listed or the list ends (at most POSTS_SINCE_MAX_PAGES
     * pages; past them the answer is incomplete). LinkedIn has no time filter on this finder.
     */
    async postsSince(grant: TGrant, account: TAccountRef, since: Date): Promise<TPostsSince> {
      const found = new Map<string, TRecentPost>();
      const sinceMs = since.getTime();
      const answer = (complete: boolean): TPostsSince => ({
        posts: [...found.values()].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()),
        complete,
      });
      let start = 0;
      for (let page = 0; page < POSTS_SINCE_MAX_PAGES; page++) {
        const { elements, more, next } = await postsPage(grant, account.remoteId, start, pageSize);
        let past = false;
        for (const e of elements) {
          if (!e.id) continue;
          // the list is in creation order: a post created before `since` means every later one is older still
          if ((e.createdAt ?? e.publishedAt ?? 0) < sinceMs) past = true;
          const post = recentPost(e);
          if (post.createdAt.getTime() >= sinceMs) found.set(post.postId, post);
        }
        if (past || !more) return answer(true);
        start = next ?? start + elements.length;
      }
      return answer(false);
    },
    /** Likes and comments of any post; an organization's posts also give views, clicks and shares. */
    async analytics(
      grant: TGrant,
      account: TAccountRef,
      postId: string,
      _format: TPublishRequest['format'],
    ): Promise<TPostMetrics> {
      const res = await restSend(grant, 'GET', `/rest/socialActions/${encodeURIComponent(postId)}`);
      const social = res.body as {
        likesSummary?: { totalLikes?: number };
        commentsSummary?: { totalFirstLevelComments?: number };
      } | null;
      const metrics: TPostMetrics = {};
      if (typeof social?.likesSummary?.totalLikes === 'number') metrics.likes = social.likesSummary.totalLikes;
      if (typeof social?.commentsSummary?.totalFirstLevelComments === 'number')
        metrics.comments = social.commentsSummary.totalFirstLevelComments;
      if (account.kind !== 'organization') return metrics;
      const key = postId.startsWith('urn:li:share:') ? 'shares' : 'ugcPosts';
      const stats = await restSend(
        grant,
        'GET',
        `/rest/organizationalEntityShareStatistics?q=organizationalEntity&organizationalEntity=${encodeURIComponent(account.remoteId)}&${key}=List(${encodeURIComponent(postId)})`,
      );
      const total = (
        stats.body as {
          elements?: {
            totalShareStatistics?: {
              impressionCount?: number;
              clickCount?: number;
              likeCount?: number;
              commentCount?: number;
              shareCount?: number;
            };
          }[];
        } | null
      )?.elements?.[0]?.totalShareStatistics;
      if (total) {
        if (typeof total.impressionCount === 'number') metrics.views = total.impressionCount;
        if (typeof total.clickCount === 'number') metrics.clicks = total.clickCount;
        if (typeof total.likeCount === 'number') metrics.likes = total.likeCount;
        if (typeof total.commentCount === 'number') metrics.comments = total.commentCount;
        if (typeof total.shareCount === 'number') metrics.shares = total.shareCount;
      }
      return metrics;
    },
    /** An organization's followers, name and logo; a member's name and picture (LinkedIn gives apps no member counts). */
    async profile(grant: TGrant, account: TAccountRef): Promise<TProfileFigures> {
      const none = { following: null, media: null, subscribers: null, views: null, likes: null };
      if (account.kind === 'organization') {
        const org = await organization(grant, account.remoteId);
        const size = await restSend(
          grant,
          'GET',
          `/rest/networkSizes/${encodeURIComponent(account.remoteId)}?edgeType=COMPANY_FOLLOWED_BY_MEMBER`,
        );
        const followers = (size.body as { firstDegreeSize?: number } | null)?.firstDegreeSize;
        return {
          ...none,
          userName: org.userName,
          pictureUrl: org.pictureUrl,
          followers: typeof followers === 'number' ? followers : null,
        };
      }
      const me = (await apiGet(grant, '/v2/userinfo')) as { name?: string; picture?: string; sub?: string } | null;
      return { ...none, userName: me?.name || account.remoteId, pictureUrl: me?.picture || null, followers: null };
    },
    async authorize({ state }: { state: string }) {
      const q = new URLSearchParams({
        response_type: 'code',
        client_id: settings.clientId,
        redirect_uri: settings.redirectUri,
        state,
        scope: LINKEDIN_SCOPES.join(' '),
      });
      // LinkedIn offers PKCE to native apps only: a web app proves itself with its client secret
      return { url: `${settings.authBase}/oauth/v2/authorization?${q}`, secret: null, requestToken: null };
    },
    async exchange(consent: TConsent, _secret: string | null, at: Date): Promise<TGrant> {
      if (!consent.code) throw new NetworkError('linkedin', 'permanent', 'LinkedIn sent no authorization code');
      return tokenCall({ grant_type: 'authorization_code', code: consent.code, redirect_uri: settings.redirectUri }, at, false);
    },
    async refresh(grant: TGrant, at: Date): Promise<TGrant> {
      if (!grant.refreshToken)
        throw new NetworkError('linkedin', 'reconnect', 'LinkedIn gave no way to renew the access; connect it again');
      const t = await tokenCall({ grant_type: 'refresh_token', refresh_token: grant.refreshToken }, at, true);
      // the refresh token's life is fixed at the consent: the one held keeps its expiry, whatever the answer counts
      const same = !t.refreshToken || t.refreshToken === grant.refreshToken;
      return {
        ...t,
        refreshToken: same ? grant.refreshToken : t.refreshToken,
        refreshExpiresAt: same ? (grant.refreshExpiresAt ?? t.refreshExpiresAt) : t.refreshExpiresAt,
        scopes: t.scopes.length ? t.scopes : grant.scopes,
      };
    },
    /** The member's own profile first, then each organization page the member administers (all with the member's token). */
    async discover(grant: TGrant): Promise<TRemoteAccount[]> {
      const me = (await apiGet(grant, '/v2/userinfo')) as {
        sub?: string;
        name?: string;
        given_name?: string;
        family_name?: string;
        picture?: string;
      } | null;
      if (!me?.sub) throw new NetworkError('linkedin', 'permanent', 'LinkedIn did not say whose account this is');
      const name = me.name || [me.given_name, me.family_name].filter(Boolean).join(' ') || me.sub;
      const found: TRemoteAccount[] = [
        { remoteId: `urn:li:person:${me.sub}`, kind: 'profile', userName: name, pictureUrl: me.picture || null },
      ];
      // a consent known to carry no organization scope cannot list any: asking would only be refused
      if (grant.scopes.length && !grant.scopes.some((s) => ORGANIZATION_SCOPES.includes(s))) return found;
      for (const urn of await administeredOrganizations(grant)) found.push(await organization(grant, urn));
      return found;
    },
  } satisfies TNetworkAdapter & Record<string, unknown>;
  return adapter;
}
export type TLinkedInAdapter = ReturnType<typeof createLinkedInAdapter>;
