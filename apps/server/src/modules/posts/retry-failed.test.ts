import { POST_MSG, postBadge } from '@virality/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, postTargets } from '../../db/schema';
import type { TPublishState } from '../../integrations/networks/types';
import { buildTestApp, buildUser, call, givePlan, type TTestApp } from '../../test/helpers';
import { makeTeam, perms } from '../team/team-test-kit';
import { failNext, linkAll, postBody, postNow, postsOn, publishDue, readPost, uploadPhoto } from './posts-test-kit';

/**
 * Retry failed accounts: a sent post goes again to the accounts that did not take it, through the same engine,
 * exactly once. The accounts that took it are left alone, a second call finds nothing to retry, and an account is
 * read back before anything is sent again.
 */
let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const retry = (token: string, CommonPostID: string) =>
  call(t, 'POST', '/sph/social-media-manager/retry-failed/', { token, body: { CommonPostID } });
/** The post notifications of a user (a post that earned points is also told apart, as POINTS_EARNED). */
const notesOf = (userId: string) =>
  t.database.db
    .select()
    .from(activities)
    .where(and(eq(activities.userId, userId), eq(activities.type, 'POST_NOTIFICATION')));

async function partlyPosted() {
  const { token, user } = await buildUser(t, { profileType: 'BUSINESS' });
  await givePlan(t, user.id);
  const ids = await linkAll(t, token, ['instagram', 'twitter']);
  const photo = await uploadPhoto(t, token);
  const caption = `Partly ${Date.now()} ${Math.random()}`;
  // X refuses the media (a refusal that is final, not a passing failure), then takes posts again
  await failNext(t, 'twitter', 'processing_error', 5);
  const postId = await postNow(t, token, photo, [ids.instagram, ids.twitter], caption);
  await publishDue(t);
  await t.app.inject({ method: 'POST', url: '/sandbox/twitter/_control', payload: { clear: true } });
  return { token, user, ids, photo, caption, postId };
}

describe('retry failed accounts', () => {
  it('a partly sent post reads Partly posted; the retry sends only to the failed account, once, and the post settles again', async () => {
    const { token, user, ids, caption, postId } = await partlyPosted();
    const before = await readPost(t, token, postId);
    expect(postBadge(before)).toBe('Partly posted');
    expect(before.MediaPostedOn.find((m: { SocialMediaID: string }) => m.SocialMediaID === '6')?.Error).toBeTruthy();
    expect(await notesOf(user.id)).toHaveLength(1);

    const res = await retry(token, postId);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.response_message).toBe(POST_MSG.retrying);
    expect(res.json.response_data.pending).toHaveLength(1);
    // a double click or a replayed request while it is on its way: nothing is queued twice
    const replay = await retry(token, postId);
    expect(replay.status).toBe(409);
    expect(replay.json.response_message).toBe(POST_MSG.stillSending);

    await publishDue(t);
    const after = await readPost(t, token, postId);
    expect(postBadge(after)).toBe('Posted');
    expect((await postsOn(t, ids.twitter)).filter((p) => p.text.includes(caption))).toHaveLength(1);
    expect((await postsOn(t, ids.instagram)).filter((p) => p.text.includes(caption))).toHaveLength(1);
    // settled again: a second notification says it is out
    const notes = await notesOf(user.id);
    expect(notes).toHaveLength(2);
    expect(notes.some((n) => n.title === POST_MSG.sent)).toBe(true);
    // each network's point once
    expect((await call(t, 'POST', '/api/wallet/updateWallet', { token, body: {} })).json.response.viralityPoints).toBe(2);

    const nothing = await retry(token, postId);
    expect(nothing.status).toBe(409);
    expect(nothing.json.response_message).toBe(POST_MSG.nothingToRetry);
    await publishDue(t);
    expect((await postsOn(t, ids.twitter)).filter((p) => p.text.includes(caption))).toHaveLength(1);
  });

  it('an account that has the post after all is read back first: the retry finds it and sends nothing', async () => {
    const { token, ids, caption, postId } = await partlyPosted();
    // the post turns up on X (an earlier attempt the network did take after all)
    await t.services.socialAccounts.withPublishing(ids.twitter, async (adapter, grant, ref) => {
      const state: TPublishState = await adapter.publish(grant, { account: ref, format: 'post', text: caption, media: [] });
      expect(state.state).toBe('published');
    });
    expect((await retry(token, postId)).status).toBe(200);
    await publishDue(t);
    const [x] = (await t.database.db.select().from(postTargets).where(eq(postTargets.postId, postId))).filter(
      (row) => row.network === 'twitter',
    );
    expect(x.state).toBe('published');
    expect((await postsOn(t, ids.twitter)).filter((p) => p.text.includes(caption))).toHaveLength(1);
  });

  it('refuses a post not sent yet, another organization, a bad body, a business manager and no session', async () => {
    const { token, ids, photo, postId } = await partlyPosted();
    const other = await buildUser(t, { profileType: 'BUSINESS' });
    const theirs = await retry(other.token, postId);
    expect(theirs.status).toBe(404);
    expect(theirs.json.response_message).toBe(POST_MSG.postNotFound);
    expect((await call(t, 'POST', '/sph/social-media-manager/retry-failed/', { token, body: {} })).status).toBe(400);
    expect((await call(t, 'POST', '/sph/social-media-manager/retry-failed/', { body: { CommonPostID: postId } })).status).toBe(
      401,
    );

    const team = await makeTeam(t, 'Retry Co', perms({ '2': { Post: true, Scheduler: true } }));
    const asManager = await retry(team.manager.token, postId);
    expect(asManager.status).toBe(403);

    const draft = await call(t, 'POST', '/sph/social-media-manager/single-post/', {
      token,
      body: postBody('Only a draft', [photo], [{ UserSocialMediaID: ids.twitter }], { IsDraft: true }),
    });
    expect(draft.status, JSON.stringify(draft.json)).toBe(200);
    const notSent = await retry(token, draft.json.response_data.CommonPostID);
    expect(notSent.status).toBe(400);
    expect(notSent.json.response_message).toBe(POST_MSG.notPublished);
    // the refused calls changed nothing: the failed account is still there to retry
    expect(postBadge(await readPost(t, token, postId))).toBe('Partly posted');
  });
});
