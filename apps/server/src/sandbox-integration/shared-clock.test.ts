import { describe, expect, it } from 'vitest';
import { Clock } from '../clock';
import { clockStoreIn } from '../lib/settings';
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
});
