import { NETWORK_LIMITS } from '@virality/domain';
import { oauth1SignatureValid } from '@virality/sandbox/testing';
import { describe, expect, it } from 'vitest';
import { answering, networkFailure } from './test-kit';
import { POSTS_SINCE_MAX_PAGES, type TGrant, type TPublishMedia, type TPublishRequest } from './types';
import { createXAdapter, X_PAGE_MAX, X_TIMELINE_REACH, xPostIssues, xTextLength } from './x';

const settings = {
  clientId: 'xvz1evFS4wEEPTGEFPHBog',
  clientSecret: 'kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw',
  authBase: 'https://api.x.com',
  apiBase: 'https://api.x.com',
  redirectUri: 'https://app.example/social/return',
  sandbox: false,
};
const at = new Date('2026-06-01T12:00:00Z');
const grant: TGrant = {
  accessToken: '370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb',
  tokenSecret: 'LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE',
  refreshToken: null,
  accessExpiresAt: null,
  refreshExpiresAt: null,
  scopes: [],
};
const account = { remoteId: '370773112', kind: 'profile' as const };
const request = (over: Partial<TPublishRequest> = {}): TPublishRequest => ({
  account,
  format: 'post',
  text: 'Hello X',
  media: [],
  ...over,
});
const video: TPublishMedia = {
  url: 'https://cdn.example/clip.mp4',
  type: 'video',
  mimeType: 'video/mp4',
  bytes: 10,
  width: 1280,
  height: 720,
  durationSec: 10,
};
const photo: TPublishMedia = {
  ...video,
  url: 'https://cdn.example/p.jpg',
  type: 'image',
  mimeType: 'image/jpeg',
  durationSec: null,
};
const ticketOf = (t: object) => Buffer.from(JSON.stringify({ v: 1, ...t })).toString('base64url');

/** A fetch answering by method and path (documented answers), recording each request. */
function routed(routes: Record<string, { status?: number; body: unknown; headers?: Record<string, string> }>) {
  const calls: { method: string; url: string; init: RequestInit }[] = [];
  const fetchFn = (async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ method, url, init });
    const u = new URL(url);
    const r = routes[`${method} ${u.pathname}`];
    if (!r) return new Response('not found', { status: 404 });
    if (r.body instanceof Uint8Array) return new Response(r.body, { status: r.status ?? 200, headers: r.headers });
    return new Response(JSON.stringify(r.body), {
      status: r.status ?? 200,
      headers: { 'content-type': 'application/json', ...r.headers },
    });
  }) as unknown as typeof fetch;
  return { fetchFn, calls };
}

describe('X counts text as X does, simplified', () => {
  it('every http(s) address counts 23, other characters 1, CJK and emoji 2', () => {
    expect(xTextLength('hello')).toBe(5);
    expect(xTextLength('see https://example.com/a/very/long/path/that/is/longer/than/twenty-three')).toBe(4 + 23);
    expect(xTextLength('go http://a.io.')).toBe(3 + 23 + 1);
    expect(xTextLength('日本語')).toBe(6);
    expect(xTextLength('👍🏽')).toBe(2);
    expect(xTextLength('👨‍👩‍👧')).toBe(2);
    expect(xTextLength('café')).toBe(4);
    expect(xTextLength('é')).toBe(1); // e and a combining accent: one character once composed
  });

  it('the limits are those of X, and xPostIssues is empty for a post that fits', () => {
    expect(createXAdapter(settings).limits).toBe(NETWORK_LIMITS.twitter);
    expect(xPostIssues(request({ text: 'x'.repeat(280) }))).toEqual([]);
    expect(xPostIssues(request({ media: [photo, photo, photo, photo] }))).toEqual([]);
    expect(xPostIssues(request({ text: '', media: [video] }))).toEqual([]);
    expect(xPostIssues(request({ text: 'x'.repeat(281) }))).toEqual(['X allows 280 characters; this post has 281']);
    expect(xPostIssues(request({ media: [video, video] }))).toContain('X allows 1 video in one post; this post has 2');
    expect(xPostIssues(request({ media: [{ ...video, width: 1920 }] }))).toEqual([
      'X takes videos up to 1280 pixels wide; this one is 1920',
    ]);
  });
});

describe("X's publishing answers, parsed", () => {
  it('a text post: POST /2/tweets with a JSON body, signed (the body is not part of the signature), 201 → published', async () => {
    const { fetchFn, calls } = answering(201, {
      data: { id: '1445880548472328192', text: 'Hello X', edit_history_tweet_ids: ['1445880548472328192'] },
    });
    const out = await createXAdapter(settings, fetchFn).publish(grant, request());
    expect(out).toEqual({
      state: 'published',
      postId: '1445880548472328192',
      url: 'https://x.com/i/web/status/1445880548472328192',
    });
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('https://api.x.com/2/tweets');
    expect(calls[0].init.method).toBe('POST');
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ text: 'Hello X' });
    const headers = new Headers(calls[0].init.headers);
    expect(headers.get('content-type')).toBe('application/json');
    const call = { method: 'POST', url: calls[0].url, authorization: headers.get('authorization') ?? undefined };
    expect(oauth1SignatureValid(call, settings.clientSecret, grant.tokenSecret!)).toBe(true);
  });

  it('an image is read, uploaded as multipart (media, media_category, media_type), and its id goes with the post', async () => {
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    const { fetchFn, calls } = routed({
      'GET /p.jpg': { body: jpeg, headers: { 'content-type': 'image/jpeg' } },
      'POST /2/media/upload': {
        body: { data: { id: '1880028106020515840', media_key: '3_1880028106020515840', size: 7, expires_after_secs: 86400 } },
      },
      'POST /2/tweets': { status: 201, body: { data: { id: '99', text: 'Hello X' } } },
    });
    const out = await createXAdapter(settings, fetchFn).publish(grant, request({ media: [photo] }));
    expect(out).toMatchObject({ state: 'published', postId: '99' });
    const upload = calls.find((c) => c.url === 'https://api.x.com/2/media/upload')!;
    const form = upload.init.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('media_category')).toBe('tweet_image');
    expect(form.get('media_type')).toBe('image/jpeg');
    expect(new Uint8Array(await (form.get('media') as Blob).arrayBuffer())).toEqual(jpeg);
    const tweet = calls.find((c) => c.url === 'https://api.x.com/2/tweets')!;
    expect(JSON.parse(String(tweet.init.body))).toEqual({ text: 'Hello X', media: { media_ids: ['1880028106020515840'] } });
  });

  it('a video: initialize (JSON), append, finalize with processing_info pending → processing, with a ticket', async () => {
    const { fetchFn, calls } = routed({
      'GET /clip.mp4': { body: new Uint8Array(10), headers: { 'content-type': 'video/mp4' } },
      'POST /2/media/upload/initialize': { body: { data: { id: '710511363345354753', expires_after_secs: 86400 } } },
      'POST /2/media/upload/710511363345354753/append': { body: {} },
      'POST /2/media/upload/710511363345354753/finalize': {
        body: {
          data: {
            id: '710511363345354753',
            media_key: '7_710511363345354753',
            size: 10,
            processing_info: { state: 'pending', check_after_secs: 5 },
          },
        },
      },
    });
    const out = await createXAdapter(settings, fetchFn).publish(grant, request({ media: [video] }));
    expect(out).toMatchObject({ state: 'processing', checkAfterMs: 5000 });
    const init = calls.find((c) => c.url.endsWith('/initialize'))!;
    expect(JSON.parse(String(init.init.body))).toEqual({
      media_type: 'video/mp4',
      total_bytes: 10,
      media_category: 'tweet_video',
    });
    const append = calls.find((c) => c.url.endsWith('/append'))!.init.body as FormData;
    expect(append.get('segment_index')).toBe('0');
    expect(calls.some((c) => c.url.endsWith('/2/tweets'))).toBe(false);
  });

  it('publishStatus: in_progress stays processing (after check_after_secs); succeeded posts with the media ids', async () => {
    const ticket = ticketOf({ text: 'Clip', media: ['710511363345354753'], waiting: ['710511363345354753'] });
    const going = answering(200, {
      data: { id: '710511363345354753', processing_info: { state: 'in_progress', check_after_secs: 10, progress_percent: 8 } },
    });
    const still = await createXAdapter(settings, going.fetchFn).publishStatus(grant, account, ticket);
    expect(still).toEqual({ state: 'processing', ticket, checkAfterMs: 10_000 });
    const u = new URL(going.calls[0].url);
    expect(u.pathname).toBe('/2/media/upload');
    expect(Object.fromEntries(u.searchParams)).toEqual({ command: 'STATUS', media_id: '710511363345354753' });

    const { fetchFn, calls } = routed({
      'GET /2/media/upload': {
        body: { data: { id: '710511363345354753', processing_info: { state: 'succeeded', progress_percent: 100 } } },
      },
      'POST /2/tweets': { status: 201, body: { data: { id: '1', text: 'Clip' } } },
    });
    expect(await createXAdapter(settings, fetchFn).publishStatus(grant, account, ticket)).toMatchObject({
      state: 'published',
      postId: '1',
    });
    expect(JSON.parse(String(calls[1].init.body))).toEqual({ text: 'Clip', media: { media_ids: ['710511363345354753'] } });
  });

  it("a failed processing is permanent with X's message; a ticket Virality did not make is refused", async () => {
    const ticket = ticketOf({ text: '', media: ['7'], waiting: ['7'] });
    const { fetchFn } = answering(200, {
      data: {
        id: '7',
        processing_info: {
          state: 'failed',
          progress_percent: 0,
          error: { code: 1, name: 'InvalidMedia', message: 'Invalid or Unsupported media, Reason: UnsupportedMedia.' },
        },
      },
    });
    const err = await networkFailure(createXAdapter(settings, fetchFn).publishStatus(grant, account, ticket));
    expect(err.kind).toBe('permanent');
    expect(err.reason).toBe('X could not process the media: Invalid or Unsupported media, Reason: UnsupportedMedia.');
    expect(err.details.code).toBe('1');
    const bad = await networkFailure(createXAdapter(settings, fetchFn).publishStatus(grant, account, 'not-a-ticket'));
    expect(bad.kind).toBe('permanent');
  });

  it('recentPosts asks for 5 to 100 with created_at and text, and keeps the limit asked', async () => {
    const { fetchFn, calls } = answering(200, {
      data: [
        { id: '3', text: 'third', created_at: '2026-06-01T11:00:00.000Z', edit_history_tweet_ids: ['3'] },
        { id: '2', text: 'second', created_at: '2026-06-01T10:00:00.000Z', edit_history_tweet_ids: ['2'] },
        { id: '1', text: 'first', created_at: '2026-06-01T09:00:00.000Z', edit_history_tweet_ids: ['1'] },
      ],
      meta: { result_count: 3, newest_id: '3', oldest_id: '1' },
    });
    const recent = await createXAdapter(settings, fetchFn).recentPosts(grant, account, 2);
    expect(recent).toEqual([
      { postId: '3', text: 'third', createdAt: new Date('2026-06-01T11:00:00.000Z'), url: 'https://x.com/i/web/status/3' },
      { postId: '2', text: 'second', createdAt: new Date('2026-06-01T10:00:00.000Z'), url: 'https://x.com/i/web/status/2' },
    ]);
    const u = new URL(calls[0].url);
    expect(u.pathname).toBe('/2/users/370773112/tweets');
    expect(u.searchParams.get('max_results')).toBe('5');
    expect(u.searchParams.get('tweet.fields')).toBe('created_at,text');
    const none = answering(200, { meta: { result_count: 0 } });
    expect(await createXAdapter(settings, none.fetchFn).recentPosts(grant, account, 10)).toEqual([]);
  });

  it('analytics reads public_metrics: impressions are views, replies comments, retweets reposts', async () => {
    const { fetchFn, calls } = answering(200, {
      data: {
        id: '1',
        text: 't',
        public_metrics: {
          retweet_count: 4,
          reply_count: 3,
          like_count: 20,
          quote_count: 1,
          bookmark_count: 2,
          impression_count: 512,
        },
      },
    });
    expect(await createXAdapter(settings, fetchFn).analytics(grant, account, '1', 'post')).toEqual({
      views: 512,
      likes: 20,
      comments: 3,
      reposts: 4,
      quotes: 1,
      bookmarks: 2,
    });
    expect(new URL(calls[0].url).searchParams.get('tweet.fields')).toBe('public_metrics');
  });

  it('profile reads public_metrics: followers, following, posts, and likes when X gives them', async () => {
    const { fetchFn } = answering(200, {
      data: {
        id: '370773112',
        name: 'X Dev',
        username: 'XDevelopers',
        profile_image_url: 'https://pbs.twimg.com/p.jpg',
        public_metrics: { followers_count: 570842, following_count: 2048, tweet_count: 14052, listed_count: 1672, like_count: 3 },
      },
    });
    expect(await createXAdapter(settings, fetchFn).profile(grant, account)).toEqual({
      userName: 'XDevelopers',
      pictureUrl: 'https://pbs.twimg.com/p.jpg',
      followers: 570842,
      following: 2048,
      media: 14052,
      subscribers: null,
      views: null,
      likes: 3,
    });
  });
});

describe("X's publishing refusals, classified", () => {
  it('duplicate content (403) is permanent with X words', async () => {
    const { fetchFn } = answering(403, {
      detail: 'You are not allowed to create a Tweet with duplicate content.',
      type: 'about:blank',
      title: 'Forbidden',
      status: 403,
    });
    const err = await networkFailure(createXAdapter(settings, fetchFn).publish(grant, request()));
    expect(err.kind).toBe('permanent');
    expect(err.reason).toBe('You are not allowed to create a Tweet with duplicate content.');
  });

  it('429 on POST /2/tweets waits until x-rate-limit-reset; 401 is reconnect; 503 and a timeout are retry', async () => {
    const limited = answering(
      429,
      { title: 'Too Many Requests', detail: 'Too Many Requests', type: 'about:blank', status: 429 },
      {
        'x-rate-limit-limit': '100',
        'x-rate-limit-remaining': '0',
        'x-rate-limit-reset': '1780316100',
      },
    );
    const err = await networkFailure(createXAdapter(settings, limited.fetchFn, () => at).publish(grant, request()));
    expect(err.kind).toBe('rate_limited');
    expect(err.retryAt?.getTime()).toBe(1780316100 * 1000);
    const gone = answering(401, { title: 'Unauthorized', detail: 'Unauthorized', type: 'about:blank', status: 401 });
    expect((await networkFailure(createXAdapter(settings, gone.fetchFn).publish(grant, request()))).kind).toBe('reconnect');
    const down = answering(503, {
      title: 'Service Unavailable',
      detail: 'Service Unavailable',
      type: 'about:blank',
      status: 503,
    });
    expect((await networkFailure(createXAdapter(settings, down.fetchFn).publish(grant, request()))).kind).toBe('retry');
    const timingOut = (async () => {
      throw Object.assign(new Error('timed out'), { name: 'TimeoutError' });
    }) as unknown as typeof fetch;
    expect((await networkFailure(createXAdapter(settings, timingOut).publish(grant, request()))).kind).toBe('retry');
  });

  it('an invalid media id (400) is permanent; a post X cannot find is permanent in its words', async () => {
    const invalid = answering(400, {
      errors: [{ message: 'Your media IDs are invalid.' }],
      title: 'Invalid Request',
      detail: 'Your media IDs are invalid.',
      type: 'https://api.twitter.com/2/problems/invalid-request',
      status: 400,
    });
    const err = await networkFailure(createXAdapter(settings, invalid.fetchFn).publish(grant, request()));
    expect(err.kind).toBe('permanent');
    expect(err.details.code).toBe('invalid-request');
    const missing = answering(200, {
      errors: [
        {
          value: '5',
          detail: 'Could not find tweet with id: [5].',
          title: 'Not Found Error',
          resource_type: 'tweet',
          parameter: 'id',
          resource_id: '5',
          type: 'https://api.twitter.com/2/problems/resource-not-found',
        },
      ],
    });
    const notFound = await networkFailure(createXAdapter(settings, missing.fetchFn).analytics(grant, account, '5', 'post'));
    expect(notFound.kind).toBe('permanent');
    expect(notFound.reason).toBe('Could not find tweet with id: [5].');
    expect(notFound.details.code).toBe('resource-not-found');
  });

  it('a post over the limits never reaches X', async () => {
    const { fetchFn, calls } = answering(201, { data: { id: '1', text: 't' } });
    const err = await networkFailure(createXAdapter(settings, fetchFn).publish(grant, request({ text: 'x'.repeat(300) })));
    expect(err.kind).toBe('permanent');
    expect(err.reason).toBe('X allows 280 characters; this post has 300');
    expect(calls).toHaveLength(0);
  });

  it('a media file that cannot be read is permanent before anything is uploaded', async () => {
    const { fetchFn, calls } = routed({});
    const err = await networkFailure(createXAdapter(settings, fetchFn).publish(grant, request({ media: [photo] })));
    expect(err.reason).toBe('the media file could not be read');
    expect(calls.map((c) => c.url)).toEqual(['https://cdn.example/p.jpg']);
  });
});

/** A fetch answering each call with the next of `bodies` (200, JSON; the last one again after), recording each URL. */
function inTurn(...bodies: unknown[]) {
  const urls: URL[] = [];
  const fetchFn = (async (url: string) => {
    const body = bodies[Math.min(urls.length, bodies.length - 1)];
    urls.push(new URL(url));
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
  return { fetchFn, urls };
}
/** A timeline page of X's: posts `ids` (newest first) made at `times`, and the next page's token if any. */
const timeline = (posts: [id: string, createdAt: string][], next?: string) => ({
  data: posts.map(([id, created_at]) => ({ id, text: `post ${id}`, created_at, edit_history_tweet_ids: [id] })),
  meta: {
    result_count: posts.length,
    newest_id: posts[0]?.[0],
    oldest_id: posts.at(-1)?.[0],
    ...(next ? { next_token: next } : {}),
  },
});

describe("postsSince reads X's timeline back to a moment", () => {
  it("asks 100 a page from since's second (start_time), follows meta.next_token, and ends when X gives none", async () => {
    const { fetchFn, urls } = inTurn(
      timeline(
        [
          ['30', '2026-06-01T11:59:59.000Z'],
          ['29', '2026-06-01T11:50:00.000Z'],
        ],
        '7140dibdnow9c7btw421dyz6jism75z99gyxd8egarsc4',
      ),
      timeline([
        ['20', '2026-06-01T11:10:00.000Z'],
        ['19', '2026-06-01T11:00:00.000Z'],
      ]),
    );
    const out = await createXAdapter(settings, fetchFn).postsSince(grant, account, new Date('2026-06-01T11:00:00.250Z'));
    expect(out.complete).toBe(true);
    // a post of since's own second is kept: X writes times to the second
    expect(out.posts.map((p) => p.postId)).toEqual(['30', '29', '20', '19']);
    expect(out.posts[0]).toEqual({
      postId: '30',
      text: 'post 30',
      createdAt: new Date('2026-06-01T11:59:59.000Z'),
      url: 'https://x.com/i/web/status/30',
    });
    expect(urls).toHaveLength(2);
    expect(urls[0].pathname).toBe('/2/users/370773112/tweets');
    expect(Object.fromEntries(urls[0].searchParams)).toEqual({
      max_results: String(X_PAGE_MAX),
      start_time: '2026-06-01T11:00:00Z',
      'tweet.fields': 'created_at,text',
    });
    expect(X_PAGE_MAX).toBe(100);
    expect(urls[1].searchParams.get('pagination_token')).toBe('7140dibdnow9c7btw421dyz6jism75z99gyxd8egarsc4');
    expect(urls[1].searchParams.get('start_time')).toBe('2026-06-01T11:00:00Z');
  });

  it('an empty timeline since the moment is complete, and nothing', async () => {
    const { fetchFn, urls } = inTurn({ meta: { result_count: 0 } });
    expect(await createXAdapter(settings, fetchFn).postsSince(grant, account, at)).toEqual({ posts: [], complete: true });
    expect(urls).toHaveLength(1);
  });

  it('more to read after POSTS_SINCE_MAX_PAGES pages: not complete, and no page more is asked for', async () => {
    const { fetchFn, urls } = inTurn(timeline([['9', '2026-06-01T11:59:00.000Z']], 'more'));
    const out = await createXAdapter(settings, fetchFn).postsSince(grant, account, new Date('2026-06-01T08:00:00Z'));
    expect(out.complete).toBe(false);
    expect(urls).toHaveLength(POSTS_SINCE_MAX_PAGES);
    // the same post on every page of this fake network is listed once
    expect(out.posts.map((p) => p.postId)).toEqual(['9']);
  });

  it("X's reach (a user's 3,200 most recent posts) ran out with all listed newer than since: not complete", async () => {
    expect(X_TIMELINE_REACH).toBe(3_200);
    const page = (from: number, n: number, next?: string) =>
      timeline(
        Array.from({ length: n }, (_, i) => [String(from - i), '2026-06-01T11:30:00.000Z'] as [string, string]),
        next,
      );
    // the list ends (no next_token) once the reach is listed: here 150, as the adapter is told
    const answers = [page(1000, 100, 't2'), page(900, 50)];
    const short = inTurn(...answers);
    const out = await createXAdapter(settings, short.fetchFn, undefined, { timelineReach: 150 }).postsSince(
      grant,
      account,
      new Date('2026-06-01T08:00:00Z'),
    );
    expect(out).toMatchObject({ complete: false });
    expect(out.posts).toHaveLength(150);
    // the same list within X's own reach simply ended: complete
    const full = inTurn(...answers);
    expect(
      (await createXAdapter(settings, full.fetchFn).postsSince(grant, account, new Date('2026-06-01T08:00:00Z'))).complete,
    ).toBe(true);
  });

  it("a moment before X's earliest start_time is not sent: the pages are read until one lists an older post", async () => {
    const { fetchFn, urls } = inTurn(
      timeline([['5', '2012-01-02T00:00:00.000Z']], 'n2'),
      timeline(
        [
          ['4', '2010-06-01T00:00:00.000Z'],
          ['3', '2009-12-31T00:00:00.000Z'],
        ],
        'n3',
      ),
    );
    const out = await createXAdapter(settings, fetchFn).postsSince(grant, account, new Date('2010-01-01T00:00:00Z'));
    expect(out).toMatchObject({ complete: true });
    expect(out.posts.map((p) => p.postId)).toEqual(['5', '4']);
    expect(urls).toHaveLength(2);
    expect(urls[0].searchParams.has('start_time')).toBe(false);
  });

  it('a test may ask for smaller pages, 5 at the least', async () => {
    const { fetchFn, urls } = inTurn({ meta: { result_count: 0 } });
    await createXAdapter(settings, fetchFn, undefined, { pageSize: 2 }).postsSince(grant, account, at);
    expect(urls[0].searchParams.get('max_results')).toBe('5');
  });

  it('a user X does not have is permanent, in its words', async () => {
    const { fetchFn } = inTurn({
      errors: [
        {
          detail: 'Could not find user with id: [370773112].',
          title: 'Not Found Error',
          type: 'https://api.twitter.com/2/problems/resource-not-found',
        },
      ],
    });
    const err = await networkFailure(createXAdapter(settings, fetchFn).postsSince(grant, account, at));
    expect(err.kind).toBe('permanent');
    expect(err.reason).toBe('Could not find user with id: [370773112].');
  });
});
