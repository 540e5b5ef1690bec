import { NETWORK_LIMITS } from '@virality/domain';
import { describe, expect, it } from 'vitest';
import { createLinkedInAdapter, escapeLittleText, LINKEDIN_SCOPES, LINKEDIN_VERSION, linkedinPostIssues } from './linkedin';
import { answering, networkFailure } from './test-kit';
import type { TAccountRef, TGrant, TPublishMedia, TPublishRequest } from './types';

const settings = {
  clientId: '86abcdef123456',
  clientSecret: 'csecret',
  authBase: 'https://www.linkedin.com',
  apiBase: 'https://api.linkedin.com',
  redirectUri: 'https://app.example/social/return',
  sandbox: false,
};
const at = new Date('2026-06-01T12:00:00Z');
const grant: TGrant = {
  accessToken: 'AQVact',
  refreshToken: null,
  tokenSecret: null,
  accessExpiresAt: null,
  refreshExpiresAt: null,
  scopes: LINKEDIN_SCOPES,
};
const person: TAccountRef = { remoteId: 'urn:li:person:782bbtaQ', kind: 'profile' };
const organization: TAccountRef = { remoteId: 'urn:li:organization:2414183', kind: 'organization' };
const photo: TPublishMedia = {
  url: 'https://cdn.example/p.jpg',
  type: 'image',
  mimeType: 'image/jpeg',
  bytes: 6,
  width: 1200,
  height: 800,
  durationSec: null,
};
const clip: TPublishMedia = {
  url: 'https://cdn.example/clip.mp4',
  type: 'video',
  mimeType: 'video/mp4',
  bytes: 10,
  width: 1280,
  height: 720,
  durationSec: 12,
};
const request = (over: Partial<TPublishRequest> = {}): TPublishRequest => ({
  account: person,
  format: 'post',
  text: 'Hello LinkedIn',
  media: [],
  ...over,
});

type TAnswer = { status?: number; body?: unknown; headers?: Record<string, string> };
type TCall = { method: string; url: string; init: RequestInit };

/** A fetch answering by method, path and (when routed so) query, with LinkedIn's documented answers; records each request. */
function routed(routes: Record<string, TAnswer | ((call: TCall) => TAnswer)>) {
  const calls: TCall[] = [];
  const fetchFn = (async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const call = { method, url, init };
    calls.push(call);
    const u = new URL(url);
    const route = routes[`${method} ${u.origin}${u.pathname}`] ?? routes[`${method} ${u.pathname}`];
    if (!route) return new Response(JSON.stringify({ status: 404, message: 'Not Found' }), { status: 404 });
    const a = typeof route === 'function' ? route(call) : route;
    if (a.body instanceof Uint8Array) return new Response(a.body, { status: a.status ?? 200, headers: a.headers });
    return new Response(a.body === undefined ? null : JSON.stringify(a.body), {
      status: a.status ?? 200,
      headers: { 'content-type': 'application/json', ...a.headers },
    });
  }) as unknown as typeof fetch;
  return { fetchFn, calls };
}

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2]);
const MP4 = new Uint8Array([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 9, 9]);
const IMAGE = 'urn:li:image:C4E10AQFoyyAjHPMQuQ';
const VIDEO = 'urn:li:video:C5505AQH-oV1qvnFtKA';
const SHARE = 'urn:li:share:6844785523593134080';
const imageUploadUrl = 'https://www.linkedin.com/dms-uploads/C4E10AQFoyyAjHPMQuQ/uploaded-image/0?ca=vector_ads&cn=uploads';
const partUrl = (n: number) => `https://www.linkedin.com/dms-uploads/C5505AQH-oV1qvnFtKA/uploadedVideo/${n}?sau=aHR0c`;

const jsonOf = (c: TCall | undefined) => JSON.parse(String(c?.init.body)) as Record<string, unknown>;
const headerOf = (c: { init: RequestInit } | undefined, name: string) =>
  (c?.init.headers as Record<string, string> | undefined)?.[name];

/** LinkedIn's answers to a whole publish: media read, uploads, video processing (`videoStatus`), and the post. */
function linkedin(videoStatus: () => TAnswer = () => ({ body: { id: VIDEO, status: 'AVAILABLE' } })) {
  return routed({
    'GET https://cdn.example/p.jpg': { body: JPEG, headers: { 'content-type': 'image/jpeg' } },
    'GET https://cdn.example/clip.mp4': { body: MP4, headers: { 'content-type': 'video/mp4' } },
    'POST /rest/images': {
      body: { value: { uploadUrlExpiresAt: 1650567510704, uploadUrl: imageUploadUrl, image: IMAGE } },
    },
    'PUT /dms-uploads/C4E10AQFoyyAjHPMQuQ/uploaded-image/0': { status: 201, body: undefined },
    'POST /rest/videos': (c) =>
      c.url.includes('action=initializeUpload')
        ? {
            body: {
              value: {
                uploadUrlsExpireAt: 1641856236000,
                video: VIDEO,
                uploadInstructions: [
                  { uploadUrl: partUrl(0), firstByte: 0, lastByte: 5 },
                  { uploadUrl: partUrl(1), firstByte: 6, lastByte: 9 },
                ],
                uploadToken: '',
              },
            },
          }
        : { body: undefined },
    'PUT /dms-uploads/C5505AQH-oV1qvnFtKA/uploadedVideo/0': { body: undefined, headers: { etag: '/ambry-video/part-0' } },
    'PUT /dms-uploads/C5505AQH-oV1qvnFtKA/uploadedVideo/1': { body: undefined, headers: { etag: '/ambry-video/part-1' } },
    [`GET /rest/videos/${encodeURIComponent(VIDEO)}`]: () => videoStatus(),
    'POST /rest/posts': { status: 201, body: undefined, headers: { 'x-restli-id': SHARE } },
  });
}
const restCalls = (calls: TCall[]) => calls.filter((c) => c.url.startsWith('https://api.linkedin.com/rest/'));

describe('publishing to LinkedIn, read from its documented answers', () => {
  it('a text post is one POST /rest/posts with the escaped commentary; the URN comes from x-restli-id', async () => {
    const { fetchFn, calls } = linkedin();
    const out = await createLinkedInAdapter(settings, fetchFn).publish(grant, request({ text: 'Hi (all) #news @me' }));
    expect(out).toEqual({ state: 'published', postId: SHARE, url: `https://www.linkedin.com/feed/update/${SHARE}` });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('https://api.linkedin.com/rest/posts');
    expect(headerOf(calls[0], 'linkedin-version')).toBe(LINKEDIN_VERSION);
    expect(headerOf(calls[0], 'x-restli-protocol-version')).toBe('2.0.0');
    expect(headerOf(calls[0], 'authorization')).toBe('Bearer AQVact');
    expect(jsonOf(calls[0])).toEqual({
      author: person.remoteId,
      commentary: 'Hi \\(all\\) \\#news \\@me',
      visibility: 'PUBLIC',
      distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
      lifecycleState: 'PUBLISHED',
      isReshareDisabledByAuthor: false,
    });
  });

  it('a photo is read, registered for the author, its bytes PUT to the upload address, and posted as media', async () => {
    const { fetchFn, calls } = linkedin();
    const out = await createLinkedInAdapter(settings, fetchFn).publish(grant, request({ account: organization, media: [photo] }));
    expect(out.state).toBe('published');
    expect(calls.map((c) => `${c.method} ${c.url.split('?')[0]}`)).toEqual([
      'GET https://cdn.example/p.jpg',
      'POST https://api.linkedin.com/rest/images',
      'PUT https://www.linkedin.com/dms-uploads/C4E10AQFoyyAjHPMQuQ/uploaded-image/0',
      'POST https://api.linkedin.com/rest/posts',
    ]);
    expect(calls[1]?.url).toBe('https://api.linkedin.com/rest/images?action=initializeUpload');
    expect(jsonOf(calls[1])).toEqual({ initializeUploadRequest: { owner: organization.remoteId } });
    expect(Buffer.from(calls[2]?.init.body as Uint8Array)).toEqual(Buffer.from(JPEG));
    expect(jsonOf(calls[3])).toMatchObject({ author: organization.remoteId, content: { media: { id: IMAGE } } });
  });

  it('several photos are one multi-image post', async () => {
    const { fetchFn, calls } = linkedin();
    await createLinkedInAdapter(settings, fetchFn).publish(grant, request({ media: [photo, photo, photo] }));
    const post = calls.find((c) => c.url.endsWith('/rest/posts'));
    expect(jsonOf(post).content).toEqual({ multiImage: { images: [{ id: IMAGE }, { id: IMAGE }, { id: IMAGE }] } });
  });

  it('a video is uploaded part by part, finalized with the etags, and answers processing while LinkedIn processes it', async () => {
    const { fetchFn, calls } = linkedin(() => ({ body: { id: VIDEO, status: 'PROCESSING' } }));
    const out = await createLinkedInAdapter(settings, fetchFn).publish(grant, request({ media: [clip] }));
    expect(out).toMatchObject({ state: 'processing', checkAfterMs: expect.any(Number) });
    const init = calls.find((c) => c.url.includes('action=initializeUpload'));
    expect(jsonOf(init)).toEqual({
      initializeUploadRequest: { owner: person.remoteId, fileSizeBytes: 10, uploadCaptions: false, uploadThumbnail: false },
    });
    const parts = calls.filter((c) => c.method === 'PUT');
    expect(parts.map((p) => Buffer.from(p.init.body as Uint8Array).length)).toEqual([6, 4]);
    const finalize = calls.find((c) => c.url.includes('action=finalizeUpload'));
    expect(jsonOf(finalize)).toEqual({
      finalizeUploadRequest: { video: VIDEO, uploadToken: '', uploadedPartIds: ['/ambry-video/part-0', '/ambry-video/part-1'] },
    });
    expect(calls.some((c) => c.url.endsWith('/rest/posts'))).toBe(false);
  });

  it('the status check posts the video once LinkedIn says AVAILABLE', async () => {
    let status = 'PROCESSING';
    const { fetchFn, calls } = linkedin(() => ({ body: { id: VIDEO, status } }));
    const a = createLinkedInAdapter(settings, fetchFn);
    const first = await a.publish(grant, request({ text: 'My clip', media: [clip] }));
    if (first.state !== 'processing') throw new Error('expected processing');
    const again = await a.publishStatus(grant, person, first.ticket);
    expect(again.state).toBe('processing');
    status = 'AVAILABLE';
    if (again.state !== 'processing') throw new Error('expected processing');
    const done = await a.publishStatus(grant, person, again.ticket);
    expect(done).toEqual({ state: 'published', postId: SHARE, url: `https://www.linkedin.com/feed/update/${SHARE}` });
    const posts = calls.filter((c) => c.url.endsWith('/rest/posts'));
    expect(posts).toHaveLength(1);
    expect(jsonOf(posts[0])).toMatchObject({ author: person.remoteId, commentary: 'My clip', content: { media: { id: VIDEO } } });
    expect(calls.find((c) => c.url.includes('/rest/videos/'))?.url).toBe(
      `https://api.linkedin.com/rest/videos/${encodeURIComponent(VIDEO)}`,
    );
  });

  it("a video LinkedIn failed to process is refused for good with LinkedIn's reason", async () => {
    const { fetchFn } = linkedin(() => ({
      body: { id: VIDEO, status: 'PROCESSING_FAILED', processingFailureReason: 'Video duration is too short' },
    }));
    const err = await networkFailure(createLinkedInAdapter(settings, fetchFn).publish(grant, request({ media: [clip] })));
    expect(err.kind).toBe('permanent');
    expect(err.reason).toBe('LinkedIn could not process the video: Video duration is too short');
  });

  it('a ticket that is not one of this adapter cannot be followed', async () => {
    const { fetchFn, calls } = linkedin();
    const err = await networkFailure(createLinkedInAdapter(settings, fetchFn).publishStatus(grant, person, 'garbage'));
    expect(err.kind).toBe('permanent');
    expect(calls).toHaveLength(0);
  });

  it('a media file that cannot be read is refused before anything reaches LinkedIn', async () => {
    const { fetchFn, calls } = routed({ 'GET https://cdn.example/p.jpg': { status: 404, body: 'gone' } });
    const err = await networkFailure(createLinkedInAdapter(settings, fetchFn).publish(grant, request({ media: [photo] })));
    expect(err).toMatchObject({ kind: 'permanent', reason: 'the media file could not be read' });
    expect(restCalls(calls)).toHaveLength(0);
  });

  it('a post created without an x-restli-id is not taken as published', async () => {
    const { fetchFn } = routed({ 'POST /rest/posts': { status: 201, body: undefined } });
    const err = await networkFailure(createLinkedInAdapter(settings, fetchFn).publish(grant, request()));
    expect(err.kind).toBe('permanent');
  });

  it('a post over the limits is refused without a call', async () => {
    const { fetchFn, calls } = answering(201, {});
    const a = createLinkedInAdapter(settings, fetchFn);
    const long = await networkFailure(a.publish(grant, request({ text: 'é'.repeat(3001) })));
    expect(long.reason).toBe('LinkedIn allows 3000 characters; this post has 3001');
    const many = await networkFailure(a.publish(grant, request({ media: Array.from({ length: 21 }, () => photo) })));
    expect(many.reason).toContain('LinkedIn takes at most 20 files in one post');
    const mov = await networkFailure(a.publish(grant, request({ media: [{ ...clip, mimeType: 'video/quicktime' }] })));
    expect(mov.reason).toContain('LinkedIn does not take video/quicktime videos');
    const short = await networkFailure(a.publish(grant, request({ media: [{ ...clip, durationSec: 2 }] })));
    expect(short.reason).toContain('LinkedIn takes videos from 3 to 1800 seconds long');
    const two = await networkFailure(a.publish(grant, request({ media: [clip, clip] })));
    expect(two.reason).toContain('LinkedIn takes one video per post');
    const reel = await networkFailure(a.publish(grant, request({ format: 'reel', media: [clip] })));
    expect(reel.reason).toContain('LinkedIn does not take a reel from Virality');
    expect(calls).toHaveLength(0);
    expect(a.limits).toBe(NETWORK_LIMITS.linkedin);
    expect(linkedinPostIssues(request({ text: '', media: [] }))).toEqual(['A LinkedIn post needs text or media']);
    expect(linkedinPostIssues(request({ media: [photo, photo] }))).toEqual([]);
  });

  it('every little-text markup character is escaped with a backslash, and nothing else', () => {
    expect(escapeLittleText('\\|{}@[]()<>#*_~')).toBe('\\\\\\|\\{\\}\\@\\[\\]\\(\\)\\<\\>\\#\\*\\_\\~');
    expect(escapeLittleText('Plain text, 100% fine! ✓')).toBe('Plain text, 100% fine! ✓');
  });
});

describe("LinkedIn's publishing errors, classified", () => {
  const failing = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    createLinkedInAdapter(settings, answering(status, body, headers).fetchFn, () => at).publish(grant, request());

  it('an expired or revoked token means reconnect', async () => {
    const expired = await networkFailure(
      failing(401, {
        status: 401,
        serviceErrorCode: 65601,
        code: 'EXPIRED_ACCESS_TOKEN',
        message: 'The token used in the request has expired',
      }),
    );
    expect(expired.kind).toBe('reconnect');
    const revoked = await networkFailure(
      failing(401, { status: 401, serviceErrorCode: 65602, code: 'REVOKED_ACCESS_TOKEN', message: 'revoked by the user' }),
    );
    expect(revoked.kind).toBe('reconnect');
  });

  it('posting without the permission for the author means reconnect', async () => {
    const err = await networkFailure(
      failing(403, {
        status: 403,
        serviceErrorCode: 100,
        code: 'ACCESS_DENIED',
        message: 'Not enough permissions to access: POST /rest/posts',
      }),
    );
    expect(err.kind).toBe('reconnect');
  });

  it('a daily limit waits until midnight UTC, or as long as a retry-after says', async () => {
    const body = { status: 429, message: 'Resource level throttle APPLICATION DAY limit for calls to this resource is reached.' };
    const daily = await networkFailure(failing(429, body));
    expect(daily.kind).toBe('rate_limited');
    expect(daily.retryAt).toEqual(new Date('2026-06-02T00:00:00Z'));
    const told = await networkFailure(failing(429, body, { 'retry-after': '120' }));
    expect(told.retryAt).toEqual(new Date(at.getTime() + 120_000));
  });

  it('a server error is passing (retry), and is not re-sent by the adapter', async () => {
    const { fetchFn, calls } = answering(503, { status: 503, message: 'Service Unavailable' });
    const err = await networkFailure(createLinkedInAdapter(settings, fetchFn).publish(grant, request()));
    expect(err.kind).toBe('retry');
    expect(calls).toHaveLength(1);
  });

  it("a refused post is permanent with LinkedIn's message", async () => {
    const err = await networkFailure(
      failing(422, {
        status: 422,
        code: 'UNPROCESSABLE_ENTITY',
        message: 'ERROR :: /commentary :: length 3001 exceeds the maximum allowed length of 3000',
      }),
    );
    expect(err).toMatchObject({
      kind: 'permanent',
      reason: 'ERROR :: /commentary :: length 3001 exceeds the maximum allowed length of 3000',
    });
  });
});

describe("LinkedIn's posts, figures and profiles, read from its documented answers", () => {
  it("recent posts: an author's posts (q=author), newest first, their commentary unescaped", async () => {
    const { fetchFn, calls } = answering(200, {
      paging: { start: 0, count: 10, links: [] },
      elements: [
        {
          id: 'urn:li:share:1',
          author: person.remoteId,
          commentary: 'Older \\(one\\)',
          createdAt: 1_700_000_000_000,
          publishedAt: 1_700_000_000_000,
          lifecycleState: 'PUBLISHED',
          visibility: 'PUBLIC',
        },
        {
          id: 'urn:li:ugcPost:2',
          author: person.remoteId,
          commentary: 'Newer \\#tag',
          createdAt: 1_700_000_600_000,
          lifecycleState: 'PUBLISHED',
          visibility: 'PUBLIC',
        },
      ],
    });
    const recent = await createLinkedInAdapter(settings, fetchFn).recentPosts(grant, person, 10);
    expect(recent).toEqual([
      {
        postId: 'urn:li:ugcPost:2',
        text: 'Newer #tag',
        createdAt: new Date(1_700_000_600_000),
        url: 'https://www.linkedin.com/feed/update/urn:li:ugcPost:2',
      },
      {
        postId: 'urn:li:share:1',
        text: 'Older (one)',
        createdAt: new Date(1_700_000_000_000),
        url: 'https://www.linkedin.com/feed/update/urn:li:share:1',
      },
    ]);
    const u = new URL(String(calls[0]?.url));
    expect(u.pathname).toBe('/rest/posts');
    expect(u.searchParams.get('q')).toBe('author');
    expect(u.searchParams.get('author')).toBe(person.remoteId);
    expect(calls[0]?.url).toContain(`author=${encodeURIComponent(person.remoteId)}`);
    expect(u.searchParams.get('count')).toBe('10');
    expect(headerOf(calls[0], 'linkedin-version')).toBe(LINKEDIN_VERSION);
  });

  it("a member's post: likes and comments from its social actions", async () => {
    const { fetchFn, calls } = answering(200, {
      target: SHARE,
      likesSummary: { totalLikes: 12, likedByCurrentUser: false },
      commentsSummary: { totalFirstLevelComments: 3, aggregatedTotalComments: 5 },
    });
    const m = await createLinkedInAdapter(settings, fetchFn).analytics(grant, person, SHARE, 'post');
    expect(m).toEqual({ likes: 12, comments: 3 });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe(`https://api.linkedin.com/rest/socialActions/${encodeURIComponent(SHARE)}`);
  });

  it("an organization's post: impressions, clicks, likes, comments and shares from its share statistics", async () => {
    const { fetchFn, calls } = routed({
      [`GET /rest/socialActions/${encodeURIComponent(SHARE)}`]: {
        body: { likesSummary: { totalLikes: 12 }, commentsSummary: { totalFirstLevelComments: 3 } },
      },
      'GET /rest/organizationalEntityShareStatistics': {
        body: {
          paging: { count: 10, start: 0 },
          elements: [
            {
              organizationalEntity: organization.remoteId,
              share: SHARE,
              totalShareStatistics: {
                uniqueImpressionsCount: 900,
                shareCount: 4,
                engagement: 0.05,
                clickCount: 30,
                likeCount: 14,
                impressionCount: 1000,
                commentCount: 5,
              },
            },
          ],
        },
      },
    });
    const m = await createLinkedInAdapter(settings, fetchFn).analytics(grant, organization, SHARE, 'post');
    expect(m).toEqual({ views: 1000, clicks: 30, likes: 14, comments: 5, shares: 4 });
    const stats = new URL(String(calls[1]?.url));
    expect(stats.searchParams.get('q')).toBe('organizationalEntity');
    expect(stats.searchParams.get('organizationalEntity')).toBe(organization.remoteId);
    expect(stats.searchParams.get('shares')).toBe(`List(${SHARE})`);
    const ugcPost = 'urn:li:ugcPost:9';
    const ugc = routed({
      [`GET /rest/socialActions/${encodeURIComponent(ugcPost)}`]: { body: { likesSummary: { totalLikes: 2 } } },
      'GET /rest/organizationalEntityShareStatistics': { body: { elements: [] } },
    });
    expect(await createLinkedInAdapter(settings, ugc.fetchFn).analytics(grant, organization, ugcPost, 'post')).toEqual({
      likes: 2,
    });
    expect(new URL(String(ugc.calls[1]?.url)).searchParams.get('ugcPosts')).toBe(`List(${ugcPost})`);
  });

  it("an organization's profile: followers from its network size, name and logo from the organization", async () => {
    const { fetchFn, calls } = routed({
      'GET /rest/organizations/2414183': {
        body: {
          id: 2414183,
          localizedName: 'Devtestco',
          vanityName: 'devtestco',
          logoV2: { original: 'urn:li:digitalmediaAsset:C4D0BAQ' },
        },
      },
      'GET /rest/images/urn%3Ali%3Aimage%3AC4D0BAQ': {
        body: { id: 'urn:li:image:C4D0BAQ', downloadUrl: 'https://media.licdn.com/logo' },
      },
      [`GET /rest/networkSizes/${encodeURIComponent(organization.remoteId)}`]: { body: { firstDegreeSize: 3852 } },
    });
    const p = await createLinkedInAdapter(settings, fetchFn).profile(grant, organization);
    expect(p).toEqual({
      userName: 'Devtestco',
      pictureUrl: 'https://media.licdn.com/logo',
      followers: 3852,
      following: null,
      media: null,
      subscribers: null,
      views: null,
      likes: null,
    });
    const size = calls.find((c) => c.url.includes('/rest/networkSizes/'));
    expect(new URL(String(size?.url)).searchParams.get('edgeType')).toBe('COMPANY_FOLLOWED_BY_MEMBER');
  });

  it("a member's profile: name and picture from userinfo; LinkedIn gives apps no follower count", async () => {
    const { fetchFn, calls } = answering(200, { sub: '782bbtaQ', name: 'John Doe', picture: 'https://media.licdn.com/p' });
    const p = await createLinkedInAdapter(settings, fetchFn).profile(grant, person);
    expect(p).toMatchObject({ userName: 'John Doe', pictureUrl: 'https://media.licdn.com/p', followers: null });
    expect(calls[0]?.url).toBe('https://api.linkedin.com/v2/userinfo');
  });
});

describe("every post since a moment, from an author's /rest/posts page by page", () => {
  /**
   * LinkedIn's answers for `person`: `count` posts, one a minute, the latest at noon on 1 June 2026, listed newest
   * created first from `start`, `count` at a time (as much as asked, up to 100), with Rest.li's paging and its
   * `next` link while more follow (`links`: false leaves links and total out, as some answers do).
   */
  function authorPosts(count: number, { links = true } = {}) {
    const latest = Date.parse('2026-06-01T12:00:00Z');
    const all = Array.from({ length: count }, (_, i) => ({ id: `urn:li:share:${9000 - i}`, ms: latest - i * 60_000 }));
    const calls: URL[] = [];
    const fetchFn = (async (url: string) => {
      const u = new URL(url);
      calls.push(u);
      const start = Number(u.searchParams.get('start') ?? 0);
      const asked = Math.min(100, Number(u.searchParams.get('count') ?? 10));
      const page = all.slice(start, start + asked);
      const next = `/rest/posts?q=author&author=${encodeURIComponent(person.remoteId)}&sortBy=CREATED&start=${start + asked}&count=${asked}`;
      const body = {
        paging: {
          start,
          count: asked,
          ...(links
            ? {
                links: start + asked < all.length ? [{ type: 'application/json', rel: 'next', href: next }] : [],
                total: all.length,
              }
            : {}),
        },
        elements: page.map((p) => ({
          id: p.id,
          author: person.remoteId,
          commentary: `post \\(${p.id.slice(-4)}\\)`,
          createdAt: p.ms,
          publishedAt: p.ms,
          lastModifiedAt: p.ms,
          lifecycleState: 'PUBLISHED',
          visibility: 'PUBLIC',
        })),
      };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch;
    return { all, calls, fetchFn };
  }

  it('asks for the posts by creation, 100 a page, moving `start` on, and stops at the page that reaches past `since`', async () => {
    const list = authorPosts(300);
    const since = new Date(list.all[150].ms);
    const found = await createLinkedInAdapter(settings, list.fetchFn).postsSince(grant, person, since);
    expect(found.complete).toBe(true);
    expect(found.posts.map((p) => p.postId)).toEqual(list.all.slice(0, 151).map((p) => p.id));
    expect(found.posts[150]).toEqual({
      postId: 'urn:li:share:8850',
      text: 'post (8850)',
      createdAt: since,
      url: 'https://www.linkedin.com/feed/update/urn:li:share:8850',
    });
    expect(list.calls.map((u) => Object.fromEntries(u.searchParams))).toEqual([
      { q: 'author', author: person.remoteId, sortBy: 'CREATED', start: '0', count: '100' },
      { q: 'author', author: person.remoteId, sortBy: 'CREATED', start: '100', count: '100' },
    ]);
    expect(list.calls[0].pathname).toBe('/rest/posts');
  });

  it('the end of the list is complete, with or without the paging links; a post before `since` is never returned', async () => {
    const short = authorPosts(40);
    const all = await createLinkedInAdapter(settings, short.fetchFn).postsSince(grant, person, new Date(0));
    expect(all.complete).toBe(true);
    expect(all.posts).toHaveLength(40);
    expect(short.calls).toHaveLength(1);
    // without links or total: a page as full as asked may have more after it; a shorter one ends the list
    const bare = authorPosts(250, { links: false });
    const every = await createLinkedInAdapter(settings, bare.fetchFn).postsSince(grant, person, new Date(0));
    expect(every).toMatchObject({ complete: true });
    expect(every.posts).toHaveLength(250);
    expect(bare.calls).toHaveLength(3);
    const late = await createLinkedInAdapter(settings, authorPosts(5).fetchFn).postsSince(
      grant,
      person,
      new Date('2026-06-01T12:00:00.001Z'),
    );
    expect(late).toEqual({ posts: [], complete: true });
  });

  it('more than POSTS_SINCE_MAX_PAGES pages newer than `since` is not complete, after 20 listings', async () => {
    const list = authorPosts(2100);
    const found = await createLinkedInAdapter(settings, list.fetchFn).postsSince(grant, person, new Date(list.all[2050].ms));
    expect(found.complete).toBe(false);
    expect(found.posts).toHaveLength(2000);
    expect(list.calls).toHaveLength(20);
    // a smaller page (a test's option) reaches the limit sooner
    const small = authorPosts(30);
    const few = await createLinkedInAdapter(settings, small.fetchFn, undefined, { pageSize: 1 }).postsSince(
      grant,
      person,
      new Date(small.all[25].ms),
    );
    expect(few).toMatchObject({ complete: false });
    expect(few.posts).toHaveLength(20);
    expect(small.calls.map((u) => u.searchParams.get('count'))).toEqual(Array(20).fill('1'));
  });

  it('a failing page fails the whole check: a server error is retry, a 401 reconnect', async () => {
    const down = answering(500, { status: 500, message: 'Internal Server Error' });
    expect((await networkFailure(createLinkedInAdapter(settings, down.fetchFn).postsSince(grant, person, at))).kind).toBe(
      'retry',
    );
    const expired = answering(401, { status: 401, serviceErrorCode: 65601, code: 'EXPIRED_ACCESS_TOKEN', message: 'x' });
    expect((await networkFailure(createLinkedInAdapter(settings, expired.fetchFn).postsSince(grant, person, at))).kind).toBe(
      'reconnect',
    );
  });
});
