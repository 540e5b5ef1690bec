import type { TSessionRecord } from './sessions';

export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** An amount in minor units in the session's currency, as a person reads it ($9.00, ₹1,499.00, €5.00). */
export function formatAmount(minor: number, currency: string): string {
  const format = new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
}

/** The test cards, as a person types them. */
export const CARD_SUCCEEDS = '4242424242424242';
export const CARD_DECLINED = '4000000000000002';

export const PAGE_MESSAGES = {
  declined: 'Your card was declined.',
  invalidNumber: 'Your card number is invalid.',
  emailIncomplete: 'Your email is incomplete.',
  emailInvalid: 'Your email address is invalid.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryPast: "Your card's expiration date is in the past.",
  cvcIncomplete: "Your card's security code is incomplete.",
  nameMissing: 'Enter the name on your card.',
  expired: 'This checkout session has expired.',
  complete: 'This payment is already complete.',
} as const;

export type TPayField = 'email' | 'cardNumber' | 'cardExpiry' | 'cardCvc' | 'billingName';
/** What the page says after a failed attempt: the message, the field it is about, and whether it was a decline. */
export type TPayError = { message: string; field: TPayField | null; declined: boolean };

const STYLE = `*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f6f8fa;color:#1a1f36;line-height:1.45}
main{max-width:460px;margin:2rem auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 2px 12px rgba(0,0,0,.08)}
.note{font-size:.85rem;color:#4b5563;background:#eef2ff;border-radius:8px;padding:.6rem .75rem;margin:0 0 1rem}
h1{font-size:1.25rem;margin:.25rem 0}h2{font-size:1rem;margin:0 0 .4rem}.amount{font-size:2rem;font-weight:700;margin:.25rem 0 1rem}
dl{display:grid;grid-template-columns:1fr auto;gap:.35rem 1rem;margin:0 0 1.25rem;padding:.75rem 0;border-top:1px solid #e5e7eb;border-bottom:1px solid #e5e7eb}
dt{color:#4b5563}dd{margin:0;text-align:right;font-variant-numeric:tabular-nums}.total{font-weight:700;color:#1a1f36}
label{display:block;font-weight:600;font-size:.9rem;margin:.85rem 0 .3rem}
input{width:100%;padding:.65rem .75rem;font-size:1rem;border:1px solid #9ca3af;border-radius:8px;background:#fff;color:#1a1f36}
input:focus{outline:3px solid #a5b4fc;outline-offset:1px;border-color:#4f46e5}input[aria-invalid=true]{border-color:#b42318}
.row{display:flex;gap:.75rem}.row>div{flex:1;min-width:0}
button{width:100%;margin-top:1.25rem;padding:.8rem;font-size:1.05rem;font-weight:600;border:0;border-radius:8px;background:#4f46e5;color:#fff;cursor:pointer}
button:focus-visible{outline:3px solid #a5b4fc;outline-offset:2px}
.alert{border:1px solid #fca5a5;background:#fef2f2;color:#b42318;border-radius:8px;padding:.7rem .8rem;margin:0 0 1rem}
.alert a,.back a{color:#3730a3}.m0{margin:0}.mt{margin-top:.4rem}.back{margin:0 0 1rem}
@media (max-width:480px){main{margin:0;border-radius:0;min-height:100vh;box-shadow:none;padding:1.25rem 1rem}}`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

const planName = (record: TSessionRecord) => record.lines.map((l) => l.name).join(', ');

/** The hosted checkout page of an open session; after a failed attempt it says why, keeping what was typed (not the card). */
export function checkoutPage(
  record: TSessionRecord,
  opts: { action: string; error?: TPayError | null; values?: { email?: string; billingName?: string } },
): string {
  const s = record.session;
  const money = (n: number) => formatAmount(n, s.currency);
  const total = money(s.amount_total);
  const name = planName(record);
  const error = opts.error ?? null;
  const back = s.cancel_url ? `<a href="${esc(s.cancel_url)}">Back</a>` : '';
  const discount = s.total_details.amount_discount;
  const summary = `<h2>Order summary</h2><dl>${record.lines
    .map((l) => `<dt>${esc(l.name)}${l.quantity > 1 ? ` × ${l.quantity}` : ''}</dt><dd>${esc(money(l.amount_subtotal))}</dd>`)
    .join('')}${
    discount > 0
      ? `<dt>Subtotal</dt><dd>${esc(money(s.amount_subtotal))}</dd><dt>Discount${record.discountLabel ? ` (${esc(record.discountLabel)})` : ''}</dt><dd>−${esc(money(discount))}</dd>`
      : ''
  }<dt class="total">Total due</dt><dd class="total">${esc(total)}</dd></dl>`;
  const invalid = (field: TPayField) => (error?.field === field ? ' aria-invalid="true" aria-describedby="pay-error"' : '');
  const email = opts.values?.email ?? s.customer_email ?? '';
  const alert = error
    ? `<div class="alert" id="pay-error" role="alert"><p class="m0">${esc(error.message)}</p>${
        error.declined && back ? `<p class="m0 mt">Try another card, or go ${back} to choose again.</p>` : ''
      }</div>`
    : '';
  const header = back && !(error?.declined ?? false) ? `<p class="back">${back}</p>` : '';
  return layout(
    `Pay ${total} for ${name} (sandbox checkout)`,
    `${header}<p class="note">Sandbox checkout: no money moves. Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined; any future expiry and any CVC.</p>
<h1>${esc(name)}</h1><p class="amount">${esc(total)}</p>${summary}${alert}
<h2>Pay with card</h2><form method="post" action="${esc(opts.action)}" novalidate>
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required value="${esc(email)}"${invalid('email')}>
<label for="cardNumber">Card number</label><input id="cardNumber" name="cardNumber" type="text" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required${invalid('cardNumber')}>
<div class="row"><div><label for="cardExpiry">Expiry (MM / YY)</label><input id="cardExpiry" name="cardExpiry" type="text" inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" required${invalid('cardExpiry')}></div>
<div><label for="cardCvc">CVC</label><input id="cardCvc" name="cardCvc" type="text" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" maxlength="4" required${invalid('cardCvc')}></div></div>
<label for="billingName">Name on card</label><input id="billingName" name="billingName" type="text" autocomplete="cc-name" required value="${esc(opts.values?.billingName ?? '')}"${invalid('billingName')}>
<button type="submit">Pay ${esc(total)}</button></form>`,
  );
}

/** A session that can no longer be paid: what happened, and the way back; no form. */
export function closedPage(record: TSessionRecord, link: { href: string; text: string } | null): string {
  const complete = record.status === 'complete';
  const message = complete ? PAGE_MESSAGES.complete : PAGE_MESSAGES.expired;
  return layout(
    `${complete ? 'Payment complete' : 'Checkout expired'} (sandbox checkout)`,
    `<p class="note">Sandbox checkout: no money moves.</p><h1>${esc(message)}</h1><p>${
      complete
        ? `${esc(planName(record))}: ${esc(formatAmount(record.session.amount_total, record.session.currency))} paid.`
        : 'Start the payment again from the app to get a new checkout page.'
    }</p>${link ? `<p><a href="${esc(link.href)}">${esc(link.text)}</a></p>` : ''}`,
  );
}

/** A page that only says something: a heading and a sentence. */
export function messagePage(heading: string, text: string): string {
  return layout(`${heading} (sandbox checkout)`, `<h1>${esc(heading)}</h1><p>${esc(text)}</p>`);
}

/** The page for an id that names no session. */
export const missingPage = () =>
  messagePage('This checkout page does not exist.', 'Start the payment again from the app to get a new checkout page.');

/** Checks what a person typed; null when it is a card the sandbox knows, with a valid expiry, CVC and name. */
export function checkPayForm(
  form: Record<string, unknown>,
  now: Date,
): { error: TPayError } | { card: string; email: string; name: string } {
  const text = (k: string) => (typeof form[k] === 'string' ? (form[k] as string).trim() : '');
  const fail = (message: string, field: TPayField) => ({ error: { message, field, declined: false } });
  const email = text('email');
  if (!email) return fail(PAGE_MESSAGES.emailIncomplete, 'email');
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) return fail(PAGE_MESSAGES.emailInvalid, 'email');
  const card = text('cardNumber').replace(/[\s-]/g, '');
  if (card !== CARD_SUCCEEDS && card !== CARD_DECLINED) return fail(PAGE_MESSAGES.invalidNumber, 'cardNumber');
  const expiry = /^(\d{1,2})\s*\/?\s*(\d{2}|\d{4})$/.exec(text('cardExpiry'));
  const month = expiry ? Number(expiry[1]) : 0;
  if (!expiry || month < 1 || month > 12) return fail(PAGE_MESSAGES.expiryIncomplete, 'cardExpiry');
  const year = expiry[2].length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  if (year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) return fail(PAGE_MESSAGES.expiryPast, 'cardExpiry');
  if (!/^\d{3,4}$/.test(text('cardCvc'))) return fail(PAGE_MESSAGES.cvcIncomplete, 'cardCvc');
  const name = text('billingName');
  if (!name || name.length > 200) return fail(PAGE_MESSAGES.nameMissing, 'billingName');
  if (card === CARD_DECLINED) return { error: { message: PAGE_MESSAGES.declined, field: 'cardNumber', declined: true } };
  return { card, email, name };
}
