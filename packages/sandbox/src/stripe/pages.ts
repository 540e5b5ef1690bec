import type { FastifyInstance, FastifyReply } from 'fastify';
import { currentSession, ID, type TCtx } from './context';
import type { TPromotionCode } from './coupons';
import { noSuch } from './errors';
import { FormError, parseStripeForm } from './form';
import { checkoutPage, checkPayForm, closedPage, messagePage, missingPage } from './page';
import { customerDetails, type TSessionRecord } from './sessions';
import { stripeId } from './settings';
import type { TStripeStore } from './store';
import type { TEventRecord } from './webhooks';

/** The hosted checkout page (pay with a test card), and the log of sent events (listed, resent). */
export function pageRoutes(app: FastifyInstance, ctx: TCtx) {
  const { store, webhooks } = ctx;
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.status(status).type('text/html; charset=utf-8').send(body);
  const action = (id: string) => `/sandbox/stripe/pay/${id}`;
  const successUrl = (record: TSessionRecord) => {
    const url = record.session.success_url;
    return typeof url === 'string' ? url.replaceAll('{CHECKOUT_SESSION_ID}', record.session.id) : null;
  };
  const closed = (reply: FastifyReply, status: number, record: TSessionRecord) => {
    const done = successUrl(record);
    const back = typeof record.session.cancel_url === 'string' ? record.session.cancel_url : null;
    const link =
      record.status === 'complete' && done ? { href: done, text: 'Continue' } : back ? { href: back, text: 'Back' } : null;
    return html(reply, status, closedPage(record, link));
  };

  app.setErrorHandler((err: Error & { statusCode?: number }, req, reply) => {
    if (err instanceof FormError) return html(reply, 400, messagePage('The form could not be read.', err.message));
    req.log.error({ err }, 'sandbox Stripe: the checkout page failed');
    return reply
      .status(err.statusCode && err.statusCode < 500 ? err.statusCode : 500)
      .send({ error: 'The sandbox checkout page failed.' });
  });

  app.get<{ Params: { id: string } }>('/sandbox/stripe/pay/:id', async (req, reply) => {
    const record = await currentSession(ctx, req.params.id);
    if (!record) return html(reply, 404, missingPage());
    if (record.status !== 'open') return closed(reply, 200, record);
    return html(reply, 200, checkoutPage(record, { action: action(record.session.id) }));
  });

  app.post<{ Params: { id: string } }>('/sandbox/stripe/pay/:id', async (req, reply) => {
    const record = await currentSession(ctx, req.params.id);
    if (!record) return html(reply, 404, missingPage());
    if (record.status !== 'open') return closed(reply, 409, record);
    const form = typeof req.body === 'string' ? parseStripeForm(req.body) : {};
    const checked = checkPayForm(form, ctx.clock.now());
    if ('error' in checked) {
      const values = { email: String(form.email ?? ''), billingName: String(form.billingName ?? '') };
      return html(
        reply,
        checked.error.declined ? 402 : 400,
        checkoutPage(record, { action: action(record.session.id), error: checked.error, values }),
      );
    }
    const paid: TSessionRecord = {
      ...record,
      status: 'complete',
      session: {
        ...record.session,
        status: 'complete',
        payment_status: 'paid',
        payment_intent: stripeId('pi'),
        url: null,
        customer_details: customerDetails(checked.email, checked.name),
        collected_information: { business_name: null, individual_name: null, shipping_details: null },
      },
    };
    // one payment per session, whichever process or tab gets here first
    if (!(await store.replaceIf('session', record.session.id, 'status', 'open', paid))) {
      const now = await store.get<TSessionRecord>('session', record.session.id);
      return now ? closed(reply, 409, now) : html(reply, 404, missingPage());
    }
    await countRedemption(store, paid);
    // the product learns of the payment before the browser returns to it
    await webhooks.send('checkout.session.completed', paid.session);
    const done = successUrl(paid);
    return done ? reply.redirect(done, 303) : closed(reply, 200, paid);
  });

  app.get('/sandbox/stripe/events', async (req) => {
    const q = req.query as Record<string, unknown>;
    const type = typeof q.type === 'string' ? q.type : undefined;
    const session = typeof q.session === 'string' ? q.session : undefined;
    const records = (await store.list<TEventRecord>('event'))
      .filter((r) => (!type || r.event.type === type) && (!session || r.event.data.object.id === session))
      .sort((a, b) => b.event.created - a.event.created || (b.attempts[0]?.at ?? '').localeCompare(a.attempts[0]?.at ?? ''));
    return {
      object: 'list',
      data: records.map((r) => ({
        id: r.event.id,
        type: r.event.type,
        created: r.event.created,
        session: r.event.data.object.id ?? null,
        state: r.state,
        attempts: r.attempts,
        event: r.event,
      })),
      has_more: false,
    };
  });

  app.post<{ Params: { id: string } }>('/sandbox/stripe/events/:id/resend', async (req, reply) => {
    const attempt = ID.test(req.params.id) ? await webhooks.resend(req.params.id) : null;
    if (!attempt) return reply.status(404).send(noSuch('event', req.params.id, 'id').body());
    return { id: req.params.id, delivered: attempt.error === null, status: attempt.status, error: attempt.error };
  });
}

/** A completed session's promotion code and coupon each count one more redemption. */
async function countRedemption(store: TStripeStore, record: TSessionRecord) {
  const discounts = record.session.discounts;
  for (const d of discounts) {
    let couponId = d.coupon;
    if (d.promotion_code) {
      await store.increment('promo', d.promotion_code, 'times_redeemed');
      const promo = await store.get<TPromotionCode>('promo', d.promotion_code);
      couponId = typeof promo?.promotion.coupon === 'string' ? promo.promotion.coupon : null;
    }
    if (couponId) await store.increment('coupon', couponId, 'times_redeemed');
  }
}
