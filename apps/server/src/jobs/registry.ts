import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss, Queue, QueuePolicy, WorkOptions } from 'pg-boss';
import type { Clock } from '../clock';
import type { TMetrics } from '../lib/metrics';
import { errorForLog } from '../lib/scrub';
import type { TProductBossClock } from './boss-clock';
import { startPool, type TPool } from './pool';
import { ensureQueue } from './queues';
import { createJobSender } from './sender';

/** What a job is given besides its data. */
export type TJobMeta = { id: string; queue: string };

/**
 * A queue and what runs its jobs. A module lists its jobs in its registration (modules/<name>/module.ts);
 * the handler's core is a plain function with a test of its own.
 */
export type TJobDefinition<D extends object = object> = {
  queue: string;
  /** How the queue holds its jobs (jobs/queues.ts); `standard` unless said. */
  policy?: QueuePolicy;
  /** A periodic job: a cron expression (UTC); pg-boss sends it on time, once across all processes. */
  cron?: string;
  /** How the queue retries and watches its jobs (retries, expiry, heartbeats), fixed when it is made. */
  queueOptions?: Pick<
    Queue,
    'retryLimit' | 'retryDelay' | 'retryBackoff' | 'retryDelayMax' | 'expireInSeconds' | 'heartbeatSeconds'
  >;
  /**
   * How a worker takes the queue's jobs: `localConcurrency` fetch loops, each taking up to `batchSize` jobs at a
   * time and running them side by side (so up to localConcurrency × batchSize at once), looking every
   * `pollingIntervalSeconds` while the queue is quiet.
   */
  work?: Pick<WorkOptions, 'localConcurrency' | 'pollingIntervalSeconds' | 'batchSize'> & {
    /**
     * Instead of pg-boss's fetch loops: a pool keeping this many jobs running, fetching as each slot frees
     * (jobs/pool.ts). For queues whose jobs take seconds of waiting on the outside world, where a batch would
     * move at the pace of its slowest job.
     */
    pool?: number;
  };
  /** Runs one job; throwing fails it (pg-boss retries it as the queue says). */
  handle(data: D, meta: TJobMeta): Promise<unknown>;
};

/** Keeps a job's own data type inside its definition while lists of jobs stay plain. */
export const defineJob = <D extends object>(job: TJobDefinition<D>): TJobDefinition => job as unknown as TJobDefinition;

/** A job runDueJobs ran, and the error it failed with, if any. */
export type TRanJob = { queue: string; id: string; data: object; error?: string };

/** How many rounds runDueJobs makes at most (a job may send another, due at once). */
const MAX_ROUNDS = 50;

/**
 * The queues of this process: each registered queue is made with its policy and prepared for sending (also
 * from inside a unit of work); `startWorkers` has pg-boss run them (and their schedules) in the background,
 * `runDueJobs` runs what is due right now, in the caller's turn (tests).
 */
export function createJobs(deps: {
  boss: PgBoss;
  /** pg-boss's schema (where its job table is). */
  schema: string;
  productTime: TProductBossClock | null;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Counts the job runs that failed (lib/metrics). */
  metrics?: Pick<TMetrics, 'jobFailed'>;
  /** Runs a handler as work no caller waits on (lib/unit-of-work: its changes are announced, not awaited). */
  unanswered?: <T>(fn: () => Promise<T>) => Promise<T>;
}) {
  const { boss, productTime, log, schema } = deps;
  const unanswered = deps.unanswered ?? (<T>(fn: () => Promise<T>) => fn());
  // a job is judged by the clock that released it: a shared clock moved by another process is read first
  const handle = (job: TJobDefinition, data: object, meta: TJobMeta) =>
    unanswered(async () => {
      await deps.clock.refresh();
      return job.handle(data, meta);
    });
  const sender = createJobSender(boss, deps.clock, productTime !== null);
  const definitions = new Map<string, TJobDefinition>();
  let working = false;
  const pools: TPool[] = [];

  const run = async (job: TJobDefinition, id: string, data: object) => {
    try {
      return await handle(job, data, { id, queue: job.queue });
    } catch (err) {
      log.error({ err: errorForLog(err), queue: job.queue, jobId: id }, 'job failed');
      deps.metrics?.jobFailed(job.queue);
      throw err;
    }
  };
  const work = async (job: TJobDefinition) => {
    const batchSize = job.work?.batchSize ?? 1;
    if (job.work?.pool)
      pools.push(
        startPool({
          boss,
          queue: job.queue,
          size: job.work.pool,
          pollMs: (job.work.pollingIntervalSeconds ?? 2) * 1000,
          run: (data, meta) => handle(job, data, meta),
          log,
          schema,
        }),
      );
    else if (batchSize > 1)
      // a batch's jobs run side by side and each is settled on its own: one failing does not fail the others;
      // while fetches come back full the worker fetches again at once instead of waiting for its next poll
      await boss.work<object>(job.queue, { ...job.work, batchSize, perJobResults: true, burstWhenBatchFull: true }, (jobs) =>
        Promise.all(
          jobs.map((one) =>
            run(job, one.id, one.data).then(
              (output) => ({ id: one.id, status: 'completed' as const, output }),
              (err: unknown) => ({
                id: one.id,
                status: 'failed' as const,
                output: { message: err instanceof Error ? err.message : String(err) },
              }),
            ),
          ),
        ),
      );
    else await boss.work<object>(job.queue, { ...job.work, batchSize: 1 }, async ([one]) => run(job, one.id, one.data));
    if (job.cron) await boss.schedule(job.queue, job.cron);
  };

  return {
    /** Sends through a connection; the unit of work uses it (lib/unit-of-work: enqueue). */
    send: sender.send,
    cancel: sender.cancel,
    /** Makes the queue (with its policy) and prepares it; once per queue, at start, outside any unit of work. */
    async register(job: TJobDefinition): Promise<void> {
      if (definitions.has(job.queue)) throw new Error(`Queue ${job.queue} is registered twice`);
      await ensureQueue(boss, job.queue, job.policy ?? 'standard', Boolean(job.cron), job.queueOptions);
      await sender.prepare(job.queue);
      definitions.set(job.queue, job);
      if (working) await work(job);
    },
    queues: () => [...definitions.keys()],
    /** How many jobs wait in each registered queue (created or to be retried, due now or later). */
    async queuedCounts(): Promise<Record<string, number>> {
      const counts: Record<string, number> = Object.fromEntries([...definitions.keys()].map((q) => [q, 0]));
      const { rows } = (await boss
        .getDb()
        .executeSql(
          `SELECT name, count(*)::int AS n FROM ${schema}.job WHERE state IN ('created', 'retry') AND name = ANY($1::text[]) GROUP BY name`,
          [[...definitions.keys()]],
        )) as { rows: { name: string; n: number }[] };
      for (const r of rows) counts[r.name] = r.n;
      return counts;
    },
    definition: (queue: string) => definitions.get(queue),
    /** Runs the registered queues in the background (pg-boss polls them) and keeps their schedules. */
    async startWorkers(): Promise<void> {
      if (working) return;
      working = true;
      for (const job of definitions.values()) await work(job);
    },
    /** Stops the pools taking jobs and lets their running jobs finish (up to `timeoutMs`); before pg-boss stops. */
    async stopWorkers(timeoutMs: number): Promise<void> {
      await Promise.all(pools.splice(0).map((pool) => pool.stop(timeoutMs)));
    },
    /**
     * Runs every job of `queue` (or of every registered queue) that is due by the product's clock, through
     * its handler, until none is left; a job that fails is marked failed (and retried as its queue says).
     */
    async runDueJobs(queue?: string): Promise<TRanJob[]> {
      await deps.clock.refresh();
      await productTime?.sync();
      const names = queue ? [queue] : [...definitions.keys()];
      const ran: TRanJob[] = [];
      for (let round = 0; round < MAX_ROUNDS; round++) {
        let found = false;
        for (const name of names) {
          const job = definitions.get(name);
          if (!job) throw new Error(`No job is registered for queue ${name}`);
          for (const one of await boss.fetch<object>(name, { batchSize: 20 })) {
            found = true;
            try {
              await run(job, one.id, one.data);
              await boss.complete(name, one.id);
              ran.push({ queue: name, id: one.id, data: one.data });
            } catch (err) {
              const message = err instanceof Error ? err.message : String(err);
              await boss.fail(name, one.id, { message });
              ran.push({ queue: name, id: one.id, data: one.data, error: message });
            }
          }
        }
        if (!found) break;
      }
      return ran;
    },
  };
}
export type TJobs = ReturnType<typeof createJobs>;
