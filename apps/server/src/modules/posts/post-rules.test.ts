import { POST_MSG, SOCIAL_MSG } from '@virality/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../../db/schema';
import { buildTestApp, buildUser, call, type TTestApp } from '../../test/helpers';
import { jpegBytes, mp4Bytes } from '../../test/media-fixtures';
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
