import type { FastifyBaseLogger } from 'fastify';
import { defineJob } from '../../jobs/registry';
import type { TPointsService } from './service';

export const LEVELS_DAILY_QUEUE = 'levels-daily';

/**
 * Daily at 00:20 (UTC, by the product's clock): levels whose 12 months ran out are worked out again (dropped, or
 * down to a lower level still held). Reads never show a level that ran out; this pass makes the stored one true.
 */
export const levelsDailyJob = (deps: { points: TPointsService; log: FastifyBaseLogger }) =>
  defineJob({
    queue: LEVELS_DAILY_QUEUE,
    policy: 'stately',
    cron: '20 0 * * *',
    async handle() {
      const done = await deps.points.dropExpiredLevels();
      deps.log.info(done, 'levels-daily done');
      return done;
    },
  });
