import { GENERAL_BEST_TIMES, QUEUE_MSG, V1_MSG } from '@virality/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../test/helpers';
import { linkAll } from '../posts/posts-test-kit';
import { v1Kit } from './public-api-test-kit';

/**
 * The public API's posting queues: an account's schedule read and set (GET/PUT /accounts/{id}/queue), a post added
 * to the queues (queue: true: each account's own next free slot, in the answer), the best times; each with bad
 * input as problem details, a read key, and another organization's accounts. Exactly once: a queued post sent again
 * with its Idempotency-Key takes no second slot.
 */
// Monday 10 May 2027, 10:00 UTC
const NOW = Date.parse('2027-05-10T10:00:00.000Z');
let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
beforeEach(() => {
  t.clock.setOffset(NOW - Date.now());
});
afterAll(async () => t?.close());

const { withKey, v1, expectProblem, uniqueKey, uploadV1 } = v1Kit(() => t);

const schedule = {
  timeZone: 'Europe/Berlin',
  paused: false,
  slots: [
    { day: 1, time: '18:00' }, // Monday 18:00 Berlin: 16:00 UTC today
    { day: 2, time: '09:00' }, // Tuesday 09:00 Berlin: 07:00 UTC tomorrow
  ],
};

async function keyWithAccounts() {
  const k = await withKey('write');
  const ids = await linkAll(t, k.token, ['twitter', 'instagram']);
  return { k, ids };
}

describe('an account’s queue through the API', () => {
  it('GET answers the default it follows; PUT gives it its own, slots sorted; the coming slots are listed', async () => {
    const { k, ids } = await keyWithAccounts();
    const first = await v1('GET', `/accounts/${ids.twitter}/queue`, { key: k.key });
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(first.json).toEqual({
      accountId: ids.twitter,
      timeZone: null,
      paused: false,
      slots: [],
      usesDefault: true,
      upcoming: [],
    });

    const put = await v1('PUT', `/accounts/${ids.twitter}/queue`, {
      key: k.key,
      body: { ...schedule, slots: [...schedule.slots].reverse() },
    });
    expect(put.status, JSON.stringify(put.json)).toBe(200);
    expect(put.json).toMatchObject({
      accountId: ids.twitter,
      timeZone: 'Europe/Berlin',
      paused: false,
      slots: schedule.slots,
      usesDefault: false,
    });
    expect(put.json.upcoming.slice(0, 2)).toEqual([
      { at: '2027-05-10T16:00:00.000Z', kind: 'empty', postId: null },
      { at: '2027-05-11T07:00:00.000Z', kind: 'empty', postId: null },
    ]);
    // the same PUT again changes nothing
    const again = await v1('PUT', `/accounts/${ids.twitter}/queue`, { key: k.key, body: schedule });
    expect(again.json).toEqual(put.json);
  });

  it('bad schedules are problems naming the field, and change nothing', async () => {
    const { k, ids } = await keyWithAccounts();
    const bad = await v1('PUT', `/accounts/${ids.twitter}/queue`, {
      key: k.key,
      body: { timeZone: 'Europe/Berlin', slots: [{ day: 7, time: '25:00' }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.errors.map((e: { message: string }) => e.message)).toEqual(
      expect.arrayContaining([QUEUE_MSG.dayInvalid, QUEUE_MSG.timeInvalid]),
    );
    const zone = await v1('PUT', `/accounts/${ids.twitter}/queue`, { key: k.key, body: { ...schedule, timeZone: 'Mars/Base' } });
    expectProblem(zone, 400, QUEUE_MSG.timeZoneInvalid);
    const twice = await v1('PUT', `/accounts/${ids.twitter}/queue`, {
      key: k.key,
      body: { ...schedule, slots: [schedule.slots[0], schedule.slots[0]] },
    });
    expectProblem(twice, 400, QUEUE_MSG.duplicateSlot);
    expect((await v1('GET', `/accounts/${ids.twitter}/queue`, { key: k.key })).json.usesDefault).toBe(true);
  });

  it('a read key reads but may not set; another organization’s account is not found; no key is 401', async () => {
    const { k, ids } = await keyWithAccounts();
    const reader = await withKey('read');
    const stranger = await withKey('write');
    expectProblem(await v1('PUT', `/accounts/${ids.twitter}/queue`, { key: reader.key, body: schedule }), 403, V1_MSG.readOnly);
    expect((await v1('GET', `/accounts/${ids.twitter}/queue`, { key: stranger.key })).status).toBe(404);
    expect((await v1('PUT', `/accounts/${ids.twitter}/queue`, { key: stranger.key, body: schedule })).status).toBe(404);
    expect((await v1('GET', `/accounts/${ids.twitter}/best-times`, { key: stranger.key })).status).toBe(404);
    expectProblem(await v1('GET', `/accounts/${ids.twitter}/queue`, {}), 401, V1_MSG.keyMissing);
    expect((await v1('GET', `/accounts/${ids.twitter}/queue`, { key: k.key })).status).toBe(200);
  });
});

describe('queue: true on POST /posts', () => {
  it('each account takes its own next free slot, given in the answer; a repeat of the key takes no second slot', async () => {
    const { k, ids } = await keyWithAccounts();
    await v1('PUT', `/accounts/${ids.twitter}/queue`, { key: k.key, body: schedule });
    await v1('PUT', `/accounts/${ids.instagram}/queue`, {
      key: k.key,
      body: { timeZone: 'UTC', paused: false, slots: [{ day: 3, time: '12:00' }] },
    });
    const media = await uploadV1(k);
    const idempotencyKey = uniqueKey();
    const body = { text: 'Queued through the API', accountIds: [ids.twitter, ids.instagram], mediaIds: [media.id], queue: true };
    const made = await v1('POST', '/posts', { key: k.key, idempotencyKey, body });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    expect(made.json.queued).toBe(true);
    const at = Object.fromEntries(
      made.json.accounts.map((x: { accountId: string; scheduledAt: string }) => [x.accountId, x.scheduledAt]),
    );
    expect(at).toEqual({ [ids.twitter]: '2027-05-10T16:00:00.000Z', [ids.instagram]: '2027-05-12T12:00:00.000Z' });

    // the answer is lost and the request sent again: the same post, no second slot taken
    const repeat = await v1('POST', '/posts', { key: k.key, idempotencyKey, body });
    expect(repeat.status).toBe(200);
    expect(repeat.json.id).toBe(made.json.id);
    const queue = await v1('GET', `/accounts/${ids.twitter}/queue`, { key: k.key });
    expect(queue.json.upcoming.filter((s: { kind: string }) => s.kind === 'queued')).toEqual([
      { at: '2027-05-10T16:00:00.000Z', kind: 'queued', postId: made.json.id },
    ]);
    // the next one takes the next slot
    const next = await v1('POST', '/posts', {
      key: k.key,
      idempotencyKey: uniqueKey(),
      body: { ...body, accountIds: [ids.twitter] },
    });
    expect(next.json.accounts[0].scheduledAt).toBe('2027-05-11T07:00:00.000Z');
  });

  it('queue with scheduledAt or draft is refused; an account with no slots is refused in the app’s words; nothing is made', async () => {
    const { k, ids } = await keyWithAccounts();
    const media = await uploadV1(k);
    const base = { text: 'Queued', accountIds: [ids.twitter], mediaIds: [media.id], queue: true };
    expectProblem(
      await v1('POST', '/posts', {
        key: k.key,
        idempotencyKey: uniqueKey(),
        body: { ...base, scheduledAt: '2027-06-01T09:00:00Z' },
      }),
      400,
      V1_MSG.queueWithTime,
    );
    expectProblem(
      await v1('POST', '/posts', { key: k.key, idempotencyKey: uniqueKey(), body: { ...base, draft: true } }),
      400,
      V1_MSG.queueDraft,
    );
    const none = await v1('POST', '/posts', { key: k.key, idempotencyKey: uniqueKey(), body: base });
    expect(none.status).toBe(400);
    expect(none.json.detail).toContain(QUEUE_MSG.noSlots);
    expect((await v1('GET', '/posts', { key: k.key })).json.data).toEqual([]);
  });
});

describe('best times through the API', () => {
  it('an account with no posts gets its network’s general times, basis general', async () => {
    const { k, ids } = await keyWithAccounts();
    const res = await v1('GET', `/accounts/${ids.instagram}/best-times?timeZone=Asia/Kolkata`, { key: k.key });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toEqual({
      data: GENERAL_BEST_TIMES.instagram.map(([day, time]) => ({ day, time, score: null, basis: 'general' })),
      nextCursor: null,
    });
    const read = await withKey('read');
    expect((await v1('GET', `/accounts/${ids.instagram}/best-times`, { key: read.key })).status).toBe(404);
    expect((await v1('GET', `/accounts/${ids.instagram}/best-times?timeZone=Nowhere/Land`, { key: k.key })).status).toBe(400);
  });
});
