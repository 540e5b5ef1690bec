import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, buildUser, call, type TTestApp } from '../../test/helpers';
import { metricsRow, postNow, readDue, targetsOf } from '../analytics/analytics-test-kit';
import { linkAll, readPost, scheduleIn, uploadPhoto } from '../posts/posts-test-kit';
import { makeTeam, perms } from '../team/team-test-kit';

/**
 * A post as clients read it carries AccountDetails (the linked accounts it is for) and like_count and
 * comments_count: the figures the analytics job read from the networks, never made up.
 */
let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const MIN = 60_000;
type TPost = { CommonPostID: string; AccountDetails: unknown[]; like_count: number | null; comments_count: number | null };

/** What the figures job kept for the post's published targets on these networks: likes and comments summed. */
async function keptFigures(postId: string, networks: string[]) {
  let likes: number | null = null;
  let comments: number | null = null;
  for (const target of await targetsOf(t, postId)) {
    if (!networks.includes(target.network)) continue;
    const row = await metricsRow(t, target.id);
    if (!row?.fetchedAt) continue;
    if (row.metrics.likes !== undefined) likes = (likes ?? 0) + row.metrics.likes;
    if (row.metrics.comments !== undefined) comments = (comments ?? 0) + row.metrics.comments;
  }
  return { like_count: likes, comments_count: comments };
}

const recentOf = async (token: string, userId: string) => {
  const res = await call(t, 'GET', `/sph/recent_post_details/${userId}/`, { token });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.response_data as TPost[];
};

describe('posts carry AccountDetails, like_count and comments_count', () => {
  it('AccountDetails names each linked account the post is for; the counts are null until the figures are read, then theirs', async () => {
    const u = await buildUser(t);
    const ids = await linkAll(t, u.token, ['instagram', 'twitter']);
    const photo = await uploadPhoto(t, u.token);
    const postId = await postNow(
      t,
      u.token,
      'Counted',
      [photo],
      [{ UserSocialMediaID: ids.instagram }, { UserSocialMediaID: ids.twitter }],
    );
    const targets = await targetsOf(t, postId);
    const before = await readPost(t, u.token, postId);
    expect(before.AccountDetails).toHaveLength(2);
    for (const network of ['instagram', 'twitter'] as const) {
      const target = targets.find((x) => x.network === network)!;
      expect(before.AccountDetails).toContainEqual({
        id: ids[network],
        UserName: target.accountName,
        ProfilePictureURL: target.accountPicture,
        SocialMediaID: network === 'instagram' ? '1' : '6',
      });
    }
    // nothing read from the networks yet: not known, so not 0
    expect(before).toMatchObject({ like_count: null, comments_count: null });

    t.clock.advance(10 * MIN);
    expect((await readDue(t)).read).toBeGreaterThanOrEqual(2);
    const expected = await keptFigures(postId, ['instagram', 'twitter']);
    expect(expected.like_count).toEqual(expect.any(Number));
    expect(await readPost(t, u.token, postId)).toMatchObject(expected);
    const listed = (await recentOf(u.token, u.user.id)).find((p) => p.CommonPostID === postId)!;
    expect(listed).toMatchObject({ ...expected, AccountDetails: before.AccountDetails });
  });

  it('a scheduled post names its accounts and has no counts (null)', async () => {
    const u = await buildUser(t);
    const ids = await linkAll(t, u.token, ['instagram']);
    const photo = await uploadPhoto(t, u.token);
    const { ScheduledDate, ScheduledTime } = scheduleIn(t, 60 * MIN);
    const res = await call(t, 'POST', '/sph/social-media-manager/single-post/', {
      token: u.token,
      body: {
        CaptionDescription: 'Later',
        MediaDetails: [{ ImageVideoUrl: photo, ImageVideoName: 'media' }],
        PostDetails: [{ UserSocialMediaID: ids.instagram }],
        IsScheduled: true,
        ScheduledDate,
        ScheduledTime,
      },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const post = await readPost(t, u.token, res.json.response_data.CommonPostID);
    expect(post.AccountDetails).toEqual([expect.objectContaining({ id: ids.instagram, SocialMediaID: '1' })]);
    expect(post).toMatchObject({ like_count: null, comments_count: null });
  });

  it('a business manager counts only the networks its role opens with Analytics', async () => {
    const team = await makeTeam(t, 'Acme Foods', perms({ '1': { Post: true, Analytics: true }, '6': { Post: true } }));
    const ids = await linkAll(t, team.owner.token, ['instagram', 'twitter']);
    const photo = await uploadPhoto(t, team.owner.token);
    const postId = await postNow(
      t,
      team.owner.token,
      'Team figures',
      [photo],
      [{ UserSocialMediaID: ids.instagram }, { UserSocialMediaID: ids.twitter }],
    );
    t.clock.advance(10 * MIN);
    await readDue(t);
    const owner = await keptFigures(postId, ['instagram', 'twitter']);
    const manager = await keptFigures(postId, ['instagram']);
    expect(await readPost(t, team.owner.token, postId)).toMatchObject(owner);
    expect(await readPost(t, team.manager.token, postId)).toMatchObject(manager);
    const ownerId = team.owner.user.id;
    const managerId = (await call(t, 'GET', '/api/user/getUserStatus', { token: team.manager.token })).json.response.result._id;
    expect((await recentOf(team.manager.token, managerId)).find((p) => p.CommonPostID === postId)).toMatchObject(manager);
    expect((await recentOf(team.owner.token, ownerId)).find((p) => p.CommonPostID === postId)).toMatchObject(owner);
  });
});
