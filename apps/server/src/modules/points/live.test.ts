import type { TLiveEventName, TLiveEvents } from '@virality/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, buildUser, call, givePlan, type TTestApp } from '../../test/helpers';
import type { TLiveSink } from '../events/service';
import { linkAll, postNow, publishDue, uploadPhoto } from '../posts/posts-test-kit';

/** The congratulation's source: an open page of the user hears each earning once, another user's page never. */
let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

/** Opens the live stream of the user of `token` as the events route does, keeping what it sends. */
async function listen(token: string) {
  const res = await call(t, 'POST', '/api/events/ticket', { token });
  const heard: { event: TLiveEventName; data: unknown }[] = [];
  const sink: TLiveSink = {
    send<E extends TLiveEventName>(event: E, data: TLiveEvents[E]) {
      heard.push({ event, data });
    },
    heartbeat: () => undefined,
    end: () => undefined,
  };
  const stream = await t.services.events.open(res.json.response.ticket, sink);
  if (typeof stream === 'string') throw new Error(`stream ${stream}`);
  return { heard, close: () => stream.close() };
}

describe('the live points event', () => {
  it("tells the writer's open pages once what the post earned and the new total; other users hear nothing", async () => {
    const { token, user } = await buildUser(t, { profileType: 'BUSINESS' });
    await givePlan(t, user.id);
    const other = await buildUser(t, { profileType: 'INFLUENCER' });
    const ids = await linkAll(t, token, ['facebook', 'twitter']);
    const photo = await uploadPhoto(t, token);
    const mine = await listen(token);
    const theirs = await listen(other.token);
    const postId = await postNow(t, token, photo, [ids.facebook, ids.twitter], `Live points ${Date.now()}`);
    await publishDue(t);
    await expect.poll(() => mine.heard.filter((h) => h.event === 'points').length).toBe(1);
    expect(mine.heard.find((h) => h.event === 'points')?.data).toEqual({ postId, points: 2, total: 2 });
    // the jobs run again (a replayed settle): nothing more is said
    await publishDue(t);
    await t.services.publishing.reclaim();
    await new Promise((r) => setTimeout(r, 200));
    expect(mine.heard.filter((h) => h.event === 'points')).toHaveLength(1);
    expect(theirs.heard.filter((h) => h.event === 'points')).toHaveLength(0);
    mine.close();
    theirs.close();
  });
});
