import { POST_MSG } from '@virality/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { activities, posts, postTargets } from '../../db/schema';
import type { TPublishState, TRecentPost } from '../../integrations/networks/types';
import { buildTestApp, buildUser, call, type TTestApp } from '../../test/helpers';
import { PUBLISH_QUEUE, pickSent } from './engine';
import {
  control,
  holdByDeadAttempt,
  linkAll,
  outcomesOf,
  postBody,
  publishDue,
  remoteIdOf,
  targetsOf,
  uploadPhoto,
} from './posts-test-kit';

/**
 * Exactly once under fire: what a chaos test of the engine found, each kept by a test. A post is looked for in
 * everything its account published since the first attempt that may have sent it (never only a latest page), the
 * window never moves forward, a network post is one target's only, a post is settled with its last target, a dead
 * holder's target is taken back within seconds by any process, and an account that cannot be read back far enough
 * is left for its user to check rather than sent blind.
 */
let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

/** Everything on the account carrying `caption` (read back an hour, far past what any test publishes). */
async function copiesOn(accountId: string, caption: string) {
  const seen = await t.services.socialAccounts.withPublishing(accountId, (adapter, grant, ref) =>
    adapter.postsSince(grant, ref, new Date(t.clock.nowMs() - 3600_000)),
  );
  return seen.posts.filter((p) => p.text.includes(caption));
}

/** Publishes `text` with `photo` on the account straight through its adapter (as another tool would), to the end. */
async function publishElsewhere(accountId: string, text: string, photo: string) {
  await t.services.socialAccounts.withPublishing(accountId, async (adapter, grant, ref) => {
    const media = [
      { url: photo, type: 'image' as const, mimeType: 'image/jpeg', bytes: 50_000, width: 1080, height: 1080, durationSec: null },
    ];
    let state: TPublishState = await adapter.publish(grant, { account: ref, format: 'post', text, media });
    for (let i = 0; state.state === 'processing' && i < 10; i++) {
      t.clock.advance(state.checkAfterMs + 10);
      state = await adapter.publishStatus(grant, ref, state.ticket);
    }
    expect(state.state).toBe('published');
  });
}

/** Posts `caption` with `photo` now to one account: the post's id. */
async function postNowTo(token: string, accountId: string, caption: string, photo: string) {
  const res = await call(t, 'POST', '/sph/social-media-manager/single-post/', {
    token,
    body: postBody(caption, [photo], [{ UserSocialMediaID: accountId }]),
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.response_data.CommonPostID as string;
}

/**
 * Runs the post's jobs (moving the clock to each processing check) until an attempt ends in a retry: the lost
 * answer of a network that publishes in one call, or of the final step of one that processes first.
 */
async function runUntilRetry(postId: string) {
  for (let round = 0; round < 10; round++) {
    await t.runDueJobs(PUBLISH_QUEUE);
    const [target] = await targetsOf(t, postId);
    if ((await outcomesOf(t, target.id)).at(-1) === 'retry') return;
    t.clock.advance(Math.max(0, (target.dueAt?.getTime() ?? 0) - t.clock.nowMs()) + 10);
  }
  throw new Error('no attempt ended in a retry');
}

/** Moves the clock to a retried target's due moment and runs what is due. */
async function runRetry(postId: string) {
  const [target] = await targetsOf(t, postId);
  t.clock.advance(Math.max(0, (target.dueAt?.getTime() ?? 0) - t.clock.nowMs()) + 10);
  await publishDue(t);
}

describe('the check reads everything the account published since the first attempt', () => {
  it.each(['twitter', 'facebook', 'linkedin', 'threads', 'instagram'] as const)(
    'on %s, a post whose answer was lost is found behind 30 newer posts, not sent again',
    async (network) => {
      const { token } = await buildUser(t);
      const ids = await linkAll(t, token, [network]);
      const photo = await uploadPhoto(t, token);
      const caption = `Behind thirty ${network} ${Date.now()}`;
      expect((await control(t, network, { lose_answers: 1, account: await remoteIdOf(t, ids[network]) })).statusCode).toBe(200);
      const postId = await postNowTo(token, ids[network], caption, photo);
      await runUntilRetry(postId);
      // meanwhile the account publishes 30 more posts (the same user's other posts, or another tool's)
      for (let i = 0; i < 30; i++) await publishElsewhere(ids[network], `Other post ${i} ${network} ${Date.now()}`, photo);
      await runRetry(postId);
      const [after] = await targetsOf(t, postId);
      expect(after.state, String(after.internalError)).toBe('published');
      expect((await outcomesOf(t, after.id)).slice(-2)).toEqual(['retry', 'reconciled']);
      const copies = await copiesOn(ids[network], caption);
      expect(copies).toHaveLength(1);
      expect(after.remotePostId).toBe(copies[0].postId);
    },
    60_000,
  );

  it('the window starts at the first attempt that may have sent and never moves: a lost answer, four failed looks, and the sixth attempt still finds it', async () => {
    const { token } = await buildUser(t);
    const ids = await linkAll(t, token, ['twitter']);
    const photo = await uploadPhoto(t, token);
    const caption = `Window ${Date.now()}`;
    const account = await remoteIdOf(t, ids.twitter);
    await control(t, 'twitter', { lose_answers: 1, account });
    const postId = await postNowTo(token, ids.twitter, caption, photo);
    await publishDue(t);
    // the next four looks at the account fail (X answers 5xx to reads): each waits its backoff, 30 s to 240 s
    await control(t, 'twitter', { fail: 'server_error', only: 'read', times: 4, account });
    for (let i = 0; i < 4; i++) await runRetry(postId);
    await runRetry(postId);
    const [after] = await targetsOf(t, postId);
    expect(after.state, String(after.error)).toBe('published');
    expect(await outcomesOf(t, after.id)).toEqual(['retry', 'retry', 'retry', 'retry', 'retry', 'reconciled']);
    expect(await copiesOn(ids.twitter, caption)).toHaveLength(1);
  }, 60_000);

  it('an account that cannot be read back far enough is never sent blind: the user is asked to check it', async () => {
    const { token, user } = await buildUser(t);
    const ids = await linkAll(t, token, ['twitter']);
    const photo = await uploadPhoto(t, token);
    const caption = `Unsure ${Date.now()}`;
    await control(t, 'twitter', { fail: 'server_error', only: 'publish', account: await remoteIdOf(t, ids.twitter) });
    const postId = await postNowTo(token, ids.twitter, caption, photo);
    await publishDue(t);
    expect((await targetsOf(t, postId))[0].state).toBe('queued');
    // the network will not list back to the first attempt (its reach ends before it)
    const adapter = await t.services.socialAccounts.withPublishing(ids.twitter, async (a) => a);
    const reach = vi.spyOn(adapter, 'postsSince').mockResolvedValue({ posts: [], complete: false });
    const publish = vi.spyOn(adapter, 'publish');
    try {
      await runRetry(postId);
      expect(publish).not.toHaveBeenCalled();
    } finally {
      reach.mockRestore();
      publish.mockRestore();
    }
    const [after] = await targetsOf(t, postId);
    expect(after.state).toBe('needs_check');
    expect(after.error).toBe(POST_MSG.needsCheck('X'));
    expect(await copiesOn(ids.twitter, caption)).toHaveLength(0);
    const [post] = await t.database.db.select().from(posts).where(eq(posts.id, postId));
    expect(post.settledAt).not.toBeNull();
    expect(post.isPostDone).toBe(false);
    const notes = await t.database.db
      .select()
      .from(activities)
      .where(and(eq(activities.userId, user.id), eq(activities.type, 'POST_NOTIFICATION')));
    expect(notes.map((n) => n.title)).toEqual([POST_MSG.checkOn('X')]);
    // the post's details say which account to check, and why
    const details = await call(t, 'GET', `/sph/drafts/get-draft-details/${postId}/`, { token });
    expect(details.json.response_data.MediaPostedOn[0]).toMatchObject({ Status: 'needs_check', Error: POST_MSG.needsCheck('X') });
  }, 60_000);

  it('looks that keep failing until the tries run out leave the post for its user to check, not marked failed', async () => {
    const { token } = await buildUser(t);
    const ids = await linkAll(t, token, ['facebook']);
    const photo = await uploadPhoto(t, token);
    const account = await remoteIdOf(t, ids.facebook);
    await control(t, 'facebook', { fail: 'server_error', only: 'publish', account });
    const postId = await postNowTo(token, ids.facebook, `Dark ${Date.now()}`, photo);
    await publishDue(t);
    await control(t, 'facebook', { fail: 'server_error', only: 'read', times: 20, account });
    for (let i = 0; i < 6; i++) await runRetry(postId);
    await control(t, 'facebook', { clear: true });
    const [after] = await targetsOf(t, postId);
    expect(after.state).toBe('needs_check');
    expect(after.error).toBe(POST_MSG.needsCheck('Facebook'));
  }, 60_000);
});

describe('failed means it is not on the network', () => {
  it('when the tries run out on failures that do not say whether it went out, one last look finds it there: published, not failed', async () => {
    const { token } = await buildUser(t);
    const ids = await linkAll(t, token, ['twitter']);
    const photo = await uploadPhoto(t, token);
    const caption = `Last look ${Date.now()}`;
    const account = await remoteIdOf(t, ids.twitter);
    // five sends answered 5xx before anything happened, then a sixth that X took but whose answer was lost
    await control(t, 'twitter', { fail: 'server_error', only: 'publish', times: 5, account });
    await control(t, 'twitter', { lose_answers: 1, account });
    const postId = await postNowTo(token, ids.twitter, caption, photo);
    await publishDue(t);
    for (let i = 0; i < 5; i++) await runRetry(postId);
    expect((await targetsOf(t, postId))[0].lastLook).toBe(true);
    await runRetry(postId);
    const [after] = await targetsOf(t, postId);
    expect(after.state, String(after.error)).toBe('published');
    expect((await outcomesOf(t, after.id)).slice(-2)).toEqual(['retry', 'reconciled']);
    expect(await copiesOn(ids.twitter, caption)).toHaveLength(1);
  }, 60_000);

  it('the last look that finds nothing fails the target with the reason, and sends nothing more', async () => {
    const { token } = await buildUser(t);
    const ids = await linkAll(t, token, ['facebook']);
    const photo = await uploadPhoto(t, token);
    const caption = `Never out ${Date.now()}`;
    await control(t, 'facebook', { fail: 'server_error', only: 'publish', times: 6, account: await remoteIdOf(t, ids.facebook) });
    const postId = await postNowTo(token, ids.facebook, caption, photo);
    await publishDue(t);
    for (let i = 0; i < 6; i++) await runRetry(postId);
    const [after] = await targetsOf(t, postId);
    expect(after.state).toBe('failed');
    expect(after.error).toBe('Facebook did not answer after 6 tries: the network answered 500');
    expect(after.attempts).toBe(7);
    expect(await copiesOn(ids.facebook, caption)).toHaveLength(0);
  }, 60_000);
});

describe('a network post is one target’s only', () => {
  const found = (postId: string, minutes: number): TRecentPost => ({
    postId,
    text: 'Same words',
    createdAt: new Date(Date.UTC(2026, 0, 1, 9, minutes)),
    url: null,
  });
  const windowFrom = new Date(Date.UTC(2026, 0, 1, 9, 10));

  it('where two posts carry the text, the one closest after the attempt began wins; one already taken never does', () => {
    const list = [found('late', 14), found('near', 11), found('before', 8)];
    expect(pickSent(list, 'Same words', windowFrom, new Set())?.postId).toBe('near');
    expect(pickSent(list, 'Same words', windowFrom, new Set(['near']))?.postId).toBe('late');
    expect(pickSent(list, 'Same words', windowFrom, new Set(['near', 'late']))?.postId).toBe('before');
    // older than the window less the clock skew: not ours
    expect(pickSent([found('old', 1)], 'Same words', windowFrom, new Set())).toBeNull();
    expect(pickSent([found('other', 12)], 'Other words', windowFrom, new Set())).toBeNull();
  });

  it('the same caption sent twice within minutes: an interrupted second attempt does not take the first post, it sends its own', async () => {
    const { token } = await buildUser(t);
    const ids = await linkAll(t, token, ['facebook']);
    const photo = await uploadPhoto(t, token);
    const caption = `Twice the same ${Date.now()}`;
    const first = await postNowTo(token, ids.facebook, caption, photo);
    await publishDue(t);
    const [one] = await targetsOf(t, first);
    expect(one.state).toBe('published');
    t.clock.advance(60_000);
    const second = await postNowTo(token, ids.facebook, caption, photo);
    const [two] = await targetsOf(t, second);
    // its worker took it and died before sending: the job is gone with it, the lease has run out
    await t.container.boss.cancel(PUBLISH_QUEUE, two.jobId!);
    await holdByDeadAttempt(t, two.id, 30_000);
    expect((await t.services.publishing.reclaim()).reclaimed).toBe(1);
    await publishDue(t);
    const [after] = await targetsOf(t, second);
    expect(after.state, String(after.internalError)).toBe('published');
    expect(after.remotePostId).not.toBe(one.remotePostId);
    expect(await copiesOn(ids.facebook, caption)).toHaveLength(2);
  });
});

describe('settling and taking back', () => {
  it('a post whose targets all ended is settled by the reclaim pass if its process died before settling it', async () => {
    const { token, user } = await buildUser(t);
    const ids = await linkAll(t, token, ['twitter']);
    const photo = await uploadPhoto(t, token);
    const postId = await postNowTo(token, ids.twitter, `Unsettled ${Date.now()}`, photo);
    await publishDue(t);
    // as a process killed between its target's commit and the post's settle left it
    await t.database.db.update(posts).set({ settledAt: null, isPostDone: false, postedAt: null }).where(eq(posts.id, postId));
    await t.database.db.delete(activities).where(eq(activities.userId, user.id));
    expect((await t.services.publishing.reclaim()).settled).toBeGreaterThanOrEqual(1);
    const [post] = await t.database.db.select().from(posts).where(eq(posts.id, postId));
    expect(post.settledAt).not.toBeNull();
    expect(post.isPostDone).toBe(true);
    expect(post.isScheduled).toBe(false);
    const postNotes = () =>
      t.database.db
        .select()
        .from(activities)
        .where(and(eq(activities.userId, user.id), eq(activities.type, 'POST_NOTIFICATION')));
    expect((await postNotes()).map((n) => n.title)).toEqual([POST_MSG.sent]);
    // a second pass finds nothing left to settle for it
    await t.services.publishing.reclaim();
    expect(await postNotes()).toHaveLength(1);
  });

  it('two targets of one post ending at the same moment settle it once, with one notification', async () => {
    const { token, user } = await buildUser(t);
    const ids = await linkAll(t, token, ['twitter', 'facebook']);
    const photo = await uploadPhoto(t, token);
    const res = await call(t, 'POST', '/sph/social-media-manager/single-post/', {
      token,
      body: postBody(
        `Together ${Date.now()}`,
        [photo],
        [{ UserSocialMediaID: ids.twitter }, { UserSocialMediaID: ids.facebook }],
      ),
    });
    const postId = res.json.response_data.CommonPostID as string;
    const targets = await targetsOf(t, postId);
    await Promise.all(targets.map((target) => t.services.publishing.run(target.id, target.jobId!)));
    const [post] = await t.database.db.select().from(posts).where(eq(posts.id, postId));
    expect(post.settledAt).not.toBeNull();
    expect(post.isPostDone).toBe(true);
    const notes = await t.database.db.select().from(activities).where(eq(activities.userId, user.id));
    expect(notes.filter((n) => n.type === 'POST_NOTIFICATION')).toHaveLength(1);
  });

  it('a target held by a dead worker is taken back at once by any process: its stuck job is cancelled and a new one runs', async () => {
    const { token } = await buildUser(t);
    const ids = await linkAll(t, token, ['twitter']);
    const photo = await uploadPhoto(t, token);
    const caption = `Dead holder ${Date.now()}`;
    await t.runDueJobs(PUBLISH_QUEUE);
    const postId = await postNowTo(token, ids.twitter, caption, photo);
    const [target] = await targetsOf(t, postId);
    // a worker fetched the job (pg-boss holds it active, keeping its key busy) and died before its attempt began
    const [job] = await t.container.boss.fetch(PUBLISH_QUEUE);
    expect(job.id).toBe(target.jobId);
    await holdByDeadAttempt(t, target.id, 31_000);
    expect((await t.services.publishing.reclaim()).reclaimed).toBe(1);
    expect((await t.container.boss.getJobById(PUBLISH_QUEUE, job.id))?.state).toBe('cancelled');
    await publishDue(t);
    const [after] = await targetsOf(t, postId);
    expect(after.state, String(after.internalError)).toBe('published');
    expect(await copiesOn(ids.twitter, caption)).toHaveLength(1);
  });

  it('a waiting target whose job is gone (it ran before the target was due) is sent again by the sweep, once', async () => {
    const { token } = await buildUser(t);
    const ids = await linkAll(t, token, ['twitter']);
    const photo = await uploadPhoto(t, token);
    const caption = `Orphan ${Date.now()}`;
    await t.runDueJobs(PUBLISH_QUEUE);
    const postId = await postNowTo(token, ids.twitter, caption, photo);
    const [target] = await targetsOf(t, postId);
    await t.container.boss.cancel(PUBLISH_QUEUE, target.jobId!);
    t.clock.advance(61_000);
    expect(await t.services.publishing.sweep()).toBe(1);
    // a second sweep finds its job waiting: none more is sent
    expect(await t.services.publishing.sweep()).toBe(0);
    await publishDue(t);
    expect((await targetsOf(t, postId))[0].state).toBe('published');
    expect(await copiesOn(ids.twitter, caption)).toHaveLength(1);
  });

  it("a dead holder's target is handed back once: a second pass sends nothing more and leaves the new job alone", async () => {
    const { token } = await buildUser(t);
    const ids = await linkAll(t, token, ['twitter']);
    const photo = await uploadPhoto(t, token);
    const caption = `Handed back ${Date.now()}`;
    const postId = await postNowTo(token, ids.twitter, caption, photo);
    const [target] = await targetsOf(t, postId);
    await holdByDeadAttempt(t, target.id, 20_000);
    const deadJob = (await targetsOf(t, postId))[0].jobId;
    // two processes' watchers, one after the other
    const engine = t.services.publishing;
    expect((await engine.reclaim()).reclaimed).toBe(1);
    const [handed] = await targetsOf(t, postId);
    expect(handed.state).toBe('publishing');
    expect(handed.leaseUntil).toBeNull();
    expect(handed.jobId).not.toBe(deadJob);
    expect((await engine.reclaim()).reclaimed).toBe(0);
    expect((await targetsOf(t, postId))[0].jobId).toBe(handed.jobId);
    // the new job takes it over, looks on X first (nothing there), and sends it once
    await publishDue(t);
    const [after] = await targetsOf(t, postId);
    expect(after.state, String(after.internalError)).toBe('published');
    expect(await copiesOn(ids.twitter, caption)).toHaveLength(1);
  });

  it('a target handed back whose new job was lost is sent a job again by the sweep', async () => {
    const { token } = await buildUser(t);
    const ids = await linkAll(t, token, ['twitter']);
    const photo = await uploadPhoto(t, token);
    const caption = `Handed back, job lost ${Date.now()}`;
    const postId = await postNowTo(token, ids.twitter, caption, photo);
    const [target] = await targetsOf(t, postId);
    await holdByDeadAttempt(t, target.id, 20_000);
    expect((await t.services.publishing.reclaim()).reclaimed).toBe(1);
    // the process that fetched the new job died before claiming it, and the job is gone with it
    await t.container.boss.cancel(PUBLISH_QUEUE, (await targetsOf(t, postId))[0].jobId!);
    t.clock.advance(61_000);
    expect(await t.services.publishing.sweep()).toBe(1);
    await publishDue(t);
    expect((await targetsOf(t, postId))[0].state).toBe('published');
    expect(await copiesOn(ids.twitter, caption)).toHaveLength(1);
  });

  it('a job that runs before its target is due sends the job of its due moment (the queue had refused that one)', async () => {
    const { token } = await buildUser(t);
    const ids = await linkAll(t, token, ['twitter']);
    const photo = await uploadPhoto(t, token);
    const caption = `Early job ${Date.now()}`;
    const postId = await postNowTo(token, ids.twitter, caption, photo);
    const [target] = await targetsOf(t, postId);
    // a retry due in a minute whose own job was refused (another job of the target was waiting then), and that
    // other job runs now, early
    await t.container.boss.cancel(PUBLISH_QUEUE, target.jobId!);
    await t.database.db
      .update(postTargets)
      .set({ state: 'queued', attempts: 1, dueAt: new Date(t.clock.nowMs() + 60_000), jobId: null })
      .where(eq(postTargets.id, target.id));
    expect(await t.services.publishing.run(target.id, 'early-job')).toBe('skipped');
    const [waiting] = await targetsOf(t, postId);
    expect(waiting.jobId).not.toBeNull();
    t.clock.advance(61_000);
    await publishDue(t);
    expect((await targetsOf(t, postId))[0].state).toBe('published');
    expect(await copiesOn(ids.twitter, caption)).toHaveLength(1);
  });

  it('a held target whose lease is still running is left to its holder', async () => {
    const { token } = await buildUser(t);
    const ids = await linkAll(t, token, ['twitter']);
    const photo = await uploadPhoto(t, token);
    const postId = await postNowTo(token, ids.twitter, `Alive ${Date.now()}`, photo);
    const [target] = await targetsOf(t, postId);
    await t.database.db
      .update(postTargets)
      .set({ state: 'publishing', attemptId: 'alive', leaseUntil: new Date(t.clock.nowMs() + 20_000) })
      .where(eq(postTargets.id, target.id));
    expect((await t.services.publishing.reclaim()).reclaimed).toBe(0);
    expect(await t.services.publishing.run(target.id, 'another-job')).toBe('skipped');
  });
});
