import { createHash } from 'node:crypto';
import { fromPayPalAmount, toPayPalAmount } from '@virality/domain';
import { ApiError, payoutsNotFound, type TCtx, validation } from './context';
import { paypalId } from './webhooks';

type TJson = Record<string, unknown>;

/** How a payout item ends, chosen by its receiver's address: "unclaimed", "returned", "fail" in it; else paid. */
export type TOutcome = 'SUCCESS' | 'FAILED' | 'RETURNED' | 'UNCLAIMED';

export type TItemRecord = { outcome: TOutcome; item: TJson };
export type TBatchRecord = {
  /** pending until its items reach their final state (product clock), then done. */
  state: 'pending' | 'done';
  dueMs: number;
  batch_header: TJson;
  itemIds: string[];
};

export const BATCH_ID = /^[A-Z0-9]{13}$/;
export const ITEM_ID = /^[A-Z0-9]{13}$/;
const SENDER_ID = /^[\x20-\x7e]{1,256}$/;

const obj = (v: unknown): TJson => (v && typeof v === 'object' && !Array.isArray(v) ? (v as TJson) : {});
const str = (v: unknown) => (typeof v === 'string' ? v : null);

export function outcomeOf(receiver: string): TOutcome {
  const r = receiver.toLowerCase();
  if (r.includes('unclaimed')) return 'UNCLAIMED';
  if (r.includes('returned')) return 'RETURNED';
  if (r.includes('fail')) return 'FAILED';
  return 'SUCCESS';
}

const ERRORS: Record<Exclude<TOutcome, 'SUCCESS'>, TJson> = {
  UNCLAIMED: {
    name: 'RECEIVER_UNREGISTERED',
    message: 'Receiver is unregistered',
    information_link: 'https://developer.paypal.com/docs/api/payments.payouts-batch/#errors',
  },
  RETURNED: {
    name: 'RECEIVER_UNCONFIRMED',
    message: 'Receiver is unconfirmed',
    information_link: 'https://developer.paypal.com/docs/api/payments.payouts-batch/#errors',
  },
  FAILED: {
    name: 'RECEIVER_ACCOUNT_LOCKED',
    message: 'Receiver account locked or inactive',
    information_link: 'https://developer.paypal.com/docs/api/payments.payouts-batch/#errors',
  },
};

const EVENT: Record<TOutcome, string> = {
  SUCCESS: 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED',
  FAILED: 'PAYMENT.PAYOUTS-ITEM.FAILED',
  RETURNED: 'PAYMENT.PAYOUTS-ITEM.RETURNED',
  UNCLAIMED: 'PAYMENT.PAYOUTS-ITEM.UNCLAIMED',
};

/** The same transaction id whichever process settles the item (two may race; both write the same). */
const transactionIdOf = (itemId: string) => createHash('sha256').update(`txn:${itemId}`).digest('hex').slice(0, 17).toUpperCase();

const itemLinks = (ctx: TCtx, itemId: string) => [
  { href: `${ctx.base}/v1/payments/payouts-item/${itemId}`, rel: 'item', method: 'GET', encType: 'application/json' },
];
const batchLinks = (ctx: TCtx, batchId: string) => [
  { href: `${ctx.base}/v1/payments/payouts/${batchId}`, rel: 'self', method: 'GET', encType: 'application/json' },
];

/**
 * POST /v1/payments/payouts: the sender_batch_id is claimed first, so a repeat (however close) is refused with
 * USER_BUSINESS_ERROR naming the batch it made, and nothing is paid twice. Items start PENDING.
 */
export async function createPayout(ctx: TCtx, body: unknown, requestId: string | null = null) {
  // the same PayPal-Request-Id answers the batch it made, whatever the body says now
  if (requestId !== null && !/^[\x21-\x7e]{1,108}$/.test(requestId)) throw validation('PayPal-Request-Id', 'Invalid request id');
  if (requestId) {
    const seen = await ctx.store.get<{ batchId: string }>('idem', `payout:${requestId}`);
    const batch = seen && (await ctx.store.get<TBatchRecord>('batch', seen.batchId));
    if (batch) return createdAnswer(ctx, batch);
  }
  const b = obj(body);
  const header = obj(b.sender_batch_header);
  const senderBatchId = str(header.sender_batch_id) ?? paypalId(17);
  if (!SENDER_ID.test(senderBatchId)) throw validation('sender_batch_header.sender_batch_id', 'Invalid sender_batch_id');
  const rawItems = Array.isArray(b.items) ? b.items.map(obj) : [];
  if (rawItems.length === 0) throw validation('items', 'Required field is missing');
  if (rawItems.length > 15000) throw validation('items', 'Too many items');
  const parsed = rawItems.map((i, n) => {
    const amount = obj(i.amount);
    const minor = fromPayPalAmount(amount.value);
    if (minor === null || minor <= 0) throw validation(`items[${n}].amount.value`, 'Invalid amount');
    const currency = str(amount.currency);
    if (!currency || !/^[A-Z]{3}$/.test(currency)) throw validation(`items[${n}].amount.currency`, 'Currency code is invalid');
    const receiver = str(i.receiver)?.trim() ?? '';
    const type = str(i.recipient_type) ?? 'EMAIL';
    if (!['EMAIL', 'PHONE', 'PAYPAL_ID'].includes(type)) throw validation(`items[${n}].recipient_type`, 'Invalid recipient type');
    const okReceiver = type === 'EMAIL' ? /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(receiver) : /^\S{1,127}$/.test(receiver);
    if (!okReceiver || receiver.length > 127)
      throw validation(`items[${n}].receiver`, 'Receiver is invalid or does not match with type');
    return {
      recipient_type: type,
      amount: { currency, value: toPayPalAmount(minor) },
      receiver,
      ...(str(i.note) ? { note: str(i.note)?.slice(0, 4000) } : {}),
      ...(str(i.sender_item_id) ? { sender_item_id: str(i.sender_item_id)?.slice(0, 63) } : {}),
      minor,
    };
  });
  const batchId = paypalId(13);
  if (!(await ctx.store.insert('sender', senderBatchId, { batchId }))) {
    const first = await ctx.store.get<{ batchId: string }>('sender', senderBatchId);
    throw new ApiError(
      400,
      'USER_BUSINESS_ERROR',
      'User business error.',
      [
        {
          field: 'sender_batch_id',
          location: 'body',
          issue: 'Batch with given sender_batch_id already exists',
          link: first ? batchLinks(ctx, first.batchId).map((l) => ({ ...l, rel: 'self' })) : [],
        },
      ],
      'payouts',
    );
  }
  const now = ctx.clock.now();
  const senderHeader = {
    sender_batch_id: senderBatchId,
    ...(str(header.email_subject) ? { email_subject: str(header.email_subject) } : {}),
  };
  const itemIds: string[] = [];
  for (const { minor: _, ...payoutItem } of parsed) {
    const itemId = paypalId(13);
    itemIds.push(itemId);
    const record: TItemRecord = {
      outcome: outcomeOf(payoutItem.receiver),
      item: {
        payout_item_id: itemId,
        transaction_status: 'PENDING',
        payout_item_fee: { currency: payoutItem.amount.currency, value: '0.00' },
        payout_batch_id: batchId,
        payout_item: payoutItem,
      },
    };
    await ctx.store.put('item', itemId, record);
  }
  const total = parsed.reduce((sum, p) => sum + p.minor, 0);
  const record: TBatchRecord = {
    state: 'pending',
    dueMs: now.getTime() + ctx.settleAfterMs,
    itemIds,
    batch_header: {
      payout_batch_id: batchId,
      batch_status: 'PENDING',
      time_created: now.toISOString(),
      sender_batch_header: senderHeader,
      amount: { currency: parsed[0].amount.currency, value: toPayPalAmount(total) },
      fees: { currency: parsed[0].amount.currency, value: '0.00' },
    },
  };
  await ctx.store.put('batch', batchId, record);
  if (requestId) await ctx.store.insert('idem', `payout:${requestId}`, { batchId });
  return createdAnswer(ctx, record);
}

/** What POST /v1/payments/payouts answers for a batch it made. */
const createdAnswer = (ctx: TCtx, batch: TBatchRecord) => {
  const id = String(batch.batch_header.payout_batch_id);
  return {
    batch_header: { payout_batch_id: id, batch_status: 'PENDING', sender_batch_header: batch.batch_header.sender_batch_header },
    links: batchLinks(ctx, id),
  };
};

/**
 * A batch whose time has come (product clock) reaches its final state: each item SUCCESS, FAILED, RETURNED or
 * UNCLAIMED, the batch SUCCESS (processed). The process that makes it so sends the items' webhooks, then the batch's.
 */
export async function settle(ctx: TCtx, record: TBatchRecord): Promise<TBatchRecord> {
  if (record.state !== 'pending' || record.dueMs > ctx.clock.nowMs()) return record;
  const batchId = String(record.batch_header.payout_batch_id);
  const now = ctx.clock.now().toISOString();
  const items: TItemRecord[] = [];
  for (const id of record.itemIds) {
    const item = await ctx.store.get<TItemRecord>('item', id);
    if (!item) continue;
    const settled: TItemRecord = {
      ...item,
      item: {
        ...item.item,
        transaction_id: transactionIdOf(id),
        transaction_status: item.outcome,
        time_processed: now,
        ...(item.outcome === 'SUCCESS' ? {} : { errors: ERRORS[item.outcome] }),
      },
    };
    await ctx.store.put('item', id, settled);
    items.push(settled);
  }
  const done: TBatchRecord = {
    ...record,
    state: 'done',
    batch_header: { ...record.batch_header, batch_status: 'SUCCESS', time_completed: now },
  };
  if (!(await ctx.store.replaceIf('batch', batchId, 'state', 'pending', done)))
    return (await ctx.store.get<TBatchRecord>('batch', batchId)) ?? done;
  for (const i of items)
    ctx.webhooks.sendLater(EVENT[i.outcome], 'payouts_item', `A payout item is ${i.outcome.toLowerCase()}`, {
      ...i.item,
      links: itemLinks(ctx, String(i.item.payout_item_id)),
    });
  ctx.webhooks.sendLater('PAYMENT.PAYOUTSBATCH.SUCCESS', 'payouts', 'Payouts batch completed successfully.', {
    batch_header: done.batch_header,
    links: batchLinks(ctx, batchId),
  });
  return done;
}

/** Settles every batch whose time has come (the emulator's ticker; reads settle theirs too). */
export async function settleDue(ctx: TCtx) {
  for (const b of await ctx.store.listWhere<TBatchRecord>('batch', 'state', 'pending')) await settle(ctx, b);
}

async function batchRecord(ctx: TCtx, id: string) {
  const record = BATCH_ID.test(id) ? await ctx.store.get<TBatchRecord>('batch', id) : null;
  if (!record) throw payoutsNotFound();
  return settle(ctx, record);
}

/** Payouts' paging of a batch's items: `page` from 1, `page_size` 1 to 1000 (1000 by default), `total_required`. */
function pagingOf(query: Record<string, unknown>) {
  const num = (name: string, fallback: number, max: number) => {
    const v = query[name];
    if (v === undefined || v === '') return fallback;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1 || n > max) throw validation(name, `Invalid value for ${name}`, 'query');
    return n;
  };
  const total = query.total_required;
  if (total !== undefined && total !== 'true' && total !== 'false')
    throw validation('total_required', 'Invalid value for total_required', 'query');
  return { page: num('page', 1, 1_000_000), pageSize: num('page_size', 1000, 1000), total: total === 'true' };
}

/** GET /v1/payments/payouts/{id}: the batch's header and one page of its items, with the links to the pages around it. */
export async function readBatch(ctx: TCtx, id: string, query: Record<string, unknown> = {}) {
  const { page, pageSize, total } = pagingOf(query);
  const record = await batchRecord(ctx, id);
  const items: TJson[] = [];
  for (const itemId of record.itemIds.slice((page - 1) * pageSize, page * pageSize)) {
    const item = await ctx.store.get<TItemRecord>('item', itemId);
    if (item) items.push({ ...item.item, links: itemLinks(ctx, itemId) });
  }
  const pages = Math.max(1, Math.ceil(record.itemIds.length / pageSize));
  const at = (p: number) =>
    `${ctx.base}/v1/payments/payouts/${id}?page_size=${pageSize}&page=${p}${total ? '&total_required=true' : ''}`;
  const links: TJson[] = [{ href: at(page), rel: 'self', method: 'GET', encType: 'application/json' }];
  if (page > 1) links.push({ href: at(page - 1), rel: 'prev', method: 'GET', encType: 'application/json' });
  if (page < pages) links.push({ href: at(page + 1), rel: 'next', method: 'GET', encType: 'application/json' });
  if (total) {
    links.push({ href: at(1), rel: 'first', method: 'GET', encType: 'application/json' });
    links.push({ href: at(pages), rel: 'last', method: 'GET', encType: 'application/json' });
  }
  return {
    ...(total ? { total_items: record.itemIds.length, total_page: pages } : {}),
    batch_header: record.batch_header,
    items,
    links,
  };
}

export async function readItem(ctx: TCtx, id: string) {
  let item = ITEM_ID.test(id) ? await ctx.store.get<TItemRecord>('item', id) : null;
  if (!item) throw payoutsNotFound();
  if (item.item.transaction_status === 'PENDING') {
    await batchRecord(ctx, String(item.item.payout_batch_id));
    item = (await ctx.store.get<TItemRecord>('item', id)) ?? item;
  }
  return { ...item.item, links: itemLinks(ctx, id) };
}

/**
 * POST /v1/payments/payouts-item/{id}/cancel: only an UNCLAIMED item can be cancelled; it becomes RETURNED (the
 * money back to the sender) and PAYMENT.PAYOUTS-ITEM.CANCELED is sent. Anything else is refused (422).
 */
export async function cancelItem(ctx: TCtx, id: string) {
  const item = ITEM_ID.test(id) ? await ctx.store.get<TItemRecord>('item', id) : null;
  if (!item) throw payoutsNotFound();
  if (item.item.transaction_status === 'PENDING') await batchRecord(ctx, String(item.item.payout_batch_id));
  const now = (await ctx.store.get<TItemRecord>('item', id)) ?? item;
  if (now.item.transaction_status !== 'UNCLAIMED')
    throw new ApiError(
      422,
      'UNPROCESSABLE_ENTITY',
      'The requested action could not be performed, semantically incorrect, or failed business validation.',
      [{ issue: 'ITEM_NOT_UNCLAIMED', description: 'Only an unclaimed payout item can be cancelled.' }],
      'payouts',
    );
  const cancelled: TItemRecord = {
    ...now,
    outcome: 'RETURNED',
    item: { ...now.item, transaction_status: 'RETURNED', time_processed: ctx.clock.now().toISOString() },
  };
  await ctx.store.put('item', id, cancelled);
  const json = { ...cancelled.item, links: itemLinks(ctx, id) };
  ctx.webhooks.sendLater('PAYMENT.PAYOUTS-ITEM.CANCELED', 'payouts_item', 'A payout item was cancelled', json);
  return json;
}
