import type { PgBoss, Queue, QueuePolicy } from 'pg-boss';

/**
 * Makes the queue with its policy. How a queue may hold its jobs is fixed when it is made: work that must
 * never run twice at once declares `stately` (at most one job waiting and one running) or `singleton` (one
 * running); a `singletonKey` on a standard queue does not de-duplicate.
 *
 * pg-boss cannot change a queue's policy. A periodic queue made earlier with another policy is made again
 * (its next run is scheduled afresh, so nothing is lost); any other queue would lose its waiting jobs, so
 * the start is refused with what to do.
 */
export async function ensureQueue(
  boss: PgBoss,
  name: string,
  policy: QueuePolicy,
  periodic: boolean,
  options: Partial<Queue> = {},
): Promise<void> {
  const existing = await boss.getQueue(name);
  if (existing && (existing.policy ?? 'standard') === policy) {
    // retries, expiry and heartbeats can change; the policy cannot
    if (Object.keys(options).length) await boss.updateQueue(name, options);
    return;
  }
  if (existing && !periodic)
    throw new Error(
      `Queue ${name} exists with the ${existing.policy} policy, not ${policy}: drain it and delete it (pg-boss deleteQueue) before starting with the new policy`,
    );
  if (existing) await boss.deleteQueue(name);
  await boss.createQueue(name, { ...options, policy });
}
