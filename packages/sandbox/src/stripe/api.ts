import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createPrice, createProduct, listPrices, type TPrice, type TProduct, updatePrice } from './catalog';
import { currentSession, expire, ID, nowSec, type TCtx } from './context';
import {
  createCoupon,
  createPromotionCode,
  showCoupon,
  showPromotionCode,
  type TCoupon,
  type TPromotionCode,
  under,
  updatePromotionCode,
} from './coupons';
import { invalid, noSuch, StripeApiError } from './errors';
import { FormError, listParam, parseStripeForm, type TForm } from './form';
import { lineItemsList, newSession, type TSessionRecord } from './sessions';
import { STRIPE_API_VERSION, stripeId } from './settings';

const API = '/sandbox/stripe/v1';
const DAY_MS = 24 * 3600 * 1000;

const sha256 = (s: string) => createHash('sha256').update(s).digest();
const rawQuery = (req: FastifyRequest) => {
  const i = req.url.indexOf('?');
  return i < 0 ? '' : req.url.slice(i + 1);
};

type TIdem = { fingerprint: string; state: 'running' | 'done'; at: number; status?: number; body?: unknown };

/** Stripe's REST API as the SDK calls it: checkout sessions, promotion codes, coupons; errors in Stripe's shape. */
export function apiRoutes(api: FastifyInstance, ctx: TCtx) {
  const { store } = ctx;

  api.setErrorHandler((err: Error & { statusCode?: number }, req, reply) => {
    if (err instanceof StripeApiError) return reply.status(err.status).send(err.body());
    if (err instanceof FormError) return reply.status(400).send(invalid(err.message).body());
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.status(status).send(invalid(err.message).body());
    req.log.error({ err }, 'sandbox Stripe: unexpected error');
    return reply.status(500).send(new StripeApiError(500, 'api_error', 'An unknown error occurred').body());
  });

  api.addHook('onRequest', async (req, reply) => {
    reply.header('request-id', stripeId('req', 14));
    reply.header('stripe-version', STRIPE_API_VERSION);
    checkKey(req.headers.authorization, ctx.secretKey);
  });

  /** Runs a POST once per Idempotency-Key: the same key and body answer the first answer again; another body is refused. */
  async function idempotent(req: FastifyRequest, reply: FastifyReply, run: () => Promise<unknown>) {
    const key = req.headers['idempotency-key'];
    if (typeof key !== 'string' || key === '') return run();
    if (key.length > 255) throw invalid('Idempotency-Key must be at most 255 characters long.');
    const id = sha256(`${ctx.secretKey}\n${key}`).toString('hex');
    const fingerprint = sha256(
      `${req.method} ${req.url.split('?')[0]}\n${typeof req.body === 'string' ? req.body : ''}`,
    ).toString('hex');
    const now = ctx.clock.nowMs();
    const running: TIdem = { fingerprint, state: 'running', at: now };
    if (!(await store.insert('idem', id, running))) {
      const prior = await store.get<TIdem>('idem', id);
      if (prior && now - prior.at < DAY_MS) {
        if (prior.fingerprint !== fingerprint)
          throw new StripeApiError(
            400,
            'idempotency_error',
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          );
        if (prior.state === 'running')
          throw new StripeApiError(
            409,
            'invalid_request_error',
            'There is currently another in-progress request using this Stripe API Key and Idempotency Key. Please try again later.',
            'idempotency_key_in_use',
          );
        reply.header('idempotent-replayed', 'true');
        return reply.status(prior.status ?? 200).send(prior.body);
      }
      // a key older than 24 hours is forgotten, as Stripe forgets it
      await store.put('idem', id, running);
    }
    try {
      const body = await run();
      await store.put('idem', id, { ...running, state: 'done', status: 200, body: body as object });
      return body;
    } catch (err) {
      if (err instanceof StripeApiError && err.status < 500)
        await store.put('idem', id, { ...running, state: 'done', status: err.status, body: err.body() });
      else await store.remove('idem', id);
      throw err;
    }
  }

  const formOf = (req: FastifyRequest): TForm => {
    if (req.body === undefined || req.body === null || req.body === '') return {};
    if (typeof req.body !== 'string') throw invalid('Send the parameters form-encoded (application/x-www-form-urlencoded).');
    return parseStripeForm(req.body);
  };
  const expandOf = (params: TForm, allowed: readonly string[]) => {
    const expand = listParam(params.expand);
    for (const p of expand) if (!allowed.includes(p)) throw invalid(`This property cannot be expanded (${p}).`, 'expand');
    return expand;
  };
  const sessionOr404 = async (id: string) => {
    const record = await currentSession(ctx, id);
    if (!record) throw noSuch('checkout.session', id, 'session');
    return record;
  };
  const SESSION_EXPAND = [
    'line_items',
    'discounts.promotion_code',
    'discounts.coupon',
    'discounts.promotion_code.promotion.coupon',
  ];
  /** A session as the API answers it, with what was asked to be expanded. */
  async function showSession(record: TSessionRecord, expand: string[]) {
    const out: Record<string, unknown> = { ...record.session };
    if (expand.includes('line_items')) out.line_items = lineItemsList(record);
    const discounts = record.session.discounts;
    if (expand.some((p) => p.startsWith('discounts.')))
      out.discounts = await Promise.all(
        discounts.map(async (d) => {
          const promo = d.promotion_code ? await store.get<TPromotionCode>('promo', d.promotion_code) : null;
          const coupon = d.coupon ? await store.get<TCoupon>('coupon', d.coupon) : null;
          return {
            coupon: expand.includes('discounts.coupon') && coupon ? showCoupon(coupon, []) : d.coupon,
            promotion_code:
              expand.some((p) => p.startsWith('discounts.promotion_code')) && promo
                ? await showPromotionCode(store, promo, under(expand, 'discounts.promotion_code'))
                : d.promotion_code,
          };
        }),
      );
    return out;
  }

  api.post(`${API}/checkout/sessions`, async (req, reply) =>
    idempotent(req, reply, async () => {
      const params = formOf(req);
      const expand = expandOf(params, SESSION_EXPAND);
      const record = await newSession(store, params, {
        nowSec: nowSec(ctx),
        payUrl: (id) => `${ctx.publicUrl}/sandbox/stripe/pay/${id}`,
      });
      await store.insert('session', record.session.id, record);
      return showSession(record, expand);
    }),
  );

  api.get<{ Params: { id: string } }>(`${API}/checkout/sessions/:id`, async (req) => {
    const expand = expandOf(parseStripeForm(rawQuery(req)), SESSION_EXPAND);
    return showSession(await sessionOr404(req.params.id), expand);
  });

  api.get<{ Params: { id: string } }>(`${API}/checkout/sessions/:id/line_items`, async (req) => {
    const params = parseStripeForm(rawQuery(req));
    expandOf(params, []);
    return lineItemsList(await sessionOr404(req.params.id));
  });

  api.post<{ Params: { id: string } }>(`${API}/checkout/sessions/:id/expire`, async (req, reply) =>
    idempotent(req, reply, async () => {
      const params = formOf(req);
      const expand = expandOf(params, SESSION_EXPAND);
      const record = await sessionOr404(req.params.id);
      const key = req.headers['idempotency-key'];
      const request = { id: String(reply.getHeader('request-id')), idempotency_key: typeof key === 'string' ? key : null };
      const after = record.status === 'open' ? await expire(ctx, record, request) : record;
      // a session paid (or expired) meanwhile cannot be expired now
      if (record.status !== 'open' || after?.status !== 'expired')
        throw invalid(
          `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${after?.status ?? record.status}\`.`,
        );
      return showSession(after, expand);
    }),
  );

  const PROMO_EXPAND = ['promotion.coupon', 'promotion.coupon.currency_options', 'customer'];
  api.get(`${API}/promotion_codes`, async (req) => {
    const params = parseStripeForm(rawQuery(req));
    const expand = expandOf(
      params,
      PROMO_EXPAND.map((p) => `data.${p}`),
    );
    const limit = params.limit === undefined ? 10 : Number(params.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100)
      throw invalid('Invalid integer: limit must be between 1 and 100.', 'limit', 'parameter_invalid_integer');
    const active = params.active;
    if (active !== undefined && active !== 'true' && active !== 'false') throw invalid('Invalid boolean: active', 'active');
    const code = typeof params.code === 'string' ? params.code.toLowerCase() : undefined;
    const coupon = typeof params.coupon === 'string' ? params.coupon : undefined;
    const now = nowSec(ctx);
    const all = (await store.list<TPromotionCode>('promo'))
      .map((p) => (p.active && p.expires_at !== null && p.expires_at <= now ? { ...p, active: false } : p))
      .filter(
        (p) =>
          (code === undefined || p.code.toLowerCase() === code) &&
          (active === undefined || String(p.active) === active) &&
          (coupon === undefined || p.promotion.coupon === coupon),
      )
      .sort((a, b) => b.created - a.created || a.id.localeCompare(b.id));
    const after = typeof params.starting_after === 'string' ? all.findIndex((p) => p.id === params.starting_after) : -1;
    const rest = after >= 0 ? all.slice(after + 1) : all;
    const page = rest.slice(0, limit);
    return {
      object: 'list',
      data: await Promise.all(page.map((p) => showPromotionCode(store, p, under(expand, 'data')))),
      has_more: rest.length > limit,
      url: '/v1/promotion_codes',
    };
  });

  api.get<{ Params: { id: string } }>(`${API}/promotion_codes/:id`, async (req) => {
    const expand = expandOf(parseStripeForm(rawQuery(req)), PROMO_EXPAND);
    const promo = ID.test(req.params.id) ? await store.get<TPromotionCode>('promo', req.params.id) : null;
    if (!promo) throw noSuch('promotion code', req.params.id, 'promotion_code');
    return showPromotionCode(store, promo, expand);
  });

  api.get<{ Params: { id: string } }>(`${API}/coupons/:id`, async (req) => {
    const expand = expandOf(parseStripeForm(rawQuery(req)), ['currency_options']);
    const coupon = ID.test(req.params.id) ? await store.get<TCoupon>('coupon', req.params.id) : null;
    if (!coupon) throw noSuch('coupon', req.params.id, 'coupon');
    return showCoupon(coupon, expand);
  });

  api.get(`${API}/coupons`, async (req) => {
    const params = parseStripeForm(rawQuery(req));
    const expand = expandOf(params, ['data.currency_options']);
    const limit = params.limit === undefined ? 10 : Number(params.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100)
      throw invalid('Invalid integer: limit must be between 1 and 100.', 'limit', 'parameter_invalid_integer');
    const all = (await store.list<TCoupon>('coupon')).sort((a, b) => b.created - a.created || a.id.localeCompare(b.id));
    return {
      object: 'list',
      data: all.slice(0, limit).map((c) => showCoupon(c, under(expand, 'data'))),
      has_more: all.length > limit,
      url: '/v1/coupons',
    };
  });

  api.post(`${API}/coupons`, async (req, reply) =>
    idempotent(req, reply, async () => {
      const params = formOf(req);
      const expand = expandOf(params, ['currency_options']);
      return showCoupon(await createCoupon(store, params, nowSec(ctx)), expand);
    }),
  );

  api.post(`${API}/promotion_codes`, async (req, reply) =>
    idempotent(req, reply, async () => {
      const params = formOf(req);
      const expand = expandOf(params, PROMO_EXPAND);
      return showPromotionCode(store, await createPromotionCode(store, params, nowSec(ctx)), expand);
    }),
  );

  api.post<{ Params: { id: string } }>(`${API}/promotion_codes/:id`, async (req, reply) =>
    idempotent(req, reply, async () => {
      const params = formOf(req);
      const expand = expandOf(params, PROMO_EXPAND);
      const promo = ID.test(req.params.id) ? await store.get<TPromotionCode>('promo', req.params.id) : null;
      if (!promo) throw noSuch('promotion code', req.params.id, 'promotion_code');
      return showPromotionCode(store, await updatePromotionCode(store, promo, params), expand);
    }),
  );

  api.post(`${API}/products`, async (req, reply) =>
    idempotent(req, reply, async () => {
      const params = formOf(req);
      expandOf(params, []);
      return createProduct(store, params, nowSec(ctx));
    }),
  );

  api.get<{ Params: { id: string } }>(`${API}/products/:id`, async (req) => {
    const product = /^[A-Za-z0-9_-]{1,255}$/.test(req.params.id) ? await store.get<TProduct>('product', req.params.id) : null;
    if (!product) throw noSuch('product', req.params.id, 'id');
    return product;
  });

  api.post(`${API}/prices`, async (req, reply) =>
    idempotent(req, reply, async () => {
      const params = formOf(req);
      expandOf(params, []);
      return createPrice(store, params, nowSec(ctx));
    }),
  );

  api.get(`${API}/prices`, async (req) => {
    const params = parseStripeForm(rawQuery(req));
    expandOf(params, []);
    const { expand: _, ...filters } = params;
    return listPrices(store, filters);
  });

  const priceOr404 = async (id: string) => {
    const price = ID.test(id) ? await store.get<TPrice>('price', id) : null;
    if (!price) throw noSuch('price', id, 'price');
    return price;
  };
  api.get<{ Params: { id: string } }>(`${API}/prices/:id`, async (req) => priceOr404(req.params.id));

  api.post<{ Params: { id: string } }>(`${API}/prices/:id`, async (req, reply) =>
    idempotent(req, reply, async () => {
      const params = formOf(req);
      expandOf(params, []);
      return updatePrice(store, await priceOr404(req.params.id), params);
    }),
  );

  api.all(`${API}/*`, async (req) => {
    const path = req.url.split('?')[0].replace('/sandbox/stripe', '');
    throw new StripeApiError(
      404,
      'invalid_request_error',
      `Unrecognized request URL (${req.method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    );
  });
}

/** The secret key, sent as Bearer (or as the Basic user name, as curl -u sends it), compared in constant time. */
function checkKey(header: string | undefined, secretKey: string) {
  let given: string | null = null;
  if (header?.startsWith('Bearer ')) given = header.slice(7).trim();
  else if (header?.startsWith('Basic ')) given = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':')[0];
  if (!given)
    throw new StripeApiError(
      401,
      'invalid_request_error',
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
    );
  if (!timingSafeEqual(sha256(given), sha256(secretKey))) {
    const shown =
      given.length > 12 ? `${given.slice(0, 8)}${'*'.repeat(Math.min(given.length - 12, 24))}${given.slice(-4)}` : '****';
    throw new StripeApiError(401, 'invalid_request_error', `Invalid API Key provided: ${shown}`);
  }
}
