import { addUtcMonths } from '@virality/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, pointsLedger, users } from '../../db/schema';
import { newId } from '../../lib/ids';
import { buildTestApp, buildUser, call, givePlan, type TTestApp } from '../../test/helpers';
import { linkAll, postNow, publishDue, uploadPhoto } from '../posts/posts-test-kit';
import { LEVELS_DAILY_QUEUE } from './jobs';

/**
 * Levels: set by the points earned in the 12 months up to each earning (Maker to 143, Trailblazer from 144,
 * Visionary from 288), held for 12 months from when last reached, whatever the count does after; kept with the
 * points, dropped by the daily pass, and never shown once run out.
 */
let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const DAY = 86_400_000;

/** Records `points` earned now by the user and counts them, as a post's settle does (ledger, total, level, in one unit). */
async function earn(userId: string, points: number) {
  const id = newId();
  const earnedAt = t.clock.now();
  // the container's database joins the unit of work (the raw one would wait for it)
  const db = t.container.db;
  await t.container.unitOfWork(async () => {
    await db
      .insert(pointsLedger)
      .values({ id, userId, postId: null, network: null, points, reason: 'post', earnedAt, inTotal: false });
    await t.services.points.counted(userId, [id]);
  });
}

const stored = async (userId: string) => (await t.database.db.select().from(users).where(eq(users.id, userId)))[0]!;
const levelNotes = (userId: string) =>
  t.database.db
    .select()
    .from(activities)
    .where(and(eq(activities.userId, userId), eq(activities.type, 'LEVEL_REACHED')));
/** The wallet as its owner reads it (a new session: the clock moves further than a session lasts). */
const wallet = async (user: { id: string }) => {
  const row = (await t.database.db.select().from(users).where(eq(users.id, user.id)))[0]!;
  const token = (await t.services.auth.issueSession(row)).accessToken;
  const res = await call(t, 'GET', '/api/wallet/getUserWallet', { token });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.response;
};
/** Moves the test clock `months` calendar months ahead (plus `extraMs`). */
const advanceMonths = (months: number, extraMs = 0) =>
  t.clock.advance(addUtcMonths(t.clock.now(), months).getTime() - t.clock.nowMs() + extraMs);

describe('level boundaries', () => {
  it('143 points is Maker, 144 Trailblazer, 287 Trailblazer, 288 Visionary; each new level is told once', async () => {
    const { user, token } = await buildUser(t, { profileType: 'INFLUENCER' });
    await earn(user.id, 143);
    expect((await stored(user.id)).viralityLevel).toBe('Maker');
    expect(await levelNotes(user.id)).toHaveLength(0);
    await earn(user.id, 1);
    expect((await stored(user.id)).viralityLevel).toBe('Trailblazer');
    expect((await stored(user.id)).levelReachedAt).not.toBeNull();
    await earn(user.id, 143);
    expect((await stored(user.id)).viralityLevel).toBe('Trailblazer');
    await earn(user.id, 1);
    const w = await wallet(user);
    expect(w.user).toMatchObject({ viralityLevel: 'Visionary', totalPoints: 288, levelPoints: 288 });
    expect(w.achievements.map((a: { achieved: boolean }) => a.achieved)).toEqual([true, true, true]);
    const notes = await levelNotes(user.id);
    expect(notes.map((n) => n.title).sort()).toEqual(['You reached Trailblazer', 'You reached Visionary']);
    // the user every client reads shows it too
    const status = await call(t, 'GET', '/api/user/getUserStatus', { token });
    expect(status.json.response.result.viralityLevel).toBe('Visionary');
  });
});

describe('a level is held for 12 months from when it was last reached', () => {
  it('held 11 months after, though the count fell; dropped after 12; reaching it again starts the months over', async () => {
    const { user } = await buildUser(t, { profileType: 'BUSINESS' });
    await givePlan(t, user.id);
    await earn(user.id, 100);
    advanceMonths(6);
    await earn(user.id, 44); // 144 within 12 months: Trailblazer, reached now
    const reached = (await stored(user.id)).levelReachedAt!;
    expect((await stored(user.id)).viralityLevel).toBe('Trailblazer');

    advanceMonths(11); // the first 100 aged out: 44 in the last 12 months, but the level is held
    let w = await wallet(user);
    expect(w.user).toMatchObject({ viralityLevel: 'Trailblazer', levelPoints: 44 });
    expect(w.user.levelHeldUntil).toBe(addUtcMonths(reached, 12).toISOString());

    advanceMonths(1, DAY); // 12 months and a day after it was reached: never shown again, even before the daily pass
    w = await wallet(user);
    expect(w.user.viralityLevel).toBe('Maker');
    const fresh = (await t.services.auth.issueSession(await stored(user.id))).accessToken;
    expect((await call(t, 'GET', '/api/user/getUserStatus', { token: fresh })).json.response.result.viralityLevel).toBe('Maker');
    expect((await stored(user.id)).viralityLevel).toBe('Trailblazer');
    await t.container.enqueue(LEVELS_DAILY_QUEUE, {});
    const ran = await t.runDueJobs(LEVELS_DAILY_QUEUE);
    expect(ran.map((j) => j.error)).toEqual([undefined]);
    expect(await stored(user.id)).toMatchObject({ viralityLevel: 'Maker', levelReachedAt: null });
    expect(t.container.jobs.definition(LEVELS_DAILY_QUEUE)?.cron).toMatch(/^\d+ \d+ \* \* \*$/);

    // reaching it again is told again, and holds for 12 months from then
    await earn(user.id, 144);
    const again = (await stored(user.id)).levelReachedAt!;
    expect((await stored(user.id)).viralityLevel).toBe('Trailblazer');
    expect(again.getTime()).toBeGreaterThan(reached.getTime());
    expect(await levelNotes(user.id)).toHaveLength(2);
  });

  it('earning again while the count reaches the level renews it; a higher level that runs out leaves the lower one still held', async () => {
    const { user } = await buildUser(t, { profileType: 'INFLUENCER' });
    await earn(user.id, 288); // Visionary now
    advanceMonths(6);
    await earn(user.id, 10); // 298 within 12 months: Visionary reached again, renewed
    const renewed = (await stored(user.id)).levelReachedAt!;
    expect(t.clock.nowMs() - renewed.getTime()).toBeLessThan(5_000);
    expect((await stored(user.id)).viralityLevel).toBe('Visionary');
    advanceMonths(7); // the 288 aged out: 10 left, Visionary held (reached 7 months ago)
    await earn(user.id, 150); // 160 within 12 months: Trailblazer reached, Visionary still held
    expect((await stored(user.id)).viralityLevel).toBe('Visionary');
    advanceMonths(6); // Visionary ran out (13 months); Trailblazer, reached 6 months ago, is still held
    await t.container.enqueue(LEVELS_DAILY_QUEUE, {});
    await t.runDueJobs(LEVELS_DAILY_QUEUE);
    expect((await stored(user.id)).viralityLevel).toBe('Trailblazer');
    // the notes: Visionary once (the renewal is no new level), nothing for the lower level held beneath it
    expect((await levelNotes(user.id)).map((n) => n.title)).toEqual(['You reached Visionary']);
  });
});

describe('points earned by a post', () => {
  it('one notification per post for all its networks, and the live event, with the level kept in the same unit', async () => {
    const { user, token } = await buildUser(t, { profileType: 'BUSINESS' });
    await givePlan(t, user.id);
    const ids = await linkAll(t, token, ['instagram', 'twitter']);
    const photo = await uploadPhoto(t, token);
    const heard: string[] = [];
    const unlisten = t.container.changes.listen(
      (topic, key) => {
        if (topic === 'points') heard.push(key);
      },
      () => undefined,
    );
    const postId = await postNow(t, token, photo, [ids.instagram, ids.twitter], `Points ${Date.now()}`);
    await publishDue(t);
    unlisten();
    const notes = await t.database.db
      .select()
      .from(activities)
      .where(and(eq(activities.userId, user.id), eq(activities.type, 'POINTS_EARNED')));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.title).toBe('Congratulations! You earned 2 points');
    expect(notes[0]!.description).toBe('Your post on Instagram, X earned 2 points. You have 2 points in all.');
    expect(notes[0]!.payload).toEqual({ payloadId: postId });
    expect(heard).toEqual([`${user.id}.${postId}.2.2`]);
    const w = await wallet(user);
    expect(w.user.totalPoints).toBe(2);
    expect(w.pointsEarned.map((e: { network: string; postId: string }) => [e.network, e.postId]).sort()).toEqual([
      ['instagram', postId],
      ['twitter', postId],
    ]);
  });

  it('a post’s points go into the total once, when it settles: a settle run again adds nothing', async () => {
    const { user, token } = await buildUser(t, { profileType: 'BUSINESS' });
    await givePlan(t, user.id);
    const ids = await linkAll(t, token, ['instagram', 'twitter']);
    const photo = await uploadPhoto(t, token);
    const postId = await postNow(t, token, photo, [ids.instagram, ids.twitter], `Points once ${Date.now()}`);
    await publishDue(t);
    expect((await stored(user.id)).totalPoints).toBe(2);
    const ledger = await t.database.db.select().from(pointsLedger).where(eq(pointsLedger.postId, postId));
    expect(ledger.map((r) => r.inTotal)).toEqual([true, true]);
    // the settle's counting again (a process that died after it, another process's settle): nothing added twice
    await t.container.unitOfWork(() =>
      t.services.points.counted(
        user.id,
        ledger.map((r) => r.id),
      ),
    );
    await t.container.unitOfWork(() => t.services.points.settled(user.id, postId, new Date(0)));
    expect((await stored(user.id)).totalPoints).toBe(2);
    expect((await wallet(user)).user.totalPoints).toBe(2);
  });
});
