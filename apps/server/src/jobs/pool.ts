import type { FastifyBaseLogger } from 'fastify';
import type { Job, PgBoss } from 'pg-boss';
import { batched } from '../lib/batched';
import { errorForLog } from '../lib/scrub';

/** How many jobs one fetch takes at most (one query; the rest wait for the next turn). */
const FETCH_MAX = 64;
/** After a job settles, how long the pool waits for others to settle before it fetches for all the free slots. */
const GATHER_MS = 5;

export type TPoolOptions = {
  boss: PgBoss;
  queue: string;
  /** Jobs running at once in this process. */
  size: number;
  /** How often a quiet queue is looked at. */
  pollMs: number;
  run(data: object, meta: { id: string; queue: string }): Promise<unknown>;
  log: FastifyBaseLogger;
  /**
   * pg-boss's schema: given, the pool also gives back, every few seconds, the jobs of its queue that a process
   * fetched and stopped answering for (no heartbeat for STALE_SECONDS: it died), instead of leaving them to
   * pg-boss's own supervision, a minute or more later.
   */
  schema?: string;
};

/** How often the pool touches the jobs it holds (their heartbeat). */
const TOUCH_MS = 5_000;
/**
 * A job whose heartbeat is older than this (three touches missed) belongs to a process that died. A live process
 * slowed down past it by a loaded machine has its job run twice, which the handlers make harmless (the publishing
 * engine's claim, and a job that finds its target not due yet sends the job of its moment).
 */
export const STALE_SECONDS = 15;
/** How often the pool looks for such jobs. */
const STALE_CHECK_MS = 3_000;

/**
 * A worker that keeps `size` jobs of one queue running: it fetches as soon as a slot is free (a publish of
 * 8 s never holds back the ones fetched with it), settles each job on its own, fenced to the attempt it
 * fetched (a job pg-boss gave to another worker after its heartbeat stopped is not settled by this one),
 * and keeps the heartbeat of every job it holds. A quiet queue costs one query every `pollMs`.
 */
export function startPool(opts: TPoolOptions) {
  const { boss, queue, size, pollMs, log } = opts;
  const active = new Map<string, Job<object>>();
  let stopping = false;
  let wake: (() => void) | null = null;
  const nudge = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        wake = null;
        resolve();
      }, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const attempt = (job: Job<object>) => [{ id: job.id, retryCount: job.retryCount }];
  // jobs done at the same moment are completed together: one statement for those with the same output
  const complete = batched<{ job: Job<object>; output: unknown }, void>({
    max: FETCH_MAX,
    async runBatch(items) {
      const byOutput = new Map<string, { job: Job<object>; output: unknown }[]>();
      for (const i of items) {
        const key = JSON.stringify(i.output ?? null);
        byOutput.set(key, [...(byOutput.get(key) ?? []), i]);
      }
      for (const group of byOutput.values())
        await boss.complete(
          queue,
          group.map((i) => ({ id: i.job.id, retryCount: i.job.retryCount })),
          group[0].output as object,
        );
      return items.map(() => undefined);
    },
  });
  const settle = async (job: Job<object>, ok: boolean, output: unknown) => {
    try {
      if (ok) await complete({ job, output });
      else await boss.fail(queue, attempt(job), output as object);
    } catch (err) {
      // the job stays active; pg-boss retries it once its heartbeat stops, and the handler finds the work done
      log.error({ err: errorForLog(err), queue, jobId: job.id }, 'job could not be settled');
    }
  };
  const begin = (job: Job<object>) => {
    active.set(job.id, job);
    opts
      .run(job.data, { id: job.id, queue })
      .then(
        (output) => settle(job, true, output),
        (err: unknown) => {
          log.error({ err: errorForLog(err), queue, jobId: job.id }, 'job failed');
          return settle(job, false, { message: err instanceof Error ? err.message : String(err) });
        },
      )
      .finally(() => {
        active.delete(job.id);
        nudge();
      });
  };

  // the heartbeat of every job held here, well within the shortest a queue is given (30 s)
  let beating = false;
  const heartbeat = setInterval(async () => {
    if (beating || active.size === 0) return;
    beating = true;
    try {
      await boss.touch(
        queue,
        [...active.values()].map((j) => ({ id: j.id, retryCount: j.retryCount })),
      );
    } catch (err) {
      log.warn({ err: errorForLog(err), queue }, 'job heartbeat failed');
    } finally {
      beating = false;
    }
  }, TOUCH_MS);
  heartbeat.unref();

  // a dead process's jobs, given back: failed, so pg-boss runs them again (after the queue's retry delay); the
  // handler of a job run twice finds its work claimed or done (the publishing engine's claim), so this is safe
  // even for a process that is alive but stopped touching for a while
  let checking = false;
  const giveBack = opts.schema
    ? setInterval(async () => {
        if (checking || stopping) return;
        checking = true;
        try {
          const { rows } = (await boss.getDb().executeSql(
            `SELECT id FROM ${opts.schema}.job WHERE name = $1 AND state = 'active'
              AND heartbeat_on < ${opts.schema}.job_now() - make_interval(secs => $2) LIMIT 500`,
            [queue, STALE_SECONDS],
          )) as { rows: { id: string }[] };
          const ids = rows.map((r) => r.id).filter((id) => !active.has(id));
          if (ids.length) {
            await boss.fail(queue, ids, { message: 'its worker stopped answering' });
            log.warn({ queue, jobs: ids.length }, 'jobs of a worker that stopped answering given back');
          }
        } catch (err) {
          log.warn({ err: errorForLog(err), queue }, 'looking for jobs of stopped workers failed');
        } finally {
          checking = false;
        }
      }, STALE_CHECK_MS)
    : null;
  giveBack?.unref();

  const loop = (async () => {
    while (!stopping) {
      const free = size - active.size;
      if (free <= 0) {
        await pause(pollMs);
        continue;
      }
      const want = Math.min(free, FETCH_MAX);
      let jobs: Job<object>[] = [];
      try {
        jobs = await boss.fetch<object>(queue, { batchSize: want });
      } catch (err) {
        log.error({ err: errorForLog(err), queue }, 'job fetch failed');
      }
      if (stopping) {
        // fetched while stopping: give them back at once rather than run them half
        if (jobs.length)
          await boss
            .fail(
              queue,
              jobs.map((j) => ({ id: j.id, retryCount: j.retryCount })),
              { message: 'worker stopping' },
            )
            .catch(() => undefined);
        break;
      }
      for (const job of jobs) begin(job);
      // a full fetch: there is more, go again (after the others settling now have freed their slots too);
      // a short one: the queue is quiet, look again later or when a slot frees
      if (jobs.length === want) await pause(GATHER_MS);
      else await pause(pollMs);
    }
  })();

  return {
    /** How many jobs run now. */
    running: () => active.size,
    /** Stops fetching and waits up to `timeoutMs` for the running jobs (those left are retried by pg-boss). */
    async stop(timeoutMs: number): Promise<void> {
      stopping = true;
      nudge();
      await loop;
      const deadline = Date.now() + timeoutMs;
      while (active.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      clearInterval(heartbeat);
      if (giveBack) clearInterval(giveBack);
    },
  };
}
export type TPool = ReturnType<typeof startPool>;
