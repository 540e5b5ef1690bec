import { describe, expect, it } from 'vitest';
import { createCache } from './cache';
import type { TChangeListener, TChanges, TChangeTopic } from './changes';

/** A change feed driven by hand: what the cache hears and whether it may trust what it keeps. */
function feed() {
  const heard: TChangeListener[] = [];
  const forget: (() => void)[] = [];
  const state = { live: true, inUnit: false };
  const changes = {
    live: () => state.live,
    inUnit: () => state.inUnit,
    listen(fn: TChangeListener, f: () => void) {
      heard.push(fn);
      forget.push(f);
    },
  } as unknown as TChanges;
  return {
    changes,
    state,
    change: (topic: TChangeTopic, key: string) => {
      for (const fn of heard) fn(topic, key);
    },
    lose: () => {
      for (const f of forget) f();
    },
  };
}

type TRow = { sid: string; uid: string; v: number };
const setup = (ttlMs = 60_000, max = 100) => {
  const f = feed();
  const cache = createCache<TRow>(f.changes, {
    ttlMs,
    max,
    tags: (r) => [
      ['session', r.sid],
      ['user', r.uid],
    ],
  });
  let v = 0;
  let reads = 0;
  const load =
    (sid: string, uid = 'u1') =>
    async () => {
      reads++;
      return { sid, uid, v: ++v };
    };
  return { f, cache, load, reads: () => reads };
};

describe('the row cache kept right by the change feed', () => {
  it('serves a row read once until a change of it is heard, then reads it again', async () => {
    const { f, cache, load, reads } = setup();
    expect((await cache.get('s1', load('s1')))?.v).toBe(1);
    expect((await cache.get('s1', load('s1')))?.v).toBe(1);
    expect(reads()).toBe(1);
    f.change('session', 's1');
    expect((await cache.get('s1', load('s1')))?.v).toBe(2);
    expect(reads()).toBe(2);
  });

  it('a change of any row an entry was read from forgets it (all the sessions of a changed user)', async () => {
    const { f, cache, load } = setup();
    await cache.get('s1', load('s1', 'u1'));
    await cache.get('s2', load('s2', 'u1'));
    await cache.get('s3', load('s3', 'u2'));
    expect(cache.size()).toBe(3);
    f.change('user', 'u1');
    expect(cache.size()).toBe(1);
  });

  it('a row being read when a change is heard is not kept (the read may predate the change)', async () => {
    const { f, cache, reads } = setup();
    let release!: () => void;
    const slow = cache.get('s1', async () => {
      await new Promise<void>((r) => {
        release = r;
      });
      return { sid: 's1', uid: 'u1', v: 1 };
    });
    await Promise.resolve();
    f.change('user', 'u9');
    release();
    expect((await slow)?.v).toBe(1);
    expect(cache.size()).toBe(0);
    expect(reads()).toBe(0);
  });

  it('callers asking for a key while it is being read wait for that read instead of reading it again', async () => {
    const { cache } = setup();
    let release!: () => void;
    let v = 0;
    const slow = async () => {
      await new Promise<void>((r) => {
        release = r;
      });
      return { sid: 's1', uid: 'u1', v: ++v };
    };
    const burst = [cache.get('s1', slow), cache.get('s1', slow), cache.get('s1', slow)];
    await Promise.resolve();
    release();
    const values = await Promise.all(burst);
    expect(values.map((x) => x?.v)).toEqual([1, 1, 1]);
    expect(v).toBe(1);
    expect(cache.size()).toBe(1);
  });

  it('a caller arriving after a change was heard does not wait for a read begun before it: it reads for itself', async () => {
    const { f, cache } = setup();
    const releases: (() => void)[] = [];
    let v = 0;
    const slow = async () => {
      const mine = ++v;
      await new Promise<void>((r) => releases.push(r));
      return { sid: 's1', uid: 'u1', v: mine };
    };
    const before = cache.get('s1', slow);
    await Promise.resolve();
    f.change('session', 's1');
    const after = cache.get('s1', slow);
    await Promise.resolve();
    for (const r of releases) r();
    expect((await before)?.v).toBe(1);
    expect((await after)?.v).toBe(2);
    expect(v).toBe(2);
  });

  it('keeps no more than its weight allows: the oldest go first, and an entry heavier than all of it is not kept', async () => {
    const f = feed();
    const cache = createCache<{ id: string; w: number }>(f.changes, {
      ttlMs: 60_000,
      max: 100,
      tags: (r) => [['post', r.id]],
      weigh: (r) => r.w,
      maxWeight: 10,
    });
    const put = (id: string, w: number) => cache.get(id, async () => ({ id, w }));
    await put('a', 4);
    await put('b', 4);
    expect(cache.size()).toBe(2);
    await put('c', 4); // 12 > 10: a goes
    expect(cache.size()).toBe(2);
    let reads = 0;
    await cache.get('a', async () => {
      reads++;
      return { id: 'a', w: 4 };
    });
    expect(reads).toBe(1);
    await put('huge', 11);
    expect(cache.size()).toBe(2);
    f.change('post', 'c');
    expect(cache.size()).toBe(1);
    await put('d', 6); // the weight of what was forgotten is given back
    expect(cache.size()).toBe(2);
  });

  it('keeps nothing inside a unit of work, nor while the feed is not live, and forgets all when changes may have been missed', async () => {
    const { f, cache, load, reads } = setup();
    f.state.inUnit = true;
    await cache.get('s1', load('s1'));
    await cache.get('s1', load('s1'));
    expect(reads()).toBe(2);
    f.state.inUnit = false;
    f.state.live = false;
    await cache.get('s1', load('s1'));
    await cache.get('s1', load('s1'));
    expect(reads()).toBe(4);
    f.state.live = true;
    await cache.get('s1', load('s1'));
    expect(cache.size()).toBe(1);
    f.lose();
    expect(cache.size()).toBe(0);
  });

  it('never keeps a miss, trusts an entry only for its time, and forgets the oldest beyond its size', async () => {
    const { cache, load, reads } = setup(0, 2);
    expect(await cache.get('none', async () => null)).toBeNull();
    expect(cache.size()).toBe(0);
    await cache.get('s1', load('s1'));
    await cache.get('s1', load('s1'));
    expect(reads()).toBe(2); // a time of 0: never trusted again
    const small = setup(60_000, 2);
    await small.cache.get('a', small.load('a'));
    await small.cache.get('b', small.load('b'));
    await small.cache.get('c', small.load('c'));
    expect(small.cache.size()).toBe(2);
    await small.cache.get('a', small.load('a'));
    expect(small.reads()).toBe(4);
  });

  it('keeps a miss only when told which change ends it, and forgets it when that change is heard', async () => {
    const f = feed();
    let reads = 0;
    const cache = createCache<{ uid: string }>(f.changes, {
      ttlMs: 60_000,
      max: 10,
      tags: (r) => [['subscription', r.uid]],
      missTags: (uid) => [['subscription', uid]],
    });
    const load = (value: { uid: string } | null) => async () => {
      reads++;
      return value;
    };
    expect(await cache.get('u1', load(null))).toBeNull();
    expect(await cache.get('u1', load({ uid: 'u1' }))).toBeNull(); // the miss is served
    expect(reads).toBe(1);
    f.change('user', 'u1'); // another row's change leaves it
    expect(await cache.get('u1', load({ uid: 'u1' }))).toBeNull();
    f.change('subscription', 'u1'); // the change that would make the row appear ends the miss
    expect(await cache.get('u1', load({ uid: 'u1' }))).toEqual({ uid: 'u1' });
    expect(reads).toBe(2);
  });
});
