/**
 * Stripe's request encoding: form-encoded pairs whose keys nest with brackets, the way the official SDK
 * writes them (`line_items[0][price_data][currency]=usd`, `expand[0]=data.promotion.coupon`, `metadata[plan]=pro`).
 * Keys of only digits make lists; `key[]` appends. Refused, as a 400 in Stripe's shape: malformed escapes, NUL
 * bytes or unpaired surrogates (PostgreSQL cannot keep them), prototype keys, and more nesting or pairs than
 * any real request has.
 */

export type TFormValue = string | TFormValue[] | { [key: string]: TFormValue };
export type TForm = { [key: string]: TFormValue };

export class FormError extends Error {}

const MAX_PAIRS = 1000;
const MAX_DEPTH = 8;
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function decode(part: string): string {
  let out: string;
  try {
    out = decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    throw new FormError('Invalid request: the body (or query) is not valid form encoding.');
  }
  if (out.includes('\u0000') || LONE_SURROGATE.test(out)) throw new FormError('Invalid string: it contains invalid characters.');
  return out;
}

/** `a[b][0]` → ['a', 'b', '0']; `a[]` → ['a', '']. */
function pathOf(key: string): string[] {
  const open = key.indexOf('[');
  if (open <= 0) return [key];
  const path = [key.slice(0, open)];
  const rest = key.slice(open);
  const re = /\[([^[\]]*)\]/g;
  let consumed = 0;
  for (let m = re.exec(rest); m; m = re.exec(rest)) {
    if (m.index !== consumed) break;
    path.push(m[1]);
    consumed = re.lastIndex;
  }
  if (consumed !== rest.length) throw new FormError(`Invalid request: malformed parameter name ${JSON.stringify(key)}.`);
  return path;
}

type TNode = { [key: string]: TNode | string };

/** Turns objects whose keys are all 0..n-1 (in any order) into lists, deepest first. */
function listify(node: TNode | string): TFormValue {
  if (typeof node === 'string') return node;
  const keys = Object.keys(node);
  const values: Record<string, TFormValue> = {};
  for (const k of keys) values[k] = listify(node[k]);
  const indexes = keys.map((k) => (/^(0|[1-9]\d{0,3})$/.test(k) ? Number(k) : -1));
  if (keys.length > 0 && indexes.every((i) => i >= 0 && i < keys.length)) {
    const list: TFormValue[] = [];
    for (const k of keys) list[Number(k)] = values[k];
    return list;
  }
  const out: TForm = {};
  for (const k of keys) out[k] = values[k];
  return out;
}

/** Parses a form-encoded body or query string (without the '?') into nested objects and lists. */
export function parseStripeForm(raw: string): TForm {
  const root: TNode = {};
  if (!raw) return {};
  const pairs = raw.split('&').filter((p) => p.length > 0);
  if (pairs.length > MAX_PAIRS) throw new FormError(`Invalid request: more than ${MAX_PAIRS} parameters.`);
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    const name = decode(eq < 0 ? pair : pair.slice(0, eq));
    const value = eq < 0 ? '' : decode(pair.slice(eq + 1));
    const path = pathOf(name);
    if (path.length > MAX_DEPTH) throw new FormError(`Invalid request: ${name} nests too deeply.`);
    let node = root;
    for (let i = 0; i < path.length; i++) {
      let seg = path[i];
      if (FORBIDDEN.has(seg)) throw new FormError(`Invalid request: ${JSON.stringify(name)} is not an allowed parameter name.`);
      if (seg === '') seg = String(Object.keys(node).length);
      const last = i === path.length - 1;
      const existing = Object.hasOwn(node, seg) ? node[seg] : undefined;
      if (last) {
        if (existing !== undefined && typeof existing !== 'string')
          throw new FormError(`Invalid request: ${name} is given both as a value and as a hash.`);
        node[seg] = value;
      } else {
        if (typeof existing === 'string') throw new FormError(`Invalid request: ${name} is given both as a value and as a hash.`);
        if (existing === undefined) node[seg] = {};
        node = node[seg] as TNode;
      }
    }
  }
  const out: TForm = {};
  for (const k of Object.keys(root)) out[k] = listify(root[k]);
  return out;
}

/** The list a parameter holds (`expand[0]=a&expand[1]=b`, or one bare value), as strings. */
export function listParam(v: TFormValue | undefined): string[] {
  if (v === undefined) return [];
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return v.filter((x): x is string => typeof x === 'string');
  return [];
}
