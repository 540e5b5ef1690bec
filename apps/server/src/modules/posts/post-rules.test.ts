import { randomBytes } from 'node:crypto';
import { POST_MSG, SOCIAL_MSG } from '@virality/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../../db/schema';
import { buildTestApp, buildUser, call, givePlan, type TTestApp } from '../../test/helpers';
import { jpegBytes, mp4Bytes, pngBytes } from '../../test/media-fixtures';
import { webpBytes } from '../media/media-test-kit';
import { linkAll, postBody, upload, uploadPhoto } from './posts-test-kit';

/**
 * Every rule of a post is the server's: a request that bypasses the browser gets the same message, and nothing
 * is written (no post, no job) when any check fails.
 */
let t: TTestApp;
let owner: { token: string; orgId: string };
let ids: Record<string, string>;
let photo: string;
beforeAll(async () => {
  t = await buildTestApp();
  const u = await buildUser(t, { profileType: 'BUSINESS' });
  owner = { token: u.token, orgId: u.user.orgId };
  ids = await linkAll(t, u.token, ['instagram', 'twitter', 'tiktok', 'youtube']);
  photo = await uploadPhoto(t, u.token);
});
afterAll(async () => t?.close());

const send = (body: unknown, path = 'single-post') =>
  call(t, 'POST', `/sph/social-media-manager/${path}/`, { token: owner.token, body });
const postCount = async () => (await t.database.db.select().from(posts).where(eq(posts.orgId, owner.orgId))).length;

describe('a post refused by a rule writes nothing', () => {
  it.each([
    [
      'an empty caption (white space only)',
      () => postBody('   ', [photo], [{ UserSocialMediaID: ids.twitter }]),
      POST_MSG.captionRequired,
    ],
    ['no account', () => postBody('Hello', [photo], []), POST_MSG.accountRequired],
    ['no media', () => postBody('Hello', [], [{ UserSocialMediaID: ids.twitter }]), POST_MSG.mediaRequired],
    [
      'a TikTok account without a privacy choice',
      () => postBody('Hello', [photo], [{ UserSocialMediaID: ids.tiktok }]),
      POST_MSG.tiktokPrivacyRequired,
    ],
    [
      'a story to X',
      () => postBody('Hello', [photo], [{ UserSocialMediaID: ids.twitter, IsStory: true }]),
      POST_MSG.storyNetworks,
    ],
    [
      "a caption longer than X's 280 characters",
      () => postBody('x'.repeat(281), [photo], [{ UserSocialMediaID: ids.twitter }]),
      'X allows 280 characters; this post has 281',
    ],
  ])('%s', async (_name, body, message) => {
    const before = await postCount();
    const res = await send(body());
    expect(res.status).toBe(400);
    expect(res.json.response_message).toBe(message);
    expect(await postCount()).toBe(before);
  });

  it('YouTube needs a video and a title', async () => {
    const video = await upload(t, owner.token, mp4Bytes(1280, 720, 12), 'clip.mp4', 'video/mp4');
    const noTitle = await send(postBody('A video', [video], [{ UserSocialMediaID: ids.youtube }]));
    expect(noTitle.status).toBe(400);
    expect(noTitle.json.response_message).toBe(POST_MSG.titleRequired);
    const photoToYoutube = await send(postBody('A photo', [photo], [{ UserSocialMediaID: ids.youtube }], { Title: 'T' }));
    expect(photoToYoutube.status).toBe(400);
    expect(photoToYoutube.json.response_message).toBe('YouTube takes videos only');
  });

  it('a multi-post needs 2 to 10 files; a single post one', async () => {
    const one = await send(postBody('Hello', [photo], [{ UserSocialMediaID: ids.twitter }]), 'multi-post');
    expect(one.json.response_message).toBe(POST_MSG.atLeastTwo);
    const second = await uploadPhoto(t, owner.token, 2);
    const two = await send(postBody('Hello', [photo, second], [{ UserSocialMediaID: ids.twitter }]));
    expect(two.json.response_message).toBe(POST_MSG.singleDrop);
    const eleven = await send(postBody('Hello', Array(11).fill(photo), [{ UserSocialMediaID: ids.twitter }]), 'multi-post');
    expect(eleven.json.response_message).toBe(POST_MSG.maxFiles);
  });

  it('an image outside 4:5 to 1.91:1 is refused, whatever the browser said', async () => {
    const tall = await upload(t, owner.token, jpegBytes(500, 1000), 'tall.jpg', 'image/jpeg');
    const res = await send(postBody('Tall', [tall], [{ UserSocialMediaID: ids.twitter }]));
    expect(res.status).toBe(400);
    expect(res.json.response_message).toBe(POST_MSG.imageAspect);
  });

  it("another organization's account or upload is not found, and nothing is written", async () => {
    const other = await buildUser(t, { profileType: 'BUSINESS' });
    const theirs = await linkAll(t, other.token, ['twitter']);
    const theirPhoto = await uploadPhoto(t, other.token, 3);
    const before = await postCount();
    const account = await send(postBody('Hello', [photo], [{ UserSocialMediaID: theirs.twitter }]));
    expect(account.status).toBe(404);
    expect(account.json.response_message).toBe(SOCIAL_MSG.accountNotFound);
    const media = await send(postBody('Hello', [theirPhoto], [{ UserSocialMediaID: ids.twitter }]));
    expect(media.status).toBe(400);
    expect(media.json.response_message).toBe(POST_MSG.uploadNotFound);
    const ids2 = await send({ ...postBody('Hello', [photo], [{ UserSocialMediaID: ids.twitter }]), UserID: other.user.id });
    expect(ids2.status).toBe(403);
    expect(await postCount()).toBe(before);
  });

  it('no session is a 401; a malformed body a 400', async () => {
    const anon = await call(t, 'POST', '/sph/social-media-manager/single-post/', { body: postBody('Hello', [photo], []) });
    expect(anon.status).toBe(401);
    const bad = await send({ MediaDetails: 'x' });
    expect(bad.status).toBe(400);
  });
});

describe('a photo the server converts for a network is taken, not refused (convert, do not refuse)', () => {
  it("a PNG and a WebP for Instagram, and a photo over Facebook's 4 MB, are taken: the post is written", async () => {
    const paying = await buildUser(t, { profileType: 'BUSINESS' });
    await givePlan(t, paying.user.id);
    const mine = await linkAll(t, paying.token, ['instagram', 'facebook']);
    const theirPosts = async () => (await t.database.db.select().from(posts).where(eq(posts.orgId, paying.user.orgId))).length;
    for (const [bytes, name, type] of [
      [pngBytes(1080, 1080), 'square.png', 'image/png'],
      [webpBytes(1080, 1080), 'square.webp', 'image/webp'],
    ] as const) {
      const file = await upload(t, paying.token, bytes, name, type);
      const before = await theirPosts();
      const res = await call(t, 'POST', '/sph/social-media-manager/single-post/', {
        token: paying.token,
        body: postBody('Converted for Instagram', [file], [{ UserSocialMediaID: mine.instagram }]),
      });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(await theirPosts()).toBe(before + 1);
    }
    const heavy = await sharp(randomBytes(2160 * 2160 * 3), { raw: { width: 2160, height: 2160, channels: 3 } })
      .jpeg({ quality: 100 })
      .toBuffer();
    expect(heavy.length).toBeGreaterThan(4 * 1024 * 1024);
    const file = await upload(t, paying.token, heavy, 'heavy.jpg', 'image/jpeg');
    const res = await call(t, 'POST', '/sph/social-media-manager/single-post/', {
      token: paying.token,
      body: postBody('Re-encoded for Facebook', [file], [{ UserSocialMediaID: mine.facebook }]),
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
  });

  it('what a conversion cannot fix is still refused with its words, and nothing is written', async () => {
    const narrow = await upload(t, owner.token, pngBytes(200, 200), 'narrow.png', 'image/png');
    const tall = await upload(t, owner.token, pngBytes(750, 1000), 'tall.png', 'image/png');
    const long = await upload(t, owner.token, mp4Bytes(1280, 720, 200), 'long.mp4', 'video/mp4');
    const before = await postCount();
    for (const [file, account, message] of [
      [narrow, ids.instagram, 'Instagram needs photos at least 320 px wide'],
      [tall, ids.instagram, 'Instagram takes photos between 0.80:1 and 1.91:1'],
      [long, ids.twitter, 'X takes videos from 0.5 to 140 seconds long'],
    ]) {
      const res = await send(postBody('Still refused', [file], [{ UserSocialMediaID: account }]));
      expect(res.status).toBe(400);
      expect(res.json.response_message).toBe(message);
    }
    expect(await postCount()).toBe(before);
  });
});
