import type { TSocialNetworkKey } from '@virality/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts, postTargets } from '../../db/schema';
import { NetworkError, PREPARED_GONE } from '../../integrations/networks/types';
import { buildTestApp, buildUser, call, type TTestApp } from '../../test/helpers';
import { mp4Bytes, pngBytes } from '../../test/media-fixtures';
import {
  control,
  copiesOn,
  holdByDeadAttempt,
  linkAll,
  outcomesOf,
  postBody,
  prepareDue as prepareDueIn,
  publishAtDue as publishAtDueIn,
  publishDue,
  remoteIdOf,
  scheduleIn,
  targetOfPost,
  upload,
  uploadPhoto,
  youtubeAuthor,
} from './posts-test-kit';

/**
 * Preparing ahead: a scheduled post's slow part (media uploaded, containers made) is done before it is due, so at
 * the due time only the final publish call runs. What was prepared is used only while it still matches the post
 * and the network keeps it; it is let go when the post is paused, deleted or moved past its validity; a
 * preparation that fails leaves the whole publish to the due time; and exactly once holds throughout.
 */
let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const MIN = 60_000;
const targetOf = (postId: string) => targetOfPost(t, postId);
const prepareDue = () => prepareDueIn(t);
const publishAtDue = (postId: string) => publishAtDueIn(t, postId);

/** A user with one account on `network` and a photo, and a way to schedule a photo post to it `ms` ahead. */
async function author(network: TSocialNetworkKey) {
  const { token } = await buildUser(t);
  const ids = await linkAll(t, token, [network]);
  const photo = await uploadPhoto(t, token);
  const accountId = ids[network];
  const schedule = async (caption: string, ms: number) => {
    const res = await call(t, 'POST', '/sph/social-media-manager/single-post/', {
      token,
      body: postBody(caption, [photo], [{ UserSocialMediaID: accountId }], { IsScheduled: true, ...scheduleIn(t, ms) }),
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json.response_data.CommonPostID as string;
  };
  const edit = (postId: string, change: Record<string, unknown>) =>
    call(t, 'PUT', '/sph/edit_scheduled_post/', { token, body: { CommonPostID: postId, ...change } });
  return { token, accountId, schedule, edit };
}

describe('a scheduled post is prepared ahead and published at its due time with one final call', () => {
  it.each(['instagram', 'threads', 'facebook', 'twitter', 'linkedin'] as const)(
    'on %s: prepared ahead (nothing visible), then published once with what was prepared',
    async (network) => {
      const a = await author(network);
      const caption = `Prepared ${network} ${Date.now()}`;
      const postId = await a.schedule(caption, 20 * MIN);
      await prepareDue();
      const prepared = await targetOf(postId);
      expect(prepared.prepTicket).not.toBeNull();
      expect(prepared.prepUntil!.getTime()).toBeGreaterThan(prepared.dueAt!.getTime());
      expect(prepared.state).toBe('scheduled');
      expect(await copiesOn(t, a.accountId, caption)).toBe(0);

      const after = await publishAtDue(postId);
      expect(after.state, String(after.internalError)).toBe('published');
      expect(after.prepUsed).toBe(true);
      expect(await outcomesOf(t, after.id)).toEqual(['published']);
      expect(await copiesOn(t, a.accountId, caption)).toBe(1);
    },
    60_000,
  );

  it('on youtube: the video is uploaded ahead as private (not listed), made public at the due time once, and a paused one is deleted', async () => {
    const { token, accountId: youtube, schedule } = await youtubeAuthor(t);
    const caption = `Prepared video ${Date.now()}`;
    const postId = await schedule(caption);
    const paused = await schedule(`Paused video ${Date.now()}`);
    await prepareDue();
    expect((await targetOf(postId)).prepTicket).not.toBeNull();
    const pausedTicket = (await targetOf(paused)).prepTicket;
    expect(pausedTicket).not.toBeNull();
    expect(await copiesOn(t, youtube, caption)).toBe(0);

    const res = await call(t, 'PUT', '/sph/edit_scheduled_post/', { token, body: { CommonPostID: paused, IsPaused: true } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    await prepareDue();
    expect((await targetOf(paused)).prepTicket).toBeNull();
    const gone = await t.services.socialAccounts
      .withPublishing(youtube, (adapter, grant, ref) => adapter.publishPrepared!(grant, ref, pausedTicket!))
      .catch((e: unknown) => e);
    expect((gone as NetworkError).details?.code).toBe(PREPARED_GONE);

    const after = await publishAtDue(postId);
    expect(after.state, String(after.internalError)).toBe('published');
    expect(after.prepUsed).toBe(true);
    expect(await copiesOn(t, youtube, caption)).toBe(1);
  }, 60_000);

  it('a post due in more than the lead is not prepared until its lead begins (30 minutes before)', async () => {
    const a = await author('instagram');
    const postId = await a.schedule(`Two hours ahead ${Date.now()}`, 120 * MIN);
    await prepareDue();
    expect((await targetOf(postId)).prepTicket).toBeNull();
    t.clock.advance(89 * MIN);
    await prepareDue();
    expect((await targetOf(postId)).prepTicket).toBeNull();
    t.clock.advance(2 * MIN);
    await prepareDue();
    expect((await targetOf(postId)).prepTicket).not.toBeNull();
  });

  it('a post with nothing the network takes ahead (a Facebook video) is not prepared, and goes out whole at the due time', async () => {
    const a = await author('facebook');
    const { token } = a;
    const caption = `A video ${Date.now()}`;
    const video = await upload(t, token, mp4Bytes(1280, 720, 12), 'clip.mp4', 'video/mp4');
    const res = await call(t, 'POST', '/sph/social-media-manager/single-post/', {
      token,
      body: postBody(caption, [video], [{ UserSocialMediaID: a.accountId }], { IsScheduled: true, ...scheduleIn(t, 15 * MIN) }),
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const postId = res.json.response_data.CommonPostID as string;
    await prepareDue();
    expect((await targetOf(postId)).prepTicket).toBeNull();
    const after = await publishAtDue(postId);
    expect(after.state).toBe('published');
    expect(after.prepUsed).toBe(false);
    expect(await copiesOn(t, a.accountId, caption)).toBe(1);
  });
});

describe('what was prepared is let go when it no longer fits', () => {
  it.each(['pause', 'delete'] as const)(
    'a post whose owner chose to %s it after it was prepared: its photos uploaded ahead are removed from the network',
    async (change) => {
      const a = await author('facebook');
      const postId = await a.schedule(`Let go on ${change} ${Date.now()}`, 15 * MIN);
      await prepareDue();
      const { prepTicket } = await targetOf(postId);
      expect(prepTicket).not.toBeNull();
      const res = await a.edit(postId, change === 'pause' ? { IsPaused: true } : { IsActive: false });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      await prepareDue();
      expect((await targetOf(postId)).prepTicket).toBeNull();
      // the network no longer holds them: publishing that ticket now is refused as gone
      const err = await t.services.socialAccounts
        .withPublishing(a.accountId, (adapter, grant, ref) => adapter.publishPrepared!(grant, ref, prepTicket!))
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(NetworkError);
      expect((err as NetworkError).details.code).toBe(PREPARED_GONE);
    },
    60_000,
  );

  it('a post moved past what the network keeps is prepared again for its new time, and published once with the new preparation', async () => {
    const a = await author('instagram');
    const caption = `Moved two days ${Date.now()}`;
    const postId = await a.schedule(caption, 15 * MIN);
    await prepareDue();
    const first = await targetOf(postId);
    expect(first.prepTicket).not.toBeNull();
    const later = new Date(t.clock.nowMs() + 2 * 24 * 3600_000);
    const res = await a.edit(postId, {
      ScheduledDate: later.toISOString().slice(0, 10),
      ScheduledTime: later.toISOString().slice(11, 16),
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    // 29 minutes before the new time: the first preparation would lapse before it, so it is made again
    const moved = await targetOf(postId);
    t.clock.advance(moved.dueAt!.getTime() - t.clock.nowMs() - 29 * MIN);
    await prepareDue();
    const second = await targetOf(postId);
    expect(second.prepTicket).not.toBeNull();
    expect(second.prepTicket).not.toBe(first.prepTicket);
    expect(second.prepUntil!.getTime()).toBeGreaterThan(second.dueAt!.getTime());
    const after = await publishAtDue(postId);
    expect(after.state, String(after.internalError)).toBe('published');
    expect(after.prepUsed).toBe(true);
    expect(await copiesOn(t, a.accountId, caption)).toBe(1);
  }, 60_000);

  it('a post changed after it was prepared is published as it now reads, not as prepared', async () => {
    const a = await author('instagram');
    const before = `Before the change ${Date.now()}`;
    const postId = await a.schedule(before, 15 * MIN);
    await prepareDue();
    expect((await targetOf(postId)).prepTicket).not.toBeNull();
    // the post's words change (as an administrator's correction would): what was prepared no longer matches
    const now = `After the change ${Date.now()}`;
    await t.database.db.update(posts).set({ caption: now }).where(eq(posts.id, postId));
    const after = await publishAtDue(postId);
    expect(after.state, String(after.internalError)).toBe('published');
    expect(after.prepUsed).toBe(false);
    expect(await copiesOn(t, a.accountId, now)).toBe(1);
    expect(await copiesOn(t, a.accountId, before)).toBe(0);
  }, 60_000);
});

describe('a preparation that fails or lapses leaves the whole publish to the due time', () => {
  it('the network failing while it prepares (too close to the due time to try again): published whole at the due time', async () => {
    const a = await author('instagram');
    const caption = `Prepare failed ${Date.now()}`;
    const postId = await a.schedule(caption, 20 * MIN);
    t.clock.advance(19.5 * 60_000);
    await control(t, 'instagram', { fail: 'server_error', times: 1, account: await remoteIdOf(t, a.accountId) });
    await prepareDue();
    const failed = await targetOf(postId);
    expect(failed.prepTicket).toBeNull();
    expect(failed.prepError).toMatch(/instagram/i);
    const after = await publishAtDue(postId);
    expect(after.state, String(after.internalError)).toBe('published');
    expect(after.prepUsed).toBe(false);
    expect(await copiesOn(t, a.accountId, caption)).toBe(1);
  }, 60_000);

  it('a passing failure while there is time is tried again by the queue, and the retry prepares it', async () => {
    const a = await author('instagram');
    const postId = await a.schedule(`Prepare retried ${Date.now()}`, 20 * MIN);
    await control(t, 'instagram', { fail: 'server_error', times: 1, account: await remoteIdOf(t, a.accountId) });
    const ran = await prepareDue();
    expect(ran.some((r) => r.error)).toBe(true);
    expect((await targetOf(postId)).prepTicket).toBeNull();
    // the queue's retry comes after its delay
    t.clock.advance(2 * MIN);
    await new Promise((r) => setTimeout(r, 1_100));
    await prepareDue();
    expect((await targetOf(postId)).prepTicket).not.toBeNull();
  }, 60_000);

  it('a container the network no longer holds at the due time (it lapsed): the whole post goes out at once, once', async () => {
    const a = await author('instagram');
    const caption = `Lapsed ${Date.now()}`;
    const postId = await a.schedule(caption, 20 * MIN);
    await prepareDue();
    const prepared = await targetOf(postId);
    expect(prepared.prepTicket).not.toBeNull();
    // the product believes the container still good, but a day passes before the post is sent (its process was
    // down): Instagram has let the container expire
    await t.database.db
      .update(postTargets)
      .set({ prepUntil: new Date(t.clock.nowMs() + 3 * 24 * 3600_000) })
      .where(eq(postTargets.id, prepared.id));
    t.clock.advance(25 * 3600_000);
    await publishDue(t);
    const after = await targetOf(postId);
    expect(after.state, String(after.internalError)).toBe('published');
    expect(after.prepUsed).toBe(false);
    expect(await copiesOn(t, a.accountId, caption)).toBe(1);
  }, 60_000);

  it('a preparation that comes back after the publish began is not kept (and the post stays published once)', async () => {
    const a = await author('instagram');
    const caption = `Late preparation ${Date.now()}`;
    const postId = await a.schedule(caption, 15 * MIN);
    // nobody prepared it in time: the due time publishes it whole
    const after = await publishAtDue(postId);
    expect(after.state).toBe('published');
    await t.services.publishing.prepare({ targetId: after.id, dueAt: after.dueAt!.toISOString() });
    expect((await targetOf(postId)).prepTicket).toBeNull();
    expect(await copiesOn(t, a.accountId, caption)).toBe(1);
  }, 60_000);
});

describe('exactly once with a preparation', () => {
  it('the final call’s answer lost at the due time: the retry finds the post on the network and does not publish again', async () => {
    const a = await author('instagram');
    const caption = `Lost answer prepared ${Date.now()}`;
    const postId = await a.schedule(caption, 20 * MIN);
    await prepareDue();
    expect((await targetOf(postId)).prepTicket).not.toBeNull();
    await control(t, 'instagram', { lose_answers: 1, account: await remoteIdOf(t, a.accountId) });
    let target = await publishAtDue(postId);
    for (let i = 0; i < 5 && target.state !== 'published'; i++) {
      t.clock.advance(Math.max(0, (target.dueAt?.getTime() ?? 0) - t.clock.nowMs()) + 1_000);
      await publishDue(t);
      target = await targetOf(postId);
    }
    expect(target.state, String(target.internalError)).toBe('published');
    expect((await outcomesOf(t, target.id)).at(-1)).toBe('reconciled');
    expect(await copiesOn(t, a.accountId, caption)).toBe(1);
  }, 60_000);

  it('a worker that died holding the prepared target: the next attempt looks first, then publishes what was prepared, once', async () => {
    const a = await author('instagram');
    const caption = `Dead holder prepared ${Date.now()}`;
    const postId = await a.schedule(caption, 20 * MIN);
    await prepareDue();
    const prepared = await targetOf(postId);
    t.clock.advance(20 * MIN + 1_000);
    await holdByDeadAttempt(t, prepared.id, 2_000);
    await t.services.publishing.reclaim();
    await publishDue(t);
    const after = await targetOf(postId);
    expect(after.state, String(after.internalError)).toBe('published');
    expect(after.prepUsed).toBe(true);
    expect(await copiesOn(t, a.accountId, caption)).toBe(1);
  }, 60_000);
});

describe('a photo a network will not take is converted for it, not refused', () => {
  /** A PNG post to Instagram, now or scheduled: the post's id. */
  async function pngPost(scheduled: boolean) {
    const { token } = await buildUser(t);
    const ids = await linkAll(t, token, ['instagram']);
    const png = await upload(t, token, pngBytes(1080, 1080, 7), 'square.png', 'image/png');
    const caption = `A PNG for Instagram ${scheduled ? 'scheduled' : 'now'} ${Date.now()}`;
    const res = await call(t, 'POST', '/sph/social-media-manager/single-post/', {
      token,
      body: postBody(
        caption,
        [png],
        [{ UserSocialMediaID: ids.instagram }],
        scheduled ? { IsScheduled: true, ...scheduleIn(t, 15 * MIN) } : {},
      ),
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return { postId: res.json.response_data.CommonPostID as string, accountId: ids.instagram, caption };
  }

  it('a PNG scheduled for Instagram is converted to JPEG when it is prepared, and published once', async () => {
    const p = await pngPost(true);
    await prepareDue();
    expect((await targetOf(p.postId)).prepTicket).not.toBeNull();
    const after = await publishAtDue(p.postId);
    expect(after.state, String(after.error)).toBe('published');
    expect(after.prepUsed).toBe(true);
    expect(await copiesOn(t, p.accountId, p.caption)).toBe(1);
  }, 60_000);

  it('a PNG posted now to Instagram is converted to JPEG when it is sent, and published', async () => {
    const p = await pngPost(false);
    await publishDue(t);
    const after = await targetOf(p.postId);
    expect(after.state, String(after.error)).toBe('published');
    expect(await copiesOn(t, p.accountId, p.caption)).toBe(1);
  }, 60_000);
});
