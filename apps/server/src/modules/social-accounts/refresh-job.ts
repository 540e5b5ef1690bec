import type { FastifyBaseLogger } from 'fastify';
import { defineJob } from '../../jobs/registry';
import type { TSocialAccountsService } from './service';

/**
 * Every 15 minutes: renews the access of linked accounts that expire within the hour, so a scheduled post never
 * meets an expired token. One run at a time across every process (stately); a passing failure waits for the next.
 */
export const tokenRefreshJob = (deps: { social: TSocialAccountsService; log: FastifyBaseLogger }) =>
  defineJob({
    queue: 'refresh-social-tokens',
    policy: 'stately',
    cron: '*/15 * * * *',
    async handle() {
      const out = await deps.social.refreshDue();
      if (out.refreshed || out.reconnect || out.later) deps.log.info(out, 'refresh-social-tokens done');
      return out;
    },
  });
