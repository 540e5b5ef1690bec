import { QUEUE_MSG, QUEUE_SCHEDULE_MSG } from '@virality/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, buildUser, call, type TTestApp } from '../../test/helpers';
import { linkAll } from '../posts/posts-test-kit';
import { makeTeam } from '../team/team-test-kit';

/**
 * Posting schedules: each account's weekly slots, zone and pause (its own, or the organization's default it
 * follows), copied to other accounts; the Scheduler permission decides who may change an account's; the default is
 * the owner's.
 */
let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const influencer = () => buildUser(t, { profileType: 'INFLUENCER', profileCompleted: true });
const schedules = async (token: string) => {
  const res = await call(t, 'GET', '/api/queue/schedules', { token });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.response as {
    default: { timeZone: string | null; slots: { day: number; time: string }[] };
    accounts: { accountId: string; network: string; timeZone: string | null; paused: boolean; slots: unknown[]; own: boolean }[];
  };
};
const mornings = [
  { day: 1, time: '09:00' },
  { day: 3, time: '09:00' },
  { day: 5, time: '09:00' },
];

describe('an account follows the default until it has its own schedule', () => {
  it('no schedule at first; the default applies to every account; its own one wins; reset follows the default again', async () => {
    const u = await influencer();
    const ids = await linkAll(t, u.token, ['twitter', 'instagram']);
    let got = await schedules(u.token);
    expect(got.default).toEqual({ timeZone: null, slots: [] });
    expect(got.accounts.map((a) => ({ ...a, accountId: undefined })).sort((a, b) => a.network.localeCompare(b.network))).toEqual([
      expect.objectContaining({ network: 'instagram', timeZone: null, paused: false, slots: [], own: false }),
      expect.objectContaining({ network: 'twitter', timeZone: null, paused: false, slots: [], own: false }),
    ]);

    const def = await call(t, 'PUT', '/api/queue/default', {
      token: u.token,
      body: { timeZone: 'Europe/Berlin', slots: mornings },
    });
    expect(def.status, JSON.stringify(def.json)).toBe(200);
    expect(def.json.message).toBe(QUEUE_SCHEDULE_MSG.defaultSaved);
    got = await schedules(u.token);
    for (const a of got.accounts) expect(a).toMatchObject({ timeZone: 'Europe/Berlin', slots: mornings, own: false });

    const own = await call(t, 'PUT', `/api/queue/schedules/${ids.twitter}`, {
      token: u.token,
      body: {
        timeZone: 'America/New_York',
        paused: true,
        slots: [
          { day: 2, time: '18:30' },
          { day: 0, time: '07:15' },
        ],
      },
    });
    expect(own.status, JSON.stringify(own.json)).toBe(200);
    expect(own.json.message).toBe(QUEUE_MSG.saved);
    expect(own.json.response).toMatchObject({
      accountId: ids.twitter,
      timeZone: 'America/New_York',
      paused: true,
      // kept in order: Sunday first
      slots: [
        { day: 0, time: '07:15' },
        { day: 2, time: '18:30' },
      ],
      own: true,
    });
    got = await schedules(u.token);
    expect(got.accounts.find((a) => a.accountId === ids.instagram)).toMatchObject({ timeZone: 'Europe/Berlin', own: false });

    const reset = await call(t, 'DELETE', `/api/queue/schedules/${ids.twitter}`, { token: u.token });
    expect(reset.json.message).toBe(QUEUE_SCHEDULE_MSG.reset);
    expect(reset.json.response).toMatchObject({ timeZone: 'Europe/Berlin', paused: false, slots: mornings, own: false });
  });

  it("copies one account's zone and slots to others, each keeping its pause", async () => {
    const u = await influencer();
    const ids = await linkAll(t, u.token, ['twitter', 'instagram', 'facebook']);
    await call(t, 'PUT', `/api/queue/schedules/${ids.facebook}`, {
      token: u.token,
      body: { timeZone: 'UTC', paused: true, slots: [{ day: 4, time: '12:00' }] },
    });
    await call(t, 'PUT', `/api/queue/schedules/${ids.twitter}`, {
      token: u.token,
      body: { timeZone: 'Asia/Kolkata', slots: mornings },
    });
    const copied = await call(t, 'POST', `/api/queue/schedules/${ids.twitter}/copy`, {
      token: u.token,
      body: { accountIds: [ids.instagram, ids.facebook, ids.twitter] },
    });
    expect(copied.status, JSON.stringify(copied.json)).toBe(200);
    expect(copied.json.message).toBe(QUEUE_SCHEDULE_MSG.copied(2));
    const byId = new Map((await schedules(u.token)).accounts.map((a) => [a.accountId, a]));
    expect(byId.get(ids.instagram)).toMatchObject({ timeZone: 'Asia/Kolkata', slots: mornings, paused: false, own: true });
    expect(byId.get(ids.facebook)).toMatchObject({ timeZone: 'Asia/Kolkata', slots: mornings, paused: true, own: true });
  });
});

describe('what a schedule may be, and who may change it', () => {
  it('bad input is refused in the app’s words and changes nothing', async () => {
    const u = await influencer();
    const ids = await linkAll(t, u.token, ['twitter']);
    const put = (body: unknown) => call(t, 'PUT', `/api/queue/schedules/${ids.twitter}`, { token: u.token, body });
    const bad = await put({ timeZone: 'UTC', slots: [{ day: 1, time: '25:00' }] });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe(QUEUE_MSG.timeInvalid);
    expect((await put({ timeZone: 'Nowhere/Else', slots: [] })).json.message).toBe(QUEUE_MSG.timeZoneInvalid);
    expect(
      (
        await put({
          timeZone: 'UTC',
          slots: [
            { day: 1, time: '09:00' },
            { day: 1, time: '09:00' },
          ],
        })
      ).json.message,
    ).toBe(QUEUE_MSG.duplicateSlot);
    expect((await put({ timeZone: 'UTC', slots: [], extra: true })).status).toBe(400);
    expect((await schedules(u.token)).accounts[0]).toMatchObject({ own: false, timeZone: null });
    // copying to nothing
    expect(
      (await call(t, 'POST', `/api/queue/schedules/${ids.twitter}/copy`, { token: u.token, body: { accountIds: [] } })).status,
    ).toBe(400);
  });

  it("another organization's account is not found; nothing of it is read or written", async () => {
    const u = await influencer();
    const other = await influencer();
    const theirs = await linkAll(t, other.token, ['twitter']);
    const mine = await linkAll(t, u.token, ['twitter']);
    const put = await call(t, 'PUT', `/api/queue/schedules/${theirs.twitter}`, {
      token: u.token,
      body: { timeZone: 'UTC', slots: mornings },
    });
    expect(put.status).toBe(404);
    const copy = await call(t, 'POST', `/api/queue/schedules/${mine.twitter}/copy`, {
      token: u.token,
      body: { accountIds: [theirs.twitter] },
    });
    expect(copy.status).toBe(404);
    expect((await schedules(other.token)).accounts[0]).toMatchObject({ own: false, timeZone: null });
    expect((await call(t, 'GET', '/api/queue/schedules', {})).status).toBe(401);
  });

  it('a manager changes the schedules of the networks its role schedules on, not others, and never the default', async () => {
    const { owner, manager } = await makeTeam(t, 'Queue Foods');
    const ids = await linkAll(t, owner.token, ['instagram', 'threads']);
    // the role schedules on Instagram, not on Threads
    const ok = await call(t, 'PUT', `/api/queue/schedules/${ids.instagram}`, {
      token: manager.token,
      body: { timeZone: 'UTC', slots: mornings },
    });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    const refused = await call(t, 'PUT', `/api/queue/schedules/${ids.threads}`, {
      token: manager.token,
      body: { timeZone: 'UTC', slots: mornings },
    });
    expect(refused.status).toBe(403);
    const def = await call(t, 'PUT', '/api/queue/default', { token: manager.token, body: { timeZone: 'UTC', slots: mornings } });
    expect(def.status).toBe(403);
    expect(def.json.message).toBe(QUEUE_SCHEDULE_MSG.ownersOnly);
    // the owner sees the manager's change
    const got = await schedules(owner.token);
    expect(got.accounts.find((a) => a.accountId === ids.instagram)).toMatchObject({ own: true, slots: mornings });
    expect(got.default.timeZone).toBeNull();
  });
});
