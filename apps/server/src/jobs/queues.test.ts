import { PGlite } from '@electric-sql/pglite';
import { fromPglite, PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureQueue, QUEUE_POLICIES } from './queues';

let pglite: PGlite;
let boss: PgBoss;
beforeAll(async () => {
  pglite = new PGlite();
  boss = new PgBoss({ db: fromPglite(pglite as never), backend: 'pglite', supervise: false, schedule: false });
  await boss.start();
}, 60_000);
afterAll(async () => {
  await boss?.stop({ graceful: false });
  await pglite?.close();
});

describe('queues that must not run twice', () => {
  it('the daily sweeps hold at most one waiting job: a second send while one waits is refused', async () => {
    for (const name of Object.keys(QUEUE_POLICIES) as (keyof typeof QUEUE_POLICIES)[]) {
      await ensureQueue(boss, name);
      expect((await boss.getQueue(name))?.policy).toBe('stately');
      const first = await boss.send(name, {});
      const second = await boss.send(name, {});
      expect(first).toBeTypeOf('string');
      expect(second).toBeNull();
    }
  });

  it('a queue made earlier with the standard policy (where a second send is not refused) is made again as stately', async () => {
    await boss.createQueue('cleanup-expired-old', {});
    // the standard policy queues both
    expect(await boss.send('cleanup-expired-old', {})).toBeTypeOf('string');
    expect(await boss.send('cleanup-expired-old', {})).toBeTypeOf('string');
    await boss.deleteQueue('cleanup-expired');
    await boss.createQueue('cleanup-expired', { policy: 'standard' });
    await ensureQueue(boss, 'cleanup-expired');
    expect((await boss.getQueue('cleanup-expired'))?.policy).toBe('stately');
    expect(await boss.send('cleanup-expired', {})).toBeTypeOf('string');
    expect(await boss.send('cleanup-expired', {})).toBeNull();
  });
});
