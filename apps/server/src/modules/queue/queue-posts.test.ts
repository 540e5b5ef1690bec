import { QUEUE_MSG, QUEUE_POST_MSG } from '@virality/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { posts } from '../../db/schema';
import { buildTestApp, buildUser, call, type TTestApp } from '../../test/helpers';
import { copiesOn, linkAll, postBody, publishDue, readPost, scheduleAt, targetsOf, uploadPhoto } from '../posts/posts-test-kit';
import { makeTeam } from '../team/team-test-kit';

/**
 * Add to queue: each account's post takes that account's next free slot (one post per account per slot, a slot held
 * by a post scheduled another way included), in the order they were added; two added at once never share a slot;
 * a schedule's change re-times the queued posts (in order, never into the past, losing none); a paused queue holds
 * its posts; each goes out once at its slot.
 */
// Monday 10 May 2027, 10:00 UTC
const NOW = Date.parse('2027-05-10T10:00:00.000Z');
let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
// every test starts at NOW (some move the clock on)
beforeEach(() => {
  t.clock.setOffset(NOW - Date.now());
});
afterAll(async () => t?.close());

const everyDay = (...times: string[]) => [0, 1, 2, 3, 4, 5, 6].flatMap((day) => times.map((time) => ({ day, time })));

async function withQueue(networks: ('twitter' | 'instagram')[] = ['twitter']) {
  const u = await buildUser(t, { profileType: 'INFLUENCER', profileCompleted: true });
  const ids = await linkAll(t, u.token, networks);
  const photo = await uploadPhoto(t, u.token);
  return { ...u, ids, photo };
}
const setSchedule = async (token: string, accountId: string, body: object) => {
  const res = await call(t, 'PUT', `/api/queue/schedules/${accountId}`, { token, body });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
};
/** Adds a photo post to the queue of these accounts: the call's answer. */
const addToQueue = (token: string, photo: string, accountIds: string[], caption: string) =>
  call(t, 'POST', '/sph/social-media-manager/single-post/', {
    token,
    body: postBody(
      caption,
      [photo],
      accountIds.map((id) => ({ UserSocialMediaID: id })),
      { AddToQueue: true },
    ),
  });
const dueOf = (res: { json: { response_data: { media_posted_on: { UserSocialMediaID: string; DueAt: string | null }[] } } }) =>
  Object.fromEntries(res.json.response_data.media_posted_on.map((p) => [p.UserSocialMediaID, p.DueAt]));

describe('adding to the queue', () => {
  it('each post takes the next free slot, in order; a slot held by a post scheduled by hand is skipped', async () => {
    const u = await withQueue();
    await setSchedule(u.token, u.ids.twitter, { timeZone: 'UTC', slots: everyDay('09:00', '15:00') });
    // a post scheduled by hand at 15:00 today holds that slot
    await scheduleAt(t, u.token, u.photo, u.ids.twitter, '2027-05-10', '15:00');
    const answers = [];
    for (const caption of ['First', 'Second', 'Third']) {
      const res = await addToQueue(u.token, u.photo, [u.ids.twitter], caption);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json.response_message).toBe(QUEUE_MSG.added);
      answers.push(dueOf(res)[u.ids.twitter]);
    }
    expect(answers).toEqual(['2027-05-11T09:00:00.000Z', '2027-05-11T15:00:00.000Z', '2027-05-12T09:00:00.000Z']);
    // the post says it is queued, and shows at its time
    const first = await readPost(
      t,
      u.token,
      (await addToQueue(u.token, u.photo, [u.ids.twitter], 'Fourth')).json.response_data.CommonPostID,
    );
    expect(first).toMatchObject({ InQueue: true, IsScheduled: true, ScheduledDate: '2027-05-12', ScheduledTime: '15:00' });
  });

  it('a post to several accounts takes each account’s own next slot', async () => {
    const u = await withQueue(['twitter', 'instagram']);
    await setSchedule(u.token, u.ids.twitter, { timeZone: 'UTC', slots: everyDay('12:00') });
    await setSchedule(u.token, u.ids.instagram, { timeZone: 'Europe/Berlin', slots: everyDay('18:00') });
    const res = await addToQueue(u.token, u.photo, [u.ids.twitter, u.ids.instagram], 'Both');
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(dueOf(res)).toEqual({
      [u.ids.twitter]: '2027-05-10T12:00:00.000Z',
      // 18:00 in Berlin (CEST) is 16:00 UTC
      [u.ids.instagram]: '2027-05-10T16:00:00.000Z',
    });
  });

  it('two posts added at once never share a slot', async () => {
    const u = await withQueue();
    await setSchedule(u.token, u.ids.twitter, { timeZone: 'UTC', slots: everyDay('09:00') });
    const both = await Promise.all([
      addToQueue(u.token, u.photo, [u.ids.twitter], 'Racer A'),
      addToQueue(u.token, u.photo, [u.ids.twitter], 'Racer B'),
    ]);
    for (const r of both) expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(both.map((r) => dueOf(r)[u.ids.twitter]).sort()).toEqual(['2027-05-11T09:00:00.000Z', '2027-05-12T09:00:00.000Z']);
  });

  it('refused in the app’s words, and nothing made: no slots, a paused queue', async () => {
    const u = await withQueue();
    const none = await addToQueue(u.token, u.photo, [u.ids.twitter], 'Nowhere');
    expect(none.status).toBe(400);
    expect(none.json.response_message ?? none.json.message).toContain(QUEUE_MSG.noSlots);
    await setSchedule(u.token, u.ids.twitter, { timeZone: 'UTC', paused: true, slots: everyDay('09:00') });
    const paused = await addToQueue(u.token, u.photo, [u.ids.twitter], 'Held');
    expect(paused.status).toBe(400);
    expect(paused.json.response_message ?? paused.json.message).toContain(QUEUE_MSG.paused);
    const made = await t.database.db.select().from(posts).where(eq(posts.userId, u.user.id));
    expect(made.filter((p) => p.caption === 'Nowhere' || p.caption === 'Held')).toEqual([]);
  });

  it('goes out once, at its slot', async () => {
    const u = await withQueue();
    await setSchedule(u.token, u.ids.twitter, { timeZone: 'UTC', slots: everyDay('11:00') });
    const caption = `Queued once ${Date.now()}`;
    const res = await addToQueue(u.token, u.photo, [u.ids.twitter], caption);
    expect(dueOf(res)[u.ids.twitter]).toBe('2027-05-10T11:00:00.000Z');
    await publishDue(t);
    expect(await copiesOn(t, u.ids.twitter, caption)).toBe(0);
    t.clock.advance(61 * 60_000);
    await publishDue(t);
    expect(await copiesOn(t, u.ids.twitter, caption)).toBe(1);
  });
});

describe('a schedule’s change re-times the queue', () => {
  it('new slots: the queued posts move to them in order; a post scheduled by hand stays; none lost', async () => {
    const u = await withQueue();
    await setSchedule(u.token, u.ids.twitter, { timeZone: 'UTC', slots: everyDay('09:00') });
    const ids = [];
    for (const caption of ['One', 'Two', 'Three'])
      ids.push((await addToQueue(u.token, u.photo, [u.ids.twitter], caption)).json.response_data.CommonPostID as string);
    const byHand = await scheduleAt(t, u.token, u.photo, u.ids.twitter, '2027-05-11', '20:00');
    await setSchedule(u.token, u.ids.twitter, { timeZone: 'UTC', slots: everyDay('08:00', '20:00') });
    const due = async (id: string) => (await targetsOf(t, id))[0].dueAt?.toISOString();
    // 20:00 today, then 08:00 tomorrow; 20:00 tomorrow is the post scheduled by hand's, so 08:00 the day after
    expect([await due(ids[0]), await due(ids[1]), await due(ids[2])]).toEqual([
      '2027-05-10T20:00:00.000Z',
      '2027-05-11T08:00:00.000Z',
      '2027-05-12T08:00:00.000Z',
    ]);
    expect(await due(byHand)).toBe('2027-05-11T20:00:00.000Z');
    // the zone moves them too: 08:00 and 20:00 in New York (EDT, UTC-4)
    await setSchedule(u.token, u.ids.twitter, { timeZone: 'America/New_York', slots: everyDay('08:00', '20:00') });
    expect([await due(ids[0]), await due(ids[1]), await due(ids[2])]).toEqual([
      '2027-05-10T12:00:00.000Z',
      '2027-05-11T00:00:00.000Z',
      '2027-05-11T12:00:00.000Z',
    ]);
    // every slot removed: nothing is lost, each keeps its time
    await setSchedule(u.token, u.ids.twitter, { timeZone: 'America/New_York', slots: [] });
    expect(await due(ids[2])).toBe('2027-05-11T12:00:00.000Z');
  });

  it('a paused queue holds its posts; resumed, they take the next slots from now', async () => {
    const u = await withQueue();
    await setSchedule(u.token, u.ids.twitter, { timeZone: 'UTC', slots: everyDay('11:00') });
    const caption = `Held then sent ${Date.now()}`;
    const id = (await addToQueue(u.token, u.photo, [u.ids.twitter], caption)).json.response_data.CommonPostID as string;
    await setSchedule(u.token, u.ids.twitter, { timeZone: 'UTC', paused: true, slots: everyDay('11:00') });
    expect((await targetsOf(t, id))[0].state).toBe('paused');
    t.clock.advance(2 * 3_600_000);
    await publishDue(t);
    expect(await copiesOn(t, u.ids.twitter, caption)).toBe(0);
    await setSchedule(u.token, u.ids.twitter, { timeZone: 'UTC', paused: false, slots: everyDay('11:00') });
    const [target] = await targetsOf(t, id);
    expect(target).toMatchObject({ state: 'scheduled' });
    // 11:00 today passed while it was held: tomorrow's
    expect(target.dueAt?.getTime()).toBeGreaterThan(t.clock.nowMs());
    expect(target.dueAt?.toISOString().slice(11, 16)).toBe('11:00');
  });
});

describe('a manager queues drafts for approval', () => {
  it('the draft waits; approved, it takes the slot free then', async () => {
    const { owner, manager } = await makeTeam(t, 'Queue Drafts');
    const ids = await linkAll(t, owner.token, ['instagram']);
    const photo = await uploadPhoto(t, manager.token);
    await setSchedule(owner.token, ids.instagram, { timeZone: 'UTC', slots: everyDay('09:00') });
    const drafted = await addToQueue(manager.token, photo, [ids.instagram], 'For the queue');
    expect(drafted.status, JSON.stringify(drafted.json)).toBe(200);
    const id = drafted.json.response_data.CommonPostID as string;
    expect(await readPost(t, owner.token, id)).toMatchObject({ IsDraft: true, InQueue: true });
    const approved = await call(t, 'POST', '/sph/drafts/review-draft/', {
      token: owner.token,
      body: { CommonPostID: id, Decision: 'approve' },
    });
    expect(approved.status, JSON.stringify(approved.json)).toBe(200);
    expect(approved.json.response_message ?? approved.json.message).toBe(QUEUE_MSG.added);
    const [target] = await targetsOf(t, id);
    expect(target).toMatchObject({ state: 'scheduled' });
    expect(target.dueAt?.toISOString()).toBe('2027-05-11T09:00:00.000Z');
  });
});

describe('the Queue page: the coming slots, moving, taking out, sharing now', () => {
  it('lists coming slots with their posts and the free ones; up and down swap slots; share now sends one, the others keep theirs; take out', async () => {
    const u = await withQueue();
    await setSchedule(u.token, u.ids.twitter, { timeZone: 'UTC', slots: everyDay('12:00') });
    const ids: string[] = [];
    for (const caption of ['Alpha', 'Beta', 'Gamma'])
      ids.push((await addToQueue(u.token, u.photo, [u.ids.twitter], caption)).json.response_data.CommonPostID as string);
    const view = async () => {
      const res = await call(t, 'GET', `/api/queue/${u.ids.twitter}`, { token: u.token });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return res.json.response as { items: { at: string; kind: string; post: { id: string; caption: string } | null }[] };
    };
    let v = await view();
    expect(v.items.slice(0, 4).map((i) => [i.at.slice(0, 16), i.kind, i.post?.caption ?? null])).toEqual([
      ['2027-05-10T12:00', 'queued', 'Alpha'],
      ['2027-05-11T12:00', 'queued', 'Beta'],
      ['2027-05-12T12:00', 'queued', 'Gamma'],
      ['2027-05-13T12:00', 'empty', null],
    ]);

    // Gamma up: it takes Beta's slot and Beta takes its
    const moved = await call(t, 'POST', `/api/queue/${u.ids.twitter}/move`, {
      token: u.token,
      body: { postId: ids[2], direction: 'up' },
    });
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    expect(moved.json.response.items.slice(0, 3).map((i: { post: { caption: string } }) => i.post.caption)).toEqual([
      'Alpha',
      'Gamma',
      'Beta',
    ]);
    expect((await targetsOf(t, ids[2]))[0].dueAt?.toISOString()).toBe('2027-05-11T12:00:00.000Z');
    const first = await call(t, 'POST', `/api/queue/${u.ids.twitter}/move`, {
      token: u.token,
      body: { postId: ids[0], direction: 'up' },
    });
    expect(first.status).toBe(400);
    expect(first.json.message).toBe(QUEUE_POST_MSG.first);

    // share Gamma now: it goes out now, Alpha and Beta keep their slots
    const shared = await call(t, 'POST', `/api/queue/${u.ids.twitter}/posts/${ids[2]}/share-now`, { token: u.token, body: {} });
    expect(shared.status, JSON.stringify(shared.json)).toBe(200);
    await publishDue(t);
    expect(await copiesOn(t, u.ids.twitter, 'Gamma')).toBe(1);
    v = await view();
    expect(v.items.slice(0, 3).map((i) => [i.at.slice(0, 16), i.kind, i.post?.caption ?? null])).toEqual([
      ['2027-05-10T12:00', 'queued', 'Alpha'],
      ['2027-05-11T12:00', 'empty', null],
      ['2027-05-12T12:00', 'queued', 'Beta'],
    ]);

    // take Alpha out: it is gone, and never goes out
    const out = await call(t, 'DELETE', `/api/queue/${u.ids.twitter}/posts/${ids[0]}`, { token: u.token });
    expect(out.status, JSON.stringify(out.json)).toBe(200);
    expect(out.json.message).toBe(QUEUE_POST_MSG.takenOut);
    t.clock.advance(3 * 3_600_000);
    await publishDue(t);
    expect(await copiesOn(t, u.ids.twitter, 'Alpha')).toBe(0);
  });

  it('another organization’s account or post is not found; bad input refused', async () => {
    const u = await withQueue();
    const other = await withQueue();
    await setSchedule(u.token, u.ids.twitter, { timeZone: 'UTC', slots: everyDay('12:00') });
    const id = (await addToQueue(u.token, u.photo, [u.ids.twitter], 'Mine')).json.response_data.CommonPostID as string;
    expect((await call(t, 'GET', `/api/queue/${u.ids.twitter}`, { token: other.token })).status).toBe(404);
    expect(
      (await call(t, 'POST', `/api/queue/${u.ids.twitter}/move`, { token: other.token, body: { postId: id, direction: 'down' } }))
        .status,
    ).toBe(404);
    expect((await call(t, 'DELETE', `/api/queue/${other.ids.twitter}/posts/${id}`, { token: other.token })).status).toBe(404);
    const bad = await call(t, 'POST', `/api/queue/${u.ids.twitter}/move`, {
      token: u.token,
      body: { postId: id, direction: 'sideways' },
    });
    expect(bad.status).toBe(400);
    expect((await call(t, 'GET', `/api/queue/${u.ids.twitter}`, {})).status).toBe(401);
  });
});
