import type { PgBoss } from 'pg-boss';
import type { Clock } from '../clock';
import type { TEnqueueOptions, TSqlExecutor } from '../lib/unit-of-work';

/**
 * Sends jobs through a given connection: the unit of work in progress passes its own (lib/unit-of-work), so
 * the job is written in the same transaction as the change that asks for it and the two commit or fail
 * together (a post marked scheduled always has its job, a rolled-back one never does).
 *
 * Time is the product's: `startAfter` is a moment of `clock` (or seconds from its now) and is stored as
 * that moment; pg-boss compares it with the product's time when the clock can move (jobs/boss-clock.ts).
 * When it can (`clockMoves`), a job due at once is stamped with the clock's now too: left to pg-boss, its start
 * would be read in SQL from the offset last written to the database, which lags a move of the clock until the
 * next sync (a job sent just after the clock went back would wait until the clock caught up again).
 */
export function createJobSender(boss: PgBoss, clock: Clock, clockMoves = false) {
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
    async send(db: TSqlExecutor, name: string, data: object, options: TEnqueueOptions = {}): Promise<string | null> {
      if (!prepared.has(name)) throw new Error(`Queue ${name} was not prepared: call prepare('${name}') at start`);
      const { startAfter, ...rest } = options;
      const at =
        typeof startAfter === 'number'
          ? new Date(clock.nowMs() + startAfter * 1000)
          : (startAfter ?? (clockMoves ? clock.now() : undefined));
      return boss.send(name, data, { ...rest, ...(at ? { startAfter: at } : {}), db });
    },
    /** Cancels a job that has not run yet, through the given connection (the unit of work's). */
    async cancel(db: TSqlExecutor, name: string, id: string): Promise<void> {
      if (!prepared.has(name)) throw new Error(`Queue ${name} was not prepared: call prepare('${name}') at start`);
      await boss.cancel(name, id, { db });
    },
  };
}
export type TJobSender = ReturnType<typeof createJobSender>;
