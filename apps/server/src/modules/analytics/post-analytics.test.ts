import { INSIGHTS_MSG, MSG, POST_METRICS } from '@virality/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, buildUser, call, type TTestApp } from '../../test/helpers';
import { mp4Bytes } from '../../test/media-fixtures';
import { failNext, linkAll, readPost, scheduleIn, upload, uploadPhoto } from '../posts/posts-test-kit';
import { makeTeam, perms } from '../team/team-test-kit';
import {
  analyticsOf,
  clearFailures,
  figuresRow,
  metricsRow,
  networkMetrics,
  pendingFailures,
  postNow,
  readDue,
  targetsOf,
} from './analytics-test-kit';
import { READS_PER_MINUTE } from './service';

/**
 * post_analytics/: a post's figures per account, read from the networks by a job after it goes out and
 * answered from what the job kept; the story rules, failed targets, a manager's access, and whose post it is.
 */
let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const MIN = 60_000;
const allNull = Object.fromEntries(POST_METRICS.map((m) => [m, null]));
type TItem = { SocialMediaName: string; Metrics: Record<string, number | null> } & Record<string, unknown>;
const itemOn = (items: TItem[], label: string) => items.find((i) => i.SocialMediaName === label)!;

/** A user with Instagram and X linked and a photo uploaded. */
async function author() {
  const u = await buildUser(t);
  const ids = await linkAll(t, u.token, ['instagram', 'twitter']);
  const photo = await uploadPhoto(t, u.token);
  return { ...u, ids, photo };
}

describe('post_analytics/', () => {
  it('answers "not yet read" until the job has read the post, then the figures each network gives (none invented)', async () => {
    const a = await author();
    const postId = await postNow(
      t,
      a.token,
      'Figures please',
      [a.photo],
      [{ UserSocialMediaID: a.ids.instagram }, { UserSocialMediaID: a.ids.twitter }],
    );
    const first = await analyticsOf(t, a.token, { CommonPostID: postId });
    expect(first.status).toBe(200);
    expect(first.json.response_code).toBe(200);
    expect(first.json.response_data).toHaveLength(2);
    for (const item of first.json.response_data)
      expect(item).toMatchObject({ ResponseCode: 202, code: 'not_yet_read', error: null, UpdatedAt: null, Metrics: allNull });

    t.clock.advance(10 * MIN);
    const run = await readDue(t);
    expect(run.read).toBeGreaterThanOrEqual(2);
    const readAt = t.clock.nowMs();
    const items = (await analyticsOf(t, a.token, { CommonPostID: postId })).json.response_data as TItem[];
    const targets = await targetsOf(t, postId);
    for (const [label, network] of [
      ['Instagram', 'instagram'],
      ['X', 'twitter'],
    ] as const) {
      const item = itemOn(items, label);
      const target = targets.find((x) => x.network === network)!;
      expect(item).toMatchObject({
        ResponseCode: 200,
        code: null,
        error: null,
        UserSocialMediaID: a.ids[network],
        Format: 'post',
        PostUrl: target.remoteUrl,
        PostedAt: target.publishedAt!.toISOString(),
      });
      expect(Date.parse(item.UpdatedAt as string)).toBeLessThanOrEqual(readAt);
      // the figures the network gives now: the same ones, grown since (it never gives fewer)
      const now = await networkMetrics(t, target);
      const given = Object.entries(item.Metrics).filter(([, v]) => v !== null);
      expect(given.map(([k]) => k).sort()).toEqual(Object.keys(now).sort());
      for (const [k, v] of given) expect(v).toBeLessThanOrEqual(now[k as keyof typeof now]!);
      expect(item.Metrics.views).toBeGreaterThan(0);
      // the spec's fields carry the same figures
      expect(item.impressions).toBe(item.Metrics.views);
      expect(item.like_count).toBe(item.Metrics.likes);
      expect(item.comments_count).toBe(item.Metrics.comments);
      expect(item.video_views).toBeNull();
    }
    const x = itemOn(items, 'X');
    expect(x.retweet_count).toBe(x.Metrics.reposts);
    expect(x.reply_count).toBe(x.Metrics.comments);
    expect(x.Metrics.reach).toBeNull();
    const ig = itemOn(items, 'Instagram');
    expect(ig.saved).toBe(ig.Metrics.saves);
    expect(ig.Metrics.reposts).toBeNull();
    expect(ig.retweet_count).toBeNull();
  });

  it('reads a video on every network: each gives figures that grow with the post, its views also as video_views', async () => {
    const u = await buildUser(t);
    const networks = ['instagram', 'facebook', 'youtube', 'linkedin', 'tiktok', 'twitter', 'threads'] as const;
    const ids = await linkAll(t, u.token, networks);
    const video = await upload(t, u.token, mp4Bytes(1280, 720, 12), 'clip.mp4', 'video/mp4');
    const postId = await postNow(
      t,
      u.token,
      'A clip everywhere',
      [video],
      networks.map((n) => ({ UserSocialMediaID: ids[n], ...(n === 'tiktok' ? { PrivacyStatus: 'PUBLIC_TO_EVERYONE' } : {}) })),
      { Title: 'A clip' },
    );
    t.clock.advance(30 * MIN);
    await readDue(t);
    const items = (await analyticsOf(t, u.token, { CommonPostID: postId })).json.response_data as TItem[];
    expect(items.map((i) => i.SocialMediaID).sort()).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    for (const item of items) {
      expect(item, item.SocialMediaName).toMatchObject({ ResponseCode: 200, code: null });
      const given = Object.values(item.Metrics).filter((v) => v !== null) as number[];
      expect(
        given.some((v) => v > 0),
        item.SocialMediaName,
      ).toBe(true);
      expect(item.video_views).toBe(item.Metrics.views);
    }
    const earlier = Object.fromEntries(items.map((i) => [i.SocialMediaName, i.Metrics]));
    t.clock.advance(60 * MIN);
    await readDue(t);
    for (const item of (await analyticsOf(t, u.token, { CommonPostID: postId })).json.response_data as TItem[]) {
      const grown = Object.entries(item.Metrics).filter(([k, v]) => v !== null && v > (earlier[item.SocialMediaName][k] ?? 0));
      expect(grown.length, item.SocialMediaName).toBeGreaterThan(0);
    }
  });

  it('answers from what was read without calling the network; a failed read keeps the last good figures and says why', async () => {
    const a = await author();
    const postId = await postNow(t, a.token, 'Cached figures', [a.photo], [{ UserSocialMediaID: a.ids.twitter }]);
    t.clock.advance(5 * MIN);
    await readDue(t);
    const read = itemOn((await analyticsOf(t, a.token, { CommonPostID: postId })).json.response_data, 'X');
    expect(read.ResponseCode).toBe(200);

    // X fails every call now: the call still answers, and X was not called
    await failNext(t, 'twitter', 'server_error', 50);
    const again = await analyticsOf(t, a.token, { CommonPostID: postId });
    expect(again.status).toBe(200);
    expect(itemOn(again.json.response_data, 'X')).toEqual(read);
    expect(await pendingFailures(t, 'twitter')).toHaveLength(50);

    // the job's next read fails: the last good figures stay, with the reason
    t.clock.advance(16 * MIN);
    const run = await readDue(t);
    await clearFailures(t, 'twitter');
    expect(run.failed).toBeGreaterThanOrEqual(1);
    const failed = itemOn((await analyticsOf(t, a.token, { CommonPostID: postId })).json.response_data, 'X');
    expect(failed).toMatchObject({ ResponseCode: 200, code: 'network_error', Metrics: read.Metrics, UpdatedAt: read.UpdatedAt });
    expect(failed.error).toEqual(expect.any(String));
    expect(failed.error).not.toBe('');

    // the next read succeeds and clears it
    t.clock.advance(16 * MIN);
    await readDue(t);
    const fresh = itemOn((await analyticsOf(t, a.token, { CommonPostID: postId })).json.response_data, 'X');
    expect(fresh).toMatchObject({ ResponseCode: 200, code: null, error: null });
    expect(Date.parse(fresh.UpdatedAt as string)).toBeGreaterThan(Date.parse(read.UpdatedAt as string));
  });

  it("a rate-limited read moves the post's next read to when the limit lifts, and nothing is read from that network before", async () => {
    const a = await author();
    const postId = await postNow(t, a.token, 'Rate limited', [a.photo], [{ UserSocialMediaID: a.ids.twitter }]);
    const [target] = await targetsOf(t, postId);
    t.clock.advance(MIN);
    await readDue(t);
    const before = await metricsRow(t, target.id);
    expect(before?.fetchedAt).not.toBeNull();

    t.clock.advance(16 * MIN);
    await failNext(t, 'twitter', 'rate_limit');
    const asked = t.clock.nowMs();
    const run = await readDue(t);
    expect(run.rateLimited).toBe(1);
    const limited = await metricsRow(t, target.id);
    // X's reset header: 15 minutes from the call, in whole seconds
    const reset = limited!.nextFetchAt!.getTime();
    expect(reset).toBeGreaterThanOrEqual(Math.floor(asked / 1000) * 1000 + 15 * MIN);
    expect(reset).toBeLessThanOrEqual(t.clock.nowMs() + 15 * MIN);
    expect(limited!.fetchedAt).toEqual(before!.fetchedAt);
    expect(limited!.error).toBeNull();
    // the figures read before are still answered
    const item = itemOn((await analyticsOf(t, a.token, { CommonPostID: postId })).json.response_data, 'X');
    expect(item).toMatchObject({ ResponseCode: 200, code: null, Metrics: before!.metrics });

    // before the reset nothing is read; after it, the post is read again
    t.clock.advance(10 * MIN);
    await readDue(t);
    expect((await metricsRow(t, target.id))!.fetchedAt).toEqual(before!.fetchedAt);
    t.clock.advance(6 * MIN);
    await readDue(t);
    expect((await metricsRow(t, target.id))!.fetchedAt!.getTime()).toBeGreaterThan(before!.fetchedAt!.getTime());
  });

  it("a story: 'Insight awaits' until 10 views within its 24 hours, then its figures; after 24 hours 'Story Expired' and no more reads", async () => {
    const a = await author();
    const postId = await postNow(t, a.token, 'A story', [a.photo], [{ UserSocialMediaID: a.ids.instagram, IsStory: true }]);
    const [target] = await targetsOf(t, postId);
    expect(target.format).toBe('story');
    const story = async () => itemOn((await analyticsOf(t, a.token, { CommonPostID: postId })).json.response_data, 'Instagram');

    // not read yet, and read while too few have seen it: the network shows no insights yet
    expect(await story()).toMatchObject({
      ResponseCode: 204,
      code: 'story_waiting',
      error: INSIGHTS_MSG.storyWaiting,
      Format: 'story',
      Metrics: allNull,
    });
    await readDue(t);
    expect(await story()).toMatchObject({ code: 'story_waiting', error: INSIGHTS_MSG.storyWaiting });

    t.clock.advance(15 * MIN);
    await readDue(t);
    const shown = await story();
    expect(shown).toMatchObject({ ResponseCode: 200, code: null, error: null });
    expect(shown.Metrics.views).toBeGreaterThanOrEqual(10);

    t.clock.advance(24 * 60 * MIN);
    expect(await story()).toMatchObject({
      ResponseCode: 204,
      code: 'story_expired',
      error: INSIGHTS_MSG.storyExpired,
      Metrics: allNull,
    });
    await readDue(t);
    expect((await metricsRow(t, target.id))!.nextFetchAt).toBeNull();
  });

  it("an account the post failed on answers 'not_published' with the post's failure reason", async () => {
    const a = await author();
    await failNext(t, 'twitter', 'processing_error');
    const postId = await postNow(
      t,
      a.token,
      'Half out',
      [a.photo],
      [{ UserSocialMediaID: a.ids.instagram }, { UserSocialMediaID: a.ids.twitter }],
    );
    const reason = (await readPost(t, a.token, postId)).MediaPostedOn.find(
      (m: { SocialMediaName: string }) => m.SocialMediaName === 'X',
    ).Error;
    expect(reason).toEqual(expect.any(String));
    const items = (await analyticsOf(t, a.token, { CommonPostID: postId })).json.response_data;
    expect(items).toHaveLength(2);
    expect(itemOn(items, 'X')).toMatchObject({
      ResponseCode: 400,
      code: 'not_published',
      error: reason,
      Metrics: allNull,
      PostedAt: null,
    });
    expect(itemOn(items, 'Instagram').code).toBe('not_yet_read');
  });

  it("a business manager gets figures only where its role opens Analytics: elsewhere 'No access to view Analytics'", async () => {
    const team = await makeTeam(t, 'Acme Foods', perms({ '1': { Post: true, Analytics: true }, '6': { Post: true } }));
    const ids = await linkAll(t, team.owner.token, ['instagram', 'twitter']);
    const photo = await uploadPhoto(t, team.owner.token);
    const postId = await postNow(
      t,
      team.owner.token,
      'Team post',
      [photo],
      [{ UserSocialMediaID: ids.instagram }, { UserSocialMediaID: ids.twitter }],
    );
    t.clock.advance(5 * MIN);
    await readDue(t);
    const manager = (await analyticsOf(t, team.manager.token, { CommonPostID: postId })).json.response_data;
    expect(itemOn(manager, 'Instagram')).toMatchObject({ ResponseCode: 200, code: null });
    expect(itemOn(manager, 'Instagram').Metrics.views).toBeGreaterThan(0);
    expect(itemOn(manager, 'X')).toMatchObject({
      ResponseCode: 403,
      code: 'no_access',
      error: INSIGHTS_MSG.noAccess,
      Metrics: allNull,
      impressions: null,
    });
    // the owner sees both
    const owner = (await analyticsOf(t, team.owner.token, { CommonPostID: postId })).json.response_data;
    expect(itemOn(owner, 'X')).toMatchObject({ ResponseCode: 200, code: null });
  });

  it('another organization’s post, a deleted post and an unknown id are not found; another user’s UserID is refused; bad input is a 400', async () => {
    const a = await author();
    const other = await buildUser(t);
    const postId = await postNow(t, a.token, 'Mine', [a.photo], [{ UserSocialMediaID: a.ids.instagram }]);

    const theirs = await analyticsOf(t, other.token, { CommonPostID: postId });
    expect(theirs.status).toBe(404);
    expect(theirs.json.response_message).toBe(INSIGHTS_MSG.postNotFound);
    const unknown = await analyticsOf(t, a.token, { CommonPostID: 'no-such-post' });
    expect(unknown.status).toBe(404);
    expect(unknown.json.response_message).toBe(INSIGHTS_MSG.postNotFound);

    // a scheduled post deleted before it went out
    const scheduled = await call(t, 'POST', '/sph/social-media-manager/single-post/', {
      token: a.token,
      body: {
        CaptionDescription: 'Later',
        MediaDetails: [{ ImageVideoUrl: a.photo, ImageVideoName: 'media' }],
        PostDetails: [{ UserSocialMediaID: a.ids.instagram }],
        IsScheduled: true,
        ...scheduleIn(t, 60 * MIN),
      },
    });
    const scheduledId = scheduled.json.response_data.CommonPostID;
    expect((await analyticsOf(t, a.token, { CommonPostID: scheduledId })).json.response_data).toEqual([]);
    await call(t, 'PUT', '/sph/edit_scheduled_post/', { token: a.token, body: { CommonPostID: scheduledId, IsActive: false } });
    expect((await analyticsOf(t, a.token, { CommonPostID: scheduledId })).status).toBe(404);

    const wrongUser = await analyticsOf(t, a.token, { CommonPostID: postId, UserID: other.user.id });
    expect(wrongUser.status).toBe(403);
    expect(wrongUser.json.response_message).toBe(MSG.forbidden);
    expect((await analyticsOf(t, a.token, { CommonPostID: postId, UserID: a.user.id })).status).toBe(200);

    for (const body of [{}, { CommonPostID: '' }, { CommonPostID: 42 }, { CommonPostID: 'x'.repeat(65) }]) {
      const bad = await analyticsOf(t, a.token, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.json.response_message).toEqual(expect.any(String));
    }
    expect((await call(t, 'POST', '/sph/post_analytics/', { body: { CommonPostID: postId } })).status).toBe(401);
  });

  it('an account unlinked after the post: its figures stay, say the account must be linked again, and are no longer read', async () => {
    const u = await buildUser(t);
    const ids = await linkAll(t, u.token, ['threads']);
    const photo = await uploadPhoto(t, u.token);
    const postId = await postNow(t, u.token, 'Then unlinked', [photo], [{ UserSocialMediaID: ids.threads }]);
    const [target] = await targetsOf(t, postId);
    t.clock.advance(5 * MIN);
    await readDue(t);
    const read = itemOn((await analyticsOf(t, u.token, { CommonPostID: postId })).json.response_data, 'Threads');
    expect(read.Metrics.views).toBeGreaterThan(0);

    const unlinked = await call(t, 'PUT', `/sph/deleteSocialMediaDetails/${ids.threads}/`, { token: u.token, body: {} });
    expect(unlinked.status).toBe(200);
    t.clock.advance(16 * MIN);
    await readDue(t);
    const item = itemOn((await analyticsOf(t, u.token, { CommonPostID: postId })).json.response_data, 'Threads');
    expect(item).toMatchObject({
      ResponseCode: 200,
      code: 'reconnect',
      error: 'Social account not found',
      UserSocialMediaID: null,
      Metrics: read.Metrics,
      UpdatedAt: read.UpdatedAt,
    });
    expect((await metricsRow(t, target.id))!.nextFetchAt).toBeNull();
  });

  it('reads a post every 15 minutes on its first day, hourly in its first week, daily to 90 days, then never', async () => {
    const a = await author();
    const postId = await postNow(t, a.token, 'Ageing', [a.photo], [{ UserSocialMediaID: a.ids.instagram }]);
    const [target] = await targetsOf(t, postId);
    const published = target.publishedAt!.getTime();
    const gapAfterReadAt = async (ageMs: number) => {
      t.clock.setOffset(t.clock.offset + (published + ageMs - t.clock.nowMs()));
      await readDue(t);
      const row = (await metricsRow(t, target.id))!;
      expect(row.error).toBeNull();
      expect(row.fetchedAt!.getTime()).toBeGreaterThanOrEqual(published + ageMs);
      return row.nextFetchAt ? row.nextFetchAt.getTime() - row.fetchedAt!.getTime() : null;
    };
    const HOUR = 60 * MIN;
    const DAY = 24 * HOUR;
    expect(await gapAfterReadAt(MIN)).toBe(15 * MIN);
    expect(await gapAfterReadAt(2 * DAY)).toBe(HOUR);
    expect(await gapAfterReadAt(8 * DAY)).toBe(DAY);
    expect(await gapAfterReadAt(89 * DAY)).toBe(DAY);
    // past 90 days the post is not read again
    t.clock.setOffset(t.clock.offset + (published + 91 * DAY - t.clock.nowMs()));
    const lastRead = (await metricsRow(t, target.id))!.fetchedAt;
    await readDue(t);
    const row = (await metricsRow(t, target.id))!;
    expect(row.nextFetchAt).toBeNull();
    expect(row.fetchedAt).toEqual(lastRead);
  });

  it("first reads go before re-reads: more X accounts overdue than X's share of a run never hold a new post's first figures back", async () => {
    const share = READS_PER_MINUTE.twitter;
    const people = await Promise.all(Array.from({ length: share + 3 }, () => buildUser(t)));
    const accounts = await Promise.all(people.map(async (p) => (await linkAll(t, p.token, ['twitter'])).twitter));
    // every account read once, then all of them overdue for their hourly read
    for (let run = 0; run < 3; run++) {
      t.clock.advance(MIN);
      await readDue(t);
    }
    for (const id of accounts) expect((await figuresRow(t, id))!.fetchedAt).not.toBeNull();
    t.clock.advance(3 * 60 * MIN);

    const photo = await uploadPhoto(t, people[0].token);
    const postId = await postNow(t, people[0].token, 'Fresh figures', [photo], [{ UserSocialMediaID: accounts[0] }]);
    const [target] = await targetsOf(t, postId);
    t.clock.advance(MIN);
    const run = await readDue(t);
    expect(run.deferred).toBeGreaterThan(0);
    expect((await metricsRow(t, target.id))!.fetchedAt).not.toBeNull();
    const item = (await analyticsOf(t, people[0].token, { CommonPostID: postId })).json.response_data[0];
    expect(item).toMatchObject({ ResponseCode: 200, code: null });
  });
});
