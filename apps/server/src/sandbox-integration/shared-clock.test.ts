import { describe, expect, it } from 'vitest';
import { Clock } from '../clock';
import { createContainer, type TModule } from '../container';
import { defineJob } from '../jobs/registry';
import { clockStoreIn } from '../lib/settings';
import { MODULES } from '../modules';
import { buildTestApp } from '../test/helpers';

describe('the sandbox clock is one clock for every process', () => {
  it('a move made through one server is read by another process sharing the database', async () => {
    const t = await buildTestApp({ SANDBOX: 'on' });
    try {
      // a second process's clock on the same database (a worker, another server)
      const other = new Clock();
      await other.share(clockStoreIn(t.database.db), 50);
      const before = other.offset;

      // the server under test shares its clock too, as a production sandbox start does
      await t.clock.share(clockStoreIn(t.database.db), 50);
      const res = await t.app.inject({ method: 'POST', url: '/sandbox/clock/advance', payload: { seconds: 3600 } });
      expect(res.statusCode).toBe(200);
      expect(t.clock.offset - before).toBe(3_600_000);

      await new Promise((r) => setTimeout(r, 200));
      expect(other.offset - before).toBe(3_600_000);
      expect(Math.abs(other.nowMs() - t.clock.nowMs())).toBeLessThan(1000);
      other.stopSharing();
      t.clock.stopSharing();
    } finally {
      await t.close();
    }
  });

  it('a new process starts from the shared offset', async () => {
    const t = await buildTestApp({ SANDBOX: 'on' });
    try {
      await t.clock.share(clockStoreIn(t.database.db), 60_000);
      await t.clock.advanceShared(90_000);
      const late = new Clock();
      await late.share(clockStoreIn(t.database.db), 60_000);
      expect(late.offset).toBe(t.clock.offset);
      late.stopSharing();
      t.clock.stopSharing();
    } finally {
      await t.close();
    }
  });

  it('a start at a set moment (SANDBOX_CLOCK_START) moves the shared clock forward to it, never back', async () => {
    const t = await buildTestApp({ SANDBOX: 'on' });
    try {
      await t.clock.share(clockStoreIn(t.database.db), 60_000);
      const start = Date.now() + 30 * 86_400_000;
      // two processes starting together both set it: the clock is at the moment once, not moved twice
      const other = new Clock();
      await other.share(clockStoreIn(t.database.db), 60_000);
      await Promise.all([t.clock.moveSharedForwardTo(start), other.moveSharedForwardTo(start)]);
      const late = new Clock();
      await late.share(clockStoreIn(t.database.db), 60_000);
      expect(Math.abs(late.nowMs() - start)).toBeLessThan(5_000);
      // a later start at an earlier moment leaves the clock where it is
      await late.moveSharedForwardTo(start - 86_400_000);
      expect(Math.abs(late.nowMs() - start)).toBeLessThan(5_000);
      for (const clock of [t.clock, other, late]) clock.stopSharing();
    } finally {
      await t.close();
    }
  });

  it('a job is run by the clock that released it: a process that has not read a move made elsewhere reads it first', async () => {
    const seen: number[] = [];
    // a worker process's clock, which reads the shared offset only once a minute by itself
    const workerClock = new Clock();
    const clockJobs: TModule = {
      name: 'clock-jobs',
      jobs: () => [
        defineJob({
          queue: 'test-clock-due',
          async handle() {
            seen.push(workerClock.nowMs());
          },
        }),
      ],
    };
    const t = await buildTestApp({ SANDBOX: 'on' }, { modules: [...MODULES, clockJobs] });
    try {
      await t.clock.share(clockStoreIn(t.database.db), 60_000);
      await workerClock.share(clockStoreIn(t.database.db), 60_000);
      const worker = await createContainer({
        config: t.container.config,
        database: t.database,
        clock: workerClock,
        logger: false,
        runJobs: true,
        modules: [...MODULES, clockJobs],
        bossSchema: t.database.pool ? `${t.database.schemaName}_boss` : undefined,
        bossPoolMax: 2,
      });
      try {
        const due = t.clock.nowMs() + 3_600_000;
        await t.container.enqueue('test-clock-due', {}, { startAfter: new Date(due) });
        // the server moves the clock past the job's time; the worker runs what is due without waiting for its read
        await t.clock.advanceShared(3_600_000 + 1000);
        const ran = await worker.jobs.runDueJobs('test-clock-due');
        expect(ran).toHaveLength(1);
        expect(seen).toHaveLength(1);
        expect(seen[0]).toBeGreaterThanOrEqual(due);
      } finally {
        await worker.close();
      }
    } finally {
      workerClock.stopSharing();
      t.clock.stopSharing();
      await t.close();
    }
  });
});
