import type { FastifyBaseLogger } from 'fastify';
import { defineJob } from '../../jobs/registry';
import {
  PREPARE_QUEUE,
  PUBLISH_QUEUE,
  PUBLISH_SWEEP_QUEUE,
  type TPrepareJob,
  type TPublishEngine,
  type TPublishJob,
} from './engine';

/**
 * The publishing queue: one job per target, keyed by it (stately: never two waiting for one target). A target
 * whose holder died is taken back by the reclaim watcher once its lease runs out (a new job, which looks on the
 * network before sending again); a job pg-boss retries meanwhile finds the target held and does nothing. The
 * engine schedules its own retries, so pg-boss's retries only cover a job that did not finish.
 */
export const publishJob = (deps: { engine: TPublishEngine; concurrency: number }) =>
  defineJob<TPublishJob>({
    queue: PUBLISH_QUEUE,
    policy: 'stately',
    queueOptions: { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 900, heartbeatSeconds: 30 },
    // a publish is mostly waiting on a network: up to `concurrency` at once, each slot taking the next job as
    // soon as it frees (a quiet queue is looked at twice a second)
    work: { pool: deps.concurrency, pollingIntervalSeconds: 0.5 },
    handle: (data, meta) => deps.engine.run(data.targetId, meta.id),
  });

/**
 * Preparing ahead: one job per (target, due time). A passing network failure is tried again by the queue (the
 * handler lets it fail only while a minute is left before the due time); a job whose worker died is run again once
 * pg-boss sees it expired, which only prepares again if nothing was kept. Mostly waiting on networks, like publishing.
 */
export const prepareJob = (deps: { engine: TPublishEngine; concurrency: number }) =>
  defineJob<TPrepareJob>({
    queue: PREPARE_QUEUE,
    policy: 'stately',
    queueOptions: { retryLimit: 3, retryDelay: 20, retryBackoff: true, expireInSeconds: 900, heartbeatSeconds: 30 },
    work: { pool: deps.concurrency, pollingIntervalSeconds: 1 },
    handle: (data) => deps.engine.prepare(data),
  });

/** Every minute: a target left behind (its job lost, its attempt's process dead) is given a job again. */
export const publishSweepJob = (deps: { engine: TPublishEngine; log: FastifyBaseLogger }) =>
  defineJob({
    queue: PUBLISH_SWEEP_QUEUE,
    policy: 'stately',
    cron: '* * * * *',
    async handle() {
      const sent = await deps.engine.sweep();
      if (sent) deps.log.info({ sent }, 'publish-sweep sent stranded targets again');
      return { sent };
    },
  });
