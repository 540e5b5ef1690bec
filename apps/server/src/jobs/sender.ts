import type { PgBoss, SendOptions } from 'pg-boss';
import type { TSqlExecutor } from '../lib/unit-of-work';

/**
 * Sends jobs through the connection of the unit of work in progress (see lib/unit-of-work): inside
 * `unitOfWork(...)` the job is written in the same transaction as the change that asks for it, so the two
 * commit or fail together (a post marked scheduled always has its job, a rolled-back one never does).
 * Outside a unit, the job is sent on its own.
 */
export function createJobSender(boss: PgBoss, executor: () => TSqlExecutor) {
  const prepared = new Set<string>();
  return {
    /**
     * Makes the queue sendable from inside a unit of work; called once per queue at start, outside any unit.
     * pg-boss looks a queue up through its own connection the first time it is used; inside a unit on the
     * embedded database (one connection, held by the unit) that lookup would wait for the unit forever.
     */
    async prepare(name: string): Promise<void> {
      if (!(await boss.getQueue(name))) throw new Error(`Queue ${name} does not exist`);
      // looks the queue up (and keeps it) through pg-boss's own connection; there is no such job
      await boss.getJobById(name, '00000000-0000-0000-0000-000000000000');
      prepared.add(name);
    },
    send(name: string, data: object, options: Omit<SendOptions, 'db'> = {}): Promise<string | null> {
      if (!prepared.has(name)) throw new Error(`Queue ${name} was not prepared: call prepare('${name}') at start`);
      return boss.send(name, data, { ...options, db: executor() });
    },
  };
}
export type TJobSender = ReturnType<typeof createJobSender>;
