import type { FastifyBaseLogger } from 'fastify';
import { defineJob } from '../../jobs/registry';
import { PAYOUT_SEND_QUEUE, type TMoneyService } from './service';

export { PAYOUT_SEND_QUEUE };
export const PAYOUTS_POLL_QUEUE = 'payouts-poll';
export const TRANSFERS_RECONCILE_QUEUE = 'transfers-reconcile';
export const LEDGER_CHECK_QUEUE = 'ledger-check';

export type TPayoutSendJob = { payoutId: string };

/**
 * A job per payout. A retryable failure (PayPal's 5xx, no answer) throws, and pg-boss tries again with a growing
 * wait. Sending twice is safe: the payout's id is its sender_batch_id (PayPal makes one batch per id and answers a
 * repeat with the first), and a payout that has its batch is not sent again. So the queue is a standard one: on a
 * stately queue a job held by a killed worker would keep its key busy (and hold up the fetch) until pg-boss
 * expires it.
 */
export const payoutSendJob = (deps: { money: TMoneyService }) =>
  defineJob<TPayoutSendJob>({
    queue: PAYOUT_SEND_QUEUE,
    queueOptions: { retryLimit: 8, retryDelay: 30, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: 300 },
    handle: (data) => deps.money.sendPayout(data.payoutId),
  });

/** Every minute (product clock): pending payouts settled from PayPal's word, lost send jobs sent again. */
export const payoutsPollJob = (deps: { money: TMoneyService; log: FastifyBaseLogger }) =>
  defineJob({
    queue: PAYOUTS_POLL_QUEUE,
    policy: 'stately',
    cron: '* * * * *',
    async handle() {
      const done = await deps.money.pollPayouts();
      if (done.settled || done.cancelled || done.resent || done.unreachable) deps.log.info(done, 'payouts-poll done');
      return done;
    },
  });

/** Every 10 minutes: brands' payments still waiting on PayPal are asked about (a lost capture answer or webhook). */
export const transfersReconcileJob = (deps: { money: TMoneyService; log: FastifyBaseLogger }) =>
  defineJob({
    queue: TRANSFERS_RECONCILE_QUEUE,
    policy: 'stately',
    cron: '*/10 * * * *',
    async handle() {
      const done = await deps.money.reconcileTransfers();
      if (done.looked) deps.log.info(done, 'transfers-reconcile done');
      return done;
    },
  });

/** Daily at 03:30 UTC: the ledger is checked; what does not add up is logged at error level (the service does). */
export const ledgerCheckJob = (deps: { money: TMoneyService }) =>
  defineJob({
    queue: LEDGER_CHECK_QUEUE,
    policy: 'stately',
    cron: '30 3 * * *',
    async handle() {
      const report = await deps.money.checkLedger();
      return { ok: report.ok };
    },
  });
