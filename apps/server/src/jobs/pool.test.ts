import type { PgBoss } from 'pg-boss';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestBoss } from './boss-test-kit';
import { STALE_SECONDS, startPool } from './pool';
import { ensureQueue } from './queues';

const kit = useTestBoss();
let boss: PgBoss;
beforeAll(() => {
  boss = kit.boss();
});
const log = pino({ level: 'silent' });

const until = async (what: () => boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!what() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
  return what();
};

/** A pool that looks for dead workers' jobs and notes the id of every job it runs. */
function recordingPool(queue: string) {
  const ran: string[] = [];
  const pool = startPool({
    boss,
    queue,
    size: 4,
    pollMs: 100,
    log,
    schema: 'pgboss',
    run: async (_d, meta) => {
      ran.push(meta.id);
    },
  });
  return { ran, pool };
}

describe('the job pool', () => {
  it('completes the jobs it runs, each with its own output, many in one go', async () => {
    await ensureQueue(boss, 'p-done', 'standard', false);
    const ids = await Promise.all([1, 2, 3, 4, 5].map((n) => boss.send('p-done', { n })));
    const pool = startPool({
      boss,
      queue: 'p-done',
      size: 10,
      pollMs: 50,
      log,
      run: async (d) => `ran ${(d as { n: number }).n}`,
    });
    const done = async () =>
      (await Promise.all(ids.map((id) => boss.getJobById('p-done', id!)))).every((j) => j?.state === 'completed');
    let all = false;
    for (let i = 0; i < 100 && !all; i++) {
      all = await done();
      if (!all) await new Promise((r) => setTimeout(r, 50));
    }
    await pool.stop(1_000);
    expect(all).toBe(true);
    expect((await boss.getJobById('p-done', ids[2]!))?.output).toEqual({ value: 'ran 3' });
  });

  it('gives back a job a dead worker fetched (no heartbeat for a while): it is run again within seconds', async () => {
    await ensureQueue(boss, 'p-dead', 'stately', false, { retryLimit: 3, retryDelay: 0, heartbeatSeconds: 30 });
    const id = await boss.send('p-dead', { what: 'left behind' }, { singletonKey: 'target-1' });
    // a worker fetched it and died: nobody touches it any more
    const [fetched] = await boss.fetch('p-dead');
    expect(fetched.id).toBe(id);
    await kit
      .pglite()
      .query(`UPDATE pgboss.job SET heartbeat_on = now() - make_interval(secs => $1) WHERE id = $2`, [STALE_SECONDS + 5, id]);
    const { ran, pool } = recordingPool('p-dead');
    const again = await until(() => ran.length > 0, 10_000);
    await pool.stop(1_000);
    expect(again).toBe(true);
    expect(ran).toEqual([id]);
  });

  it('leaves alone a job whose worker still touches it', async () => {
    await ensureQueue(boss, 'p-alive', 'stately', false, { retryLimit: 3, retryDelay: 0, heartbeatSeconds: 30 });
    const id = await boss.send('p-alive', {}, { singletonKey: 'target-2' });
    await boss.fetch('p-alive');
    const { ran, pool } = recordingPool('p-alive');
    await new Promise((r) => setTimeout(r, 4_000));
    await pool.stop(1_000);
    expect(ran).toEqual([]);
    expect((await boss.getJobById('p-alive', id!))?.state).toBe('active');
  });
});
