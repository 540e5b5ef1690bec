import { NETWORK_LIMITS } from '@virality/domain';
import { describe, expect, it } from 'vitest';
import { answering, networkFailure } from './test-kit';
import type { TAccountRef, TGrant, TPublishRequest } from './types';
import { createYouTubeAdapter, nextPacificMidnight, youtubePostIssues } from './youtube';

const settings = {
  clientId: 'cid.apps.googleusercontent.com',
  clientSecret: 'csecret',
  authBase: 'https://accounts.google.com',
  apiBase: 'https://www.googleapis.com',
  redirectUri: 'https://app.example/social/return',
  sandbox: false,
};
const at = new Date('2026-06-01T12:00:00Z');
const grant: TGrant = {
  accessToken: 'ya29.act',
  refreshToken: '1//rft',
  tokenSecret: null,
  accessExpiresAt: null,
  refreshExpiresAt: null,
  scopes: [],
};
const account: TAccountRef = { remoteId: 'UCabc', kind: 'channel' };
const BYTES = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(20)]);
const SESSION = 'https://www.googleapis.com/upload/youtube/v3/videos?uploadType=resumable&upload_id=xa298sd_f';

const request = (over: Partial<TPublishRequest> = {}): TPublishRequest => ({
  account,
  format: 'post',
  text: 'How to fold a fitted sheet',
  media: [
    {
      url: 'https://cdn.example/v.mp4',
      type: 'video',
      mimeType: 'video/mp4',
      bytes: BYTES.length,
      width: 1080,
      height: 1920,
      durationSec: 42,
    },
  ],
  title: 'Fitted sheet, folded',
  categoryId: '26',
  ...over,
});

/** The Data API's error envelope, as YouTube sends it. */
const apiError = (code: number, reason: string, message: string, domain = 'global') => ({
  error: { code, message, errors: [{ message, domain, reason }] },
});

type TAnswer = { status: number; body?: unknown; bytes?: Buffer; headers?: Record<string, string> };
/** A fetch answering each call with the next answer in turn, recording what it was asked. */
function inTurn(...answers: TAnswer[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchFn = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const a = answers.shift();
    if (!a) throw new Error(`unexpected call ${url}`);
    const payload = a.bytes ?? (a.body === undefined ? null : JSON.stringify(a.body));
    return new Response(payload, {
      status: a.status,
      headers: a.bytes ? { 'content-type': 'video/mp4', ...a.headers } : { 'content-type': 'application/json', ...a.headers },
    });
  }) as unknown as typeof fetch;
  return { fetchFn, calls };
}
const media: TAnswer = { status: 200, bytes: BYTES };
const opened: TAnswer = { status: 200, headers: { location: SESSION } };
const uploaded = (status: Record<string, unknown> = { uploadStatus: 'uploaded', privacyStatus: 'public' }): TAnswer => ({
  status: 200,
  body: { kind: 'youtube#video', id: 'dQw4w9WgXcQ', snippet: { title: 'Fitted sheet, folded' }, status },
});
const ticketOf = (videoId: string) => Buffer.from(JSON.stringify({ videoId })).toString('base64url');

describe('youtubePostIssues: what YouTube would refuse, in plain words', () => {
  it('a titled video post passes; the limits are YouTube', () => {
    expect(youtubePostIssues(request())).toEqual([]);
    expect(createYouTubeAdapter(settings).limits).toBe(NETWORK_LIMITS.youtube);
  });

  it('a title is required, at most 100 characters, without < or >; the description at most 5000 bytes', () => {
    expect(youtubePostIssues(request({ title: '  ' }))).toEqual(['YouTube needs a title for the video']);
    expect(youtubePostIssues(request({ title: 'é'.repeat(100) }))).toEqual([]);
    expect(youtubePostIssues(request({ title: 'x'.repeat(101) }))).toEqual([
      'YouTube allows 100 characters in a title; this one has 101',
    ]);
    expect(youtubePostIssues(request({ title: 'a > b' }))).toEqual(['YouTube titles may not contain < or >']);
    expect(youtubePostIssues(request({ text: 'x'.repeat(5001) }))).toEqual([
      'YouTube allows 5000 bytes in a description; this one has 5001',
    ]);
  });

  it('stories and reels are not offered (a Short is an ordinary upload); one video, no photos, no text-only post', () => {
    expect(youtubePostIssues(request({ format: 'story' }))[0]).toMatch(/^YouTube takes a story as an ordinary video post/);
    expect(youtubePostIssues(request({ format: 'reel' }))[0]).toMatch(/becomes a Short by itself/);
    expect(youtubePostIssues(request({ media: [] }))).toEqual(['YouTube needs a video; a post cannot be text only']);
    const v = request().media[0];
    expect(youtubePostIssues(request({ media: [v, v] }))).toEqual(['YouTube takes 1 video per post; this post has 2']);
    expect(youtubePostIssues(request({ media: [{ ...v, type: 'image', mimeType: 'image/jpeg' }] }))).toContain(
      'YouTube takes videos only; this post has a photo',
    );
    expect(youtubePostIssues(request({ media: [{ ...v, durationSec: 13 * 3600 }] }))[0]).toMatch(/up to 12 hours/);
    expect(youtubePostIssues(request({ media: [{ ...v, bytes: 3 * 1024 ** 3 }] }))[0]).toMatch(/up to 2048 MB/);
  });
});

describe('publishing: a resumable upload, read from documented answers', () => {
  it('reads the bytes, opens a session with the metadata, PUTs the bytes: processing, with the video id in the ticket', async () => {
    const { fetchFn, calls } = inTurn(media, opened, uploaded());
    const state = await createYouTubeAdapter(settings, fetchFn, () => at).publish(grant, request({ categoryId: null }));
    expect(state).toEqual({ state: 'processing', ticket: ticketOf('dQw4w9WgXcQ'), checkAfterMs: 30_000 });
    expect(calls.map((c) => `${c.init.method} ${c.url}`)).toEqual([
      'GET https://cdn.example/v.mp4',
      'POST https://www.googleapis.com/upload/youtube/v3/videos?uploadType=resumable&part=snippet%2Cstatus',
      `PUT ${SESSION}`,
    ]);
    const open = new Headers(calls[1].init.headers);
    expect(open.get('authorization')).toBe('Bearer ya29.act');
    expect(open.get('x-upload-content-type')).toBe('video/mp4');
    expect(open.get('x-upload-content-length')).toBe(String(BYTES.length));
    expect(JSON.parse(String(calls[1].init.body))).toEqual({
      snippet: { title: 'Fitted sheet, folded', description: 'How to fold a fitted sheet', categoryId: '22' },
      status: { privacyStatus: 'public', selfDeclaredMadeForKids: false },
    });
    expect(new Headers(calls[2].init.headers).get('content-type')).toBe('video/mp4');
    expect(Buffer.from(calls[2].init.body as Uint8Array).equals(BYTES)).toBe(true);
  });

  it('an upload YouTube already answers as processed is published at once', async () => {
    const { fetchFn } = inTurn(media, opened, uploaded({ uploadStatus: 'processed' }));
    expect(await createYouTubeAdapter(settings, fetchFn, () => at).publish(grant, request())).toEqual({
      state: 'published',
      postId: 'dQw4w9WgXcQ',
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    });
  });

  it('a request over the limits is refused before any call', async () => {
    const { fetchFn, calls } = inTurn();
    const err = await networkFailure(createYouTubeAdapter(settings, fetchFn, () => at).publish(grant, request({ title: null })));
    expect(err.kind).toBe('permanent');
    expect(err.reason).toBe('YouTube needs a title for the video');
    expect(calls).toEqual([]);
  });

  it('a media file that cannot be read: permanent, and YouTube is not called', async () => {
    const { fetchFn, calls } = inTurn({ status: 404, body: 'gone' });
    const err = await networkFailure(createYouTubeAdapter(settings, fetchFn, () => at).publish(grant, request()));
    expect(err).toMatchObject({ kind: 'permanent', reason: 'the media file could not be read' });
    expect(calls).toHaveLength(1);
  });

  it("opening the session: 403 quotaExceeded waits for Pacific midnight, 401 is reconnect, invalidTitle is YouTube's words", async () => {
    const quota = inTurn(media, { status: 403, body: apiError(403, 'quotaExceeded', 'quota', 'youtube.quota') });
    const spent = await networkFailure(createYouTubeAdapter(settings, quota.fetchFn, () => at).publish(grant, request()));
    expect(spent.kind).toBe('rate_limited');
    expect(spent.retryAt).toEqual(nextPacificMidnight(at));

    const expired = inTurn(media, { status: 401, body: apiError(401, 'authError', 'Invalid Credentials') });
    expect((await networkFailure(createYouTubeAdapter(settings, expired.fetchFn, () => at).publish(grant, request()))).kind).toBe(
      'reconnect',
    );

    const title = inTurn(media, {
      status: 400,
      body: apiError(400, 'invalidTitle', 'The request metadata specifies an invalid or empty video title.', 'youtube.video'),
    });
    const refused = await networkFailure(createYouTubeAdapter(settings, title.fetchFn, () => at).publish(grant, request()));
    expect(refused).toMatchObject({
      kind: 'permanent',
      reason: 'The request metadata specifies an invalid or empty video title.',
    });
    expect(refused.details.code).toBe('invalidTitle');
  });

  it('400 uploadLimitExceeded: the channel uploaded too much for now, rate_limited', async () => {
    const { fetchFn } = inTurn(media, {
      status: 400,
      body: apiError(400, 'uploadLimitExceeded', 'The user has exceeded the number of videos they may upload.', 'youtube.video'),
    });
    const err = await networkFailure(createYouTubeAdapter(settings, fetchFn, () => at).publish(grant, request()));
    expect(err.kind).toBe('rate_limited');
    expect(err.retryAt!.getTime()).toBeGreaterThan(at.getTime());
  });

  it('a session answer without Location is permanent; a lapsed session (404) while the bytes go up is retry', async () => {
    const noLocation = inTurn(media, { status: 200 });
    expect(
      (await networkFailure(createYouTubeAdapter(settings, noLocation.fetchFn, () => at).publish(grant, request()))).kind,
    ).toBe('permanent');
    const lapsed = inTurn(media, opened, { status: 404, body: apiError(404, 'notFound', 'Not Found') });
    expect((await networkFailure(createYouTubeAdapter(settings, lapsed.fetchFn, () => at).publish(grant, request()))).kind).toBe(
      'retry',
    );
  });

  it('a chunk answered 503: YouTube is asked what it holds (bytes */total) and the rest of the chunk goes from there', async () => {
    const { fetchFn, calls } = inTurn(
      media,
      opened,
      { status: 503, body: apiError(503, 'backendError', 'Backend Error') },
      { status: 308, headers: { range: 'bytes=0-9' } },
      uploaded(),
    );
    const state = await createYouTubeAdapter(settings, fetchFn, () => at).publish(grant, request());
    expect(state).toMatchObject({ state: 'processing', ticket: ticketOf('dQw4w9WgXcQ') });
    const puts = calls.filter((c) => c.init.method === 'PUT').map((c) => new Headers(c.init.headers).get('content-range'));
    expect(puts).toEqual([
      `bytes 0-${BYTES.length - 1}/${BYTES.length}`,
      `bytes */${BYTES.length}`,
      `bytes 10-${BYTES.length - 1}/${BYTES.length}`,
    ]);
    expect(Buffer.from(calls[4].init.body as Uint8Array).equals(BYTES.subarray(10))).toBe(true);
  });

  it('a 308 on the last chunk (YouTube holds part of it) sends the rest; failing again and again gives up as retry', async () => {
    const partial = inTurn(media, opened, { status: 308, headers: { range: 'bytes=0-9' } }, uploaded());
    expect((await createYouTubeAdapter(settings, partial.fetchFn, () => at).publish(grant, request())).state).toBe('processing');
    expect(new Headers(partial.calls[3].init.headers).get('content-range')).toBe(`bytes 10-${BYTES.length - 1}/${BYTES.length}`);
    const down = { status: 503, body: apiError(503, 'backendError', 'Backend Error') };
    const held = { status: 308 };
    const failing = inTurn(media, opened, ...Array.from({ length: 6 }, () => [down, held]).flat());
    const err = await networkFailure(createYouTubeAdapter(settings, failing.fetchFn, () => at).publish(grant, request()));
    expect(err.kind).toBe('retry');
    // five times asked and resumed, then no more
    expect(failing.calls.filter((c) => c.init.method === 'PUT')).toHaveLength(11);
  });
});

describe('publishStatus: videos.list status and processingDetails', () => {
  const status = (item: Record<string, unknown> | null) =>
    answering(200, { kind: 'youtube#videoListResponse', items: item ? [{ id: 'vid1', ...item }] : [] });

  it('processed: published with its watch address; the call asks for status and processingDetails of the id', async () => {
    const { fetchFn, calls } = status({ status: { uploadStatus: 'processed' } });
    expect(await createYouTubeAdapter(settings, fetchFn, () => at).publishStatus(grant, account, ticketOf('vid1'))).toEqual({
      state: 'published',
      postId: 'vid1',
      url: 'https://www.youtube.com/watch?v=vid1',
    });
    const u = new URL(calls[0].url);
    expect(u.origin + u.pathname).toBe('https://www.googleapis.com/youtube/v3/videos');
    expect(Object.fromEntries(u.searchParams)).toEqual({ part: 'status,processingDetails', id: 'vid1' });
  });

  it('still processing: processing again, asking after the time YouTube says is left', async () => {
    const { fetchFn } = status({
      status: { uploadStatus: 'uploaded' },
      processingDetails: { processingStatus: 'processing', processingProgress: { timeLeftMs: '45000' } },
    });
    expect(await createYouTubeAdapter(settings, fetchFn, () => at).publishStatus(grant, account, ticketOf('vid1'))).toEqual({
      state: 'processing',
      ticket: ticketOf('vid1'),
      checkAfterMs: 45_000,
    });
  });

  it('failed, rejected or gone: permanent with the reason in plain words', async () => {
    const failed = status({ status: { uploadStatus: 'failed', failureReason: 'codec' } });
    const e1 = await networkFailure(
      createYouTubeAdapter(settings, failed.fetchFn).publishStatus(grant, account, ticketOf('vid1')),
    );
    expect(e1).toMatchObject({ kind: 'permanent', reason: "YouTube could not read the video: its codec isn't supported" });
    const rejected = status({ status: { uploadStatus: 'rejected', rejectionReason: 'duplicate' } });
    const e2 = await networkFailure(
      createYouTubeAdapter(settings, rejected.fetchFn).publishStatus(grant, account, ticketOf('vid1')),
    );
    expect(e2.reason).toMatch(/duplicate/);
    expect(e2.details.code).toBe('duplicate');
    const gone = status(null);
    expect(
      (await networkFailure(createYouTubeAdapter(settings, gone.fetchFn).publishStatus(grant, account, ticketOf('vid1')))).kind,
    ).toBe('permanent');
  });

  it('an unreadable ticket is permanent without a call', async () => {
    const { fetchFn, calls } = status(null);
    expect(
      (await networkFailure(createYouTubeAdapter(settings, fetchFn).publishStatus(grant, account, 'not a ticket'))).kind,
    ).toBe('permanent');
    expect(calls).toEqual([]);
  });
});

describe('recent videos, analytics and channel figures from documented answers', () => {
  it("recentPosts: the first page of the channel's uploads playlist; a video's text is its description, else its title", async () => {
    const uploads = channelUploads([
      { id: 'new', title: 'New title', description: '', at: '2026-05-30T10:00:00Z' },
      { id: 'old', title: 'Old', description: 'old one', at: '2026-05-01T10:00:00Z' },
    ]);
    const posts = await createYouTubeAdapter(settings, uploads.fetchFn, () => at).recentPosts(grant, account, 80);
    expect(posts).toEqual([
      {
        postId: 'new',
        text: 'New title',
        createdAt: new Date('2026-05-30T10:00:00Z'),
        url: 'https://www.youtube.com/watch?v=new',
      },
      { postId: 'old', text: 'old one', createdAt: new Date('2026-05-01T10:00:00Z'), url: 'https://www.youtube.com/watch?v=old' },
    ]);
    expect(uploads.calls.map((u) => [u.pathname, Object.fromEntries(u.searchParams)])).toEqual([
      ['/youtube/v3/channels', { part: 'contentDetails', mine: 'true' }],
      ['/youtube/v3/playlistItems', { part: 'snippet,contentDetails,status', playlistId: 'UUabc', maxResults: '50' }],
    ]);
  });

  it('analytics: statistics strings become views, likes and comments', async () => {
    const { fetchFn, calls } = answering(200, {
      items: [{ id: 'vid1', statistics: { viewCount: '1234', likeCount: '56', favoriteCount: '0', commentCount: '7' } }],
    });
    expect(await createYouTubeAdapter(settings, fetchFn).analytics(grant, account, 'vid1', 'post')).toEqual({
      views: 1234,
      likes: 56,
      comments: 7,
    });
    expect(Object.fromEntries(new URL(calls[0].url).searchParams)).toEqual({ part: 'statistics', id: 'vid1' });
    // likes hidden by the owner: YouTube leaves likeCount out
    const hidden = answering(200, { items: [{ id: 'vid1', statistics: { viewCount: '10', commentCount: '0' } }] });
    expect(await createYouTubeAdapter(settings, hidden.fetchFn).analytics(grant, account, 'vid1', 'post')).toEqual({
      views: 10,
      comments: 0,
    });
  });

  it('profile: channels by id; subscribers are followers too; a subscriber count left out gives none', async () => {
    const channelAnswer = (hiddenSubscriberCount: boolean) =>
      answering(200, {
        items: [
          {
            id: 'UCabc',
            snippet: {
              title: 'Ava Cooks',
              customUrl: '@avacooks',
              thumbnails: { default: { url: 'https://yt3.example/a.jpg' } },
            },
            statistics: {
              viewCount: '1000',
              ...(hiddenSubscriberCount ? {} : { subscriberCount: '250' }),
              hiddenSubscriberCount,
              videoCount: '12',
            },
          },
        ],
      });
    const shown = channelAnswer(false);
    expect(await createYouTubeAdapter(settings, shown.fetchFn).profile(grant, account)).toEqual({
      userName: 'avacooks',
      pictureUrl: 'https://yt3.example/a.jpg',
      followers: 250,
      following: null,
      media: 12,
      subscribers: 250,
      views: 1000,
      likes: null,
    });
    expect(Object.fromEntries(new URL(shown.calls[0].url).searchParams)).toEqual({ part: 'snippet,statistics', id: 'UCabc' });
    const hidden = await createYouTubeAdapter(settings, channelAnswer(true).fetchFn).profile(grant, account);
    expect(hidden).toMatchObject({ followers: null, subscribers: null, media: 12 });
    expect(
      (await networkFailure(createYouTubeAdapter(settings, answering(200, { items: [] }).fetchFn).profile(grant, account))).kind,
    ).toBe('permanent');
  });
});

/** A playlist item as playlistItems.list gives it (part=snippet,contentDetails). */
type TUpload = { id: string; title: string; description: string; at: string };
/**
 * YouTube's answers for the channel UCabc: channels.list gives its uploads playlist (UUabc), playlistItems.list that
 * playlist's `uploads` (newest first) `maxResults` at a time with page tokens. Records the URL of each call.
 */
function channelUploads(uploads: TUpload[]) {
  const calls: URL[] = [];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetchFn = (async (url: string) => {
    const u = new URL(url);
    calls.push(u);
    if (u.pathname === '/youtube/v3/channels')
      return json({
        kind: 'youtube#channelListResponse',
        items: [{ kind: 'youtube#channel', id: 'UCabc', contentDetails: { relatedPlaylists: { likes: '', uploads: 'UUabc' } } }],
      });
    if (u.pathname !== '/youtube/v3/playlistItems' || u.searchParams.get('playlistId') !== 'UUabc')
      return json({ error: { code: 404, message: 'Not Found', errors: [{ reason: 'playlistNotFound' }] } }, 404);
    const start = Number(u.searchParams.get('pageToken')?.replace('CAUQ', '') ?? 0);
    const max = Number(u.searchParams.get('maxResults') ?? 5);
    const page = uploads.slice(start, start + max);
    return json({
      kind: 'youtube#playlistItemListResponse',
      ...(start + max < uploads.length ? { nextPageToken: `CAUQ${start + max}` } : {}),
      pageInfo: { totalResults: uploads.length, resultsPerPage: max },
      items: page.map((v, i) => ({
        kind: 'youtube#playlistItem',
        id: `item${start + i}`,
        snippet: {
          publishedAt: v.at,
          channelId: 'UCabc',
          title: v.title,
          description: v.description,
          playlistId: 'UUabc',
          position: start + i,
          resourceId: { kind: 'youtube#video', videoId: v.id },
        },
        contentDetails: { videoId: v.id, videoPublishedAt: v.at },
      })),
    });
  }) as unknown as typeof fetch;
  return { calls, fetchFn };
}
/** `count` uploads, one an hour, the latest at noon on 1 June 2026. */
const hourly = (count: number): TUpload[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `v${i}`,
    title: `Video ${i}`,
    description: `about ${i}`,
    at: new Date(Date.parse('2026-06-01T12:00:00Z') - i * 3600_000).toISOString().replace('.000Z', 'Z'),
  }));

describe("every video since a moment, from the channel's uploads playlist page by page", () => {
  it('finds the uploads playlist once, pages 50 at a time with the page tokens, and stops at the page past `since`', async () => {
    const uploads = channelUploads(hourly(200));
    const since = new Date('2026-05-29T09:00:00Z');
    const found = await createYouTubeAdapter(settings, uploads.fetchFn, () => at).postsSince(grant, account, since);
    // 75 hours back from noon on 1 June: the videos v0 to v75
    expect(found.complete).toBe(true);
    expect(found.posts.map((p) => p.postId)).toEqual(hourly(76).map((v) => v.id));
    expect(found.posts[75]).toEqual({
      postId: 'v75',
      text: 'about 75',
      createdAt: since,
      url: 'https://www.youtube.com/watch?v=v75',
    });
    expect(uploads.calls.map((u) => `${u.pathname}?${u.searchParams}`)).toEqual([
      '/youtube/v3/channels?part=contentDetails&mine=true',
      '/youtube/v3/playlistItems?part=snippet%2CcontentDetails%2Cstatus&playlistId=UUabc&maxResults=50',
      '/youtube/v3/playlistItems?part=snippet%2CcontentDetails%2Cstatus&playlistId=UUabc&maxResults=50&pageToken=CAUQ50',
    ]);
  });

  it('the end of the playlist is complete; more than POSTS_SINCE_MAX_PAGES pages newer than `since` is not', async () => {
    const few = channelUploads(hourly(3));
    expect(await createYouTubeAdapter(settings, few.fetchFn).postsSince(grant, account, new Date(0))).toMatchObject({
      complete: true,
      posts: [{ postId: 'v0' }, { postId: 'v1' }, { postId: 'v2' }],
    });
    const many = channelUploads(hourly(1100));
    const found = await createYouTubeAdapter(settings, many.fetchFn).postsSince(grant, account, new Date(0));
    expect(found.complete).toBe(false);
    expect(found.posts).toHaveLength(1000);
    expect(many.calls.filter((u) => u.pathname.endsWith('/playlistItems'))).toHaveLength(20);
    // a smaller page (a test's option) reaches the limit sooner
    const small = channelUploads(hourly(25));
    const paged = await createYouTubeAdapter(settings, small.fetchFn, undefined, { pageSize: 1 }).postsSince(
      grant,
      account,
      new Date(0),
    );
    expect(paged).toMatchObject({ complete: false });
    expect(paged.posts).toHaveLength(20);
  });

  it("YouTube gives times to the second: a video of since's own second is kept", async () => {
    const uploads = channelUploads(hourly(3));
    const since = new Date(Date.parse('2026-06-01T10:00:00Z') + 700);
    const found = await createYouTubeAdapter(settings, uploads.fetchFn).postsSince(grant, account, since);
    expect(found.posts.map((p) => p.postId)).toEqual(['v0', 'v1', 'v2']);
    expect(found.complete).toBe(true);
  });

  it('a channel without an uploads playlist is permanent; a failing page fails the whole check', async () => {
    const none = answering(200, { kind: 'youtube#channelListResponse', items: [] });
    expect((await networkFailure(createYouTubeAdapter(settings, none.fetchFn).postsSince(grant, account, at))).kind).toBe(
      'permanent',
    );
    const down = answering(503, { error: { code: 503, message: 'Backend Error', errors: [{ reason: 'backendError' }] } });
    expect((await networkFailure(createYouTubeAdapter(settings, down.fetchFn).postsSince(grant, account, at))).kind).toBe(
      'retry',
    );
  });
});
