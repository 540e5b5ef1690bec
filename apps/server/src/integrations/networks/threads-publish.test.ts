import { describe, expect, it } from 'vitest';
import { answering, networkFailure } from './test-kit';
import { createThreadsAdapter, THREADS_PAGE_MAX, THREADS_SCOPES, threadsPostIssues } from './threads';
import { POSTS_SINCE_MAX_PAGES, type TAccountRef, type TGrant, type TPublishMedia, type TPublishRequest } from './types';

const settings = {
  clientId: '1234567890',
  clientSecret: 'app-secret',
  authBase: 'https://threads.net',
  apiBase: 'https://graph.threads.net',
  redirectUri: 'https://app.example/social/return',
  sandbox: false,
};
const at = new Date('2026-06-01T12:00:00Z');
const grant: TGrant = {
  accessToken: 'THlong',
  refreshToken: 'THlong',
  tokenSecret: null,
  accessExpiresAt: new Date('2026-07-01T12:00:00Z'),
  refreshExpiresAt: new Date('2026-07-01T12:00:00Z'),
  scopes: THREADS_SCOPES,
};
const account: TAccountRef = { remoteId: '7100000000000101', kind: 'profile' };
const photo: TPublishMedia = {
  url: 'https://cdn.example/a.jpg',
  type: 'image',
  mimeType: 'image/jpeg',
  bytes: 200_000,
  width: 1080,
  height: 1350,
  durationSec: null,
};
const clip: TPublishMedia = {
  url: 'https://cdn.example/b.mp4',
  type: 'video',
  mimeType: 'video/mp4',
  bytes: 5_000_000,
  width: 1080,
  height: 1920,
  durationSec: 20,
};
const request = (text: string, media: TPublishMedia[] = []): TPublishRequest => ({ account, format: 'post', text, media });

/** A fetch answering each call with the next of `answers` (JSON), recording each request. */
function answeringInTurn(...answers: { status: number; body: unknown; headers?: Record<string, string> }[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchFn = (async (url: string, init: RequestInit) => {
    const a = answers[calls.length] ?? answers[answers.length - 1];
    calls.push({ url, init });
    return new Response(JSON.stringify(a.body), {
      status: a.status,
      headers: { 'content-type': 'application/json', ...(a.headers ?? {}) },
    });
  }) as unknown as typeof fetch;
  return { fetchFn, calls };
}
const ok = (body: unknown) => ({ status: 200, body });
const graphError = (code: number, message: string, subcode?: number) => ({
  error: {
    message,
    type: 'OAuthException',
    code,
    ...(subcode === undefined ? {} : { error_subcode: subcode }),
    fbtrace_id: 'Ab',
  },
});
const formOf = (init: RequestInit) => Object.fromEntries(new URLSearchParams(String(init.body)));
const ticketFor = async (container: string, text = 'Hello', media: TPublishMedia[] = []) => {
  const { fetchFn } = answering(200, { id: container });
  const s = await createThreadsAdapter(settings, fetchFn).publish(grant, request(text, media));
  if (s.state !== 'processing') throw new Error('expected processing');
  return s.ticket;
};

describe('threadsPostIssues: what keeps a post from Threads, in plain words', () => {
  it('a post within the limits has none', () => {
    expect(threadsPostIssues(request('Hello'))).toEqual([]);
    expect(threadsPostIssues(request('', [photo]))).toEqual([]);
    expect(threadsPostIssues(request('Mixed', [photo, clip, photo]))).toEqual([]);
    expect(threadsPostIssues(request('é'.repeat(500)))).toEqual([]);
  });

  it('text over 500 characters, counted as a person counts them', () => {
    expect(threadsPostIssues(request('🍅'.repeat(501)))).toEqual(['Threads allows 500 characters; this post has 501']);
  });

  it('more than 20 media, a story or reel, and an empty post', () => {
    expect(
      threadsPostIssues(
        request(
          'x',
          Array.from({ length: 21 }, () => photo),
        ),
      )[0],
    ).toBe('Threads allows 20 media files in one post; this post has 21');
    expect(threadsPostIssues({ ...request('x'), format: 'reel' })).toEqual([
      'Threads publishes feed posts only; a reel cannot be published there',
    ]);
    expect(threadsPostIssues(request(' '))).toEqual(['A Threads post needs text or media']);
  });

  it("media outside Threads' types, sizes, widths and durations", () => {
    expect(threadsPostIssues(request('x', [{ ...photo, mimeType: 'image/webp' }]))).toEqual([
      'The image is image/webp; Threads takes JPEG or PNG images',
    ]);
    expect(threadsPostIssues(request('x', [{ ...photo, bytes: 9 * 1024 * 1024 }]))).toEqual([
      "The image is over Threads' 8 MB for an image",
    ]);
    expect(threadsPostIssues(request('x', [{ ...photo, width: 200 }]))).toEqual([
      'The image is 200 pixels wide; Threads needs at least 320',
    ]);
    expect(threadsPostIssues(request('x', [photo, { ...clip, durationSec: 400, width: 3840 }]))).toEqual([
      'Media 2 lasts 400 seconds; Threads allows 5 minutes',
      'Media 2 is 3840 pixels wide; Threads allows at most 1920',
    ]);
    expect(threadsPostIssues(request('x', [{ ...clip, mimeType: 'video/webm' }]))).toEqual([
      'The video is video/webm; Threads takes MP4 or MOV videos',
    ]);
  });
});

describe("publishing reads Threads' documented answers", () => {
  it('a text post: one TEXT container, answered as processing with it in the ticket', async () => {
    const { fetchFn, calls } = answering(200, { id: '17889615691921648' });
    const s = await createThreadsAdapter(settings, fetchFn).publish(grant, request('Hello Threads'));
    expect(s).toMatchObject({ state: 'processing', checkAfterMs: 1000 });
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('https://graph.threads.net/v1.0/7100000000000101/threads');
    expect(calls[0].init.method).toBe('POST');
    expect(new Headers(calls[0].init.headers).get('authorization')).toBe('Bearer THlong');
    expect(formOf(calls[0].init)).toEqual({ media_type: 'TEXT', text: 'Hello Threads' });
  });

  it('an image or a video: its URL for Threads to pull', async () => {
    for (const [m, fields] of [
      [photo, { media_type: 'IMAGE', image_url: photo.url, text: 'Look' }],
      [clip, { media_type: 'VIDEO', video_url: clip.url, text: 'Look' }],
    ] as const) {
      const { fetchFn, calls } = answering(200, { id: '1' });
      const s = await createThreadsAdapter(settings, fetchFn).publish(grant, request('Look', [m]));
      expect(formOf(calls[0].init)).toEqual(fields);
      expect(s.state === 'processing' && s.checkAfterMs).toBe(m.type === 'video' ? 30_000 : 1000);
    }
  });

  it('a carousel: an item container per media, then the CAROUSEL naming them, with the text', async () => {
    const { fetchFn, calls } = answeringInTurn(ok({ id: 'c1' }), ok({ id: 'c2' }), ok({ id: 'c3' }), ok({ id: 'carousel' }));
    await createThreadsAdapter(settings, fetchFn).publish(grant, request('Three', [photo, clip, photo]));
    expect(calls.map((c) => formOf(c.init))).toEqual([
      { media_type: 'IMAGE', image_url: photo.url, is_carousel_item: 'true' },
      { media_type: 'VIDEO', video_url: clip.url, is_carousel_item: 'true' },
      { media_type: 'IMAGE', image_url: photo.url, is_carousel_item: 'true' },
      { media_type: 'CAROUSEL', children: 'c1,c2,c3', text: 'Three' },
    ]);
  });

  it('a container refused (media not downloadable) is permanent with Threads’ words; no more calls', async () => {
    const { fetchFn, calls } = answering(400, {
      error: {
        ...graphError(100, "Media download has failed. The media URI doesn't meet our requirements.", 2207052).error,
        error_user_msg: 'The image could not be downloaded from its address.',
      },
    });
    const err = await networkFailure(createThreadsAdapter(settings, fetchFn).publish(grant, request('x', [photo, photo])));
    expect(err.kind).toBe('permanent');
    expect(err.reason).toBe('The image could not be downloaded from its address.');
    expect(calls).toHaveLength(1);
  });

  it('FINISHED: threads_publish with the container, then the permalink: published', async () => {
    const ticket = await ticketFor('17889615691921648');
    const { fetchFn, calls } = answeringInTurn(
      ok({ status: 'FINISHED', id: '17889615691921648' }),
      ok({ id: '18012345678901234' }),
      ok({ permalink: 'https://www.threads.net/@ava.cooks/post/Cx1', id: '18012345678901234' }),
    );
    expect(await createThreadsAdapter(settings, fetchFn).publishStatus(grant, account, ticket)).toEqual({
      state: 'published',
      postId: '18012345678901234',
      url: 'https://www.threads.net/@ava.cooks/post/Cx1',
    });
    const status = new URL(calls[0].url);
    expect(status.pathname).toBe('/v1.0/17889615691921648');
    expect(status.searchParams.get('fields')).toBe('status,error_message');
    expect(calls[1].url).toBe('https://graph.threads.net/v1.0/7100000000000101/threads_publish');
    expect(formOf(calls[1].init)).toEqual({ creation_id: '17889615691921648' });
    const link = new URL(calls[2].url);
    expect(link.pathname).toBe('/v1.0/18012345678901234');
    expect(link.searchParams.get('fields')).toBe('permalink');
  });

  it('a permalink that cannot be read leaves the published post without an address, not failed', async () => {
    const ticket = await ticketFor('c');
    const { fetchFn } = answeringInTurn(ok({ status: 'FINISHED' }), ok({ id: 'm1' }), { status: 500, body: {} });
    expect(await createThreadsAdapter(settings, fetchFn).publishStatus(grant, account, ticket)).toEqual({
      state: 'published',
      postId: 'm1',
      url: null,
    });
  });

  it('IN_PROGRESS: still processing, the same ticket', async () => {
    const ticket = await ticketFor('c', 'v', [clip]);
    const { fetchFn, calls } = answering(200, { status: 'IN_PROGRESS', id: 'c' });
    expect(await createThreadsAdapter(settings, fetchFn).publishStatus(grant, account, ticket)).toEqual({
      state: 'processing',
      ticket,
      checkAfterMs: 30_000,
    });
    expect(calls).toHaveLength(1);
  });

  it('ERROR: permanent, with the error_message in plain words', async () => {
    const ticket = await ticketFor('c');
    const cases = [
      ['FAILED_DOWNLOADING_VIDEO', 'Threads could not download the video from its address'],
      ['INVALID_ASPEC_RATIO', "The video's aspect ratio is not one Threads accepts"],
      ['UNKNOWN', 'Threads could not process the media'],
      ['SOMETHING_NEW', 'Threads could not process the media (SOMETHING_NEW)'],
    ];
    for (const [message, reason] of cases) {
      const { fetchFn, calls } = answering(200, { status: 'ERROR', id: 'c', error_message: message });
      const err = await networkFailure(createThreadsAdapter(settings, fetchFn).publishStatus(grant, account, ticket));
      expect(err.kind).toBe('permanent');
      expect(err.reason).toBe(reason);
      expect(calls).toHaveLength(1);
    }
  });

  it('EXPIRED: permanent; an unreadable ticket: permanent before any call', async () => {
    const ticket = await ticketFor('c');
    const { fetchFn } = answering(200, { status: 'EXPIRED', id: 'c' });
    expect((await networkFailure(createThreadsAdapter(settings, fetchFn).publishStatus(grant, account, ticket))).reason).toMatch(
      /expire/,
    );
    const none = answering(200, {});
    const err = await networkFailure(createThreadsAdapter(settings, none.fetchFn).publishStatus(grant, account, 'garbage'));
    expect(err.kind).toBe('permanent');
    expect(none.calls).toHaveLength(0);
  });

  it('PUBLISHED already (an answer lost): the post is found among the recent ones, not published again', async () => {
    const ticket = await ticketFor('c', 'Once only');
    const { fetchFn, calls } = answeringInTurn(
      ok({ status: 'PUBLISHED', id: 'c' }),
      ok({
        data: [
          { id: 'm2', text: 'Other', timestamp: '2026-06-01T12:05:00+0000', permalink: 'https://www.threads.net/@a/post/2' },
          { id: 'm1', text: 'Once only', timestamp: '2026-06-01T12:00:00+0000', permalink: 'https://www.threads.net/@a/post/1' },
        ],
      }),
    );
    expect(await createThreadsAdapter(settings, fetchFn).publishStatus(grant, account, ticket)).toEqual({
      state: 'published',
      postId: 'm1',
      url: 'https://www.threads.net/@a/post/1',
    });
    expect(calls.some((c) => c.url.includes('threads_publish'))).toBe(false);
  });

  it('the publishing step failing with a 5xx or a timeout is retry, sent once', async () => {
    const ticket = await ticketFor('c');
    const { fetchFn, calls } = answeringInTurn(ok({ status: 'FINISHED' }), {
      status: 503,
      body: graphError(2, 'Service temporarily unavailable'),
    });
    const err = await networkFailure(createThreadsAdapter(settings, fetchFn).publishStatus(grant, account, ticket));
    expect(err.kind).toBe('retry');
    expect(calls.filter((c) => c.url.includes('threads_publish'))).toHaveLength(1);
  });

  it('the publishing step rate limited (the 250 a day): rate_limited until the time Graph gives', async () => {
    const ticket = await ticketFor('c');
    const usage = JSON.stringify({
      [account.remoteId]: [{ type: 'threads', call_count: 100, estimated_time_to_regain_access: 90 }],
    });
    const { fetchFn } = answeringInTurn(ok({ status: 'FINISHED' }), {
      status: 400,
      body: graphError(4, '(#4) The profile has reached its limit of 250 posts in 24 hours'),
      headers: { 'x-business-use-case-usage': usage },
    });
    const err = await networkFailure(createThreadsAdapter(settings, fetchFn, () => at).publishStatus(grant, account, ticket));
    expect(err.kind).toBe('rate_limited');
    expect(err.retryAt?.getTime()).toBe(at.getTime() + 90 * 60_000);
  });

  it('an expired access while publishing is reconnect', async () => {
    const { fetchFn } = answering(400, graphError(190, 'Error validating access token: Session has expired', 463));
    expect((await networkFailure(createThreadsAdapter(settings, fetchFn).publish(grant, request('x')))).kind).toBe('reconnect');
  });
});

describe("posts and figures read Threads' documented answers", () => {
  it('recentPosts: GET /{uid}/threads with id,text,timestamp,permalink, newest first', async () => {
    const { fetchFn, calls } = answering(200, {
      data: [
        { id: '1', text: 'older', timestamp: '2026-05-30T08:00:00+0000', permalink: 'https://www.threads.net/@a/post/1' },
        { id: '2', timestamp: '2026-06-01T08:00:00+0000' },
      ],
      paging: { cursors: { before: 'x', after: 'y' } },
    });
    expect(await createThreadsAdapter(settings, fetchFn).recentPosts(grant, account, 10)).toEqual([
      { postId: '2', text: '', createdAt: new Date('2026-06-01T08:00:00Z'), url: null },
      { postId: '1', text: 'older', createdAt: new Date('2026-05-30T08:00:00Z'), url: 'https://www.threads.net/@a/post/1' },
    ]);
    const u = new URL(calls[0].url);
    expect(u.pathname).toBe('/v1.0/7100000000000101/threads');
    expect(Object.fromEntries(u.searchParams)).toEqual({ fields: 'id,text,timestamp,permalink', limit: '10' });
  });

  it('analytics: the lifetime insights, replies counted as comments', async () => {
    const metric = (name: string, value: number) => ({
      name,
      period: 'lifetime',
      values: [{ value }],
      title: name,
      id: `m/insights/${name}/lifetime`,
    });
    const { fetchFn, calls } = answering(200, {
      data: [
        metric('views', 1200),
        metric('likes', 90),
        metric('replies', 12),
        metric('reposts', 4),
        metric('quotes', 1),
        metric('shares', 7),
      ],
    });
    expect(await createThreadsAdapter(settings, fetchFn).analytics(grant, account, '18012345678901234', 'post')).toEqual({
      views: 1200,
      likes: 90,
      comments: 12,
      reposts: 4,
      quotes: 1,
      shares: 7,
    });
    const u = new URL(calls[0].url);
    expect(u.pathname).toBe('/v1.0/18012345678901234/insights');
    expect(u.searchParams.get('metric')).toBe('views,likes,replies,reposts,quotes,shares');
  });

  it('profile: the username and picture, and followers (a total), views (a daily series) and likes', async () => {
    const { fetchFn, calls } = answeringInTurn(
      ok({ username: 'ava.cooks', threads_profile_picture_url: 'https://scontent.example/ava.jpg', id: account.remoteId }),
      ok({
        data: [
          { name: 'followers_count', period: 'day', total_value: { value: 1520 } },
          {
            name: 'views',
            period: 'day',
            values: [
              { value: 300, end_time: 'a' },
              { value: 200, end_time: 'b' },
            ],
          },
          { name: 'likes', period: 'day', total_value: { value: 88 } },
        ],
      }),
    );
    expect(await createThreadsAdapter(settings, fetchFn).profile(grant, account)).toEqual({
      userName: 'ava.cooks',
      pictureUrl: 'https://scontent.example/ava.jpg',
      followers: 1520,
      following: null,
      media: null,
      subscribers: null,
      views: 500,
      likes: 88,
    });
    const [p, i] = calls.map((c) => new URL(c.url));
    expect(p.pathname).toBe('/v1.0/7100000000000101');
    expect(p.searchParams.get('fields')).toBe('username,threads_profile_picture_url');
    expect(i.pathname).toBe('/v1.0/7100000000000101/threads_insights');
    expect(i.searchParams.get('metric')).toBe('followers_count,views,likes');
  });

  it('a missing insights permission is reconnect', async () => {
    const { fetchFn } = answering(403, graphError(10, '(#10) Application does not have permission for this action'));
    expect((await networkFailure(createThreadsAdapter(settings, fetchFn).analytics(grant, account, '1', 'post'))).kind).toBe(
      'reconnect',
    );
  });
});

/** A page of a profile's threads as Threads answers it: posts (newest first), and `paging.next` when one follows. */
const threadsPage = (posts: [id: string, timestamp: string][], after?: string) => ({
  data: posts.map(([id, timestamp]) => ({
    id,
    text: `post ${id}`,
    timestamp,
    permalink: `https://www.threads.net/@a/post/${id}`,
  })),
  paging: {
    cursors: { before: 'QVFIUmFi', after: after ?? 'QVFIUmxh' },
    ...(after ? { next: `https://graph.threads.net/v1.0/7100000000000101/threads?limit=100&after=${after}` } : {}),
  },
});

describe("postsSince reads a profile's threads back to a moment", () => {
  it('asks 100 a page since the moment (Unix seconds), then the after cursor while paging.next is given', async () => {
    const { fetchFn, calls } = answeringInTurn(
      ok(
        threadsPage(
          [
            ['3', '2026-06-01T11:59:00+0000'],
            ['2', '2026-06-01T11:30:00+0000'],
          ],
          'QVFIUk5leHQ',
        ),
      ),
      ok(threadsPage([['1', '2026-06-01T11:00:00+0000']])),
    );
    const since = new Date('2026-06-01T11:00:00.600Z');
    const out = await createThreadsAdapter(settings, fetchFn).postsSince(grant, account, since);
    expect(out.complete).toBe(true);
    // a post of since's own second is kept: Threads writes times to the second
    expect(out.posts.map((p) => p.postId)).toEqual(['3', '2', '1']);
    expect(out.posts[0]).toEqual({
      postId: '3',
      text: 'post 3',
      createdAt: new Date('2026-06-01T11:59:00Z'),
      url: 'https://www.threads.net/@a/post/3',
    });
    expect(calls).toHaveLength(2);
    const first = new URL(calls[0].url);
    expect(first.pathname).toBe('/v1.0/7100000000000101/threads');
    expect(Object.fromEntries(first.searchParams)).toEqual({
      fields: 'id,text,timestamp,permalink',
      limit: String(THREADS_PAGE_MAX),
      since: String(Math.floor(since.getTime() / 1000)),
    });
    expect(THREADS_PAGE_MAX).toBe(100);
    const second = new URL(calls[1].url);
    expect(second.searchParams.get('after')).toBe('QVFIUk5leHQ');
    expect(second.searchParams.get('since')).toBe(first.searchParams.get('since'));
    expect(new Headers(calls[1].init.headers).get('authorization')).toBe('Bearer THlong');
  });

  it('without paging.next the list has ended: complete, even with cursors', async () => {
    const { fetchFn, calls } = answeringInTurn(ok(threadsPage([['1', '2026-06-01T11:59:00+0000']])));
    expect((await createThreadsAdapter(settings, fetchFn).postsSince(grant, account, at)).complete).toBe(true);
    expect(calls).toHaveLength(1);
    const empty = answeringInTurn(ok({ data: [] }));
    expect(await createThreadsAdapter(settings, empty.fetchFn).postsSince(grant, account, at)).toEqual({
      posts: [],
      complete: true,
    });
  });

  it('more to read after POSTS_SINCE_MAX_PAGES pages: not complete, and no page more is asked for', async () => {
    const { fetchFn, calls } = answeringInTurn(ok(threadsPage([['9', '2026-06-01T11:59:00+0000']], 'QVFIUk1vcmU')));
    const out = await createThreadsAdapter(settings, fetchFn).postsSince(grant, account, new Date('2026-06-01T08:00:00Z'));
    expect(out.complete).toBe(false);
    expect(calls).toHaveLength(POSTS_SINCE_MAX_PAGES);
    expect(out.posts.map((p) => p.postId)).toEqual(['9']);
  });

  it('a paging.next without a cursor is followed by the after of its address; one without either is not complete', async () => {
    const viaLink = answeringInTurn(
      ok({
        data: [{ id: '2', timestamp: '2026-06-01T11:59:00+0000' }],
        paging: { next: 'https://graph.threads.net/v1.0/7100000000000101/threads?limit=100&after=QVFIUkxpbms' },
      }),
      ok({ data: [{ id: '1', timestamp: '2026-06-01T11:58:00+0000' }] }),
    );
    const out = await createThreadsAdapter(settings, viaLink.fetchFn).postsSince(
      grant,
      account,
      new Date('2026-06-01T08:00:00Z'),
    );
    expect(out).toMatchObject({ complete: true });
    expect(new URL(viaLink.calls[1].url).searchParams.get('after')).toBe('QVFIUkxpbms');
    const stuck = answeringInTurn(
      ok({ data: [{ id: '2', timestamp: '2026-06-01T11:59:00+0000' }], paging: { next: 'https://graph.threads.net/v1.0/x' } }),
    );
    const partial = await createThreadsAdapter(settings, stuck.fetchFn).postsSince(
      grant,
      account,
      new Date('2026-06-01T08:00:00Z'),
    );
    expect(partial).toMatchObject({ complete: false });
    expect(stuck.calls).toHaveLength(1);
  });

  it("a moment before Threads' launch is not sent as since: the pages are read until one lists an older post", async () => {
    const { fetchFn, calls } = answeringInTurn(
      ok(
        threadsPage(
          [
            ['2', '2023-07-06T10:00:00+0000'],
            ['1', '2023-07-05T05:00:00+0000'],
          ],
          'QVFIUk1vcmU',
        ),
      ),
    );
    // Threads takes a since from 1688540400 (2023-07-05T07:00:00Z) on
    const out = await createThreadsAdapter(settings, fetchFn).postsSince(grant, account, new Date('2023-07-05T06:00:00Z'));
    expect(new URL(calls[0].url).searchParams.has('since')).toBe(false);
    expect(out).toMatchObject({ complete: true });
    expect(out.posts.map((p) => p.postId)).toEqual(['2']);
    expect(calls).toHaveLength(1);
  });

  it('a refused read is classified as any Threads call: an expired access is reconnect', async () => {
    const { fetchFn } = answering(400, graphError(190, 'Error validating access token: Session has expired', 463));
    expect((await networkFailure(createThreadsAdapter(settings, fetchFn).postsSince(grant, account, at))).kind).toBe('reconnect');
  });
});
