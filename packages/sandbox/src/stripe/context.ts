import type { TSandboxClock } from '../seams';
import type { TSessionRecord } from './sessions';
import type { TStripeStore } from './store';
import type { TWebhooks } from './webhooks';

/** What the emulator's routes share. */
export type TCtx = { store: TStripeStore; webhooks: TWebhooks; clock: TSandboxClock; publicUrl: string; secretKey: string };

/** The ids the emulator makes and reads (`cs_test_…`, `promo_…`, `evt_…`): anything else names nothing. */
export const ID = /^[A-Za-z0-9_]{1,255}$/;

export const nowSec = (ctx: TCtx) => Math.floor(ctx.clock.nowMs() / 1000);

/**
 * A session as it stands now: one still open past its `expires_at` (by the product clock) becomes expired here,
 * and the process that makes it so sends `checkout.session.expired`.
 */
export async function currentSession(ctx: TCtx, id: string): Promise<TSessionRecord | null> {
  if (!ID.test(id)) return null;
  const record = await ctx.store.get<TSessionRecord>('session', id);
  if (record?.status !== 'open' || record.session.expires_at > nowSec(ctx)) return record;
  return expire(ctx, record, { id: null, idempotency_key: null });
}

export async function expire(ctx: TCtx, record: TSessionRecord, request: { id: string | null; idempotency_key: string | null }) {
  const expired: TSessionRecord = { ...record, status: 'expired', session: { ...record.session, status: 'expired', url: null } };
  if (await ctx.store.replaceIf('session', record.session.id, 'status', 'open', expired)) {
    ctx.webhooks.sendLater('checkout.session.expired', expired.session, request);
    return expired;
  }
  return ctx.store.get<TSessionRecord>('session', record.session.id);
}
