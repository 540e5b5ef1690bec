import type { PgBoss } from 'pg-boss';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestBoss } from './boss-test-kit';
import { ensureQueue } from './queues';

const kit = useTestBoss();
let boss: PgBoss;
beforeAll(() => {
  boss = kit.boss();
});

describe('a queue is made with its policy', () => {
  it('a stately queue holds at most one waiting job: a second send while one waits is refused', async () => {
    await ensureQueue(boss, 'q-stately', 'stately', true);
    expect((await boss.getQueue('q-stately'))?.policy).toBe('stately');
    expect(await boss.send('q-stately', {})).toBeTypeOf('string');
    expect(await boss.send('q-stately', {})).toBeNull();
  });

  it('making it again with the same policy keeps it and its waiting job', async () => {
    await ensureQueue(boss, 'q-stately', 'stately', true);
    expect((await boss.fetch('q-stately', { batchSize: 5 })).length).toBe(1);
  });

  it('a periodic queue made earlier with the standard policy (where a second send is not refused) is made again with its own', async () => {
    await boss.createQueue('q-daily', { policy: 'standard' });
    expect(await boss.send('q-daily', {})).toBeTypeOf('string');
    expect(await boss.send('q-daily', {})).toBeTypeOf('string');
    await ensureQueue(boss, 'q-daily', 'stately', true);
    expect((await boss.getQueue('q-daily'))?.policy).toBe('stately');
    expect(await boss.send('q-daily', {})).toBeTypeOf('string');
    expect(await boss.send('q-daily', {})).toBeNull();
  });

  it('any other queue with another policy is refused rather than dropped with its waiting jobs', async () => {
    await boss.createQueue('q-work', { policy: 'standard' });
    const id = await boss.send('q-work', { keep: true });
    await expect(ensureQueue(boss, 'q-work', 'singleton', false)).rejects.toThrow(
      'Queue q-work exists with the standard policy, not singleton: drain it and delete it (pg-boss deleteQueue) before starting with the new policy',
    );
    expect((await boss.getJobById('q-work', id!))?.data).toEqual({ keep: true });
  });
});
