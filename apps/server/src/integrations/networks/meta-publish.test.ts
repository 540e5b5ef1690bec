import { describe, expect, it } from 'vitest';
import { createFacebookAdapter, createInstagramAdapter, facebookPostIssues, instagramPostIssues } from './meta';
import { answering, networkFailure } from './test-kit';
import { POSTS_SINCE_MAX_PAGES, type TGrant, type TPublishMedia, type TPublishRequest } from './types';

const settings = {
  clientId: '1234567890123456',
  clientSecret: 'appsecret',
  authBase: 'https://www.facebook.com',
  apiBase: 'https://graph.facebook.com',
  redirectUri: 'https://app.example/social/return',
  sandbox: false,
};
const at = new Date('2026-06-01T12:00:00Z');
const grant: TGrant = {
  accessToken: 'EAApage',
  refreshToken: null,
  tokenSecret: null,
  accessExpiresAt: null,
  refreshExpiresAt: null,
  scopes: [],
};
const ig = { remoteId: '17841400000000001', kind: 'profile' as const };
const page = { remoteId: '1122334455', kind: 'page' as const };
const graphError = (code: number, message: string, more: Record<string, unknown> = {}) => ({
  error: { message, type: 'OAuthException', code, fbtrace_id: 'AbCdEfGhIjK', ...more },
});
const photo = (url = 'https://cdn.example/a.jpg'): TPublishMedia => ({
  url,
  type: 'image',
  mimeType: 'image/jpeg',
  bytes: 100_000,
  width: 1080,
  height: 1080,
  durationSec: null,
});
const clip: TPublishMedia = {
  url: 'https://cdn.example/c.mp4',
  type: 'video',
  mimeType: 'video/mp4',
  bytes: 1_000_000,
  width: 1080,
  height: 1920,
  durationSec: 30,
};

/** A fetch answering each call with the next of `answers` (JSON), recording each request. */
function answeringInTurn(...answers: { status?: number; body: unknown }[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchFn = (async (url: string, init: RequestInit) => {
    const a = answers[Math.min(calls.length, answers.length - 1)];
    calls.push({ url, init });
    return new Response(JSON.stringify(a.body), { status: a.status ?? 200, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
  return { fetchFn, calls };
}
const bodyOf = (c: { init: RequestInit }) => JSON.parse(String(c.init.body));
const path = (c: { url: string }) => new URL(c.url).pathname;

describe("the Instagram adapter publishes with Graph's documented answers", () => {
  it('a photo: a container, then on FINISHED media_publish and the permalink', async () => {
    const { fetchFn, calls } = answeringInTurn(
      { body: { id: '17889455560051444' } },
      { body: { status_code: 'FINISHED', status: 'Finished: Media has been uploaded', id: '17889455560051444' } },
      { body: { id: '17920238422030506' } },
      { body: { permalink: 'https://www.instagram.com/p/C1a2b3/', id: '17920238422030506' } },
    );
    const adapter = createInstagramAdapter(settings, fetchFn, () => at);
    const request: TPublishRequest = { account: ig, format: 'post', text: 'Hello', media: [photo()] };
    const started = await adapter.publish(grant, request);
    expect(started).toMatchObject({ state: 'processing', checkAfterMs: expect.any(Number) });
    expect(path(calls[0])).toBe(`/v21.0/${ig.remoteId}/media`);
    expect(bodyOf(calls[0])).toEqual({ image_url: 'https://cdn.example/a.jpg', caption: 'Hello' });
    if (started.state !== 'processing') throw new Error('expected processing');
    expect(await adapter.publishStatus(grant, ig, started.ticket)).toEqual({
      state: 'published',
      postId: '17920238422030506',
      url: 'https://www.instagram.com/p/C1a2b3/',
    });
    expect(new URL(calls[1].url).searchParams.get('fields')).toBe('status_code,status');
    expect(new URL(calls[2].url).pathname).toBe(`/v21.0/${ig.remoteId}/media_publish`);
    expect(new URL(calls[2].url).searchParams.get('creation_id')).toBe('17889455560051444');
    expect(new Headers(calls[2].init.headers).get('authorization')).toBe('Bearer EAApage');
  });

  it('a carousel: item containers, then the carousel naming them; a reel and a story have their media types', async () => {
    const carousel = answeringInTurn({ body: { id: 'c1' } }, { body: { id: 'c2' } }, { body: { id: 'top' } });
    await createInstagramAdapter(settings, carousel.fetchFn, () => at).publish(grant, {
      account: ig,
      format: 'post',
      text: 'Two',
      media: [photo(), clip],
    });
    expect(carousel.calls.map(bodyOf)).toEqual([
      { is_carousel_item: true, image_url: 'https://cdn.example/a.jpg' },
      { is_carousel_item: true, media_type: 'VIDEO', video_url: 'https://cdn.example/c.mp4' },
      { media_type: 'CAROUSEL', children: 'c1,c2', caption: 'Two' },
    ]);
    const reel = answering(200, { id: 'r' });
    await createInstagramAdapter(settings, reel.fetchFn, () => at).publish(grant, {
      account: ig,
      format: 'reel',
      text: 'R',
      media: [clip],
    });
    expect(bodyOf(reel.calls[0])).toEqual({ media_type: 'REELS', video_url: clip.url, share_to_feed: true, caption: 'R' });
    const story = answering(200, { id: 's' });
    await createInstagramAdapter(settings, story.fetchFn, () => at).publish(grant, {
      account: ig,
      format: 'story',
      text: 'not sent',
      media: [photo()],
    });
    expect(bodyOf(story.calls[0])).toEqual({ media_type: 'STORIES', image_url: 'https://cdn.example/a.jpg' });
  });

  it('IN_PROGRESS is still processing; ERROR is permanent with the status words; EXPIRED is permanent', async () => {
    const ticket = Buffer.from(JSON.stringify({ c: '1788' })).toString('base64url');
    const inProgress = answering(200, { status_code: 'IN_PROGRESS', status: 'In Progress' });
    expect(await createInstagramAdapter(settings, inProgress.fetchFn, () => at).publishStatus(grant, ig, ticket)).toMatchObject({
      state: 'processing',
      ticket,
    });
    const error = answering(200, { status_code: 'ERROR', status: 'Error: Unsupported video format (2207026)' });
    const err = await networkFailure(createInstagramAdapter(settings, error.fetchFn, () => at).publishStatus(grant, ig, ticket));
    expect(err.kind).toBe('permanent');
    expect(err.reason).toBe('Instagram could not process the media: Unsupported video format (2207026)');
    const expired = answering(200, { status_code: 'EXPIRED' });
    expect(
      (await networkFailure(createInstagramAdapter(settings, expired.fetchFn, () => at).publishStatus(grant, ig, ticket))).kind,
    ).toBe('permanent');
    const garbled = await networkFailure(
      createInstagramAdapter(settings, error.fetchFn, () => at).publishStatus(grant, ig, '!!'),
    );
    expect(garbled.kind).toBe('permanent');
  });

  it("publish errors are classified: 190 reconnect, a refused media permanent with Instagram's words, 5xx retry", async () => {
    const request: TPublishRequest = { account: ig, format: 'post', text: 'x', media: [photo()] };
    const expired = answering(400, graphError(190, 'Error validating access token', { error_subcode: 463 }));
    expect((await networkFailure(createInstagramAdapter(settings, expired.fetchFn, () => at).publish(grant, request))).kind).toBe(
      'reconnect',
    );
    const refused = answering(
      400,
      graphError(9004, "Media download has failed. The media URI doesn't meet our requirements.", {
        error_subcode: 2207052,
        error_user_msg: 'The media could not be fetched from this URI.',
      }),
    );
    const err = await networkFailure(createInstagramAdapter(settings, refused.fetchFn, () => at).publish(grant, request));
    expect(err).toMatchObject({ kind: 'permanent', reason: 'The media could not be fetched from this URI.' });
    expect(err.details.code).toBe('9004/2207052');
    const down = answering(503, graphError(2, 'Service temporarily unavailable'));
    expect((await networkFailure(createInstagramAdapter(settings, down.fetchFn, () => at).publish(grant, request))).kind).toBe(
      'retry',
    );
  });

  it('insights are read by name (saved as saves, replies as comments); too few viewers (#10) is permanent', async () => {
    const { fetchFn, calls } = answering(200, {
      data: ['views', 'reach', 'saved', 'likes', 'comments', 'shares'].map((name, i) => ({
        name,
        period: 'lifetime',
        values: [{ value: (i + 1) * 10 }],
        id: `m/insights/${name}/lifetime`,
      })),
    });
    expect(await createInstagramAdapter(settings, fetchFn, () => at).analytics(grant, ig, 'm', 'post')).toEqual({
      views: 10,
      reach: 20,
      saves: 30,
      likes: 40,
      comments: 50,
      shares: 60,
    });
    expect(new URL(calls[0].url).searchParams.get('metric')).toBe('views,reach,saved,likes,comments,shares');
    const few = answering(400, graphError(10, '(#10) Not enough viewers for the media to show insights'));
    const err = await networkFailure(createInstagramAdapter(settings, few.fetchFn, () => at).analytics(grant, ig, 's', 'story'));
    expect(err).toMatchObject({ kind: 'permanent', reason: 'Not enough viewers for insights yet' });
    expect(new URL(few.calls[0].url).searchParams.get('metric')).toBe('views,reach,replies,shares');
  });

  it('recent posts come from the media and the stories, newest first', async () => {
    const { fetchFn } = answeringInTurn(
      {
        body: {
          data: [{ id: '1', caption: 'old', timestamp: '2026-05-30T10:00:00+0000', permalink: 'https://www.instagram.com/p/a/' }],
        },
      },
      {
        body: { data: [{ id: '2', timestamp: '2026-06-01T10:00:00+0000', permalink: 'https://www.instagram.com/stories/x/2/' }] },
      },
    );
    expect(await createInstagramAdapter(settings, fetchFn, () => at).recentPosts(grant, ig, 5)).toEqual([
      { postId: '2', text: '', createdAt: new Date('2026-06-01T10:00:00Z'), url: 'https://www.instagram.com/stories/x/2/' },
      { postId: '1', text: 'old', createdAt: new Date('2026-05-30T10:00:00Z'), url: 'https://www.instagram.com/p/a/' },
    ]);
  });

  it('the preflight names every issue in plain words', () => {
    expect(instagramPostIssues({ account: ig, format: 'post', text: 'ok', media: [photo()] })).toEqual([]);
    expect(instagramPostIssues({ account: ig, format: 'post', text: 'x'.repeat(2300), media: [] })).toEqual([
      'Instagram allows 2200 characters; this post has 2300',
      'Instagram needs a photo or a video; a post cannot be text only',
    ]);
  });
});

describe("the Facebook adapter publishes with Graph's documented answers", () => {
  const fb = (fetchFn: typeof fetch) => createFacebookAdapter(settings, fetchFn, () => at);

  it('text goes to the feed; one photo is published with its caption and answers its post id', async () => {
    const text = answering(200, { id: '1122334455_998877' });
    expect(await fb(text.fetchFn).publish(grant, { account: page, format: 'post', text: 'Hi', media: [] })).toEqual({
      state: 'published',
      postId: '1122334455_998877',
      url: 'https://www.facebook.com/1122334455/posts/998877',
    });
    expect(path(text.calls[0])).toBe('/v21.0/1122334455/feed');
    expect(bodyOf(text.calls[0])).toEqual({ message: 'Hi' });
    const one = answering(200, { id: '5550001', post_id: '1122334455_998878' });
    expect(await fb(one.fetchFn).publish(grant, { account: page, format: 'post', text: 'Pic', media: [photo()] })).toMatchObject({
      postId: '1122334455_998878',
    });
    expect(path(one.calls[0])).toBe('/v21.0/1122334455/photos');
    expect(bodyOf(one.calls[0])).toEqual({ url: 'https://cdn.example/a.jpg', caption: 'Pic' });
  });

  it('several photos: each unpublished, then one feed post attaching them', async () => {
    const { fetchFn, calls } = answeringInTurn({ body: { id: 'p1' } }, { body: { id: 'p2' } }, { body: { id: '1122334455_7' } });
    const state = await fb(fetchFn).publish(grant, {
      account: page,
      format: 'post',
      text: 'Album',
      media: [photo(), photo('https://cdn.example/b.jpg')],
    });
    expect(state).toMatchObject({ state: 'published', postId: '1122334455_7' });
    expect(calls.map(bodyOf)).toEqual([
      { url: 'https://cdn.example/a.jpg', published: false },
      { url: 'https://cdn.example/b.jpg', published: false },
      { message: 'Album', attached_media: [{ media_fbid: 'p1' }, { media_fbid: 'p2' }] },
    ]);
  });

  it('a video is processing until status.video_status is ready; an error is permanent with its words', async () => {
    const started = answering(200, { id: '777' });
    const state = await fb(started.fetchFn).publish(grant, { account: page, format: 'post', text: 'V', media: [clip] });
    expect(bodyOf(started.calls[0])).toEqual({ file_url: clip.url, description: 'V' });
    if (state.state !== 'processing') throw new Error('expected processing');
    const processing = answering(200, { id: '777', status: { video_status: 'processing', processing_progress: 40 } });
    expect((await fb(processing.fetchFn).publishStatus(grant, page, state.ticket)).state).toBe('processing');
    const ready = answering(200, { id: '777', status: { video_status: 'ready' }, permalink_url: '/1122334455/videos/777/' });
    expect(await fb(ready.fetchFn).publishStatus(grant, page, state.ticket)).toEqual({
      state: 'published',
      postId: '1122334455_777',
      url: 'https://www.facebook.com/1122334455/videos/777/',
    });
    const failed = answering(200, {
      id: '777',
      status: { video_status: 'error', processing_phase: { status: 'error', errors: [{ code: 1363008, message: 'Bad codec' }] } },
    });
    const err = await networkFailure(fb(failed.fetchFn).publishStatus(grant, page, state.ticket));
    expect(err).toMatchObject({ kind: 'permanent', reason: 'Facebook could not process the video: Bad codec' });
  });

  it('a reel: start, the file by address to rupload, finish; an upload address elsewhere is never sent the token', async () => {
    const { fetchFn, calls } = answeringInTurn(
      { body: { video_id: '888', upload_url: 'https://rupload.facebook.com/video-upload/v21.0/888' } },
      { body: { success: true } },
      { body: { success: true } },
    );
    const state = await fb(fetchFn).publish(grant, { account: page, format: 'reel', text: 'Reel', media: [clip] });
    expect(state.state).toBe('processing');
    expect(new URL(calls[0].url).searchParams.get('upload_phase')).toBe('start');
    expect(calls[1].url).toBe('https://rupload.facebook.com/video-upload/v21.0/888');
    const h = new Headers(calls[1].init.headers);
    expect(h.get('authorization')).toBe('OAuth EAApage');
    expect(h.get('file_url')).toBe(clip.url);
    expect(Object.fromEntries(new URL(calls[2].url).searchParams)).toEqual({
      upload_phase: 'finish',
      video_id: '888',
      video_state: 'PUBLISHED',
      description: 'Reel',
    });
    const elsewhere = answering(200, { video_id: '9', upload_url: 'https://evil.example/up' });
    const err = await networkFailure(
      fb(elsewhere.fetchFn).publish(grant, { account: page, format: 'reel', text: 'R', media: [clip] }),
    );
    expect(err.kind).toBe('permanent');
    expect(elsewhere.calls).toHaveLength(1);
  });

  it('a story: an unpublished photo, then photo_stories answering the post id', async () => {
    const { fetchFn, calls } = answeringInTurn({ body: { id: 'p9' } }, { body: { success: true, post_id: '1122334455_42' } });
    expect(await fb(fetchFn).publish(grant, { account: page, format: 'story', text: '', media: [photo()] })).toEqual({
      state: 'published',
      postId: '1122334455_42',
      url: null,
    });
    expect(path(calls[1])).toBe('/v21.0/1122334455/photo_stories');
    expect(bodyOf(calls[1])).toEqual({ photo_id: 'p9' });
  });

  it('analytics: reactions, comments and shares from the post; unique media views and clicks from insights', async () => {
    const { fetchFn, calls } = answeringInTurn(
      {
        body: {
          id: '1122334455_7',
          reactions: { data: [], summary: { total_count: 12 } },
          comments: { data: [], summary: { total_count: 3 } },
          shares: { count: 2 },
        },
      },
      {
        body: {
          data: [
            { name: 'post_total_media_view_unique', period: 'lifetime', values: [{ value: 340 }] },
            { name: 'post_clicks', period: 'lifetime', values: [{ value: 17 }] },
          ],
        },
      },
    );
    expect(await fb(fetchFn).analytics(grant, page, '1122334455_7', 'post')).toEqual({
      likes: 12,
      comments: 3,
      shares: 2,
      views: 340,
      clicks: 17,
    });
    expect(new URL(calls[0].url).searchParams.get('fields')).toBe(
      'reactions.summary(total_count),comments.summary(total_count),shares',
    );
    expect(new URL(calls[1].url).searchParams.get('metric')).toBe('post_total_media_view_unique,post_clicks');
  });

  it('publish errors are classified: rate limit waits, posting too fast is permanent in its words', async () => {
    const request: TPublishRequest = { account: page, format: 'post', text: 'x', media: [] };
    const limited = answering(400, graphError(32, '(#32) Page request limit reached'));
    const err = await networkFailure(fb(limited.fetchFn).publish(grant, request));
    expect(err.kind).toBe('rate_limited');
    expect(err.retryAt?.getTime()).toBe(at.getTime() + 3600_000);
    const fast = answering(
      400,
      graphError(368, 'The action attempted has been deemed abusive', {
        error_subcode: 1390008,
        error_user_msg: 'You are posting too fast. Slow down.',
      }),
    );
    expect(await networkFailure(fb(fast.fetchFn).publish(grant, request))).toMatchObject({
      kind: 'permanent',
      reason: 'You are posting too fast. Slow down.',
    });
  });

  it('the preflight allows text only and names the issues of a reel and a story', () => {
    expect(facebookPostIssues({ account: page, format: 'post', text: 'words', media: [] })).toEqual([]);
    expect(facebookPostIssues({ account: page, format: 'story', text: '', media: [photo(), photo()] })).toEqual([
      'A Facebook story from Virality is one photo',
    ]);
  });
});

/**
 * A fetch answering Graph lists: each call to a path ending in one of `lists`' keys takes that list's next answer
 * (the last one again once they run out), recording every address asked.
 */
function listing(lists: Record<string, unknown[]>) {
  const asked: URL[] = [];
  const taken: Record<string, number> = {};
  const fetchFn = (async (url: string) => {
    const u = new URL(url);
    asked.push(u);
    const edge = Object.keys(lists).find((k) => u.pathname.endsWith(k)) ?? '';
    const answers = lists[edge] ?? [{ data: [] }];
    const n = taken[edge] ?? 0;
    taken[edge] = n + 1;
    return new Response(JSON.stringify(answers[Math.min(n, answers.length - 1)]), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  }) as unknown as typeof fetch;
  const on = (edge: string) => asked.filter((u) => u.pathname.endsWith(edge));
  return { fetchFn, asked, on };
}
const next = (edge: string, after: string) => `https://graph.facebook.com/v21.0${edge}?limit=100&after=${after}`;
/** A Graph timestamp `minutes` after `at`. */
const minutesOn = (minutes: number) => new Date(at.getTime() + minutes * 60_000).toISOString().replace(/\.\d{3}Z$/, '+0000');

describe('postsSince reads an account back to a moment through Graph paging', () => {
  const since = new Date(at.getTime() - 60 * 60_000);
  const sinceSeconds = String(Math.floor(since.getTime() / 1000));

  it("Facebook: the page's posts since the moment (unix seconds, 100 an answer) through paging.next, and its stories until past it", async () => {
    const posts = '/1122334455/posts';
    const stories = '/1122334455/stories';
    const { fetchFn, on } = listing({
      [posts]: [
        { data: [{ id: '1122334455_3', message: 'three', created_time: minutesOn(-1) }], paging: { next: next(posts, 'A') } },
        {
          data: [
            { id: '1122334455_2', message: 'two', created_time: minutesOn(-30), permalink_url: 'https://www.facebook.com/p/2' },
          ],
        },
      ],
      [stories]: [
        {
          data: [{ post_id: '1122334455_9', creation_time: String(Math.floor(at.getTime() / 1000) - 120) }],
          paging: { next: next(stories, 'S') },
        },
        {
          data: [{ post_id: '1122334455_8', creation_time: String(Math.floor(since.getTime() / 1000) - 60) }],
          paging: { next: next(stories, 'T') },
        },
      ],
    });
    const found = await createFacebookAdapter(settings, fetchFn, () => at).postsSince(grant, page, since);
    expect(found).toEqual({
      posts: [
        { postId: '1122334455_3', text: 'three', createdAt: new Date(minutesOn(-1).replace('+0000', 'Z')), url: null },
        { postId: '1122334455_9', text: '', createdAt: new Date(at.getTime() - 120_000), url: null },
        {
          postId: '1122334455_2',
          text: 'two',
          createdAt: new Date(minutesOn(-30).replace('+0000', 'Z')),
          url: 'https://www.facebook.com/p/2',
        },
      ],
      complete: true,
    });
    const [first, second] = on(posts);
    expect(Object.fromEntries(first.searchParams)).toEqual({
      fields: 'id,message,created_time,permalink_url',
      limit: '100',
      since: sinceSeconds,
    });
    expect(second.searchParams.get('after')).toBe('A');
    // the stories were read until one older than the moment: not further
    expect(on(stories)).toHaveLength(2);
  });

  it(`is not complete when ${POSTS_SINCE_MAX_PAGES} answers still lead on, or a next link leaves the API host`, async () => {
    const posts = '/1122334455/posts';
    const endless = listing({
      [posts]: [{ data: [{ id: '1122334455_1', created_time: minutesOn(-1) }], paging: { next: next(posts, 'more') } }],
    });
    const found = await createFacebookAdapter(settings, endless.fetchFn, () => at).postsSince(grant, page, since);
    expect(found.complete).toBe(false);
    expect(endless.on(posts)).toHaveLength(POSTS_SINCE_MAX_PAGES);
    expect(found.posts).toHaveLength(1);

    const elsewhere = listing({
      [posts]: [{ data: [], paging: { next: 'https://evil.example/v21.0/1122334455/posts?after=x' } }],
    });
    const cut = await createFacebookAdapter(settings, elsewhere.fetchFn, () => at).postsSince(grant, page, since);
    expect(cut.complete).toBe(false);
    expect(elsewhere.asked.every((u) => u.origin === 'https://graph.facebook.com')).toBe(true);
  });

  it('Facebook: a list that ends having listed the ~600 posts Facebook shows of a page, none before the moment, is not complete', async () => {
    const posts = '/1122334455/posts';
    const full = (n: number) =>
      Array.from({ length: 100 }, (_, i) => ({ id: `1122334455_${n * 100 + i}`, created_time: minutesOn(-1) }));
    const answers = Array.from({ length: 6 }, (_, n) => ({
      data: full(n),
      ...(n < 5 ? { paging: { next: next(posts, `p${n}`) } } : {}),
    }));
    const six = listing({ [posts]: answers });
    const found = await createFacebookAdapter(settings, six.fetchFn, () => at).postsSince(grant, page, since);
    expect(found.posts).toHaveLength(600);
    expect(found.complete).toBe(false);
    const five = listing({ [posts]: answers.slice(1) });
    expect((await createFacebookAdapter(settings, five.fetchFn, () => at).postsSince(grant, page, since)).complete).toBe(true);
  });

  it('Instagram: the media since the moment (unix seconds, 100 an answer) and the live stories, each once, newest first', async () => {
    const media = `/${ig.remoteId}/media`;
    const stories = `/${ig.remoteId}/stories`;
    const { fetchFn, on } = listing({
      [media]: [
        {
          data: [{ id: 'm2', caption: 'two', timestamp: minutesOn(-2), permalink: 'https://www.instagram.com/p/b/' }],
          paging: { next: next(media, 'M') },
        },
        // a page that moved under the reader repeats a post
        {
          data: [
            { id: 'm2', caption: 'two', timestamp: minutesOn(-2) },
            { id: 'm1', caption: 'one', timestamp: minutesOn(-50) },
          ],
        },
      ],
      [stories]: [{ data: [{ id: 's1', timestamp: minutesOn(-5), permalink: 'https://www.instagram.com/stories/x/s1/' }] }],
    });
    const found = await createInstagramAdapter(settings, fetchFn, () => at).postsSince(grant, ig, since);
    expect(found.complete).toBe(true);
    expect(found.posts.map((p) => [p.postId, p.text])).toEqual([
      ['m2', 'two'],
      ['s1', ''],
      ['m1', 'one'],
    ]);
    expect(Object.fromEntries(on(media)[0].searchParams)).toEqual({
      fields: 'id,caption,timestamp,permalink',
      limit: '100',
      since: sinceSeconds,
    });
    expect(on(stories)[0].searchParams.get('since')).toBeNull();
  });

  it('Instagram: from further back than the 24 hours a story is listed, the answer is not complete', async () => {
    const { fetchFn } = listing({});
    const adapter = createInstagramAdapter(settings, fetchFn, () => at);
    expect((await adapter.postsSince(grant, ig, new Date(at.getTime() - 23 * 3600_000))).complete).toBe(true);
    expect(await adapter.postsSince(grant, ig, new Date(at.getTime() - 25 * 3600_000))).toEqual({ posts: [], complete: false });
  });

  it('a failed answer fails the whole read, classified as any Graph failure', async () => {
    const { fetchFn } = answering(500, { error: { message: 'down', code: 2, is_transient: true } });
    expect((await networkFailure(createFacebookAdapter(settings, fetchFn, () => at).postsSince(grant, page, since))).kind).toBe(
      'retry',
    );
  });
});
