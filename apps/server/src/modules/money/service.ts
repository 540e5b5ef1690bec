import {
  addDays,
  addMonths,
  dayInZone,
  formatUsd,
  isCampaignDay,
  MONEY_MSG,
  MONEY_NOTICE,
  MSG,
  PAY_MSG,
  PAYMENT_MAX_USD,
  PAYMENT_MIN_USD,
  PAYOUT_UNCLAIMED_DAYS,
  payoutReturnReason,
  rolesForPath,
  type TCampaignPayment,
  type TOrderCreated,
  type TPayoutState,
  type TProfileType,
  TRANSACTION_FILTER_MONTHS,
  TRANSACTION_PAGE_SIZE,
  type TTransaction,
  type TTransactionFilter,
  type TTransactionList,
  usdToMinor,
  WITHDRAW_MIN_USD,
  walletZone,
  zoneDayStart,
} from '@virality/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors';
import {
  DUPLICATE_BATCH_ISSUE,
  fromPayPalAmount,
  isPayPalError,
  payoutItemOf,
  type TPayoutItem,
  type TPayPalCapture,
  type TPayPalGateway,
  type TPayPalOrder,
} from '../../integrations/paypal';
import { newId } from '../../lib/ids';
import type { TMetrics } from '../../lib/metrics';
import { errorForLog } from '../../lib/scrub';
import type { TUnitOfWork } from '../../lib/unit-of-work';
import type { TAuthContext } from '../auth/service';
import type { TCampaignPaymentsPort, TPayableCampaign } from '../campaigns/ports';
import type { TNotificationsService } from '../notifications/service';
import type { TWebhooksService } from '../webhooks/service';
import {
  ACCOUNTS,
  type TMoneyRepository,
  type TPayoutRow,
  type TTransactionRow,
  type TTransferRow,
  walletAccount,
} from './repository';

export const PAYOUT_SEND_QUEUE = 'payout-send';

/** What the money module asks of the campaigns service. */
export type TCampaignsForMoney = {
  /** The campaign the caller owns with `influencerId` tagged and accepted in it, or the campaigns module's 4xx. */
  payable(a: TAuthContext, campaignId: string, influencerId: string): Promise<TPayableCampaign>;
};

type TDeps = {
  /** Writes the money's webhook events (payment.completed, payout.completed, payout.failed) in the unit of the change. */
  webhooks?: Pick<TWebhooksService, 'emit'>;
  repo: TMoneyRepository;
  /** null: PayPal is not configured (outside the sandbox without its keys). */
  paypal: TPayPalGateway | null;
  /** Read when a payment is asked for (the campaigns module comes first in the composition order). */
  campaigns: () => TCampaignsForMoney;
  notifications: Pick<TNotificationsService, 'notify'>;
  clock: Clock;
  /** Also sends the payout jobs, in the transaction of the change that asks for them. */
  unitOfWork: TUnitOfWork;
  publicUrl: string;
  /** The platform's fee on a brand's payment, in basis points. */
  feeBps: number;
  log: FastifyBaseLogger;
  /** Counts the payouts' ends, the ledger checks that fail and PayPal's webhooks (lib/metrics). */
  metrics?: Pick<TMetrics, 'payoutEnded' | 'ledgerCheckFailed' | 'webhookReceived'>;
};

/** An order the payer has not approved is gone at PayPal after this long: it no longer holds budget. */
export const ORDER_OPEN_MS = 3 * 3600_000;
/** A payout with no batch this long after its last try has lost its job (a killed worker): it is sent again. */
export const UNSENT_AFTER_MS = 5 * 60_000;
/** A transfer waiting on PayPal this long is asked about by the reconcile pass. */
export const RECONCILE_AFTER_MS = 15 * 60_000;
const BATCH = 100;
const DAY_MS = 24 * 3600_000;

/** PayPal's words for a payout item that will not be paid; the money comes back. */
const RETURN_STATUSES = ['FAILED', 'RETURNED', 'BLOCKED', 'DENIED', 'REFUNDED', 'REVERSED', 'CANCELED'];
/** The item statuses that put a payout's money back as RETURNED (PayPal took it, then gave it back). */
const RETURNED_STATUSES = ['RETURNED', 'REFUNDED', 'REVERSED'];
/** A payout item's status from a webhook's type, when its resource does not say. */
const EVENT_ITEM_STATUS: Record<string, string> = {
  'PAYMENT.PAYOUTS-ITEM.SUCCEEDED': 'SUCCESS',
  'PAYMENT.PAYOUTS-ITEM.FAILED': 'FAILED',
  'PAYMENT.PAYOUTS-ITEM.RETURNED': 'RETURNED',
  'PAYMENT.PAYOUTS-ITEM.UNCLAIMED': 'UNCLAIMED',
  'PAYMENT.PAYOUTS-ITEM.BLOCKED': 'BLOCKED',
  'PAYMENT.PAYOUTS-ITEM.DENIED': 'DENIED',
  'PAYMENT.PAYOUTS-ITEM.REFUNDED': 'REFUNDED',
  'PAYMENT.PAYOUTS-ITEM.CANCELED': 'CANCELED',
  'PAYMENT.PAYOUTS-ITEM.HELD': 'ONHOLD',
};

/** What a webhook did (the log and the tests). */
export type TPayPalWebhookOutcome = 'replay' | 'recorded' | 'ignored';

/** The ledger check's report: empty lists when every rule holds. */
export type TLedgerReport = {
  ok: boolean;
  checkedAt: string;
  unbalancedMovements: { id: string; sum: number }[];
  walletMismatches: { userId: string; walletMinor: number; ledgerMinor: number }[];
  transferMismatches: { transferId: string; status: string; captures: number }[];
  orphanCaptures: { movementId: string }[];
  payoutMismatches: { payoutId: string; status: string; hold: number; paid: number; returned: number }[];
};

/** An amount in USD from the wire, as cents within [min, max], or the words of what is wrong. */
function amountOf(value: unknown, min: { minor: number; msg: string }, max?: { minor: number; msg: string }): number {
  const minor = usdToMinor(value);
  if (minor === null) throw badRequest(MONEY_MSG.amountInvalid, { errors: { amount: MONEY_MSG.amountInvalid } });
  if (minor < min.minor) throw badRequest(min.msg, { errors: { amount: min.msg } });
  if (max && minor > max.minor) throw badRequest(max.msg, { errors: { amount: max.msg } });
  return minor;
}

const party = (id: string | null, name: string | null, image: string | null) =>
  id ? { _id: id, name, profileImage: image } : null;

export const toTransaction = (r: TTransactionRow): TTransaction => ({
  _id: r.id,
  amount: r.amountMinor / 100,
  withdrawAmount: r.kind === 'payout' ? r.amountMinor / 100 : 0,
  currency: 'USD',
  paymentType: r.kind === 'payout' ? 'self' : 'transaction',
  paymentStatus: r.status,
  failureReason: r.failureReason,
  payerId: party(r.payerId, r.payerName, r.payerImage),
  recieverId: party(r.receiverId, r.receiverName, r.receiverImage),
  receiverPaypalId: r.receiverPaypalId,
  campaign: r.campaignId ? { _id: r.campaignId, name: r.campaignName ?? '' } : null,
  date: r.createdAt.toISOString(),
  orderId: r.ref,
});

/** The PayPal-Request-Id of a transfer's capture: the same for every try, so PayPal captures once. */
export const captureRequestId = (t: Pick<TTransferRow, 'requestId'>) => `${t.requestId}-capture`;

/**
 * Money between brands and influencers, exactly once. A brand's payment is a transfer written before PayPal is
 * asked for an order; only a COMPLETED capture credits the influencer, in one transaction with its ledger movement
 * ('capture:<captureId>', written once) and the wallet, whichever of paycapture, the webhook or the reconcile pass
 * gets there first. A withdrawal takes the money from the wallet into 'payouts:in_flight' in the same transaction
 * as its payout row and its 'payout-send' job; the payout's id is PayPal's sender_batch_id, so it is paid once
 * however often it is sent; it is settled (paid, or the money back) from PayPal's word, once per movement.
 */
export function createMoneyService(deps: TDeps) {
  const { repo, notifications, clock, unitOfWork, log } = deps;

  function paypal(): TPayPalGateway {
    if (!deps.paypal) throw new AppError(503, MONEY_MSG.notConfigured);
    return deps.paypal;
  }

  const paypalFailure = (err: unknown) =>
    isPayPalError(err)
      ? { status: err.status, name: err.errorName, issue: err.issue, debugId: err.debugId }
      : { err: errorForLog(err) };

  async function answer(userId: string, id: string): Promise<TTransaction> {
    const row = await repo.transaction(userId, id);
    if (!row) throw notFound(MONEY_MSG.transactionNotFound);
    return toTransaction(row);
  }

  /** The campaign's name for a notification's words. */
  const campaignNameOf = async (campaignId: string) => (await repo.campaignName(campaignId)) ?? '';

  /**
   * Records a COMPLETED capture: the transfer COMPLETED with its capture id, the movement 'capture:<id>' (paypal
   * received −X; the receiver's wallet +(X − fee); the platform's fees +fee) and the wallet, and both sides told,
   * in one transaction with the transfer locked. A second call (the webhook after paycapture, a replay, the
   * reconcile pass) finds the transfer COMPLETED or the movement there and moves nothing. True when it credited.
   */
  async function recordCapture(transferId: string, capture: Pick<TPayPalCapture, 'id' | 'amountMinor' | 'currency'>) {
    const now = clock.now();
    return unitOfWork(async () => {
      const t = await repo.lockTransfer(transferId);
      if (!t || t.status === 'COMPLETED') return false;
      if (capture.amountMinor !== t.amountMinor || capture.currency !== t.currency) {
        // PayPal captured another amount than the order's: nothing is credited; someone must look at it
        log.error(
          { transferId: t.id, captureId: capture.id, capturedMinor: capture.amountMinor, dueMinor: t.amountMinor },
          'money: a capture does not match its transfer; nothing was credited',
        );
        await repo.updateTransfer(t.id, {
          status: 'FAILED',
          paypalCaptureId: capture.id,
          failureReason: MONEY_MSG.captureMismatch,
          updatedAt: now,
        });
        return false;
      }
      await repo.updateTransfer(t.id, {
        status: 'COMPLETED',
        paypalCaptureId: capture.id,
        failureReason: null,
        completedAt: now,
        updatedAt: now,
      });
      const net = t.amountMinor - t.feeMinor;
      const credited = await repo.insertMovement(
        { id: `capture:${capture.id}`, kind: 'capture', refId: t.id },
        [
          { account: ACCOUNTS.received, amountMinor: -t.amountMinor },
          { account: walletAccount(t.receiverId), amountMinor: net },
          { account: ACCOUNTS.fees, amountMinor: t.feeMinor },
        ],
        now,
      );
      if (!credited) return false;
      await repo.addToWallet(t.receiverId, net);
      const paid = {
        paymentId: t.id,
        kind: 'campaign',
        campaignId: t.campaignId,
        payerId: t.payerId,
        receiverId: t.receiverId,
        amountMinor: t.amountMinor,
        feeMinor: t.feeMinor,
        currency: t.currency,
      };
      await deps.webhooks?.emit({ userId: t.payerId }, 'payment.completed', paid);
      await deps.webhooks?.emit({ userId: t.receiverId }, 'payment.completed', paid);
      const campaign = await campaignNameOf(t.campaignId);
      const payload = { payloadId: t.campaignId };
      await notifications.notify(t.receiverId, {
        type: 'PAYMENT_RECEIVED',
        title: MONEY_NOTICE.paymentReceived,
        description: MONEY_NOTICE.paymentReceivedBody(formatUsd(net), campaign),
        payload,
        senderId: t.payerId,
        dedupeKey: `payment-received:${t.id}`,
      });
      await notifications.notify(t.payerId, {
        type: 'PAYMENT_SENT',
        title: MONEY_NOTICE.paymentSent,
        description: MONEY_NOTICE.paymentSentBody(formatUsd(t.amountMinor), campaign),
        payload,
        dedupeKey: `payment-sent:${t.id}`,
      });
      log.info({ transferId: t.id, captureId: capture.id }, 'money: capture credited');
      return true;
    });
  }

  /** A transfer not completed moves to `status` (a completed one never moves back). */
  async function markTransfer(
    transferId: string,
    status: 'PENDING' | 'DECLINED' | 'FAILED' | 'VOIDED',
    patch: { captureId?: string | null; reason?: string | null } = {},
  ) {
    const now = clock.now();
    await unitOfWork(async () => {
      const t = await repo.lockTransfer(transferId);
      if (!t || t.status === 'COMPLETED' || t.status === status) return;
      await repo.updateTransfer(t.id, {
        status,
        ...(patch.captureId ? { paypalCaptureId: patch.captureId } : {}),
        failureReason: patch.reason ?? null,
        updatedAt: now,
      });
    });
  }

  /** What an order read from PayPal says of its capture, recorded: completed, pending, or refused. */
  async function applyOrder(transfer: TTransferRow, order: TPayPalOrder): Promise<'completed' | 'pending' | 'refused' | 'open'> {
    const capture = order.captures.find((c) => c.status === 'COMPLETED') ?? order.captures[0];
    if (!capture) return 'open';
    if (capture.status === 'COMPLETED') {
      await recordCapture(transfer.id, capture);
      return 'completed';
    }
    if (capture.status === 'PENDING') {
      await markTransfer(transfer.id, 'PENDING', { captureId: capture.id });
      return 'pending';
    }
    await markTransfer(transfer.id, capture.status === 'DECLINED' ? 'DECLINED' : 'FAILED', {
      captureId: capture.id,
      reason: MONEY_MSG.declined,
    });
    return 'refused';
  }

  /** Reads the order when a capture's answer was lost or refused as done already: what it shows is recorded. */
  async function readBack(transfer: TTransferRow) {
    try {
      return await applyOrder(transfer, await paypal().getOrder(transfer.paypalOrderId!));
    } catch (err) {
      log.warn({ transferId: transfer.id, ...paypalFailure(err) }, 'money: an order could not be read back');
      return null;
    }
  }

  /**
   * Moves a transfer on with PayPal: a CREATED one is captured (PayPal-Request-Id derived from the transfer, so a
   * retry never captures twice), a PENDING one is read. Throws the caller's 4xx for a declined or unapproved
   * payment and 503 when PayPal's word is not known (nothing changes then: the next call or the reconcile pass
   * asks again).
   */
  async function settle(transfer: TTransferRow): Promise<void> {
    if (!transfer.paypalOrderId) return;
    if (transfer.status === 'DECLINED') throw badRequest(MONEY_MSG.declined);
    if (transfer.status === 'PENDING') {
      await readBack(transfer);
      return;
    }
    if (transfer.status !== 'CREATED') return;
    const gateway = paypal();
    // Money goes only to an open account: an influencer closed or deactivated since the order was made is not paid
    // (the order is never captured, so the payer is not charged; PayPal drops it when it expires).
    if (!(await repo.isOpen(transfer.receiverId))) {
      await markTransfer(transfer.id, 'VOIDED', { reason: MONEY_MSG.receiverNotOpen });
      throw badRequest(MONEY_MSG.receiverNotOpen);
    }
    let order: TPayPalOrder;
    try {
      order = await gateway.captureOrder(transfer.paypalOrderId, captureRequestId(transfer));
    } catch (err) {
      if (isPayPalError(err) && err.issue === 'INSTRUMENT_DECLINED') {
        await markTransfer(transfer.id, 'DECLINED', { reason: MONEY_MSG.declined });
        throw badRequest(MONEY_MSG.declined);
      }
      if (isPayPalError(err) && (err.issue === 'ORDER_NOT_APPROVED' || err.issue === 'PAYER_ACTION_REQUIRED'))
        throw badRequest(MONEY_MSG.notApproved);
      if (isPayPalError(err) && err.status === 404) {
        // unapproved past its lifetime: PayPal has forgotten it
        await markTransfer(transfer.id, 'VOIDED', { reason: MONEY_MSG.orderNotFound });
        return;
      }
      log.warn({ transferId: transfer.id, ...paypalFailure(err) }, 'money: capture answer not received');
      // a lost answer (or a capture made by an earlier try): the order says what happened
      const seen = await readBack(transfer);
      if (seen === 'completed' || seen === 'pending') return;
      if (seen === 'refused') throw badRequest(MONEY_MSG.declined);
      throw new AppError(503, MONEY_MSG.paypalUnavailable);
    }
    const seen = await applyOrder(transfer, order);
    if (seen === 'refused') throw badRequest(MONEY_MSG.declined);
  }

  // --- payouts ---

  /** Writes a payout's final movement and state, once, with the payout locked; the user told once. */
  async function finishPayout(
    payoutId: string,
    outcome: { state: 'COMPLETED' } | { state: Exclude<TPayoutState, 'PENDING' | 'COMPLETED'>; reason: string },
    provider: { status: string | null; batchId?: string | null; itemId?: string | null },
  ): Promise<boolean> {
    const now = clock.now();
    const ended = await unitOfWork(async () => {
      const p = await repo.lockPayout(payoutId);
      if (p?.status !== 'PENDING') return false;
      const ids = {
        paypalBatchId: p.paypalBatchId ?? provider.batchId ?? null,
        paypalItemId: p.paypalItemId ?? provider.itemId ?? null,
      };
      if (outcome.state === 'COMPLETED') {
        await repo.updatePayout(p.id, {
          ...ids,
          status: 'COMPLETED',
          providerStatus: provider.status,
          settledAt: now,
          updatedAt: now,
        });
        if (
          await repo.insertMovement(
            { id: `payout_paid:${p.id}`, kind: 'payout_paid', refId: p.id },
            [
              { account: ACCOUNTS.inFlight, amountMinor: -p.amountMinor },
              { account: ACCOUNTS.paidOut, amountMinor: p.amountMinor },
            ],
            now,
          )
        ) {
          await deps.webhooks?.emit({ userId: p.userId }, 'payout.completed', {
            payoutId: p.id,
            amountMinor: p.amountMinor,
            currency: 'USD',
            status: 'COMPLETED',
          });
          await notifications.notify(p.userId, {
            type: 'PAYOUT_COMPLETED',
            title: MONEY_NOTICE.payoutCompleted,
            description: MONEY_NOTICE.payoutCompletedBody(formatUsd(p.amountMinor)),
            payload: { payloadId: p.id },
            dedupeKey: `payout-completed:${p.id}`,
          });
        }
        log.info({ payoutId: p.id }, 'money: payout paid');
        return true;
      }
      await repo.updatePayout(p.id, {
        ...ids,
        status: outcome.state,
        providerStatus: provider.status,
        failureReason: outcome.reason,
        settledAt: now,
        updatedAt: now,
      });
      const back = await repo.insertMovement(
        { id: `payout_return:${p.id}`, kind: 'payout_return', refId: p.id },
        [
          { account: ACCOUNTS.inFlight, amountMinor: -p.amountMinor },
          { account: walletAccount(p.userId), amountMinor: p.amountMinor },
        ],
        now,
      );
      if (back) {
        await repo.addToWallet(p.userId, p.amountMinor);
        await deps.webhooks?.emit({ userId: p.userId }, 'payout.failed', {
          payoutId: p.id,
          amountMinor: p.amountMinor,
          currency: 'USD',
          status: outcome.state,
          reason: outcome.reason,
        });
        await notifications.notify(p.userId, {
          type: 'PAYOUT_RETURNED',
          title: MONEY_NOTICE.payoutReturned,
          description: MONEY_NOTICE.payoutReturnedBody(formatUsd(p.amountMinor), outcome.reason),
          payload: { payloadId: p.id },
          dedupeKey: `payout-returned:${p.id}`,
        });
      }
      log.info({ payoutId: p.id, state: outcome.state }, 'money: payout back in the wallet');
      return true;
    });
    // counted once its end is written; a payout found ended already is not counted again
    if (ended) deps.metrics?.payoutEnded(outcome.state.toLowerCase());
    return ended;
  }

  /**
   * What PayPal says of a payout's item, recorded: SUCCESS pays it; a failure, a return, a block, a refund or a
   * cancellation puts the money back (UNCLAIMED when the item had been unclaimed); anything else (PENDING,
   * UNCLAIMED, ONHOLD) is kept as PayPal's word and the payout stays PENDING.
   */
  async function applyItem(payoutId: string, item: TPayoutItem): Promise<void> {
    const provider = { status: item.status, batchId: item.batchId || null, itemId: item.itemId || null };
    if (item.status === 'SUCCESS') {
      await finishPayout(payoutId, { state: 'COMPLETED' }, provider);
      return;
    }
    if (RETURN_STATUSES.includes(item.status)) {
      const before = await repo.payoutById(payoutId);
      if (before?.status !== 'PENDING') return;
      const wasUnclaimed = before.providerStatus === 'UNCLAIMED' && ['RETURNED', 'CANCELED'].includes(item.status);
      const state = wasUnclaimed ? 'UNCLAIMED' : RETURNED_STATUSES.includes(item.status) ? 'RETURNED' : 'FAILED';
      const reason = wasUnclaimed ? payoutReturnReason('UNCLAIMED', null) : payoutReturnReason(item.status, item.errorName);
      await finishPayout(payoutId, { state, reason }, provider);
      return;
    }
    const now = clock.now();
    await unitOfWork(async () => {
      const p = await repo.lockPayout(payoutId);
      if (p?.status !== 'PENDING') return;
      await repo.updatePayout(p.id, {
        providerStatus: item.status || p.providerStatus,
        paypalBatchId: p.paypalBatchId ?? provider.batchId,
        paypalItemId: p.paypalItemId ?? provider.itemId,
        sentAt: p.sentAt ?? now,
        updatedAt: now,
      });
    });
  }

  /** The payout's item as PayPal has it now (by its item id, else through its batch). */
  async function readItem(gateway: TPayPalGateway, p: TPayoutRow): Promise<TPayoutItem | null> {
    if (p.paypalItemId) return gateway.getPayoutItem(p.paypalItemId);
    if (!p.paypalBatchId) return null;
    const batch = await gateway.getPayoutBatch(p.paypalBatchId);
    return batch.items.find((i) => i.senderItemId === p.id) ?? batch.items[0] ?? null;
  }

  return {
    /** PayPal, when configured: 503 'not set up' without it. */
    paypal,

    /**
     * payments/createOrder: a brand pays an influencer tagged in its campaign. The transfer is written first
     * (CREATED, with the PayPal-Request-Id the order is made with), under the campaign's budget; then PayPal makes
     * the order, whose id is stored. PayPal unreachable: the transfer FAILED and 503.
     */
    async createOrder(
      a: TAuthContext,
      body: { campaignId: string; influencerId: string; amount: number | string },
    ): Promise<TOrderCreated> {
      const amountMinor = amountOf(
        body.amount,
        { minor: PAYMENT_MIN_USD * 100, msg: MONEY_MSG.paymentMin },
        { minor: PAYMENT_MAX_USD * 100, msg: MONEY_MSG.paymentMax },
      );
      const gateway = paypal();
      const campaign = await deps.campaigns().payable(a, body.campaignId, body.influencerId);
      if (!(await repo.isOpen(campaign.influencer.id))) throw badRequest(MONEY_MSG.receiverNotOpen);
      const now = clock.now();
      const feeMinor = Math.floor((amountMinor * deps.feeBps) / 10_000);
      const transfer = await unitOfWork(async () => {
        await repo.lockCampaignPayments(campaign.campaignId);
        const committed = await repo.committedMinor(campaign.campaignId, new Date(now.getTime() - ORDER_OPEN_MS));
        if (committed + amountMinor > campaign.budgetMinor) throw badRequest(MONEY_MSG.overBudget);
        return repo.insertTransfer({
          id: newId(),
          campaignId: campaign.campaignId,
          payerId: a.userId,
          receiverId: campaign.influencer.id,
          amountMinor,
          feeMinor,
          currency: 'USD',
          status: 'CREATED',
          requestId: newId(),
          createdAt: now,
          updatedAt: now,
        });
      });
      let order: TPayPalOrder | null = null;
      try {
        order = await gateway.createOrder({
          amountMinor,
          currency: 'USD',
          requestId: transfer.requestId,
          returnUrl: `${deps.publicUrl}/payment/return?via=paypal`,
          cancelUrl: `${deps.publicUrl}/campaign/${campaign.campaignId}`,
          brandName: 'Virality',
          customId: transfer.id,
          description: `Campaign ${campaign.name}`,
        });
      } catch (err) {
        log.warn({ transferId: transfer.id, ...paypalFailure(err) }, 'money: PayPal order not made');
      }
      if (!order?.id || !order.approveUrl) {
        await repo.updateTransfer(transfer.id, {
          status: 'FAILED',
          failureReason: MONEY_MSG.paypalUnavailable,
          updatedAt: clock.now(),
        });
        throw new AppError(503, MONEY_MSG.paypalUnavailable);
      }
      await repo.updateTransfer(transfer.id, { paypalOrderId: order.id, updatedAt: clock.now() });
      return { _id: transfer.id, orderId: order.id, approveUrl: order.approveUrl };
    },

    /**
     * payments/paycapture: the payer back from PayPal. Only the payer's own order (another's is not found); a
     * completed one answers as it is and moves nothing.
     */
    async payCapture(a: TAuthContext, body: { orderId?: string; token?: string }): Promise<TTransaction> {
      const orderId = (body.orderId ?? body.token)!;
      const transfer = await repo.transferByOrder(orderId);
      if (!transfer || transfer.payerId !== a.userId) throw notFound(MONEY_MSG.orderNotFound);
      await settle(transfer);
      return answer(a.userId, transfer.id);
    },

    /**
     * payments/paypal/webhook: PayPal's event, checked by PayPal (verify-webhook-signature over the exact bytes;
     * not its own: 400, nothing changes). Each event is taken once by its id, in the unit of work of what it
     * records, so a replay changes nothing; captures and payout items go through the same code as the calls.
     */
    async handleWebhook(headers: Record<string, string | string[] | undefined>, raw: Buffer): Promise<TPayPalWebhookOutcome> {
      const gateway = paypal();
      let verified = false;
      try {
        verified = await gateway.verifyWebhookSignature(headers, raw);
      } catch (err) {
        log.warn(paypalFailure(err), 'paypal webhook: the signature could not be checked');
        throw new AppError(503, MONEY_MSG.paypalUnavailable);
      }
      const refuse = () => {
        deps.metrics?.webhookReceived('paypal', 'refused');
        return badRequest(PAY_MSG.webhookSignatureInvalid);
      };
      if (!verified) throw refuse();
      let event: { id?: unknown; event_type?: unknown; resource?: unknown };
      try {
        event = JSON.parse(raw.toString('utf8'));
      } catch {
        throw refuse();
      }
      const id = typeof event.id === 'string' ? event.id : '';
      const type = typeof event.event_type === 'string' ? event.event_type : '';
      if (!id || !type) throw refuse();
      const resource = (event.resource && typeof event.resource === 'object' ? event.resource : {}) as Record<string, unknown>;
      const now = clock.now();
      const outcome = await unitOfWork(async (): Promise<TPayPalWebhookOutcome> => {
        if (!(await repo.takeEvent(id, type, now))) return 'replay';
        if (type.startsWith('PAYMENT.CAPTURE.')) {
          const customId = typeof resource.custom_id === 'string' ? resource.custom_id : null;
          const related = (resource.supplementary_data as { related_ids?: { order_id?: unknown } } | undefined)?.related_ids;
          const orderId = typeof related?.order_id === 'string' ? related.order_id : null;
          const transfer =
            (customId ? await repo.transferById(customId) : null) ?? (orderId ? await repo.transferByOrder(orderId) : null);
          if (!transfer) return 'ignored';
          const captureId = typeof resource.id === 'string' ? resource.id : '';
          const amount = resource.amount as { value?: unknown; currency_code?: unknown } | undefined;
          if (type === 'PAYMENT.CAPTURE.COMPLETED' && captureId) {
            await recordCapture(transfer.id, {
              id: captureId,
              amountMinor: fromPayPalAmount(amount?.value) ?? -1,
              currency: typeof amount?.currency_code === 'string' ? amount.currency_code : '',
            });
            return 'recorded';
          }
          if (type === 'PAYMENT.CAPTURE.PENDING') await markTransfer(transfer.id, 'PENDING', { captureId });
          else if (type === 'PAYMENT.CAPTURE.DENIED' || type === 'PAYMENT.CAPTURE.DECLINED')
            await markTransfer(transfer.id, 'FAILED', { captureId, reason: MONEY_MSG.declined });
          else return 'ignored';
          return 'recorded';
        }
        if (type.startsWith('PAYMENT.PAYOUTS-ITEM.')) {
          const item = payoutItemOf(resource);
          if (!item.status) item.status = EVENT_ITEM_STATUS[type] ?? '';
          const payout =
            (item.senderItemId ? await repo.payoutById(item.senderItemId) : null) ??
            (item.itemId ? await repo.payoutByItem(item.itemId) : null);
          if (!payout || !item.status) return 'ignored';
          await applyItem(payout.id, item);
          return 'recorded';
        }
        return 'ignored';
      });
      log.info({ eventId: id, type, outcome }, 'paypal webhook');
      deps.metrics?.webhookReceived('paypal', outcome === 'replay' ? 'duplicate' : 'accepted');
      return outcome;
    },

    /**
     * payments/payout: an influencer withdraws to the PayPal id on their profile. In one transaction with the
     * user's row locked: the checks (PayPal id, balance), the payout (PENDING), its hold movement, the wallet
     * and its 'payout-send' job. Two at once for the whole balance: the second finds it gone (400).
     */
    async payout(a: TAuthContext, body: { amount: number | string }): Promise<TTransaction> {
      if (a.role !== 'INFLUENCER') throw forbidden(MSG.forbidden);
      const amountMinor = amountOf(body.amount, { minor: WITHDRAW_MIN_USD * 100, msg: MONEY_MSG.withdrawMin });
      const id = newId();
      const now = clock.now();
      await unitOfWork(async (unit) => {
        const user = await repo.lockUser(a.userId);
        const paypalId = user?.paypalId?.trim();
        if (!user || !paypalId) throw badRequest(MONEY_MSG.noPaypalId);
        if (user.walletMinor < amountMinor) throw badRequest(MONEY_MSG.overBalance);
        await repo.insertPayout({
          id,
          userId: a.userId,
          amountMinor,
          currency: 'USD',
          receiver: paypalId,
          status: 'PENDING',
          createdAt: now,
          updatedAt: now,
        });
        await repo.insertMovement(
          { id: `payout_hold:${id}`, kind: 'payout_hold', refId: id },
          [
            { account: walletAccount(a.userId), amountMinor: -amountMinor },
            { account: ACCOUNTS.inFlight, amountMinor },
          ],
          now,
        );
        await repo.addToWallet(a.userId, -amountMinor);
        await unit.enqueue(PAYOUT_SEND_QUEUE, { payoutId: id });
      });
      return answer(a.userId, id);
    },

    /**
     * The 'payout-send' job: sends a payout PayPal has not taken yet, with its own id as sender_batch_id (a retry
     * after a 5xx or a lost answer is refused by PayPal and answered with the first batch), and records the batch,
     * its item and when it was sent. A retryable failure throws (pg-boss tries again, with backoff); PayPal's
     * refusal (a receiver it will not pay) fails the payout and puts the money back.
     */
    async sendPayout(payoutId: string): Promise<'sent' | 'refused' | 'nothing'> {
      const p = await repo.payoutById(payoutId);
      if (p?.status !== 'PENDING' || p.paypalBatchId) return 'nothing';
      if (!deps.paypal) throw new Error('PayPal is not configured: the payout waits');
      const gateway = deps.paypal;
      let batch: Awaited<ReturnType<TPayPalGateway['createPayout']>>;
      try {
        batch = await gateway.createPayout({
          senderBatchId: p.id,
          emailSubject: 'You have a payout from Virality',
          items: [
            {
              receiver: p.receiver,
              amountMinor: p.amountMinor,
              currency: 'USD',
              senderItemId: p.id,
              note: 'Your earnings from Virality campaigns',
            },
          ],
        });
      } catch (err) {
        await repo.updatePayout(p.id, { attempts: p.attempts + 1, updatedAt: clock.now() });
        const refused =
          isPayPalError(err) &&
          !err.retryable &&
          (err.status === 400 || err.status === 422) &&
          err.issue !== DUPLICATE_BATCH_ISSUE;
        if (refused) {
          log.warn({ payoutId: p.id, ...paypalFailure(err) }, 'money: PayPal refused a payout; the money goes back');
          await finishPayout(
            p.id,
            { state: 'FAILED', reason: payoutReturnReason('FAILED', err.errorName) },
            { status: err.errorName },
          );
          return 'refused';
        }
        if (isPayPalError(err) && err.issue === DUPLICATE_BATCH_ISSUE)
          log.error({ payoutId: p.id }, 'money: PayPal has a batch for this payout but did not say which');
        throw err;
      }
      let item: TPayoutItem | null = batch.items.find((i) => i.senderItemId === p.id) ?? batch.items[0] ?? null;
      if (!item)
        item = await gateway
          .getPayoutBatch(batch.batchId)
          .then((b) => b.items.find((i) => i.senderItemId === p.id) ?? b.items[0] ?? null)
          .catch(() => null);
      const now = clock.now();
      await unitOfWork(async () => {
        const locked = await repo.lockPayout(p.id);
        if (!locked) return;
        await repo.updatePayout(p.id, {
          paypalBatchId: locked.paypalBatchId ?? batch.batchId,
          paypalItemId: locked.paypalItemId ?? item?.itemId ?? null,
          providerStatus: locked.status === 'PENDING' ? (item?.status ?? batch.status) : locked.providerStatus,
          sentAt: locked.sentAt ?? now,
          attempts: locked.attempts + 1,
          updatedAt: now,
        });
      });
      if (item && item.status !== 'PENDING') await applyItem(p.id, item);
      log.info({ payoutId: p.id, again: batch.alreadyExisted }, 'money: payout sent');
      return 'sent';
    },

    /**
     * The 'payouts-poll' job: pending payouts PayPal has are asked about (unclaimed ones only once their 30 days
     * from sending are over, when the item is cancelled and its money put back), and pending payouts never sent
     * whose job was lost get it again.
     */
    async pollPayouts(): Promise<{ settled: number; cancelled: number; resent: number; unreachable: number }> {
      const done = { settled: 0, cancelled: 0, resent: 0, unreachable: 0 };
      const now = clock.now();
      if (deps.paypal) {
        const gateway = deps.paypal;
        const unclaimedBefore = new Date(now.getTime() - PAYOUT_UNCLAIMED_DAYS * DAY_MS);
        for (const p of await repo.payoutsToPoll(unclaimedBefore, BATCH)) {
          try {
            let item = await readItem(gateway, p);
            if (!item) continue;
            if (item.status === 'UNCLAIMED' && p.sentAt && p.sentAt.getTime() <= unclaimedBefore.getTime()) {
              // mark it unclaimed first, so that the return that follows is read as its end
              await applyItem(p.id, item);
              item = await gateway.cancelPayoutItem(item.itemId);
              done.cancelled++;
            }
            await applyItem(p.id, item);
            if ((await repo.payoutById(p.id))?.status !== 'PENDING') done.settled++;
          } catch (err) {
            done.unreachable++;
            log.warn({ payoutId: p.id, ...paypalFailure(err) }, 'money: a payout could not be read');
          }
        }
      }
      for (const p of await repo.unsentPayouts(new Date(now.getTime() - UNSENT_AFTER_MS), BATCH))
        await unitOfWork(async (unit) => {
          // touched, so it is sent again only if this job is lost too (a few minutes on)
          await repo.updatePayout(p.id, { updatedAt: now });
          await unit.enqueue(PAYOUT_SEND_QUEUE, { payoutId: p.id });
          done.resent++;
        });
      return done;
    },

    /**
     * The reconcile pass: transfers waiting on PayPal a while (a capture answer lost, a payer who approved and
     * never came back, a pending capture whose webhook was lost) are moved on as paycapture would; orders
     * PayPal has forgotten are voided. A transfer PayPal cannot be asked about now is tried at the next pass.
     */
    async reconcileTransfers(): Promise<{ looked: number; unsettled: number }> {
      const done = { looked: 0, unsettled: 0 };
      if (!deps.paypal) return done;
      const before = new Date(clock.nowMs() - RECONCILE_AFTER_MS);
      for (const t of await repo.transfersToReconcile(before, BATCH)) {
        done.looked++;
        try {
          await settle(t);
        } catch {
          done.unsettled++;
        }
      }
      return done;
    },

    /**
     * Before an account is closed, inside the closing unit of work: refused (409, saying what to do) while it holds
     * money or money is moving to or from it. The user's row is locked first, so a capture crediting the wallet or a
     * withdrawal being made waits for the close or is seen by it; a payment not captured yet is seen as CREATED (and
     * once the account is closed, its capture is refused).
     */
    async assertNothingHeld(userId: string): Promise<void> {
      const user = await repo.lockUser(userId);
      if (!user) return;
      if (user.walletMinor > 0) throw conflict(MONEY_MSG.closeWithBalance(formatUsd(user.walletMinor)));
      const moving = await repo.inFlightFor(userId);
      if (moving.payouts > 0) throw conflict(MONEY_MSG.closeWithPayout);
      if (moving.transfers > 0) throw conflict(MONEY_MSG.closeWithPayment);
    },

    /** payments/list: a page of the caller's transactions, newest first, in a period or on one day of their zone. */
    async list(
      a: TAuthContext,
      q: { filter?: TTransactionFilter; date?: string; page?: number; timeZone?: string },
    ): Promise<TTransactionList> {
      // the wallet's list: an IMC has no wallet (the roles of /profile/wallet)
      if (!rolesForPath('/profile/wallet')?.includes(a.role as TProfileType)) throw forbidden(MSG.forbidden);
      const zone = walletZone(q.timeZone);
      if (!zone) throw badRequest(MONEY_MSG.badTimeZone, { errors: { timeZone: MONEY_MSG.badTimeZone } });
      if (q.date && !isCampaignDay(q.date)) throw badRequest(MONEY_MSG.badDate, { errors: { date: MONEY_MSG.badDate } });
      const now = clock.now();
      let from: Date | null = null;
      let until: Date | null = null;
      const months = q.filter ? TRANSACTION_FILTER_MONTHS[q.filter] : null;
      if (months) from = zoneDayStart(addMonths(dayInZone(now, zone), -months), zone);
      if (q.date) {
        const start = zoneDayStart(q.date, zone);
        from = from && from.getTime() > start.getTime() ? from : start;
        until = zoneDayStart(addDays(q.date, 1), zone);
      }
      const page = q.page ?? 1;
      const { rows, total } = await repo.transactions(
        a.userId,
        { from, until },
        (page - 1) * TRANSACTION_PAGE_SIZE,
        TRANSACTION_PAGE_SIZE,
      );
      return { docs: rows.map(toTransaction), page, pages: Math.ceil(total / TRANSACTION_PAGE_SIZE), total };
    },

    /** payments/detail/:id: one of the caller's transactions (paid, received or withdrawn); another's is not found. */
    detail: (a: TAuthContext, id: string) => answer(a.userId, id),

    /**
     * The ledger check: every movement sums to zero; every wallet is the sum of its entries; every completed
     * transfer has one capture and no other has any; every payout one hold, and one paid or one return as its
     * state says. What differs is logged at error level (ids only) and returned.
     */
    async checkLedger(): Promise<TLedgerReport> {
      const report = {
        unbalancedMovements: await repo.unbalancedMovements(),
        walletMismatches: await repo.walletMismatches(),
        transferMismatches: await repo.transferMismatches(),
        orphanCaptures: await repo.orphanCaptures(),
        payoutMismatches: await repo.payoutMismatches(),
      };
      const ok = Object.values(report).every((list) => list.length === 0);
      if (!ok) {
        log.error(report, 'ledger-check: the ledger does not add up');
        deps.metrics?.ledgerCheckFailed();
      }
      return { ok, checkedAt: clock.now().toISOString(), ...report };
    },

    /** What the campaigns module reads of the money: what was paid per campaign, and a campaign's payments. */
    campaignPort(): TCampaignPaymentsPort {
      return {
        async spent(campaignIds) {
          const out = new Map<string, { spentMinor: number; byInfluencer: Map<string, number> }>();
          for (const r of await repo.spent(campaignIds)) {
            const sum = Number(r.sum);
            const entry = out.get(r.campaignId) ?? { spentMinor: 0, byInfluencer: new Map<string, number>() };
            entry.spentMinor += sum;
            entry.byInfluencer.set(r.receiverId, sum);
            out.set(r.campaignId, entry);
          }
          return out;
        },
        async payments(campaignId, receiverId): Promise<TCampaignPayment[]> {
          return (await repo.campaignPayments(campaignId, receiverId)).map((r) => ({
            _id: r.id,
            amount: r.amountMinor / 100,
            paymentStatus: r.status,
            receiver: { _id: r.receiverId, name: r.name, userName: r.userName, profileImage: r.profileImage },
            date: r.createdAt.toISOString(),
          }));
        },
      };
    },
  };
}
export type TMoneyService = ReturnType<typeof createMoneyService>;
