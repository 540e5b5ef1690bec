import { describe, expect, it } from 'vitest';
import { batched } from './batched';

const tick = () => new Promise((r) => setImmediate(r));

describe('batched calls', () => {
  it('writes the items handed in the same turn as one batch, each caller getting its own answer', async () => {
    const batches: number[][] = [];
    const write = batched<number, number>({
      max: 10,
      async runBatch(items) {
        batches.push(items);
        return items.map((i) => i * 2);
      },
    });
    const answers = await Promise.all([1, 2, 3].map(write));
    expect(answers).toEqual([2, 4, 6]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('a quiet writer writes one item at once, alone', async () => {
    const batches: number[][] = [];
    const write = batched<number, number>({
      max: 10,
      async runBatch(items) {
        batches.push(items);
        return items;
      },
    });
    expect(await write(1)).toBe(1);
    expect(await write(2)).toBe(2);
    expect(batches).toEqual([[1], [2]]);
  });

  it('items that arrive while a batch is written go together in the next one, at most max a batch', async () => {
    const batches: number[][] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const write = batched<number, number>({
      max: 3,
      async runBatch(items) {
        batches.push(items);
        if (items[0] === 0) await held;
        return items;
      },
    });
    const first = write(0);
    await tick();
    const later = [1, 2, 3, 4, 5].map(write);
    await tick();
    expect(batches).toEqual([[0]]);
    release();
    await Promise.all([first, ...later]);
    expect(batches).toEqual([[0], [1, 2, 3], [4, 5]]);
  });

  it('a batch that fails is written again item by item: one bad item fails alone, the others are written', async () => {
    const written: number[] = [];
    const splits: number[] = [];
    const write = batched<number, number>({
      max: 10,
      onSplit: (_err, size) => splits.push(size),
      async runBatch(items) {
        // all or none, as a transaction would
        if (items.includes(13)) throw new Error(`refused ${items.join(',')}`);
        written.push(...items);
        return items;
      },
    });
    const results = await Promise.allSettled([11, 12, 13, 14].map(write));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((results[2] as PromiseRejectedResult).reason.message).toBe('refused 13');
    expect(written.sort()).toEqual([11, 12, 14]);
    expect(splits).toEqual([4]);
  });

  it('writes up to `parallel` batches at once', async () => {
    let now = 0;
    let most = 0;
    const write = batched<number, number>({
      max: 1,
      parallel: 2,
      async runBatch(items) {
        now++;
        most = Math.max(most, now);
        await new Promise((r) => setTimeout(r, 5));
        now--;
        return items;
      },
    });
    await Promise.all([1, 2, 3, 4, 5].map(write));
    expect(most).toBe(2);
  });
});
