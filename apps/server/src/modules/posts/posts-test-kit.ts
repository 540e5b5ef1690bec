import { dateAt, type TSocialNetworkKey, timeAt } from '@virality/domain';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { postTargets, publishAttempts, socialAccounts } from '../../db/schema';
import { buildUser, call, type TTestApp } from '../../test/helpers';
import { jpegBytes, mp4Bytes } from '../../test/media-fixtures';
import { linkAccount } from '../social-accounts/link-test-kit';
import { PREPARE_QUEUE, PUBLISH_QUEUE } from './engine';

/** Tests' way to compose: upload media through the upload call, link accounts, post, and look on the networks. */

/** Uploads one file through s3/uploadSingleFile as the user of `token`: its public address. */
export async function upload(t: TTestApp, token: string, bytes: Buffer, name: string, type: string): Promise<string> {
  const boundary = `----virality${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/s3/uploadSingleFile',
    headers: { 'x-access-token': token, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().response.result as string;
}

/** A square JPEG (every network takes it), uploaded. */
export const uploadPhoto = (t: TTestApp, token: string, seed = 1) =>
  upload(t, token, jpegBytes(1080, 1080, seed), `photo-${seed}.jpg`, 'image/jpeg');

/** Links one account per network for the user of `token`: their ids by network. */
export async function linkAll(t: TTestApp, token: string, networks: readonly TSocialNetworkKey[]) {
  const ids: Partial<Record<TSocialNetworkKey, string>> = {};
  for (const n of networks) ids[n] = (await linkAccount(t, token, n)).id;
  return ids as Record<TSocialNetworkKey, string>;
}

/** The posts on a linked account, as its network lists them (newest first). */
export const postsOn = (t: TTestApp, accountId: string) =>
  t.services.socialAccounts.withPublishing(accountId, (adapter, grant, ref) => adapter.recentPosts(grant, ref, 50));

/** A post body: the caption, the media, and the accounts (with their own options). */
export function postBody(
  caption: string,
  urls: string[],
  targets: { UserSocialMediaID: string; PrivacyStatus?: string; IsStory?: boolean; IsReel?: boolean }[],
  more: Record<string, unknown> = {},
) {
  return {
    CaptionDescription: caption,
    MediaDetails: urls.map((u) => ({ ImageVideoUrl: u, ImageVideoName: 'media' })),
    PostDetails: targets,
    ...more,
  };
}

/** A schedule `msAhead` of the product's clock, as the API carries it (UTC date and time). */
export function scheduleIn(t: TTestApp, msAhead: number) {
  const d = new Date(t.clock.nowMs() + msAhead);
  return { ScheduledDate: dateAt(d, 0), ScheduledTime: timeAt(d, 0) };
}

/**
 * A user (a new one, or the one of `token`) with an X account and a photo, and a way to schedule a photo post
 * to X `minutes` ahead: the call's answer.
 */
export async function xAuthor(t: TTestApp, token?: string) {
  const who = token ? { token, user: null } : await buildUser(t);
  const ids = await linkAll(t, who.token, ['twitter']);
  const photo = await uploadPhoto(t, who.token);
  const schedule = (caption: string, minutes: number) =>
    call(t, 'POST', '/sph/social-media-manager/single-post/', {
      token: who.token,
      body: postBody(caption, [photo], [{ UserSocialMediaID: ids.twitter }], {
        IsScheduled: true,
        ...scheduleIn(t, minutes * 60_000),
      }),
    });
  return { ...who, ids, photo, schedule };
}

/** How many posts on the account carry `caption` (read back a week: far past anything a test publishes). */
export async function copiesOn(t: TTestApp, accountId: string, caption: string) {
  const seen = await t.services.socialAccounts.withPublishing(accountId, (adapter, grant, ref) =>
    adapter.postsSince(grant, ref, new Date(t.clock.nowMs() - 7 * 24 * 3600_000)),
  );
  return seen.posts.filter((p) => p.text.includes(caption)).length;
}

/**
 * Runs the publishing jobs due now; while the networks are processing media, moves the clock to each next
 * status check and runs again (as time passing would), so a post's outcome is known when it returns.
 */
export async function publishDue(t: TTestApp) {
  for (let round = 0; round < 20; round++) {
    await t.runDueJobs(PUBLISH_QUEUE);
    const [next] = await t.database.db
      .select({ dueAt: postTargets.dueAt })
      .from(postTargets)
      .where(eq(postTargets.state, 'processing'))
      .orderBy(asc(postTargets.dueAt))
      .limit(1);
    if (!next?.dueAt) return;
    t.clock.advance(Math.max(0, next.dueAt.getTime() - t.clock.nowMs()) + 10);
  }
}

/**
 * Leaves a target as a worker that died mid-attempt would: publishing under an attempt that no longer runs, its
 * lease run out, its window opened `startedMsAgo` before now.
 */
export async function holdByDeadAttempt(t: TTestApp, targetId: string, startedMsAgo: number) {
  const now = t.clock.nowMs();
  await t.database.db
    .update(postTargets)
    .set({
      state: 'publishing',
      attemptId: 'dead',
      attempts: 1,
      leaseUntil: new Date(now - 1000),
      attemptStartedAt: new Date(now - startedMsAgo),
      sentWindowFrom: new Date(now - startedMsAgo),
    })
    .where(eq(postTargets.id, targetId));
}

/** Makes the next calls of a network's emulator fail. */
export const failNext = (t: TTestApp, network: TSocialNetworkKey, fail: string, times = 1) =>
  t.app.inject({ method: 'POST', url: `/sandbox/${network}/_control`, payload: { fail, times } });

/** A post as its details call reads it. */
export async function readPost(t: TTestApp, token: string, id: string) {
  const res = await call(t, 'GET', `/sph/drafts/get-draft-details/${id}/`, { token });
  expect(res.status).toBe(200);
  return res.json.response_data;
}

/** The user id of the caller of `token`, as its status call answers it. */
export const userIdOf = async (t: TTestApp, token: string) =>
  (await call(t, 'GET', '/api/user/getUserStatus', { token })).json.response.result._id as string;

/** Sends a photo post now to the given accounts (its jobs run with publishDue): the post's id. */
export async function postNow(t: TTestApp, token: string, photo: string, accountIds: string[], caption: string) {
  const res = await call(t, 'POST', '/sph/social-media-manager/single-post/', {
    token,
    body: postBody(
      caption,
      [photo],
      accountIds.map((id) => ({ UserSocialMediaID: id })),
    ),
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.response_data.CommonPostID as string;
}

/** Schedules a photo post to X at a given UTC day and time ('yyyy-MM-dd', 'HH:mm'): the post's id. */
export async function scheduleAt(t: TTestApp, token: string, photo: string, xId: string, day: string, time: string) {
  const res = await call(t, 'POST', '/sph/social-media-manager/single-post/', {
    token,
    body: postBody(`At ${day} ${time}`, [photo], [{ UserSocialMediaID: xId }], {
      IsScheduled: true,
      ScheduledDate: day,
      ScheduledTime: time,
    }),
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.response_data.CommonPostID as string;
}

/** A post's targets as they are stored. */
export const targetsOf = (t: TTestApp, postId: string) =>
  t.database.db.select().from(postTargets).where(eq(postTargets.postId, postId));

/** How each attempt of a target ended, oldest first. */
export const outcomesOf = async (t: TTestApp, targetId: string) =>
  (await t.database.db.select().from(publishAttempts).where(eq(publishAttempts.targetId, targetId)))
    .sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime())
    .map((a) => a.outcome);

/** A linked account's id on its network. */
export const remoteIdOf = async (t: TTestApp, accountId: string) =>
  (await t.database.db.select().from(socialAccounts).where(eq(socialAccounts.id, accountId)))[0].remoteId;

/** Asks a network's emulator for faults or lost answers (its `_control`). */
export const control = (t: TTestApp, network: TSocialNetworkKey, payload: object) =>
  t.app.inject({ method: 'POST', url: `/sandbox/${network}/_control`, payload });

/** The target of a one-account post, as stored. */
export async function targetOfPost(t: TTestApp, postId: string) {
  return (await t.database.db.select().from(postTargets).where(eq(postTargets.postId, postId)))[0];
}

/** Runs the preparations due now (the prepare queue). */
export const prepareDue = (t: TTestApp) => t.runDueJobs(PREPARE_QUEUE);

/** Moves the product clock to `postId`'s due moment (and a little past it) and publishes what is due. */
export async function publishAtDue(t: TTestApp, postId: string) {
  const target = await targetOfPost(t, postId);
  t.clock.advance(Math.max(0, (target.dueAt?.getTime() ?? 0) - t.clock.nowMs()) + 1_000);
  await publishDue(t);
  return targetOfPost(t, postId);
}

/** A user with a YouTube channel and a video, and a way to schedule the video 15 minutes ahead as `caption` (title and text). */
export async function youtubeAuthor(t: TTestApp) {
  const { token } = await buildUser(t);
  const ids = await linkAll(t, token, ['youtube']);
  const video = await upload(t, token, mp4Bytes(1280, 720, 12), 'clip.mp4', 'video/mp4');
  const schedule = async (caption: string) => {
    const res = await call(t, 'POST', '/sph/social-media-manager/single-post/', {
      token,
      body: postBody(caption, [video], [{ UserSocialMediaID: ids.youtube }], {
        Title: caption,
        IsScheduled: true,
        ...scheduleIn(t, 15 * 60_000),
      }),
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json.response_data.CommonPostID as string;
  };
  return { token, accountId: ids.youtube, schedule };
}
