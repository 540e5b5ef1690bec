import { invalid, missingParam, noSuch, StripeApiError, unknownParam } from './errors';
import type { TForm, TFormValue } from './form';
import { minorDigits } from './sessions';
import { stripeId } from './settings';
import type { TStripeStore } from './store';

/** A product as Stripe keeps it (the fields the product's calls use). */
export type TProduct = {
  id: string;
  object: 'product';
  active: boolean;
  created: number;
  description: string | null;
  livemode: false;
  metadata: Record<string, string>;
  name: string;
  updated: number;
};

/** A one-time price as Stripe keeps it. */
export type TPrice = {
  id: string;
  object: 'price';
  active: boolean;
  billing_scheme: 'per_unit';
  created: number;
  currency: string;
  custom_unit_amount: null;
  livemode: false;
  lookup_key: string | null;
  metadata: Record<string, string>;
  nickname: string | null;
  product: string;
  recurring: null;
  tax_behavior: 'unspecified';
  tiers_mode: null;
  transform_quantity: null;
  type: 'one_time';
  unit_amount: number;
  unit_amount_decimal: string;
};

const str = (v: TFormValue | undefined): string | undefined => (typeof v === 'string' ? v : undefined);
const obj = (v: TFormValue | undefined): Record<string, TFormValue> | undefined =>
  v !== undefined && typeof v === 'object' && !Array.isArray(v) ? v : undefined;

/** `true`/`false` as the SDK sends a boolean; undefined when absent. */
export function bool(v: TFormValue | undefined, param: string): boolean | undefined {
  if (v === undefined) return undefined;
  if (v === 'true') return true;
  if (v === 'false') return false;
  throw invalid(`Invalid boolean: ${str(v) ?? ''}`, param);
}

/** A metadata hash (at most 50 keys of 40 characters, values of 500). */
export function metadataParam(v: TFormValue | undefined): Record<string, string> {
  if (v === undefined || v === '') return {};
  const m = obj(v);
  if (!m) throw invalid('Invalid hash', 'metadata');
  const out: Record<string, string> = {};
  const entries = Object.entries(m);
  if (entries.length > 50) throw invalid('You may only specify up to 50 metadata keys.', 'metadata');
  for (const [k, val] of entries) {
    if (typeof val !== 'string') throw invalid(`Invalid value for metadata[${k}]: expected a string.`, `metadata[${k}]`);
    if (k.length > 40) throw invalid('Metadata keys can have up to 40 characters.', `metadata[${k}]`);
    if (val.length > 500) throw invalid('Metadata values can have up to 500 characters.', `metadata[${k}]`);
    out[k] = val;
  }
  return out;
}

/** Refuses any parameter not in `known`, as Stripe refuses it. */
export function onlyKnown(params: TForm, known: readonly string[]) {
  for (const k of Object.keys(params)) if (!known.includes(k)) throw unknownParam(k);
}

/** A non-negative whole number parameter. */
export function wholeNumber(v: TFormValue | undefined, param: string, min = 0): number {
  const s = str(v);
  if (s === undefined || !/^\d{1,15}$/.test(s)) throw invalid(`Invalid integer: ${s ?? ''}`, param, 'parameter_invalid_integer');
  const n = Number(s);
  if (n < min) throw invalid(`This value must be greater than or equal to ${min}.`, param, 'parameter_invalid_integer');
  return n;
}

const OBJECT_ID = /^[A-Za-z0-9_-]{1,255}$/;

/** POST /v1/products: a product, with the id given (refused when taken) or a new one. */
export async function createProduct(store: TStripeStore, params: TForm, nowSec: number): Promise<TProduct> {
  onlyKnown(params, ['id', 'name', 'description', 'metadata', 'active', 'expand']);
  const name = str(params.name);
  if (name === undefined) throw missingParam('name');
  if (name.trim() === '') throw invalid('You passed an empty string for the name.', 'name');
  const given = str(params.id);
  if (given !== undefined && !OBJECT_ID.test(given)) throw invalid('Invalid id.', 'id');
  const product: TProduct = {
    id: given ?? stripeId('prod', 14),
    object: 'product',
    active: bool(params.active, 'active') ?? true,
    created: nowSec,
    description: str(params.description) ?? null,
    livemode: false,
    metadata: metadataParam(params.metadata),
    name,
    updated: nowSec,
  };
  if (!(await store.insert('product', product.id, product)))
    throw new StripeApiError(400, 'invalid_request_error', 'Product already exists.', 'resource_already_exists', 'id');
  return product;
}

/** The lookup key `key` taken off every other price that holds it. */
async function releaseLookupKey(store: TStripeStore, key: string, keep: string) {
  for (const p of await store.list<TPrice>('price'))
    if (p.lookup_key === key && p.id !== keep) await store.put('price', p.id, { ...p, lookup_key: null });
}

const holderOf = async (store: TStripeStore, key: string) =>
  (await store.list<TPrice>('price')).find((p) => p.lookup_key === key) ?? null;

function lookupKeyParam(v: TFormValue | undefined): string | null | undefined {
  if (v === undefined) return undefined;
  const s = str(v);
  if (s === undefined) throw invalid('Invalid string', 'lookup_key');
  if (s === '') return null;
  if (s.length > 200) throw invalid('lookup_key must be at most 200 characters.', 'lookup_key');
  return s;
}

/** The lookup key taken by another price: refused unless `transfer_lookup_key` moves it. */
async function claimLookupKey(store: TStripeStore, key: string, priceId: string, transfer: boolean) {
  const holder = await holderOf(store, key);
  if (holder && holder.id !== priceId) {
    if (!transfer)
      throw invalid(
        `A price (\`${holder.id}\`) already uses that lookup key. To transfer it, pass \`transfer_lookup_key=true\`.`,
        'lookup_key',
      );
    await releaseLookupKey(store, key, priceId);
  }
}

/** POST /v1/prices: a one-time price of a product (given or made inline) in a currency, in minor units. */
export async function createPrice(store: TStripeStore, params: TForm, nowSec: number): Promise<TPrice> {
  onlyKnown(params, [
    'currency',
    'unit_amount',
    'product',
    'product_data',
    'lookup_key',
    'transfer_lookup_key',
    'metadata',
    'nickname',
    'active',
    'expand',
  ]);
  const currency = str(params.currency)?.toLowerCase();
  if (!currency) throw missingParam('currency');
  if (minorDigits(currency) === null) throw invalid(`Invalid currency: ${currency}.`, 'currency');
  if (params.unit_amount === undefined) throw missingParam('unit_amount');
  const unitAmount = wholeNumber(params.unit_amount, 'unit_amount');
  if (unitAmount > 99_999_999) throw invalid('Amount must be no more than 99999999.', 'unit_amount');
  let productId = str(params.product);
  const inline = obj(params.product_data);
  if (productId !== undefined && inline)
    throw invalid('You may only specify one of these parameters: product, product_data.', 'product');
  if (productId !== undefined) {
    if (!(await store.get<TProduct>('product', productId))) throw noSuch('product', productId, 'product');
  } else if (inline) {
    productId = (await createProduct(store, inline as TForm, nowSec)).id;
  } else throw missingParam('product');
  const lookupKey = lookupKeyParam(params.lookup_key) ?? null;
  const transfer = bool(params.transfer_lookup_key, 'transfer_lookup_key') ?? false;
  const price: TPrice = {
    id: stripeId('price'),
    object: 'price',
    active: bool(params.active, 'active') ?? true,
    billing_scheme: 'per_unit',
    created: nowSec,
    currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: lookupKey,
    metadata: metadataParam(params.metadata),
    nickname: str(params.nickname) ?? null,
    product: productId,
    recurring: null,
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: 'one_time',
    unit_amount: unitAmount,
    unit_amount_decimal: String(unitAmount),
  };
  if (lookupKey) await claimLookupKey(store, lookupKey, price.id, transfer);
  await store.insert('price', price.id, price);
  return price;
}

/** POST /v1/prices/:id: a price's active flag, lookup key, nickname or metadata (its amount never changes). */
export async function updatePrice(store: TStripeStore, price: TPrice, params: TForm): Promise<TPrice> {
  onlyKnown(params, ['active', 'lookup_key', 'transfer_lookup_key', 'metadata', 'nickname', 'expand']);
  const next: TPrice = { ...price };
  const active = bool(params.active, 'active');
  if (active !== undefined) next.active = active;
  const lookupKey = lookupKeyParam(params.lookup_key);
  if (lookupKey !== undefined) {
    if (lookupKey)
      await claimLookupKey(store, lookupKey, price.id, bool(params.transfer_lookup_key, 'transfer_lookup_key') ?? false);
    next.lookup_key = lookupKey;
  }
  if (params.nickname !== undefined) next.nickname = str(params.nickname) || null;
  if (params.metadata !== undefined) next.metadata = { ...price.metadata, ...metadataParam(params.metadata) };
  await store.put('price', price.id, next);
  return next;
}

/** GET /v1/prices: filtered by lookup keys, active, product or currency; newest first. */
export async function listPrices(store: TStripeStore, params: TForm) {
  const keys =
    params.lookup_keys === undefined ? undefined : Array.isArray(params.lookup_keys) ? params.lookup_keys : [params.lookup_keys];
  if (keys && keys.length > 10) throw invalid('You may only specify up to 10 lookup keys.', 'lookup_keys');
  const active = bool(params.active, 'active');
  const product = str(params.product);
  const currency = str(params.currency)?.toLowerCase();
  const limit = params.limit === undefined ? 10 : Number(params.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    throw invalid('Invalid integer: limit must be between 1 and 100.', 'limit', 'parameter_invalid_integer');
  const all = (await store.list<TPrice>('price'))
    .filter(
      (p) =>
        (keys === undefined || (p.lookup_key !== null && keys.includes(p.lookup_key))) &&
        (active === undefined || p.active === active) &&
        (product === undefined || p.product === product) &&
        (currency === undefined || p.currency === currency),
    )
    .sort((a, b) => b.created - a.created || a.id.localeCompare(b.id));
  return { object: 'list', data: all.slice(0, limit), has_more: all.length > limit, url: '/v1/prices' };
}
