import type { FastifyBaseLogger } from 'fastify';
import { defineJob } from '../../jobs/registry';
import type { TAnalyticsService } from './service';

/** The queue of the periodic figures read. */
export const READ_FIGURES_QUEUE = 'read-figures';

/**
 * Every minute: reads the figures that are due (linked accounts' and published posts') from the networks and
 * keeps them, within each network's limits. One run at a time across every process (stately); what a run
 * leaves (over a network's share, or rate limited) waits for a later one.
 */
export const readFiguresJob = (deps: { analytics: TAnalyticsService; log: FastifyBaseLogger }) =>
  defineJob({
    queue: READ_FIGURES_QUEUE,
    policy: 'stately',
    cron: '* * * * *',
    // a run spaces its calls: it may take most of a minute when the networks are busy
    queueOptions: { retryLimit: 0, expireInSeconds: 600 },
    async handle() {
      const out = await deps.analytics.readDue();
      if (out.read || out.failed || out.rateLimited) deps.log.info(out, 'read-figures done');
      return out;
    },
  });
