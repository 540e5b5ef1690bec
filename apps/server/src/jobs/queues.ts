import type { PgBoss, QueuePolicy } from 'pg-boss';

/**
 * How a queue may hold its jobs. A daily sweep must never run twice at once, nor pile up behind itself:
 * `stately` keeps at most one job waiting and one running. (A `singletonKey` on a standard queue does not
 * de-duplicate.) Queues that carry work which must not run twice declare their policy here too.
 */
export const QUEUE_POLICIES = {
  'cleanup-expired': 'stately',
  'sweep-unreferenced-uploads': 'stately',
} as const satisfies Record<string, QueuePolicy>;
export type TQueueName = keyof typeof QUEUE_POLICIES;

/**
 * Makes the queue with its declared policy. A queue made earlier with another policy (pg-boss cannot
 * change a queue's policy) is made again: only the periodic sweeps exist so far, and their next run is
 * scheduled afresh by the caller, so nothing is lost.
 */
export async function ensureQueue(boss: PgBoss, name: TQueueName): Promise<void> {
  const policy = QUEUE_POLICIES[name];
  const existing = await boss.getQueue(name);
  if (existing && existing.policy === policy) return;
  if (existing) await boss.deleteQueue(name);
  await boss.createQueue(name, { policy });
}
