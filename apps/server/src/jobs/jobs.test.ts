import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContainer, type TModule } from '../container';
import { MODULES } from '../modules';
import { buildTestApp, type TTestApp } from '../test/helpers';
import { defineJob } from './registry';

const HOUR = 3_600_000;
const handled: { queue: string; data: object }[] = [];
let failNext = false;
const testModule: TModule = {
  name: 'test-jobs',
  jobs: () =>
    [
      ...(['test-standard', 'test-stately', 'test-singleton'] as const).map((queue) =>
        defineJob({
          queue,
          policy: queue === 'test-standard' ? 'standard' : queue === 'test-stately' ? 'stately' : 'singleton',
          async handle(data) {
            if (failNext) {
              failNext = false;
              throw new Error('handler failed');
            }
            handled.push({ queue, data });
          },
        }),
      ),
    ].concat(
      // a queue taken in batches: the jobs of a batch run side by side and each is settled on its own
      defineJob<{ n: number; fail?: boolean }>({
        queue: 'test-batch',
        work: { localConcurrency: 1, batchSize: 4, pollingIntervalSeconds: 0.5 },
        async handle(data) {
          batch.inFlight++;
          batch.most = Math.max(batch.most, batch.inFlight);
          await new Promise((r) => setTimeout(r, 50));
          batch.inFlight--;
          if (data.fail) throw new Error('this one failed');
          handled.push({ queue: 'test-batch', data });
        },
      }),
      // a queue taken by a pool: each slot takes the next job as soon as it frees
      defineJob<{ n: number; ms: number; fail?: boolean }>({
        queue: 'test-pool',
        work: { pool: 3, pollingIntervalSeconds: 0.2 },
        async handle(data) {
          pool.inFlight++;
          pool.most = Math.max(pool.most, pool.inFlight);
          await new Promise((r) => setTimeout(r, data.ms));
          pool.inFlight--;
          pool.done.push(data.n);
          if (data.fail) throw new Error('this one failed');
        },
      }),
    ),
};
const batch = { inFlight: 0, most: 0 };
const pool = { inFlight: 0, most: 0, done: [] as number[] };

let t: TTestApp;
/** A second container on the same database that runs jobs, as a worker process beside this server would. */
const workerProcess = () =>
  createContainer({
    config: t.container.config,
    database: t.database,
    clock: t.clock,
    logger: false,
    runJobs: true,
    modules: [...MODULES, testModule],
    bossSchema: t.database.pool ? `${t.database.schemaName}_boss` : undefined,
    bossPoolMax: 2,
  });
beforeAll(async () => {
  t = await buildTestApp({}, { modules: [...MODULES, testModule] });
}, 60_000);
afterAll(async () => t?.close());

describe('jobs in tests run when the test says, by the product clock', () => {
  it('runDueJobs runs what is due through the registered handler, once', async () => {
    handled.length = 0;
    await t.container.enqueue('test-standard', { n: 1 });
    await t.container.enqueue('test-standard', { n: 2 });
    const ran = await t.runDueJobs('test-standard');
    // jobs sent in the same instant may be taken in either order
    const byN = (a: object, b: object) => JSON.stringify(a).localeCompare(JSON.stringify(b));
    expect(ran.map((j) => j.data).sort(byN)).toEqual([{ n: 1 }, { n: 2 }]);
    expect(handled.sort((a, b) => byN(a.data, b.data))).toEqual([
      { queue: 'test-standard', data: { n: 1 } },
      { queue: 'test-standard', data: { n: 2 } },
    ]);
    expect(await t.runDueJobs()).toEqual([]);
  });

  it('a job to start at a moment of the product clock waits for that clock, not the real time', async () => {
    handled.length = 0;
    // the product clock is already 30 days ahead of the real time (a sandbox moved it)
    t.clock.advance(30 * 24 * HOUR);
    await t.container.enqueue('test-standard', { at: 'in an hour' }, { startAfter: new Date(t.clock.nowMs() + HOUR) });
    await t.container.enqueue('test-standard', { at: 'in two hours' }, { startAfter: 2 * 3600 });
    expect(await t.runDueJobs()).toEqual([]);

    t.clock.advance(HOUR - 60_000);
    expect(await t.runDueJobs()).toEqual([]);
    t.clock.advance(2 * 60_000);
    expect((await t.runDueJobs()).map((j) => j.data)).toEqual([{ at: 'in an hour' }]);
    t.clock.advance(HOUR);
    expect((await t.runDueJobs()).map((j) => j.data)).toEqual([{ at: 'in two hours' }]);
    expect(handled.map((h) => h.data)).toEqual([{ at: 'in an hour' }, { at: 'in two hours' }]);
  });

  it('a job due at once runs at once even when the product clock was just moved back and not yet written down', async () => {
    handled.length = 0;
    t.clock.advance(20 * 24 * HOUR);
    expect(await t.runDueJobs()).toEqual([]); // the database now holds the offset 20 days ahead
    t.clock.advance(-15 * 24 * HOUR); // moved back; nothing has written the new offset yet
    await t.container.enqueue('test-standard', { at: 'now' });
    expect((await t.runDueJobs('test-standard')).map((j) => j.data)).toEqual([{ at: 'now' }]);
  });

  it('a job whose handler fails is reported with its error and retried as its queue says', async () => {
    failNext = true;
    await t.container.enqueue('test-standard', { flaky: true }, { retryLimit: 1 });
    const ran = await t.runDueJobs('test-standard');
    expect(ran.map((j) => [j.data, j.error])).toEqual([
      [{ flaky: true }, 'handler failed'],
      [{ flaky: true }, undefined],
    ]);
  });
});

describe('queues that must not run twice', () => {
  it('the same job sent twice to a stately queue is one job', async () => {
    handled.length = 0;
    expect(await t.container.enqueue('test-stately', { sweep: 1 })).toBeTypeOf('string');
    expect(await t.container.enqueue('test-stately', { sweep: 2 })).toBeNull();
    expect((await t.runDueJobs('test-stately')).map((j) => j.data)).toEqual([{ sweep: 1 }]);
  });

  it('on a stately queue a singletonKey keeps one waiting job per key (one per post, say)', async () => {
    const send = (key: string) => t.container.enqueue('test-stately', { key }, { singletonKey: key });
    expect(await send('post-a')).toBeTypeOf('string');
    expect(await send('post-a')).toBeNull();
    expect(await send('post-b')).toBeTypeOf('string');
    const ran = (await t.runDueJobs('test-stately')).map((j) => j.data);
    expect(ran).toHaveLength(2);
    expect(ran).toEqual(expect.arrayContaining([{ key: 'post-a' }, { key: 'post-b' }]));
  });

  it('a singleton queue runs one job at a time: a second waits until the first is done', async () => {
    const first = await t.container.enqueue('test-singleton', { n: 1 });
    const second = await t.container.enqueue('test-singleton', { n: 2 });
    expect(first).toBeTypeOf('string');
    expect(second).toBeTypeOf('string');
    const taken = await t.container.boss.fetch<{ n: number }>('test-singleton', { batchSize: 5 });
    expect(taken).toHaveLength(1);
    // while one runs, nothing else of the queue can be taken
    expect(await t.container.boss.fetch('test-singleton', { batchSize: 5 })).toEqual([]);
    await t.container.boss.complete('test-singleton', taken[0].id);
    expect((await t.runDueJobs('test-singleton')).map((j) => j.data)).toEqual([{ n: 3 - taken[0].data.n }]);
  });

  it('the daily sweeps are stately queues, scheduled by cron', async () => {
    for (const queue of ['cleanup-expired', 'sweep-unreferenced-uploads']) {
      expect((await t.container.boss.getQueue(queue))?.policy).toBe('stately');
      expect(t.container.jobs.definition(queue)?.cron).toMatch(/^\d+ \d+ \* \* \*$/);
      expect(await t.container.enqueue(queue, {})).toBeTypeOf('string');
      expect(await t.container.enqueue(queue, {})).toBeNull();
    }
    const ran = await t.runDueJobs();
    expect(ran.map((j) => [j.queue, j.error]).sort()).toEqual([
      ['cleanup-expired', undefined],
      ['sweep-unreferenced-uploads', undefined],
    ]);
  });
});

describe('one composition root for the server, the worker and the tests', () => {
  it('every module is registered: its services, its routes and its jobs', async () => {
    expect(Object.keys(t.services).sort()).toEqual(
      [
        'admin',
        'adminBilling',
        'adminOverview',
        'adminBrands',
        'analytics',
        'apiKeys',
        'audit',
        'auth',
        'bulkImport',
        'campaigns',
        'events',
        'interests',
        'location',
        'media',
        'mediaConverter',
        'money',
        'news',
        'notifications',
        'payments',
        'paypal',
        'plans',
        'points',
        'posts',
        'publicApi',
        'publishing',
        'push',
        'queue',
        'socialAccounts',
        'subscriptions',
        'team',
        'users',
        'webhooks',
      ].sort(),
    );
    expect(t.container.jobs.queues()).toEqual(
      expect.arrayContaining([
        'cleanup-expired',
        'sweep-unreferenced-uploads',
        'refresh-social-tokens',
        'publish-target',
        'prepare-target',
        'publish-sweep',
        'read-figures',
        'plans-daily',
        'payments-reconcile',
        'payout-send',
        'payouts-poll',
        'transfers-reconcile',
        'ledger-check',
        'web-push',
        'webhook-deliver',
        'webhook-sweep',
        'test-standard',
      ]),
    );
  });

  it('a module that needs a service registered after it is refused with what to do', async () => {
    const early: TModule = { name: 'early', services: ({ services }) => ({ probe: services.users }) as never };
    await expect(
      createContainer({
        config: t.container.config,
        database: t.database,
        clock: t.clock,
        logger: false,
        modules: [early, ...MODULES],
        bossSchema: t.database.pool ? `${t.database.schemaName}_boss` : undefined,
      }),
    ).rejects.toThrow('Module early needs the users service: register its module before early');
  });

  it('a process that runs jobs (WORKERS=on, or the worker) runs a job another process sent, without being asked', async () => {
    // as a worker process beside this server (WORKERS=off) would be
    const worker = await workerProcess();
    try {
      handled.length = 0;
      await worker.startWorkers();
      await t.container.enqueue('test-standard', { from: 'server' });
      const deadline = Date.now() + 15_000;
      while (handled.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(handled).toEqual([{ queue: 'test-standard', data: { from: 'server' } }]);
    } finally {
      await worker.close();
    }
  }, 30_000);

  it('a queue taken in batches runs them side by side; one failing fails only itself', async () => {
    const worker = await workerProcess();
    try {
      handled.length = 0;
      const ids: string[] = [];
      for (const n of [1, 2, 3, 4])
        ids.push((await t.container.enqueue('test-batch', n === 3 ? { n, fail: true } : { n }, { retryLimit: 0 }))!);
      await worker.startWorkers();
      const deadline = Date.now() + 15_000;
      while (handled.length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(handled.map((h) => h.data).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))).toEqual([
        { n: 1 },
        { n: 2 },
        { n: 4 },
      ]);
      expect(batch.most).toBeGreaterThan(1);
      const settledStates = async () =>
        Promise.all(ids.map(async (id) => (await t.container.boss.getJobById('test-batch', id))?.state));
      while ((await settledStates()).includes('active') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(await settledStates()).toEqual(['completed', 'completed', 'failed', 'completed']);
    } finally {
      await worker.close();
    }
  }, 30_000);

  it('a pooled queue never runs more than its size at once, and a slow job does not hold back the ones fetched with it', async () => {
    const worker = await workerProcess();
    const ids: string[] = [];
    try {
      // one job of 1.5 s, then eight of 50 ms, one of which fails
      ids.push((await t.container.enqueue('test-pool', { n: 0, ms: 1500 }, { retryLimit: 0 }))!);
      await new Promise((r) => setTimeout(r, 20));
      for (let n = 1; n <= 8; n++)
        ids.push(
          (await t.container.enqueue('test-pool', n === 5 ? { n, ms: 50, fail: true } : { n, ms: 50 }, { retryLimit: 0 }))!,
        );
      await worker.startWorkers();
      const deadline = Date.now() + 15_000;
      while (pool.done.length < 9 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      // the eight short jobs all went through the two other slots while the long one ran
      expect(pool.done.slice(0, 8).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      expect(pool.done[8]).toBe(0);
      expect(pool.most).toBe(3);
      const states = async () => Promise.all(ids.map(async (id) => (await t.container.boss.getJobById('test-pool', id))?.state));
      while ((await states()).includes('active') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(await states()).toEqual([
        'completed',
        ...[1, 2, 3, 4].map(() => 'completed'),
        'failed',
        'completed',
        'completed',
        'completed',
      ]);
    } finally {
      await worker.close();
    }
  }, 30_000);

  it('a pooled queue stopping lets the job it runs finish and settles it', async () => {
    const worker = await workerProcess();
    pool.done.length = 0;
    const id = (await t.container.enqueue('test-pool', { n: 42, ms: 600 }, { retryLimit: 0 }))!;
    await worker.startWorkers();
    const deadline = Date.now() + 10_000;
    while (pool.inFlight === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await worker.close();
    expect(pool.done).toEqual([42]);
    expect((await t.container.boss.getJobById('test-pool', id))?.state).toBe('completed');
  }, 30_000);
});
