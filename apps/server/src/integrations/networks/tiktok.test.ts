import { describe, expect, it } from 'vitest';
import { answering, networkFailure } from './test-kit';
import { createTikTokAdapter, tiktokPostIssues } from './tiktok';
import type { TGrant, TPublishMedia, TPublishRequest } from './types';

const settings = {
  clientId: 'ck',
  clientSecret: 'cs',
  authBase: 'https://www.tiktok.com',
  apiBase: 'https://open.tiktokapis.com',
  redirectUri: 'https://app.example/social/return',
  sandbox: false,
};
const at = new Date('2026-06-01T12:00:00Z');
const grant: TGrant = {
  accessToken: 'act',
  refreshToken: 'rft',
  tokenSecret: null,
  accessExpiresAt: null,
  refreshExpiresAt: null,
  scopes: [],
};

describe("the TikTok adapter reads TikTok's documented answers", () => {
  it('the consent address asks for the scopes with state and PKCE', async () => {
    const a = createTikTokAdapter(settings, answering(200, {}).fetchFn);
    const { url, secret } = await a.authorize({ state: 'st' });
    const u = new URL(url);
    expect(u.origin + u.pathname).toBe('https://www.tiktok.com/v2/auth/authorize/');
    expect(u.searchParams.get('client_key')).toBe('ck');
    expect(u.searchParams.get('scope')).toContain('video.publish');
    expect(u.searchParams.get('state')).toBe('st');
    expect(u.searchParams.get('code_challenge')).toBeTruthy();
    expect(secret).toBeTruthy();
  });

  it('a code becomes tokens with their lifetimes (POST /v2/oauth/token/, form-encoded, with the verifier)', async () => {
    const { fetchFn, calls } = answering(200, {
      open_id: 'oid',
      scope: 'user.info.basic,video.publish',
      access_token: 'act.1',
      expires_in: 86400,
      refresh_token: 'rft.1',
      refresh_expires_in: 31536000,
      token_type: 'Bearer',
    });
    const g = await createTikTokAdapter(settings, fetchFn).exchange(
      { code: 'c', oauthToken: null, oauthVerifier: null },
      'verifier',
      at,
    );
    expect(g).toMatchObject({ accessToken: 'act.1', refreshToken: 'rft.1', scopes: ['user.info.basic', 'video.publish'] });
    expect(g.accessExpiresAt?.toISOString()).toBe('2026-06-02T12:00:00.000Z');
    expect(calls[0].url).toBe('https://open.tiktokapis.com/v2/oauth/token/');
    const sent = new URLSearchParams(String(calls[0].init.body));
    expect(sent.get('code_verifier')).toBe('verifier');
    expect(sent.get('grant_type')).toBe('authorization_code');
  });

  it('a dead refresh token (invalid_grant) means the user must reconnect', async () => {
    const { fetchFn } = answering(400, {
      error: 'invalid_grant',
      error_description: 'Refresh token is invalid or expired.',
      log_id: 'x',
    });
    const err = await networkFailure(createTikTokAdapter(settings, fetchFn).refresh(grant, at));
    expect(err.kind).toBe('reconnect');
  });

  it('an expired access token (access_token_invalid, 401) means reconnect unless renewed', async () => {
    const { fetchFn } = answering(401, {
      error: { code: 'access_token_invalid', message: 'The access token is invalid', log_id: 'x' },
    });
    expect((await networkFailure(createTikTokAdapter(settings, fetchFn).discover(grant))).kind).toBe('reconnect');
  });

  it('a missing permission (scope_not_authorized) means reconnect, in plain words', async () => {
    const { fetchFn } = answering(200, { data: {}, error: { code: 'scope_not_authorized', message: 'no', log_id: 'x' } });
    const err = await networkFailure(createTikTokAdapter(settings, fetchFn).privacyOptions(grant));
    expect(err.kind).toBe('reconnect');
    expect(err.reason).toMatch(/permission/);
  });

  it('a rate limit says until when (x-ratelimit-reset)', async () => {
    const reset = Math.floor(at.getTime() / 1000) + 300;
    const { fetchFn } = answering(
      429,
      { error: { code: 'rate_limit_exceeded', message: 'slow down', log_id: 'x' } },
      { 'x-ratelimit-reset': String(reset) },
    );
    const err = await networkFailure(createTikTokAdapter(settings, fetchFn, () => at).discover(grant));
    expect(err.kind).toBe('rate_limited');
    expect(err.retryAt?.getTime()).toBe(reset * 1000);
  });

  it('a 5xx and a timeout are passing failures (retry), never reconnect', async () => {
    expect((await networkFailure(createTikTokAdapter(settings, answering(502, {}).fetchFn).discover(grant))).kind).toBe('retry');
    const timingOut = (async () => {
      throw Object.assign(new Error('timed out'), { name: 'TimeoutError' });
    }) as unknown as typeof fetch;
    const err = await networkFailure(createTikTokAdapter(settings, timingOut).discover(grant));
    expect(err.kind).toBe('retry');
    expect(err.reason).toMatch(/in time/);
  });

  it('error.code is read even with HTTP 200 (TikTok answers some failures with 200)', async () => {
    const { fetchFn } = answering(200, { data: {}, error: { code: 'invalid_params', message: 'bad', log_id: 'x' } });
    expect((await networkFailure(createTikTokAdapter(settings, fetchFn).discover(grant))).kind).toBe('permanent');
  });

  it('the profile comes from /v2/user/info/ (open_id, username, avatar)', async () => {
    const { fetchFn, calls } = answering(200, {
      data: { user: { open_id: 'oid', username: 'ava', display_name: 'Ava', avatar_url: 'https://p16.tiktokcdn.com/a.jpg' } },
      error: { code: 'ok', message: '', log_id: 'x' },
    });
    const [p] = await createTikTokAdapter(settings, fetchFn).discover(grant);
    expect(p).toEqual({ remoteId: 'oid', kind: 'profile', userName: 'ava', pictureUrl: 'https://p16.tiktokcdn.com/a.jpg' });
    expect(calls[0].url).toContain('/v2/user/info/?fields=');
    expect(new Headers(calls[0].init.headers).get('authorization')).toBe('Bearer act');
  });
});

/** A fetch answering each call with the next of `answers` (status and JSON text), recording each request. */
function answeringInTurn(...answers: [number, string | object][]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchFn = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const [status, body] = answers[Math.min(calls.length - 1, answers.length - 1)];
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  }) as unknown as typeof fetch;
  return { fetchFn, calls };
}
const okAnswer = (data: unknown) => ({ data, error: { code: 'ok', message: '', log_id: 'x' } });
const creator = okAnswer({
  creator_username: 'ava',
  privacy_level_options: ['PUBLIC_TO_EVERYONE', 'SELF_ONLY'],
  max_video_post_duration_sec: 300,
});
const account = { remoteId: 'oid', kind: 'profile' as const };
const video: TPublishMedia = {
  url: 'https://cdn.example/clip.mp4',
  type: 'video',
  mimeType: 'video/mp4',
  bytes: 1000,
  width: 1080,
  height: 1920,
  durationSec: 30,
};
const image: TPublishMedia = {
  ...video,
  url: 'https://cdn.example/a.jpg',
  type: 'image',
  mimeType: 'image/jpeg',
  durationSec: null,
};
const req = (media: TPublishMedia[], more: Partial<TPublishRequest> = {}): TPublishRequest => ({
  account,
  format: 'post',
  text: 'Hello TikTok',
  media,
  privacy: 'PUBLIC_TO_EVERYONE',
  ...more,
});
const sent = (call: { init: RequestInit }) => JSON.parse(String(call.init.body));

describe('publishing to TikTok: the documented answers read, the errors classified', () => {
  it('a video: creator_info first, then video/init pulling from the address; the answer is processing with a ticket', async () => {
    const { fetchFn, calls } = answeringInTurn([200, creator], [200, okAnswer({ publish_id: 'v_pub_url~v2.1' })]);
    const state = await createTikTokAdapter(settings, fetchFn).publish(grant, req([video]));
    expect(state.state).toBe('processing');
    expect(calls.map((c) => c.url)).toEqual([
      'https://open.tiktokapis.com/v2/post/publish/creator_info/query/',
      'https://open.tiktokapis.com/v2/post/publish/video/init/',
    ]);
    expect(sent(calls[1])).toEqual({
      post_info: {
        title: 'Hello TikTok',
        privacy_level: 'PUBLIC_TO_EVERYONE',
        disable_comment: false,
        disable_duet: false,
        disable_stitch: false,
      },
      source_info: { source: 'PULL_FROM_URL', video_url: 'https://cdn.example/clip.mp4' },
    });
  });

  it('photos: content/init as a direct PHOTO post with the addresses and the first as cover', async () => {
    const { fetchFn, calls } = answeringInTurn([200, creator], [200, okAnswer({ publish_id: 'p_pub_url~v2.1' })]);
    const text = `${'a'.repeat(100)} more`;
    await createTikTokAdapter(settings, fetchFn).publish(
      grant,
      req([image, { ...image, url: 'https://cdn.example/b.jpg' }], { text }),
    );
    expect(calls[1].url).toBe('https://open.tiktokapis.com/v2/post/publish/content/init/');
    expect(sent(calls[1])).toEqual({
      post_info: { title: 'a'.repeat(90), description: text, privacy_level: 'PUBLIC_TO_EVERYONE' },
      source_info: {
        source: 'PULL_FROM_URL',
        photo_images: ['https://cdn.example/a.jpg', 'https://cdn.example/b.jpg'],
        photo_cover_index: 0,
      },
      post_mode: 'DIRECT_POST',
      media_type: 'PHOTO',
    });
  });

  it('a privacy level or a video length the creator does not offer is refused before the post starts', async () => {
    const first = answeringInTurn([200, creator]);
    const a = createTikTokAdapter(settings, first.fetchFn);
    const privacy = await networkFailure(a.publish(grant, req([video], { privacy: 'FOLLOWER_OF_CREATOR' })));
    expect(privacy.kind).toBe('permanent');
    expect(privacy.reason).toMatch(/PUBLIC_TO_EVERYONE, SELF_ONLY/);
    const long = await networkFailure(a.publish(grant, req([{ ...video, durationSec: 400 }])));
    expect(long.reason).toBe('this TikTok account may post videos up to 300 seconds; this one lasts 400');
    expect(first.calls).toHaveLength(2);
  });

  it('the checks before any call, in plain words', () => {
    expect(tiktokPostIssues(req([video]))).toEqual([]);
    expect(tiktokPostIssues(req([]))).toEqual(['TikTok needs a video or photos; a post cannot be text only']);
    expect(tiktokPostIssues(req([video], { privacy: null }))).toEqual(['TikTok needs a privacy level (who may see the post)']);
    expect(tiktokPostIssues(req([video], { format: 'story' }))[0]).toMatch(/does not offer a story/);
    expect(tiktokPostIssues(req([{ ...image, mimeType: 'image/png' }]))[0]).toMatch(/JPEG or WebP/);
    expect(tiktokPostIssues(req([{ ...image, width: 2000 }]))[0]).toMatch(/1080 pixels wide/);
    expect(tiktokPostIssues(req(Array.from({ length: 36 }, () => image)))[0]).toMatch(/35 photos/);
    expect(tiktokPostIssues(req([{ ...video, durationSec: 2 }]))[0]).toMatch(/at least 3 seconds/);
    expect(tiktokPostIssues(req([video, video]))[0]).toMatch(/1 video in one post/);
  });

  it('init errors: privacy_level_option_mismatch permanent, spam_risk_too_many_posts and 429 rate_limited, 5xx retry', async () => {
    const refuse = (status: number, code: string) =>
      createTikTokAdapter(
        settings,
        answeringInTurn([200, creator], [status, { error: { code, message: code, log_id: 'x' } }]).fetchFn,
        () => at,
      );
    expect((await networkFailure(refuse(400, 'privacy_level_option_mismatch').publish(grant, req([video])))).kind).toBe(
      'permanent',
    );
    const daily = await networkFailure(refuse(403, 'spam_risk_too_many_posts').publish(grant, req([video])));
    expect(daily.kind).toBe('rate_limited');
    expect(daily.retryAt!.getTime()).toBeGreaterThan(at.getTime());
    expect((await networkFailure(refuse(429, 'rate_limit_exceeded').publish(grant, req([video])))).kind).toBe('rate_limited');
    expect((await networkFailure(refuse(401, 'access_token_invalid').publish(grant, req([video])))).kind).toBe('reconnect');
    expect((await networkFailure(refuse(503, 'internal_error').publish(grant, req([video])))).kind).toBe('retry');
  });

  async function ticketOf() {
    const { fetchFn } = answeringInTurn([200, creator], [200, okAnswer({ publish_id: 'v_pub_url~v2.1' })]);
    const s = await createTikTokAdapter(settings, fetchFn).publish(grant, req([video]));
    if (s.state !== 'processing') throw new Error('expected processing');
    return s.ticket;
  }

  it('status/fetch: PROCESSING_DOWNLOAD is processing; PUBLISH_COMPLETE gives the public post id and its address', async () => {
    const ticket = await ticketOf();
    const processing = answeringInTurn([200, okAnswer({ status: 'PROCESSING_DOWNLOAD' })]);
    expect(await createTikTokAdapter(settings, processing.fetchFn).publishStatus(grant, account, ticket)).toMatchObject({
      state: 'processing',
      ticket,
    });
    expect(processing.calls[0].url).toBe('https://open.tiktokapis.com/v2/post/publish/status/fetch/');
    expect(sent(processing.calls[0])).toEqual({ publish_id: 'v_pub_url~v2.1' });
    const done = answeringInTurn([
      200,
      okAnswer({ status: 'PUBLISH_COMPLETE', publicaly_available_post_id: ['7311111111111111111'] }),
    ]);
    expect(await createTikTokAdapter(settings, done.fetchFn).publishStatus(grant, account, ticket)).toEqual({
      state: 'published',
      postId: '7311111111111111111',
      url: 'https://www.tiktok.com/@ava/video/7311111111111111111',
    });
  });

  it('an int64 post id (rounded by JSON reading) is read exactly from the creator’s list', async () => {
    const ticket = await ticketOf();
    const { fetchFn, calls } = answeringInTurn(
      [200, '{"data":{"status":"PUBLISH_COMPLETE","publicaly_available_post_id":[7311111111111111111]},"error":{"code":"ok"}}'],
      [200, okAnswer({ videos: [{ id: '7311111111111111999' }, { id: '7311111111111111111', title: 't', create_time: 1 }] })],
    );
    const state = await createTikTokAdapter(settings, fetchFn).publishStatus(grant, account, ticket);
    expect(state).toMatchObject({ state: 'published', postId: '7311111111111111111' });
    expect(calls[1].url).toContain('/v2/video/list/');
  });

  it('a private post without a public id is published under its publish id, without an address', async () => {
    const ticket = await ticketOf();
    const { fetchFn } = answeringInTurn([200, okAnswer({ status: 'PUBLISH_COMPLETE', publicaly_available_post_id: [] })]);
    expect(await createTikTokAdapter(settings, fetchFn).publishStatus(grant, account, ticket)).toEqual({
      state: 'published',
      postId: 'v_pub_url~v2.1',
      url: null,
    });
  });

  it('FAILED is permanent with the reason in plain words; an unreadable ticket too', async () => {
    const ticket = await ticketOf();
    const failed = (reason: string) =>
      networkFailure(
        createTikTokAdapter(
          settings,
          answeringInTurn([200, okAnswer({ status: 'FAILED', fail_reason: reason })]).fetchFn,
        ).publishStatus(grant, account, ticket),
      );
    const duration = await failed('duration_check_failed');
    expect(duration.kind).toBe('permanent');
    expect(duration.reason).toBe('TikTok refused the video: it is too short or too long');
    expect((await failed('picture_size_check_failed')).reason).toMatch(/size in pixels/);
    expect((await failed('something_new')).reason).toMatch(/something_new/);
    const bad = await networkFailure(
      createTikTokAdapter(settings, answering(200, {}).fetchFn).publishStatus(grant, account, 'nope'),
    );
    expect(bad.kind).toBe('permanent');
  });

  it('recent posts come from /v2/video/list/ (newest first, at most 20 asked for)', async () => {
    const { fetchFn, calls } = answering(
      200,
      okAnswer({
        videos: [
          {
            id: '73',
            title: 'T',
            video_description: 'Full caption',
            create_time: 1780000000,
            share_url: 'https://www.tiktok.com/@ava/video/73',
          },
        ],
        cursor: 0,
        has_more: false,
      }),
    );
    const posts = await createTikTokAdapter(settings, fetchFn).recentPosts(grant, account, 50);
    expect(posts).toEqual([
      { postId: '73', text: 'Full caption', createdAt: new Date(1780000000 * 1000), url: 'https://www.tiktok.com/@ava/video/73' },
    ]);
    expect(calls[0].url).toBe(
      'https://open.tiktokapis.com/v2/video/list/?fields=id,title,video_description,create_time,share_url',
    );
    expect(sent(calls[0])).toEqual({ max_count: 20 });
  });

  it('analytics come from /v2/video/query/ for the one video', async () => {
    const { fetchFn, calls } = answering(
      200,
      okAnswer({ videos: [{ id: '73', view_count: 900, like_count: 80, comment_count: 7, share_count: 3 }] }),
    );
    expect(await createTikTokAdapter(settings, fetchFn).analytics(grant, account, '73', 'post')).toEqual({
      views: 900,
      likes: 80,
      comments: 7,
      shares: 3,
    });
    expect(calls[0].url).toBe(
      'https://open.tiktokapis.com/v2/video/query/?fields=id,view_count,like_count,comment_count,share_count',
    );
    expect(sent(calls[0])).toEqual({ filters: { video_ids: ['73'] } });
    const gone = answering(200, okAnswer({ videos: [] }));
    expect((await networkFailure(createTikTokAdapter(settings, gone.fetchFn).analytics(grant, account, '73', 'post'))).kind).toBe(
      'permanent',
    );
  });

  it('profile figures come from /v2/user/info/ with the stats fields', async () => {
    const { fetchFn, calls } = answering(
      200,
      okAnswer({
        user: {
          open_id: 'oid',
          username: 'ava',
          avatar_url: 'https://p16.tiktokcdn.com/a.jpg',
          follower_count: 10,
          following_count: 2,
          likes_count: 300,
          video_count: 4,
        },
      }),
    );
    expect(await createTikTokAdapter(settings, fetchFn).profile(grant, account)).toEqual({
      userName: 'ava',
      pictureUrl: 'https://p16.tiktokcdn.com/a.jpg',
      followers: 10,
      following: 2,
      media: 4,
      subscribers: null,
      views: null,
      likes: 300,
    });
    expect(calls[0].url).toBe(
      'https://open.tiktokapis.com/v2/user/info/?fields=open_id,username,display_name,avatar_url,follower_count,following_count,likes_count,video_count',
    );
  });
});

describe('every post since a moment, from /v2/video/list/ page by page', () => {
  /** A creator's `count` posts, one a minute, the latest at `latest`; /v2/video/list/ answered from them by cursor. */
  function creatorList(count: number, latest = Date.parse('2026-06-01T12:00:00Z'), pageOf = (asked: number) => asked) {
    const all = Array.from({ length: count }, (_, i) => ({ id: `7${i}`, ms: latest - i * 60_000, text: `post ${i}` }));
    const calls: { url: string; body: { max_count?: number; cursor?: number } }[] = [];
    const fetchFn = (async (url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as { max_count?: number; cursor?: number };
      calls.push({ url, body });
      const from = all.filter((p) => body.cursor === undefined || p.ms < body.cursor);
      const page = from.slice(0, pageOf(body.max_count ?? 10));
      const data = {
        videos: page.map((p) => ({ id: p.id, video_description: p.text, create_time: Math.floor(p.ms / 1000) })),
        cursor: page.length ? page[page.length - 1].ms : (body.cursor ?? 0),
        has_more: from.length > page.length,
      };
      return new Response(JSON.stringify(okAnswer(data)), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch;
    return { all, calls, fetchFn };
  }

  it('pages back 20 at a time from the cursor TikTok gives, and stops at the page that reaches past `since`', async () => {
    const list = creatorList(100);
    const since = new Date(list.all[44].ms);
    const found = await createTikTokAdapter(settings, list.fetchFn).postsSince(grant, account, since);
    expect(found.complete).toBe(true);
    expect(found.posts.map((p) => p.postId)).toEqual(list.all.slice(0, 45).map((p) => p.id));
    expect(found.posts[44]).toEqual({ postId: '744', text: 'post 44', createdAt: new Date(list.all[44].ms), url: null });
    // three pages of 20: the third holds the post made at `since` and older ones, so no fourth is asked for
    expect(list.calls.map((c) => c.body)).toEqual([
      { max_count: 20 },
      { max_count: 20, cursor: list.all[19].ms },
      { max_count: 20, cursor: list.all[39].ms },
    ]);
    expect(list.calls[0].url).toBe(
      'https://open.tiktokapis.com/v2/video/list/?fields=id,title,video_description,create_time,share_url',
    );
  });

  it('the end of the list is complete, even before `since`; a page with fewer posts than asked goes on while has_more', async () => {
    const short = creatorList(5);
    const all = await createTikTokAdapter(settings, short.fetchFn).postsSince(grant, account, new Date(0));
    expect(all).toMatchObject({ complete: true });
    expect(all.posts).toHaveLength(5);
    // TikTok may give fewer than max_count while more follow
    const sparse = creatorList(30, undefined, () => 3);
    const every = await createTikTokAdapter(settings, sparse.fetchFn).postsSince(grant, account, new Date(0));
    expect(every.posts).toHaveLength(30);
    expect(every.complete).toBe(true);
    expect(sparse.calls).toHaveLength(10);
  });

  it('more than POSTS_SINCE_MAX_PAGES pages newer than `since` is not complete, after 20 listings', async () => {
    const list = creatorList(500);
    const found = await createTikTokAdapter(settings, list.fetchFn).postsSince(grant, account, new Date(list.all[450].ms));
    expect(found.complete).toBe(false);
    expect(found.posts).toHaveLength(400);
    expect(list.calls).toHaveLength(20);
    // a smaller page (a test's option) reaches the limit sooner
    const small = creatorList(30);
    const few = await createTikTokAdapter(settings, small.fetchFn, undefined, { pageSize: 1 }).postsSince(
      grant,
      account,
      new Date(small.all[25].ms),
    );
    expect(few).toMatchObject({ complete: false });
    expect(few.posts).toHaveLength(20);
  });

  it("TikTok gives times to the second: a post of since's own second is kept", async () => {
    const list = creatorList(3, Date.parse('2026-06-01T12:00:00Z'));
    const since = new Date(Date.parse('2026-06-01T11:58:00Z') + 400);
    const found = await createTikTokAdapter(settings, list.fetchFn).postsSince(grant, account, since);
    expect(found.posts.map((p) => p.postId)).toEqual(['70', '71', '72']);
  });

  it('has_more with a cursor that does not lead further back: what is older cannot be read, so not complete', async () => {
    const stuck = answering(
      200,
      okAnswer({ videos: [{ id: '71', create_time: 1780000000 }], cursor: 1780000000000, has_more: true }),
    );
    const found = await createTikTokAdapter(settings, stuck.fetchFn).postsSince(grant, account, new Date(0));
    expect(found).toMatchObject({ complete: false, posts: [{ postId: '71' }] });
    expect(stuck.calls).toHaveLength(2);
  });

  it('a failing listing fails the whole check (a passing failure is retry)', async () => {
    const { fetchFn } = answering(500, { error: { code: 'internal_error', message: 'x', log_id: 'x' } });
    expect((await networkFailure(createTikTokAdapter(settings, fetchFn).postsSince(grant, account, new Date(0)))).kind).toBe(
      'retry',
    );
  });
});
