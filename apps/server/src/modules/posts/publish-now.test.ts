import { POST_MSG } from '@virality/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, postTargets, publishAttempts } from '../../db/schema';
import { buildTestApp, buildUser, call, givePlan, type TTestApp } from '../../test/helpers';
import { PUBLISH_QUEUE } from './engine';
import { failNext, holdByDeadAttempt, linkAll, postBody, postsOn, publishDue, readPost, uploadPhoto } from './posts-test-kit';

/**
 * Posting now: one job per account, each account's post sent once, the answer and the notification say what
 * went out and what did not, and a passing failure is tried again later while a refusal is final.
 */
let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const targetsOf = (postId: string) => t.database.db.select().from(postTargets).where(eq(postTargets.postId, postId));

describe('an image post sent now to Instagram, Facebook and X', () => {
  it('goes out once on each network, earns a point per network, and its notification says it was sent', async () => {
    const { token, user } = await buildUser(t, { profileType: 'BUSINESS' });
    await givePlan(t, user.id);
    const ids = await linkAll(t, token, ['instagram', 'facebook', 'twitter']);
    const photo = await uploadPhoto(t, token);
    const caption = `Launch day ${Date.now()}`;
    const res = await call(t, 'POST', '/sph/social-media-manager/single-post/', {
      token,
      body: postBody(
        caption,
        [photo],
        [{ UserSocialMediaID: ids.instagram }, { UserSocialMediaID: ids.facebook }, { UserSocialMediaID: ids.twitter }],
      ),
    });
    expect(res.status).toBe(200);
    expect(res.json.response_message).toBe(POST_MSG.sent);
    const postId = res.json.response_data.CommonPostID;
    // nothing runs jobs in a test: the answer says all three are on their way
    expect(res.json.response_data.pending).toHaveLength(3);

    await publishDue(t);
    const post = await readPost(t, token, postId);
    expect(post.IsPostDone).toBe(true);
    expect(post.PostType).toBe('IMAGE');
    expect(post.MediaPostedOn.map((m: { Status: string }) => m.Status)).toEqual(['published', 'published', 'published']);
    for (const id of [ids.instagram, ids.facebook, ids.twitter]) {
      const found = (await postsOn(t, id)).filter((p) => p.text.includes(caption));
      expect(found).toHaveLength(1);
    }
    const status = await call(t, 'POST', '/api/wallet/updateWallet', { token, body: { points: 1000, userId: user.id } });
    expect(status.json.response.viralityPoints).toBe(3);

    const [note] = await t.database.db
      .select()
      .from(activities)
      .where(and(eq(activities.userId, user.id), eq(activities.type, 'POST_NOTIFICATION')));
    expect(note.type).toBe('POST_NOTIFICATION');
    expect(note.title).toBe(POST_MSG.sent);
    expect((note.payload as { payloadId: string; postResData: { success: unknown[] } }).payloadId).toBe(postId);
    expect((note.payload as { postResData: { success: unknown[] } }).postResData.success).toHaveLength(3);

    // the calls that would send it again change nothing: jobs again, post-handler again
    await publishDue(t);
    const again = await call(t, 'POST', '/sph/social-media-manager/post-handler/', { token, body: { CommonPostID: postId } });
    expect(again.status).toBe(200);
    expect(again.json.response_data.success).toHaveLength(3);
    await publishDue(t);
    for (const id of [ids.instagram, ids.facebook, ids.twitter])
      expect((await postsOn(t, id)).filter((p) => p.text.includes(caption))).toHaveLength(1);
    expect((await call(t, 'POST', '/api/wallet/updateWallet', { token, body: {} })).json.response.viralityPoints).toBe(3);
  });

  it("one network refusing: 'Post failed on X' with its reason while the others go out", async () => {
    const { token, user } = await buildUser(t, { profileType: 'BUSINESS' });
    await givePlan(t, user.id);
    const ids = await linkAll(t, token, ['instagram', 'twitter']);
    const photo = await uploadPhoto(t, token);
    await failNext(t, 'twitter', 'missing_permission', 5);
    const res = await call(t, 'POST', '/sph/social-media-manager/single-post/', {
      token,
      body: postBody(`Partly ${Date.now()}`, [photo], [{ UserSocialMediaID: ids.instagram }, { UserSocialMediaID: ids.twitter }]),
    });
    await publishDue(t);
    await t.app.inject({ method: 'POST', url: '/sandbox/twitter/_control', payload: { clear: true } });
    const postId = res.json.response_data.CommonPostID;
    const result = await call(t, 'POST', '/api/activity/postInfom', { token, body: { CommonPostID: postId } });
    expect(result.json.response.success.map((s: { SocialMediaName: string }) => s.SocialMediaName)).toEqual(['Instagram']);
    expect(result.json.response.failure).toHaveLength(1);
    expect(result.json.response.failure[0]).toMatchObject({ SocialMediaID: '6', SocialMediaName: 'X' });
    expect(result.json.response.failure[0].CustomUserError).toBeTruthy();
    const [note] = await t.database.db
      .select()
      .from(activities)
      .where(and(eq(activities.userId, user.id), eq(activities.type, 'POST_NOTIFICATION')));
    expect(note.title).toBe(POST_MSG.failedOn('X'));
    // one point: Instagram only
    expect((await call(t, 'POST', '/api/wallet/updateWallet', { token, body: {} })).json.response.viralityPoints).toBe(1);
  });
});

describe('passing failures are tried again; refusals are final', () => {
  it('a 5xx is tried again after its backoff, and then goes out once', async () => {
    const { token } = await buildUser(t);
    const ids = await linkAll(t, token, ['twitter']);
    const photo = await uploadPhoto(t, token);
    await failNext(t, 'twitter', 'server_error', 1);
    const caption = `Retry ${Date.now()}`;
    const res = await call(t, 'POST', '/sph/social-media-manager/single-post/', {
      token,
      body: postBody(caption, [photo], [{ UserSocialMediaID: ids.twitter }]),
    });
    const postId = res.json.response_data.CommonPostID;
    await publishDue(t);
    let [target] = await targetsOf(postId);
    expect(target.state).toBe('queued');
    expect(target.dueAt!.getTime()).toBeGreaterThan(t.clock.nowMs());
    // not before its time
    await publishDue(t);
    expect((await targetsOf(postId))[0].state).toBe('queued');
    t.clock.advance(31_000);
    await publishDue(t);
    [target] = await targetsOf(postId);
    expect(target.state).toBe('published');
    const attempts = await t.database.db.select().from(publishAttempts).where(eq(publishAttempts.targetId, target.id));
    expect(attempts.map((a) => a.outcome)).toEqual(['retry', 'published']);
    expect((await postsOn(t, ids.twitter)).filter((p) => p.text.includes(caption))).toHaveLength(1);
  });

  it('a rate limit waits until the network says it lifts', async () => {
    const { token } = await buildUser(t);
    const ids = await linkAll(t, token, ['twitter']);
    const photo = await uploadPhoto(t, token);
    await failNext(t, 'twitter', 'rate_limit', 1);
    const res = await call(t, 'POST', '/sph/social-media-manager/single-post/', {
      token,
      body: postBody(`Limited ${Date.now()}`, [photo], [{ UserSocialMediaID: ids.twitter }]),
    });
    await publishDue(t);
    const [target] = await targetsOf(res.json.response_data.CommonPostID);
    expect(target.state).toBe('queued');
    expect(target.dueAt!.getTime()).toBeGreaterThanOrEqual(t.clock.nowMs() + 30_000);
    t.clock.advance(target.dueAt!.getTime() - t.clock.nowMs() + 1000);
    await publishDue(t);
    expect((await targetsOf(res.json.response_data.CommonPostID))[0].state).toBe('published');
  });

  it('a revoked consent marks the target and the account for reconnect, and tells the user', async () => {
    const { token } = await buildUser(t);
    const ids = await linkAll(t, token, ['twitter']);
    const photo = await uploadPhoto(t, token);
    await failNext(t, 'twitter', 'revoked', 1);
    const res = await call(t, 'POST', '/sph/social-media-manager/single-post/', {
      token,
      body: postBody(`Revoked ${Date.now()}`, [photo], [{ UserSocialMediaID: ids.twitter }]),
    });
    await publishDue(t);
    const [target] = await targetsOf(res.json.response_data.CommonPostID);
    expect(target.state).toBe('needs_reconnect');
    expect(target.error).toBe(POST_MSG.accountNeedsReconnect('X'));
    const accounts = await call(t, 'POST', '/sph/social_media_accounts/', { token, body: {} });
    expect(accounts.json.response_data[0].Status).toBe('needs_reconnect');
  });

  it('an expired access is renewed once and the post goes out', async () => {
    const { token } = await buildUser(t);
    const ids = await linkAll(t, token, ['threads']);
    const photo = await uploadPhoto(t, token);
    // Threads renews an access once it is a day old
    t.clock.advance(25 * 3600_000);
    await failNext(t, 'threads', 'expired_token', 1);
    const caption = `Renewed ${Date.now()}`;
    const res = await call(t, 'POST', '/sph/social-media-manager/single-post/', {
      token,
      body: postBody(caption, [photo], [{ UserSocialMediaID: ids.threads }]),
    });
    await publishDue(t);
    const [renewed] = await targetsOf(res.json.response_data.CommonPostID);
    expect(renewed.state, String(renewed.internalError)).toBe('published');
    expect((await postsOn(t, ids.threads)).filter((p) => p.text.includes(caption))).toHaveLength(1);
  });
});

describe('exactly once', () => {
  it('two jobs of one target running at once publish it once', async () => {
    const { token } = await buildUser(t);
    const ids = await linkAll(t, token, ['twitter']);
    const photo = await uploadPhoto(t, token);
    const caption = `Twice ${Date.now()}`;
    const res = await call(t, 'POST', '/sph/social-media-manager/single-post/', {
      token,
      body: postBody(caption, [photo], [{ UserSocialMediaID: ids.twitter }]),
    });
    const [target] = await targetsOf(res.json.response_data.CommonPostID);
    const outcomes = await Promise.all([
      t.services.publishing.run(target.id, 'job-a'),
      t.services.publishing.run(target.id, 'job-b'),
    ]);
    expect(outcomes.sort()).toEqual(['published', 'skipped']);
    expect((await postsOn(t, ids.twitter)).filter((p) => p.text.includes(caption))).toHaveLength(1);
  });

  it('a publish whose answer was lost (a timeout after X published it) is found on X at the next try, not sent again', async () => {
    const { token } = await buildUser(t);
    const ids = await linkAll(t, token, ['twitter']);
    const photo = await uploadPhoto(t, token);
    const caption = `Lost answer ${Date.now()}`;
    await t.app.inject({ method: 'POST', url: '/sandbox/twitter/_control', payload: { lose_answers: 1 } });
    const res = await call(t, 'POST', '/sph/social-media-manager/single-post/', {
      token,
      body: postBody(caption, [photo], [{ UserSocialMediaID: ids.twitter }]),
    });
    await publishDue(t);
    const [target] = await targetsOf(res.json.response_data.CommonPostID);
    expect(target.state).toBe('queued');
    t.clock.advance(31_000);
    await publishDue(t);
    const [after] = await targetsOf(res.json.response_data.CommonPostID);
    expect(after.state).toBe('published');
    const attempts = await t.database.db.select().from(publishAttempts).where(eq(publishAttempts.targetId, target.id));
    expect(attempts.map((a) => a.outcome)).toEqual(['retry', 'reconciled']);
    expect((await postsOn(t, ids.twitter)).filter((p) => p.text.includes(caption))).toHaveLength(1);
  }, 40_000);

  it('a processing check goes before targets not yet begun (a post half out is finished first)', async () => {
    const { token } = await buildUser(t);
    const ids = await linkAll(t, token, ['instagram']);
    const photo = await uploadPhoto(t, token);
    const res = await call(t, 'POST', '/sph/social-media-manager/single-post/', {
      token,
      body: postBody(`Half out ${Date.now()}`, [photo], [{ UserSocialMediaID: ids.instagram }]),
    });
    const [first] = await targetsOf(res.json.response_data.CommonPostID);
    expect((await t.container.boss.getJobById(PUBLISH_QUEUE, first.jobId!))?.priority).toBe(0);
    // one run: Instagram made the container and is processing it; the check waits as a job of its own
    await t.runDueJobs(PUBLISH_QUEUE);
    const [processing] = await targetsOf(res.json.response_data.CommonPostID);
    expect(processing.state).toBe('processing');
    expect(processing.jobId).not.toBe(first.jobId);
    expect((await t.container.boss.getJobById(PUBLISH_QUEUE, processing.jobId!))?.priority).toBe(1);
    await publishDue(t);
    expect((await targetsOf(res.json.response_data.CommonPostID))[0].state).toBe('published');
  });

  it('an attempt that died after the network published is found there, not sent again', async () => {
    const { token } = await buildUser(t);
    const ids = await linkAll(t, token, ['twitter']);
    const photo = await uploadPhoto(t, token);
    const caption = `Crashed ${Date.now()}`;
    const res = await call(t, 'POST', '/sph/social-media-manager/single-post/', {
      token,
      body: postBody(caption, [photo], [{ UserSocialMediaID: ids.twitter }]),
    });
    const [target] = await targetsOf(res.json.response_data.CommonPostID);
    // a worker took its job, the network published it, then the worker died before recording the answer (its
    // job is gone with it: only the sweep can find the target now)
    await t.container.boss.cancel(PUBLISH_QUEUE, target.jobId!);
    await t.services.socialAccounts.withPublishing(ids.twitter, (adapter, grant, ref) =>
      adapter.publish(grant, { account: ref, format: 'post', text: caption, media: [] }),
    );
    await holdByDeadAttempt(t, target.id, 60_000);
    expect((await t.services.publishing.reclaim()).reclaimed).toBe(1);
    await publishDue(t);
    const [after] = await targetsOf(res.json.response_data.CommonPostID);
    expect(after.state, String(after.internalError)).toBe('published');
    const attempts = await t.database.db.select().from(publishAttempts).where(eq(publishAttempts.targetId, target.id));
    expect(attempts.map((a) => a.outcome)).toContain('reconciled');
    expect((await postsOn(t, ids.twitter)).filter((p) => p.text.includes(caption))).toHaveLength(1);
  });
});
